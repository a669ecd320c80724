#!/usr/bin/env bash
# slowtests.sh [FILE] [N] lists the slowest packages and top-level tests of
# a `go test -json` run, by elapsed seconds, N of each (20 by default): the
# list the default run's two-minute budget (issue 59) is kept with.
#
#   go test -count=1 -json ./... > /tmp/suite.json; scripts/slowtests.sh /tmp/suite.json
#
# Subtests are left out (their time is in their parent's); a package or test
# that failed is marked FAIL. Lines that are not JSON (a build error, a
# panic's dump) are skipped.
set -euo pipefail
file=${1:-/dev/stdin}
n=${2:-20}
module=$(go list -m 2>/dev/null || true)

json() { jq -R 'fromjson? | select(.Action == "pass" or .Action == "fail")' "$file"; }
short() { if [ -n "$module" ]; then sed "s#${module}/##; s#\t${module}\$#\t.#"; else cat; fi; }

echo "packages, by elapsed seconds:"
json | jq -r 'select(.Test == null) | [.Elapsed, (if .Action == "fail" then "FAIL" else "" end), .Package] | @tsv' |
  sort -rn | head -n "$n" | short
echo
echo "top-level tests, by elapsed seconds:"
json | jq -r 'select(.Test != null and (.Test | contains("/") | not)) |
  [.Elapsed, (if .Action == "fail" then "FAIL" else "" end), .Package + " " + .Test] | @tsv' |
  sort -rn | head -n "$n" | short
