#!/usr/bin/env bash
# Regenerates the captures of node's test runner with --test-reporter=spec
# (read by the tap profile: `node --test` is its command) under
# profiles/tap/testdata/captures, on the suites profiles/tap/capture.sh runs with
# node's TAP, copied to /tmp/terse-fixtures/node-spec/<case>:
#
#   node-spec-pass.txt    @fastify/error 4.2.1's node:test suite, as shipped
#   node-spec-fail.txt    the same with the bugs capture-tap.sh puts in
#                         (12 of 29 tests fail; each printed twice, as it
#                         runs and again under "✖ failing tests:")
#   node-spec-nested.txt  profiles/generic/testdata/projects/node-tap: nested
#                         subtests, multi-line errors
#
# The machine truth of each is the same run's TAP (node --test piped),
# kept as reports/<case>.truth; the tap profile's truth adapter leaves out
# a parent whose only error is its subtests' (spec lists the subtest only)
# and makes the TAP's absolute locations relative, as spec prints them.
# node's runner prints the same with AI_AGENT=1 (checked below).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/tap/testdata/captures
reports=$repo/profiles/tap/testdata/reports
fix=/tmp/terse-fixtures/node-spec
npmdir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/node-spec-npm
# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"
mkdir -p "$out" "$reports"
rm -rf "$fix" && mkdir -p "$fix"

npm_tool "$npmdir" '{
  "name": "terse-node-spec-tools",
  "private": true,
  "dependencies": {
    "@fastify/error": "4.2.1"
  }
}' @fastify/error 4.2.1 @fastify/error/package.json

# capture NAME DIR: the spec reporter's run, stdout and stderr merged, its
# exit code beside it; the same run's TAP is its machine truth.
capture() {
  local name=$1 dir=$2
  (cd "$dir" && "${base_env[@]}" node --test --test-reporter=spec) >"$out/$name.txt" 2>&1 && echo 0 >"$out/$name.exit" || echo $? >"$out/$name.exit"
  (cd "$dir" && "${base_env[@]}" AI_AGENT=1 node --test --test-reporter=spec) >"$fix/$name.agent.txt" 2>&1 || true
  (cd "$dir" && "${base_env[@]}" node --test --test-reporter=tap) >"$reports/$name.truth" 2>&1 || true
  echo "wrote $out/$name.txt ($(wc -l <"$out/$name.txt") lines, exit $(cat "$out/$name.exit"))"
}

# breaks FILE SED: puts a bug in, and fails if the edit missed.
breaks() {
  local before
  before=$(md5sum <"$1")
  sed -i "$2" "$1"
  [[ $(md5sum <"$1") != "$before" ]] || { echo "error: $2 changed nothing in $1" >&2; exit 1; }
}

mkdir -p "$fix/fastify-error" && cp -R "$npmdir/node_modules/@fastify/error/." "$fix/fastify-error/"
capture node-spec-pass "$fix/fastify-error"
breaks "$fix/fastify-error/index.js" 's/statusCode = 500, Base/statusCode = 501, Base/'
breaks "$fix/fastify-error/index.js" "s/this.name = 'FastifyError'/this.name = 'FastifyErr'/"
capture node-spec-fail "$fix/fastify-error"

mkdir -p "$fix/node-nested" && cp -R "$repo/profiles/generic/testdata/projects/node-tap/." "$fix/node-nested/"
capture node-spec-nested "$fix/node-nested"

# AI_AGENT changes nothing node's spec reporter prints (durations aside).
for name in node-spec-fail node-spec-nested; do
  if ! diff -q <(sed -E 's/\([0-9.]+m?s\)//; /duration_ms/d' "$out/$name.txt") \
    <(sed -E 's/\([0-9.]+m?s\)//; /duration_ms/d' "$fix/$name.agent.txt") >/dev/null; then
    echo "note: $name differs under AI_AGENT=1 (see $fix/$name.agent.txt)" >&2
  fi
done
check_plain "$out"/node-spec-*.txt
