#!/usr/bin/env bash
# Throughput and peak memory of terse shaping a ~100 MB jest log, beside `cat`
# of the same file in the same run. The log is built by repeating the real
# captures in profiles/jest/testdata/captures (plain, coloured and verbose forms).
#
#   scripts/bench-jest.sh [SIZE_MB] [RUNS]
#
# Prints one table: tool, best wall time, MB/s, peak RSS.
set -euo pipefail
size_mb=${1:-100}
runs=${2:-3}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${TERSE_BENCH_DIR:-/tmp/terse-bench}
mkdir -p "$work"
log=$work/jest-${size_mb}mb.txt
bin=$work/terse

(cd "$repo" && go build -o "$bin" .)

if [ ! -s "$log" ] || [ "$(stat -c %s "$log")" -lt $((size_mb * 1000000)) ]; then
  caps=("$repo"/profiles/jest/testdata/captures/{mixed,many,suitefail,pass}.txt
        "$repo"/profiles/jest/testdata/captures/{mixed,many}.color.txt
        "$repo"/profiles/jest/testdata/captures/{mixed,many}.verbose.txt)
  : > "$log"
  while [ "$(stat -c %s "$log")" -lt $((size_mb * 1000000)) ]; do
    cat "${caps[@]}" "${caps[@]}" "${caps[@]}" "${caps[@]}" >> "$log"
  done
fi
bytes=$(stat -c %s "$log")

# measure NAME CMD...: best wall time of $runs runs and the peak RSS of that run.
measure() {
  local name=$1; shift
  local best="" rss=""
  for _ in $(seq "$runs"); do
    out=$( { /usr/bin/time -f '%e %M' "$@" < "$log" > /dev/null; } 2>&1 | tail -1)
    t=${out% *}; m=${out#* }
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; rss=$m; fi
  done
  awk -v n="$name" -v t="$best" -v m="$rss" -v b="$bytes" \
    'BEGIN{ mbs = (t > 0) ? b/1e6/t : 0; printf "%-22s %8.2f s %10.1f MB/s %8.1f MB peak RSS\n", n, t, mbs, m/1024 }'
}

printf 'input: %s (%.1f MB, %d runs each, best shown)\n' "$log" "$(awk -v b="$bytes" 'BEGIN{print b/1e6}')" "$runs"
measure "cat" cat
measure "terse (llm)" "$bin"
measure "terse --json" "$bin" --json
measure "terse --limit 0" "$bin" --limit 0
