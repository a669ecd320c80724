#!/usr/bin/env bash
# Measures the run-to-run delta (issue 15 §1) on a real fix-one-bug-at-a-time
# sequence: jest on testdata/delta/jest-sequence, a project with ten bugs and
# ten failing tests. Each step runs `terse run --llm -- jest`, then fixes one
# bug (the next entry of fixes.json), eleven runs in all, the last green. The
# sequence runs twice, with the delta (the default) and with TERSE_DELTA=off,
# each in a state directory of its own, and the tokens of every shaped output
# are counted with `terse tokens` (o200k_base, exact).
#
# Prints one line per step and the totals; keeps the outputs under
# $TERSE_CAPTURE_DIR/delta-sequence/{delta,full}/NN.txt for reading.
#
# Needs go, node and the jest that profiles/jest/capture.sh installs
# (${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/jest-tool); installs jest itself
# there with npm when it is missing. Re-runnable.
set -euo pipefail

JEST_VERSION=30.5.2

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src=$repo/testdata/delta/jest-sequence
capture_dir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}
tool=$capture_dir/jest-tool
work=$capture_dir/delta-sequence
fixture=/tmp/terse-fixtures/jest-delta

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

# fix N applies the Nth fix of fixes.json (1-based) to the fixture.
fix() {
  node -e '
    const fs = require("fs"), path = require("path");
    const [dir, n] = [process.argv[1], Number(process.argv[2])];
    const [from, to] = JSON.parse(fs.readFileSync(path.join(dir, "fixes.json"), "utf8"))[n - 1];
    const file = path.join(dir, "src/cart.js");
    const text = fs.readFileSync(file, "utf8");
    if (!text.includes(from)) { console.error("fix " + n + " does not apply"); process.exit(1); }
    fs.writeFileSync(file, text.replace(from, to));
  ' "$fixture" "$1"
}

# sequence NAME [VAR=value...]: the eleven runs, outputs in $work/NAME.
sequence() {
  local name=$1; shift
  local out=$work/$name
  mkdir -p "$out"
  fresh_fixture "$src" "$fixture" "$tool"
  local state=$work/state-$name
  rm -rf "$state" "$fixture/.cache"
  for step in $(seq 0 10); do
    # A fresh jest cache each run keeps jest's file order the same.
    rm -rf "$fixture/.cache"
    # One agent session reads every run (the delta needs its reader named).
    (cd "$fixture" && "${base_env[@]}" CI=true NO_COLOR=1 "XDG_STATE_HOME=$state" TERSE_SESSION=measure "$@" \
      "$terse" run --llm -- node node_modules/jest/bin/jest.js --ci --runInBand --cacheDirectory .cache) \
      >"$out/$(printf %02d "$step").txt" 2>&1 || true
    if [[ $step -lt 10 ]]; then fix $((step + 1)); fi
  done
}

sequence delta
sequence full TERSE_DELTA=off

count() { "$terse" tokens "$1" | awk '{gsub(",", "", $1); print $1}'; }

printf '%-5s %-50s %8s %8s\n' step "status line (with delta)" delta full
td=0 tf=0
for step in $(seq -w 0 10); do
  d=$(count "$work/delta/$step.txt")
  f=$(count "$work/full/$step.txt")
  td=$((td + d)) tf=$((tf + f))
  printf '%-5s %-50s %8d %8d\n' "$step" "$(head -1 "$work/delta/$step.txt" | cut -c1-50)" "$d" "$f"
done
printf '%-5s %-50s %8d %8d\n' total "" "$td" "$tf"
echo "saved: $(( (tf - td) * 100 / tf ))% of the sequence's tokens"
raw=0
for log in "$work"/state-full/terse/runs/*.log; do raw=$((raw + $(count "$log"))); done
echo "raw jest output of the sequence: $raw tokens"
