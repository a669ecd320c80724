#!/usr/bin/env bash
# Measures the one block for failures that share a cause (issue 15 §2) on a
# real run where one broken helper fails many tests: jest on
# testdata/delta/jest-broken-helper (a fixture loader that returns nothing,
# so every test that reads a user fails with one TypeError; two assertions
# fail on their own). The run is saved once by `terse run`, then shown with
# and without grouping, on the default page and whole (--limit 0), and the
# tokens counted with `terse tokens` (o200k_base, exact).
#
# Needs go, node and the jest that profiles/jest/capture.sh installs
# (${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/jest-tool); installs jest itself
# there with npm when it is missing. Re-runnable.
set -euo pipefail

JEST_VERSION=30.5.2

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src=$repo/testdata/delta/jest-broken-helper
capture_dir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}
tool=$capture_dir/jest-tool
work=$capture_dir/broken-helper
fixture=/tmp/terse-fixtures/jest-broken-helper

# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"
if [[ ! -f $tool/node_modules/jest/bin/jest.js ]]; then
  npm_tool "$tool" "{\"name\":\"terse-jest-tool\",\"private\":true,\"dependencies\":{\"jest\":\"$JEST_VERSION\"}}" \
    jest "$JEST_VERSION" jest/bin/jest.js
fi

rm -rf "$work"
mkdir -p "$work"
terse=$work/terse
(cd "$repo" && go build -o "$terse" .)
fresh_fixture "$src" "$fixture" "$tool"
state=$work/state
(cd "$fixture" && "${base_env[@]}" CI=true NO_COLOR=1 "XDG_STATE_HOME=$state" \
  "$terse" run --llm -- node node_modules/jest/bin/jest.js --ci --runInBand --cacheDirectory .cache) \
  >"$work/run.txt" 2>&1 || true

count() { "$terse" tokens "$1" | awk '{gsub(",", "", $1); print $1}'; }

XDG_STATE_HOME=$state "$terse" show 1 --llm >"$work/grouped.txt"
XDG_STATE_HOME=$state "$terse" show 1 --llm --limit 0 >"$work/grouped-all.txt"
XDG_STATE_HOME=$state "$terse" show 1 --llm --no-group >"$work/full.txt"
XDG_STATE_HOME=$state "$terse" show 1 --llm --no-group --limit 0 >"$work/full-all.txt"

echo "status: $(head -1 "$work/grouped.txt")"
echo "raw jest output: $(count "$state/terse/runs/1.log") tokens"
printf '%-22s %8s %8s\n' page "each" grouped
printf '%-22s %8d %8d\n' "default (20)" "$(count "$work/full.txt")" "$(count "$work/grouped.txt")"
printf '%-22s %8d %8d\n' "whole (--limit 0)" "$(count "$work/full-all.txt")" "$(count "$work/grouped-all.txt")"
