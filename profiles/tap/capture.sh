#!/usr/bin/env bash
# Regenerates the TAP captures under profiles/tap/testdata/captures, from the test
# suites two npm packages ship (copied to /tmp/terse-fixtures/tap/<case>
# so that paths are stable), with bugs put into their code:
#
#   tape-pass.txt    object-inspect 1.13.4's tape suite (tape 5.10.2), as shipped
#   tape-fail.txt    the same with two separators broken in index.js, all
#                    test files but test/inspect.js (over 1,000 lines)
#   node-pass.txt    @fastify/error 4.2.1's node:test suite, node --test piped
#                    (node's TAP reporter; node 20)
#   node-fail.txt    the same with the default status code and the error's
#                    name changed in index.js (12 of 29 tests fail)
#   node-nested.txt  node --test on profiles/generic/testdata/projects/node-tap: nested
#                    subtests (TAP 13 indentation), multi-line errors (until
#                    issue 13 a capture of the generic profile)
#   mocha-pass.txt   mocha 10.8.2 --reporter tap (TAP 12: no YAML, the error
#                    indented under its not ok) on profiles/tap/testdata/projects/mocha-units
#   mocha-fail.txt   the same with five bugs put in units.js (6 of 20 fail)
#   mocha-tap13.txt  the failing run with --reporter-option tapVersion=13
#                    (the error in a YAML block: message:, stack:)
#   node-long.txt    node --test piped on profiles/tap/testdata/projects/node-units with
#                    three bugs put in units.js: 250 tests, over 20 KB of
#                    passing subtests before the first not ok (issue 54: a
#                    pipe's detection reads 16 KB)
#   npm-long.txt     the same suite through npm test piped (npm's header above)
#
#   profiles/tap/capture.sh [mocha|node-long]   (only those cases, so that the
#                                     others' durations stay as they are)
#
# The machine truth of each is its own TAP: the not ok lines and their YAML
# blocks (location:, at:, error:), kept as reports/<case>.truth; node's
# runs have reports/<case>.junit.xml (--test-reporter=junit) beside it. node's
# runner and tape print the same with AI_AGENT=1 (checked below).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/tap/testdata/captures
reports=$repo/profiles/tap/testdata/reports
fix=/tmp/terse-fixtures/tap
npmdir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/tap-npm
mochadir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/tap-mocha
# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"
mkdir -p "$out" "$reports"
only=${1:-}

# setup NAME PACKAGE: the package as published, its tests included, with the
# tools beside it.
setup() {
  local dir=$fix/$1
  mkdir -p "$dir"
  cp -R "$npmdir/node_modules/$2/." "$dir/"
  rm -rf "$dir/node_modules"
  cp -R "$npmdir/node_modules" "$dir/node_modules"
}

# capture NAME DIR CMD...: stdout and stderr merged, as an agent's shell has
# them; the exit code beside it. The TAP is its own machine truth.
capture() {
  local name=$1 dir=$2; shift 2
  (cd "$dir" && "${base_env[@]}" "$@") >"$out/$name.txt" 2>&1 && echo 0 >"$out/$name.exit" || echo $? >"$out/$name.exit"
  (cd "$dir" && "${base_env[@]}" AI_AGENT=1 "$@") >"$fix/$name.agent.txt" 2>&1 || true
  cp "$out/$name.txt" "$reports/$name.truth"
  echo "wrote $out/$name.txt ($(wc -l <"$out/$name.txt") lines, exit $(cat "$out/$name.exit"))"
}

# junit NAME DIR: node's JUnit reporter on the same suite, a second machine
# form the TAP truth is checked against (TestTAPTruthMatchesJUnit).
junit() {
  (cd "$2" && "${base_env[@]}" node --test --test-reporter=junit --test-reporter-destination="$reports/$1.junit.xml") >/dev/null 2>&1 || true
}

# breaks FILE SED: puts a bug in, and fails if the edit missed.
breaks() {
  local before
  before=$(md5sum <"$1")
  sed -i "$2" "$1"
  [[ $(md5sum <"$1") != "$before" ]] || { echo "error: $2 changed nothing in $1" >&2; exit 1; }
}

# mocha's TAP, on a small library written for this capture (its suite
# covers nested describes, a deep-equal diff and a skip): TAP 12 by
# default, 13 when asked.
mocha_cases() {
  npm_tool "$mochadir" '{
  "name": "terse-tap-mocha",
  "private": true,
  "dependencies": {
    "mocha": "10.8.2"
  }
}' mocha 10.8.2 mocha/bin/mocha.js
  local dir=$fix/mocha-units
  fresh_fixture "$repo/profiles/tap/testdata/projects/mocha-units" "$dir" "$mochadir"
  capture mocha-pass "$dir" node node_modules/mocha/bin/mocha.js --reporter tap 'test/*.test.js'
  breaks "$dir/units.js" 's/while (n >= 1024/while (n > 1024/'
  breaks "$dir/units.js" 's/indexOf(m\[2\].toUpperCase())/indexOf(m[2])/'
  breaks "$dir/units.js" "s/parts.join(' ')/parts.join('')/"
  breaks "$dir/units.js" 's/(b.bytes || 0)/b.bytes/'
  breaks "$dir/units.js" 's/b.bytes - a.bytes/a.bytes - b.bytes/'
  capture mocha-fail "$dir" node node_modules/mocha/bin/mocha.js --reporter tap 'test/*.test.js'
  capture mocha-tap13 "$dir" node node_modules/mocha/bin/mocha.js --reporter tap --reporter-option tapVersion=13 'test/*.test.js'
  echo "mocha $(node -p "require('$mochadir/node_modules/mocha/package.json').version")" >"$fix/mocha.version"
}

# node's TAP piped, a run long enough that its first failure and its tally
# come after the 16 KB detection reads, bare and through npm test.
node_long_cases() {
  local dir=$fix/node-long
  rm -rf "$dir" && mkdir -p "$dir" && cp -R "$repo/profiles/tap/testdata/projects/node-units/." "$dir/"
  breaks "$dir/units.js" 's/ft: 0.3048/ft: 0.3047/'
  breaks "$dir/units.js" 's/lb: 0.45359237/lb: 0.4535/'
  breaks "$dir/units.js" 's/((f - 32) \* 5) \/ 9;/((f - 32) * 5) \/ 9.0001;/'
  capture node-long "$dir" bash -c 'set -o pipefail; node --test | cat'
  junit node-long "$dir"
  capture npm-long "$dir" bash -c 'set -o pipefail; npm test 2>&1 | cat'
}

if [[ $only == node-long ]]; then
  mkdir -p "$fix"
  node_long_cases
  check_plain "$out"/node-long.txt "$out"/npm-long.txt
  exit 0
fi

if [[ $only == mocha ]]; then
  mkdir -p "$fix"
  mocha_cases
  check_plain "$out"/mocha-*.txt
  grep -v '^mocha ' "$out/VERSIONS" >"$fix/VERSIONS" || true
  cat "$fix/VERSIONS" "$fix/mocha.version" >"$out/VERSIONS"
  exit 0
fi

rm -rf "$fix" && mkdir -p "$fix"
npm_tool "$npmdir" '{
  "name": "terse-tap-tools",
  "private": true,
  "dependencies": {
    "@fastify/error": "4.2.1",
    "object-inspect": "1.13.4",
    "tape": "5.10.2",
    "core-js": "2.6.12",
    "error-cause": "1.0.9",
    "es-value-fixtures": "1.7.1",
    "for-each": "0.3.5",
    "functions-have-names": "1.2.3",
    "globalthis": "1.0.4",
    "has-symbols": "1.1.0",
    "has-tostringtag": "1.0.2",
    "make-arrow-function": "1.2.0",
    "mock-property": "1.1.2",
    "safer-buffer": "2.1.2",
    "semver": "6.3.1",
    "string.prototype.repeat": "1.0.0"
  }
}' tape 5.10.2 tape/bin/tape

setup object-inspect object-inspect
capture tape-pass "$fix/object-inspect" node node_modules/tape/bin/tape 'test/*.js'
breaks "$fix/object-inspect/index.js" "s/return '\[ ' + \$join.call(xs, ', ') + ' \]'/return '[' + \$join.call(xs, ', ') + ' ]'/"
breaks "$fix/object-inspect/index.js" "s/return tag + '{ ' + \$join.call(ys, ', ') + ' }'/return tag + '{ ' + \$join.call(ys, ',') + ' }'/"
# test/inspect.js is left out of the failing run: with the bug, its
# "maxStringLength option accepts ∞" assertion prints two strings of 100 MB.
capture tape-fail "$fix/object-inspect" bash -c 'node node_modules/tape/bin/tape $(ls test/*.js | grep -v "^test/inspect.js$")'

setup fastify-error @fastify/error
capture node-pass "$fix/fastify-error" bash -c 'set -o pipefail; node --test | cat'
breaks "$fix/fastify-error/index.js" 's/statusCode = 500, Base/statusCode = 501, Base/'
breaks "$fix/fastify-error/index.js" "s/this.name = 'FastifyError'/this.name = 'FastifyErr'/"
capture node-fail "$fix/fastify-error" bash -c 'set -o pipefail; node --test | cat'
junit node-fail "$fix/fastify-error"

mkdir -p "$fix/node-nested" && cp -R "$repo/profiles/generic/testdata/projects/node-tap/." "$fix/node-nested/"
capture node-nested "$fix/node-nested" bash -c 'set -o pipefail; node --test | cat'
junit node-nested "$fix/node-nested"

mocha_cases
node_long_cases

# AI_AGENT changes neither runner's output (durations aside).
for name in tape-fail node-fail node-long; do
  if ! diff -q <(grep -v duration_ms "$out/$name.txt" | grep -v '^# duration') \
    <(grep -v duration_ms "$fix/$name.agent.txt" | grep -v '^# duration') >/dev/null; then
    echo "note: $name differs under AI_AGENT=1 (see $fix/$name.agent.txt)" >&2
  fi
done
check_plain "$out"/*.txt
{
  echo "node $(node --version)"
  echo "tape $(node -p "require('$npmdir/node_modules/tape/package.json').version")"
  echo "object-inspect $(node -p "require('$npmdir/node_modules/object-inspect/package.json').version")"
  echo "@fastify/error $(node -p "require('$npmdir/node_modules/@fastify/error/package.json').version")"
  cat "$fix/mocha.version"
} >"$out/VERSIONS"
