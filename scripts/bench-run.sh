#!/usr/bin/env bash
# Measures what `terse run` adds to the command it wraps, with hyperfine
# (apt-get install -y hyperfine):
#
#   1. `true` against `terse run -- true`: the fixed cost of the wrapper
#      (start terse, load the profiles, start the child, save the raw log,
#      shape and print). Target: under 5 ms. Also the TERSE_DISABLE=1
#      passthrough, where terse replaces itself with the command.
#   2. a real jest run against the same run through terse (the fixture
#      project of scripts/capture-jest.sh; skipped when it is not there).
#
# hyperfine's stdout is /dev/null, not a terminal, so terse shapes, saves
# the raw output and prunes old runs, as it does for an agent.
#
# Usage: scripts/bench-run.sh [RUNS]   (RUNS for case 1, default 500)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=${1:-500}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

command -v hyperfine >/dev/null || { echo "hyperfine not found: apt-get install -y hyperfine" >&2; exit 1; }
(cd "$repo" && go build -o "$tmp/terse" .)
export XDG_STATE_HOME=$tmp/state
terse=$tmp/terse

echo "== terse run -- true vs true ($runs runs each; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
hyperfine -N --warmup 50 --runs "$runs" --export-markdown "$tmp/true.md" \
  'true' \
  "$terse run -- true" \
  'env TERSE_DISABLE=1 true' \
  "env TERSE_DISABLE=1 $terse run -- true"
cat "$tmp/true.md"

fixture=/tmp/terse-fixtures/jest/mixed
if [[ -f $fixture/node_modules/jest/bin/jest.js ]]; then
  echo
  echo "== jest (mixed fixture: 32 tests, 17 failing) bare vs through terse run"
  cd "$fixture"
  jest="node node_modules/jest/bin/jest.js --ci --runInBand"
  hyperfine -N -i --warmup 2 --runs "${JEST_RUNS:-15}" --export-markdown "$tmp/jest.md" \
    "$jest" \
    "$terse run -- $jest"
  cat "$tmp/jest.md"
else
  echo "no jest fixture at $fixture: run scripts/capture-jest.sh first" >&2
fi
