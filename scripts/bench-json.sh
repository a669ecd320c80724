#!/usr/bin/env bash
# JSON shaping figures:
#  1. the saving on each document shape: every JSON input under
#     profiles/*/testdata/{documents,fixtures} shaped as the CLI does by default
#     (BenchmarkDocumentShapes), in estimated tokens (bytes/4, jsonshape.Cost);
#  2. a ~100 MB JSON array (task-like objects) shaped by the streaming
#     decoder, beside `cat` of the same file: best wall time, MB/s, peak RSS.
#
#   scripts/bench-json.sh [SIZE_MB] [RUNS]
set -euo pipefail
size_mb=${1:-100}
runs=${2:-3}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${TERSE_BENCH_DIR:-/tmp/terse-bench-json}
mkdir -p "$work"
bin=$work/terse
input=$work/array-${size_mb}mb.json

cd "$repo"
go build -o "$bin" .

echo "== saving per document shape (tokens estimated as bytes/4; raw = as the tool printed it)"
go test ./profiles -run XXX -bench DocumentShapes -benchtime 1x 2>/dev/null |
  awk '
    /^BenchmarkDocumentShapes\// {
      name = $1; sub(/^BenchmarkDocumentShapes\//, "", name); sub(/-[0-9]+$/, "", name)
      for (i = 3; i < NF; i += 2) v[$(i + 1)] = $i
      printf "%-72s %7d -> %6d tokens  %6.1f%% saved (%5.1f%% beyond compacting)\n", name, v["raw-tok"], v["out-tok"], v["saved%"], v["vs-compact%"]
      split(name, p, "/"); raw[p[1]] += v["raw-tok"]; out[p[1]] += v["out-tok"]
    }
    END {
      for (k in raw) printf "total %-10s %7d -> %6d tokens  %6.1f%% saved\n", k, raw[k], out[k], 100 * (1 - out[k] / raw[k]) | "sort"
    }'

if [ ! -s "$input" ] || [ "$(stat -c %s "$input")" -lt $((size_mb * 1000000)) ]; then
  awk -v size=$((size_mb * 1000000)) 'BEGIN {
    print "["; n = 2
    for (i = 0; n < size; i++) {
      s = sprintf("%s{\"id\":\"T%06d\",\"title\":\"Migrate report %d to the new engine\",\"status\":\"pending\",\"priority\":\"high\",\"parentId\":null,\"description\":\"Report %d still runs on the legacy engine; port its query and check the totals.\",\"labels\":[\"migration\",\"reports\"],\"notes\":[],\"createdAt\":\"2026-03-02T08:00:00Z\"}", (i ? "," : ""), i, i, i)
      print s; n += length(s) + 1
    }
    print "]"
  }' > "$input"
fi
bytes=$(stat -c %s "$input")

# measure NAME CMD...: best wall time of $runs runs and the peak RSS of that run.
measure() {
  local name=$1; shift
  local best="" rss=""
  for _ in $(seq "$runs"); do
    out=$( { /usr/bin/time -f '%e %M' "$@" < "$input" > /dev/null; } 2>&1 | tail -1)
    t=${out% *}; m=${out#* }
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; rss=$m; fi
  done
  awk -v n="$name" -v t="$best" -v m="$rss" -v b="$bytes" \
    'BEGIN{ mbs = (t > 0) ? b/1e6/t : 0; printf "%-40s %8.2f s %10.1f MB/s %8.1f MB peak RSS\n", n, t, mbs, m/1024 }'
}

echo
printf '== streaming: %s (%.1f MB, %d runs each, best shown)\n' "$input" "$(awk -v b="$bytes" 'BEGIN{print b/1e6}')" "$runs"
measure "cat" cat
measure "terse (first page, JSON)" "$bin"
measure "terse --format llm" "$bin" --format llm
measure "terse --fields id,title --offset 200000" "$bin" --fields id,title --offset 200000
