#!/usr/bin/env bash
# Measures what `terse run` adds to a real tool run, with hyperfine
# (apt-get install -y hyperfine): a jest run (the fixture project of
# profiles/jest/capture.sh) bare and through `terse run`. hyperfine's stdout is
# /dev/null, not a terminal, so terse shapes, saves the raw output, counts
# tokens for the ledger and prunes old runs, as it does for an agent.
#
# The fixed cost per wrapped command (`terse run -- true` beside `true`) is
# scripts/bench-start.sh.
#
# Usage: scripts/bench-run.sh [RUNS]   (default 15)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=${1:-15}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

command -v hyperfine >/dev/null || { echo "hyperfine not found: apt-get install -y hyperfine" >&2; exit 1; }
(cd "$repo" && go build -o "$tmp/terse" .)
export XDG_STATE_HOME=$tmp/state
terse=$tmp/terse

fixture=/tmp/terse-fixtures/jest/mixed
if [[ ! -f $fixture/node_modules/jest/bin/jest.js ]]; then
  echo "no jest fixture at $fixture: run profiles/jest/capture.sh first" >&2
  exit 1
fi
echo "== jest (mixed fixture: 32 tests, 17 failing) bare vs through terse run ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
cd "$fixture"
jest="node node_modules/jest/bin/jest.js --ci --runInBand"
hyperfine -N -i --warmup 2 --runs "$runs" --export-markdown "$tmp/jest.md" \
  "$jest" \
  "$terse run -- $jest"
cat "$tmp/jest.md"
