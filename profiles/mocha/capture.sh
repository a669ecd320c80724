#!/usr/bin/env bash
# Regenerates the mocha captures under profiles/mocha/testdata/captures, from the
# mocha suite des.js ships in its npm tarball (its "test" script:
# NODE_OPTIONS=--openssl-legacy-provider mocha --reporter=spec test/*-test.js),
# copied to /tmp/terse-fixtures/mocha/<case> so that paths are stable, with
# bugs put into its code; and from profiles/mocha/testdata/projects/mocha-many:
#
#   des-pass.txt    des.js 1.1.0's suite as shipped, spec reporter (34 passing)
#   des-spec.txt    the same with three bugs put in lib/des/utils.js (a
#                   rotate, an S-box index, a byte mask): 25 of 34 fail,
#                   node's assert dumps and mocha's diffs (over 2,000 lines)
#   des-dot.txt     that run with --reporter dot
#   des-load.txt    des.js with a bug that throws when utils.js loads (an
#                   undeclared name assigned in strict mode): no test runs
#   des-syntax.txt  des.js with a syntax error put in utils.js
#   mocha-many.txt  projects/mocha-many, spec reporter (until issue 13 a
#                   capture of the generic profile)
#   mocha-kinds.txt projects/mocha-kinds, spec reporter: failing tests outside
#                   any suite (the tree prints them as the list does), a
#                   timeout, a failing beforeEach hook, a pending test
#   mocha-assert.txt projects/mocha-assert, spec reporter: node's assert in
#                   its own forms, `1 !== 0`, `+ actual - expected` with a
#                   line per value (undefined and null, values of two types),
#                   objects and arrays, beside mocha's `+ expected - actual`
#   mocha-assert.json  the same run with --reporter json, as a shell gets it
#                   (stdout and stderr): terse shapes this document too; its
#                   truth is reports/mocha-assert.truth
#   mocha-assert.stream.json  the same with --reporter json-stream (an event a
#                   line)
#
# The machine truth of each is the same run with --reporter json, kept as
# reports/<case>.truth (with its stderr for a run that stopped before any
# test: mocha's error is all the json reporter has then). mocha prints the
# same with AI_AGENT=1 (checked below).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/mocha/testdata/captures
reports=$repo/profiles/mocha/testdata/reports
fix=/tmp/terse-fixtures/mocha
npmdir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/mocha-npm
# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"
mkdir -p "$out" "$reports"
rm -rf "$fix" && mkdir -p "$fix"

npm_tool "$npmdir" '{
  "name": "terse-mocha-tools",
  "private": true,
  "dependencies": {
    "des.js": "1.1.0",
    "mocha": "11.7.5"
  }
}' mocha 11.7.5 mocha/bin/mocha.js

# setup NAME SRC: a copy of SRC (a package as published, its tests
# included, or a project) with the tools beside it.
setup() {
  local dir=$fix/$1
  mkdir -p "$dir"
  cp -R "$2/." "$dir/"
  rm -rf "$dir/node_modules"
  cp -R "$npmdir/node_modules" "$dir/node_modules"
}

# capture NAME DIR MOCHA_ARGS...: stdout and stderr merged, as an agent's
# shell has them, the exit code beside it; the same run with --reporter
# json (stdout only) is its machine truth.
capture() {
  local name=$1 dir=$2; shift 2
  local run=("${base_env[@]}" NODE_OPTIONS=--openssl-legacy-provider node node_modules/mocha/bin/mocha.js)
  (cd "$dir" && "${run[@]}" "$@") >"$out/$name.txt" 2>&1 && echo 0 >"$out/$name.exit" || echo $? >"$out/$name.exit"
  (cd "$dir" && "${base_env[@]}" AI_AGENT=1 NODE_OPTIONS=--openssl-legacy-provider node node_modules/mocha/bin/mocha.js "$@") >"$fix/$name.agent.txt" 2>&1 || true
  if [[ $name == *-load || $name == *-syntax ]]; then
    (cd "$dir" && "${run[@]}" "$@" --reporter json) >"$reports/$name.truth" 2>&1 || true
  else
    (cd "$dir" && "${run[@]}" "$@" --reporter json) >"$reports/$name.truth" 2>/dev/null || true
  fi
  echo "wrote $out/$name.txt ($(wc -l <"$out/$name.txt") lines, exit $(cat "$out/$name.exit"))"
}

# breaks FILE SED: puts a bug in, and fails if the edit missed.
breaks() {
  local before
  before=$(md5sum <"$1")
  sed -i "$2" "$1"
  [[ $(md5sum <"$1") != "$before" ]] || { echo "error: $2 changed nothing in $1" >&2; exit 1; }
}

setup des "$npmdir/node_modules/des.js"
capture des-pass "$fix/des" --reporter=spec 'test/*-test.js'
breaks "$fix/des/lib/des/utils.js" 's/(num >>> (28 - shift))/(num >>> (27 - shift))/'
breaks "$fix/des/lib/des/utils.js" 's/var b = (inR >>> (18 - i \* 6)) & 0x3f;/var b = (inR >>> (18 - i * 5)) \& 0x3f;/'
breaks "$fix/des/lib/des/utils.js" 's/bytes\[3 + off\] = value & 0xff;/bytes[3 + off] = value \& 0x7f;/'
capture des-spec "$fix/des" --reporter=spec 'test/*-test.js'
capture des-dot "$fix/des" --reporter=dot 'test/*-test.js'
cp "$fix/des/lib/des/utils.js" "$fix/utils.js.spec"
breaks "$fix/des/lib/des/utils.js" 's/^exports.r28shl = function r28shl/exports.r28shl = r28shl = function r28shl/'
capture des-load "$fix/des" --reporter=spec 'test/*-test.js'
cp "$fix/utils.js.spec" "$fix/des/lib/des/utils.js"
breaks "$fix/des/lib/des/utils.js" 's/^  return res >>> 0;/  return (res >>> 0;/'
capture des-syntax "$fix/des" --reporter=spec 'test/*-test.js'

setup mocha-many "$repo/profiles/mocha/testdata/projects/mocha-many"
capture mocha-many "$fix/mocha-many"
setup mocha-kinds "$repo/profiles/mocha/testdata/projects/mocha-kinds"
capture mocha-kinds "$fix/mocha-kinds"
setup mocha-assert "$repo/profiles/mocha/testdata/projects/mocha-assert"
capture mocha-assert "$fix/mocha-assert"
(cd "$fix/mocha-assert" && "${base_env[@]}" NODE_OPTIONS=--openssl-legacy-provider node node_modules/mocha/bin/mocha.js --reporter json) >"$out/mocha-assert.json" 2>&1 || true
(cd "$fix/mocha-assert" && "${base_env[@]}" NODE_OPTIONS=--openssl-legacy-provider node node_modules/mocha/bin/mocha.js --reporter json-stream) >"$out/mocha-assert.stream.json" 2>&1 || true

# AI_AGENT changes nothing mocha prints (durations aside).
for name in des-spec des-dot mocha-many mocha-kinds mocha-assert; do
  if ! diff -q <(sed -E 's/\([0-9]+m?s\)//' "$out/$name.txt") <(sed -E 's/\([0-9]+m?s\)//' "$fix/$name.agent.txt") >/dev/null; then
    echo "note: $name differs under AI_AGENT=1 (see $fix/$name.agent.txt)" >&2
  fi
done
check_plain "$out"/*.txt
check_json "$reports"/des-{pass,spec,dot}.truth "$reports"/mocha-*.truth
{
  echo "node $(node --version)"
  echo "mocha $(node -p "require('$npmdir/node_modules/mocha/package.json').version")"
  echo "des.js $(node -p "require('$npmdir/node_modules/des.js/package.json').version")"
} >"$out/VERSIONS"
