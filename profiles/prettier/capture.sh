#!/usr/bin/env bash
# Regenerates the Prettier captures under profiles/prettier/testdata/captures: a
# pinned prettier (npm) run with --check as an agent's shell runs it (stdout
# and stderr merged, no terminal), in /tmp/terse-fixtures/prettier/<case>:
#
#   qs.txt         prettier --check lib test on the qs package
#                  (scripts/lib/qs-project.sh) under projects/qs/.prettierrc,
#                  a config close to qs's style: 7 of its 12 files differ
#   pass.txt       lib/formats.js lib/index.js of the same: all formatted
#   lodash.txt     prettier --check . over the lodash 4.17.21 npm package
#                  (1,000-odd files, never formatted with Prettier), at real
#                  size
#   broken.txt     projects/broken: a file that does not parse (its code
#                  frame) beside files that are not formatted
#   badconfig.txt  projects/badconfig: a .prettierrc that is not JSON
#   nomatch.txt    a pattern that matches no file
#
# Each also as <case>.ci.txt with CI=1, under which prettier colours its
# [warn] and [error] tags though stdout is not a terminal (AI_AGENT=1
# changes nothing). The machine truth of each is the same
# run with --list-different in place of --check (the files that differ,
# one a line, and the errors), kept as reports/<case>.truth.
set -euo pipefail
PRETTIER_VERSION=3.7.4
LODASH_VERSION=4.17.21
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/prettier/testdata/captures
reports=$repo/profiles/prettier/testdata/reports
projects=$repo/profiles/prettier/testdata/projects
capture_dir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}
tool=$capture_dir/prettier-tool
fix=/tmp/terse-fixtures/prettier
# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"
# shellcheck source=lib/qs-project.sh
source "$repo/scripts/lib/qs-project.sh"

want=$(printf '{\n  "name": "terse-prettier-tool",\n  "private": true,\n  "dependencies": {\n    "prettier": "%s"\n  }\n}' "$PRETTIER_VERSION")
npm_tool "$tool" "$want" prettier "$PRETTIER_VERSION" prettier/bin/prettier.cjs
prettier=$tool/node_modules/.bin/prettier
mkdir -p "$out" "$reports"
rm -rf "$fix" && mkdir -p "$fix"

# capture NAME DIR ARGS...: prettier --check ARGS, the same under CI=1,
# under AI_AGENT=1 (compared), and prettier --list-different ARGS as the
# truth.
capture() {
  local name=$1 dir=$2; shift 2
  set +e
  (cd "$dir" && "${base_env[@]}" "$prettier" --check "$@") >"$out/$name.txt" 2>&1 </dev/null
  echo $? >"$out/$name.exit"
  (cd "$dir" && "${base_env[@]}" CI=1 "$prettier" --check "$@") >"$out/$name.ci.txt" 2>&1 </dev/null
  (cd "$dir" && "${base_env[@]}" AI_AGENT=1 "$prettier" --check "$@") >"$fix/$name.agent.txt" 2>&1 </dev/null
  (cd "$dir" && "${base_env[@]}" "$prettier" --list-different "$@") >"$reports/$name.truth" 2>&1 </dev/null
  set -e
  if ! diff -q "$out/$name.txt" "$fix/$name.agent.txt" >/dev/null; then
    echo "note: $name differs under AI_AGENT=1" >&2
  fi
  check_plain "$out/$name.txt"
  if grep -q '^\[' "$out/$name.txt"; then check_colour "$out/$name.ci.txt"; fi
  echo "wrote $out/$name.txt ($(wc -l <"$out/$name.txt") lines, exit $(cat "$out/$name.exit"))"
}

qs_fixture "$fix/qs"
cp "$projects/qs/.prettierrc" "$fix/qs/"
rm -rf "$fix/lodash" && mkdir -p "$fix/lodash"
(cd "$capture_dir" && [[ -f lodash-$LODASH_VERSION.tgz ]] || npm pack "lodash@$LODASH_VERSION" --silent >/dev/null)
tar xzf "$capture_dir/lodash-$LODASH_VERSION.tgz" -C "$fix/lodash" --strip-components=1
for p in broken badconfig; do cp -R "$projects/$p" "$fix/$p"; done

capture qs "$fix/qs" lib test
capture pass "$fix/qs" lib/formats.js lib/index.js
capture lodash "$fix/lodash" .
capture broken "$fix/broken" .
capture badconfig "$fix/badconfig" .
capture nomatch "$fix/qs" src/

{
  echo "node $(node --version)"
  echo "prettier $("$prettier" --version)"
  echo "qs $QS_VERSION"
  echo "lodash $LODASH_VERSION"
  echo "fixture root $fix"
} >"$out/VERSIONS"
