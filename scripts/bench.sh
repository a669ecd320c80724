#!/usr/bin/env bash
# terse's benchmark suite (issue 6): one command, one table, from one run.
#
#   scripts/bench.sh                             # 100 MB inputs, best of 3 runs
#   BENCH_MB=20 BENCH_RUNS=1 scripts/bench.sh    # quicker
#
# Rows, all measured now, nothing copied from an earlier run:
#   1. every capture in testdata/*/captures: raw tokens (what an agent reads
#      without terse), tokens of terse's default output, the saving, failures
#      kept against the ground truth (all pages; how many the first page
#      shows), and the ratio to a hand-written minimal rendering where
#      testdata/yardstick has one;
#   2. peers on the same input: gotestsum and tparse on `go test -json`
#      output, vitest 4's agent reporter, beside terse and the raw output
#      (inputs from scripts/capture-bench.sh, committed in testdata/bench);
#   3. throughput and peak RSS on a BENCH_MB input per profile (its text
#      captures repeated), beside `cat` of the same file, with the savings
#      ledger off and on; and the speed of exact token counting;
#   4. start-up: `terse run -- true` over `true` when this build has
#      `terse run`, and `terse < /dev/null` (start-up, no input) always;
#      and what the savings ledger adds to a small run, from a file and
#      from a live pipe.
# Tokens are o200k_base, counted by `terse tokens`. Wall times are the best
# of BENCH_RUNS; the machine may be shared, so treat small differences with
# care. Peers are installed with `go install` (pinned below) when missing.
set -euo pipefail

GOTESTSUM_VERSION=v1.13.0
TPARSE_VERSION=v0.18.0

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${TERSE_BENCH_DIR:-/tmp/terse-bench-suite}
mb=${BENCH_MB:-100}
runs=${BENCH_RUNS:-3}
mkdir -p "$work"
bin=$work/terse
kept=$work/benchkept
(cd "$repo" && go build -o "$bin" . && go build -o "$kept" ./scripts/benchkept)
# Measurement runs never touch the user's ledger; the "ledger on" rows use
# a ledger of their own.
export TERSE_LEDGER=off
td=$repo/testdata

gobin=$(go env GOPATH)/bin
for peer in "gotest.tools/gotestsum@$GOTESTSUM_VERSION" "github.com/mfridman/tparse@$TPARSE_VERSION"; do
  name=$(basename "${peer%@*}")
  if ! "$gobin/$name" --version 2>/dev/null | grep -q "${peer#*@}"; then
    echo "installing $peer" >&2
    GOFLAGS= go install "$peer" >&2
  fi
done

rows=()
row() { rows+=("$(printf '| %s ' "$@")|"); }
# tok FILE: exact o200k_base tokens of FILE.
tok() { "$bin" tokens "$1" | awk '{gsub(",", "", $1); print $1}'; }
pct() { awk -v r="$1" -v s="$2" 'BEGIN{ if (r > 0) printf "%.1f%%", 100*(r-s)/r; else print "-" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{ printf "%.2fx", a/b }'; }
group() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }

# --- 1. captures ---------------------------------------------------------------
fid=$work/fidelity.tsv
rm -f "$fid"
if ! (cd "$repo" && TERSE_BENCH_FIDELITY=$fid go test ./profiles -run '^TestBenchFidelity$' -count=1 >"$work/fidelity.log" 2>&1); then
  echo "warning: the fidelity measurement failed (see $work/fidelity.log); its column shows ?" >&2
fi
touch "$fid"
for f in $(ls "$td"/*/captures/*.txt "$td"/*/captures/*.json "$td"/*/captures/*.log 2>/dev/null | sort); do
  rel=${f#"$td"/}
  prof=${rel%%/*}
  out=$work/out.txt
  "$bin" -p "$prof" <"$f" >"$out" 2>/dev/null || true
  raw=$(tok "$f"); shaped=$(tok "$out")
  bytes=$(stat -c %s "$f")
  est=$(awk -v b="$bytes" -v r="$raw" 'BEGIN{ if (r > 0) printf "bytes/4 = %d (%+.0f%%)", b/4, 100*(b/4-r)/r; else print "-" }')
  k="?"
  if line=$(grep -P "^\Q$prof\E\t\Q$rel\E\t" "$fid"); then
    IFS=$'\t' read -r _ _ total keptn shown <<<"$line"
    k="-"
    if [ "$total" != "-" ]; then
      k="$keptn/$total"
      [ "$shown" != "$total" ] && k="$k ($shown on page 1)"
    fi
  fi
  stem=$(basename "$rel"); stem=${stem%%.*}
  y="-"
  if [ -f "$td/yardstick/$prof/$stem.txt" ]; then
    y=$(ratio "$shaped" "$(tok "$td/yardstick/$prof/$stem.txt")")
  fi
  row "terse" "$rel" "$(group "$raw")" "$(group "$shaped")" "$(pct "$raw" "$shaped")" "$k" "$y" "" "" "$est"
done

# --- 2. peers on the same input ------------------------------------------------
# detected NAME FILE: the profile terse picks for FILE (from a ledger entry).
detected() {
  local l=$work/detect.jsonl
  rm -f "$l"
  TERSE_LEDGER=$l "$bin" <"$2" >/dev/null 2>&1 || true
  sed -n 's/.*"profile":"\([^"]*\)".*/\1/p' "$l" | tail -1
}
g=$td/bench/gotest
v=$td/bench/vitest
peer() { # SUBJECT INPUT-LABEL INPUT-FILE OUTPUT-FILE KIND TRUTH NOTE
  local raw out k
  raw=$(tok "$3"); out=$(tok "$4")
  k=$("$kept" "$5" "$6" "$4" | awk '{print $1"/"$2}')
  row "$1" "$2" "$(group "$raw")" "$(group "$out")" "$(pct "$raw" "$out")" "$k" "$8" "" "" "$7"
}
gy=$(tok "$td/yardstick/bench/go-test.txt")
vy=$(tok "$td/yardstick/bench/vitest-default.txt")
for in in go-test.txt go-test.verbose.txt go-test.json; do
  peer "go test (no tool)" "bench/gotest/$in" "$g/$in" "$g/$in" gotest "$g/go-test.json" "what the agent reads unaided" "$(ratio "$(tok "$g/$in")" "$gy")"
done
gts=$("$gobin/gotestsum" --version | awk '{print $NF}')
"$gobin/gotestsum" --raw-command -- cat "$g/go-test.json" >"$work/gotestsum.txt" 2>&1 || true
peer "gotestsum $gts" "bench/gotest/go-test.json" "$g/go-test.json" "$work/gotestsum.txt" gotest "$g/go-test.json" "default format" "$(ratio "$(tok "$work/gotestsum.txt")" "$gy")"
tpv=$("$gobin/tparse" -v | awk '{print $NF}')
"$gobin/tparse" -nocolor -file "$g/go-test.json" >"$work/tparse.txt" 2>&1 || true
peer "tparse $tpv -nocolor" "bench/gotest/go-test.json" "$g/go-test.json" "$work/tparse.txt" gotest "$g/go-test.json" "" "$(ratio "$(tok "$work/tparse.txt")" "$gy")"
"$gobin/tparse" -file "$g/go-test.json" >"$work/tparse-color.txt" 2>&1 || true
peer "tparse $tpv" "bench/gotest/go-test.json" "$g/go-test.json" "$work/tparse-color.txt" gotest "$g/go-test.json" "default: ANSI colour even into a pipe" "$(ratio "$(tok "$work/tparse-color.txt")" "$gy")"
for in in go-test.json go-test.txt go-test.verbose.txt; do
  "$bin" <"$g/$in" >"$work/terse-go.txt" 2>/dev/null || true
  peer "terse" "bench/gotest/$in" "$g/$in" "$work/terse-go.txt" gotest "$g/go-test.json" "profile: $(detected x "$g/$in")" "$(ratio "$(tok "$work/terse-go.txt")" "$gy")"
done
peer "yardstick (by hand)" "yardstick/bench/go-test.txt" "$g/go-test.txt" "$td/yardstick/bench/go-test.txt" gotest "$g/go-test.json" "minimal rendering" "1.00x"
vv=$(sed -n 's/^vitest //p' "$v/VERSIONS")
peer "vitest $vv (default reporter)" "bench/vitest/default.txt" "$v/default.txt" "$v/default.txt" vitest "$v/vitest.json" "what the agent reads unaided" "$(ratio "$(tok "$v/default.txt")" "$vy")"
peer "vitest $vv --reporter=agent" "bench/vitest/agent.txt" "$v/default.txt" "$v/agent.txt" vitest "$v/vitest.json" "raw = the default reporter's output" "$(ratio "$(tok "$v/agent.txt")" "$vy")"
"$bin" <"$v/default.txt" >"$work/terse-vitest.txt" 2>/dev/null || true
peer "terse" "bench/vitest/default.txt" "$v/default.txt" "$work/terse-vitest.txt" vitest "$v/vitest.json" "profile: $(detected x "$v/default.txt")" "$(ratio "$(tok "$work/terse-vitest.txt")" "$vy")"
peer "yardstick (by hand)" "yardstick/bench/vitest-default.txt" "$v/default.txt" "$td/yardstick/bench/vitest-default.txt" vitest "$v/vitest.json" "minimal rendering" "1.00x"

# --- 3. throughput and memory --------------------------------------------------
# measure LABEL INPUT CMD...: best wall time of $runs runs, its peak RSS.
measure() {
  local label=$1 input=$2; shift 2
  local best="" rss="" cpu="" t
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e %M %U %S' -o "$work/time" "$@" <"$input" >/dev/null 2>&1 || true
    read -r t m u s <"$work/time"
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; rss=$m; cpu=$(awk -v u="$u" -v s="$s" 'BEGIN{print u+s}'); fi
  done
  local bytes
  bytes=$(stat -c %s "$input")
  row "$label" "$(basename "$input")" "" "" "" "" "" \
    "$(awk -v b="$bytes" -v t="$best" 'BEGIN{ if (t > 0) printf "%.0f", b/1e6/t; else print ">" int(b/1e6/0.01) }')" \
    "$(awk -v m="$rss" 'BEGIN{ printf "%.1f MB", m/1024 }')" "${best} s wall, ${cpu} s CPU"
}
for dir in "$td"/*/captures; do
  prof=$(basename "$(dirname "$dir")")
  [ "$prof" = bench ] && continue
  mapfile -t caps < <(ls "$dir"/*.txt "$dir"/*.log 2>/dev/null || true)
  [ ${#caps[@]} -gt 0 ] || continue
  big=$work/$prof-${mb}mb.txt
  if [ ! -s "$big" ] || [ "$(stat -c %s "$big")" -lt $((mb * 1000000)) ]; then
    : >"$big"
    while [ "$(stat -c %s "$big")" -lt $((mb * 1000000)) ]; do cat "${caps[@]}" "${caps[@]}" "${caps[@]}" "${caps[@]}" >>"$big"; done
  fi
  measure "cat" "$big" cat
  measure "terse -p $prof, ledger off" "$big" "$bin" -p "$prof"
  measure "terse -p $prof, ledger on" "$big" env TERSE_LEDGER="$work/ledger.jsonl" "$bin" -p "$prof"
done
measure "terse tokens (exact count)" "$(ls "$work"/*-"${mb}"mb.txt | head -1)" "$bin" tokens

# --- 4. start-up ---------------------------------------------------------------
# per_call N CMD...: best over $runs loops of N calls, in ms per call.
per_call() {
  local n=$1; shift
  local best="" s e t
  for _ in $(seq "$runs"); do
    s=$(date +%s%N)
    for _ in $(seq "$n"); do "$@" </dev/null >/dev/null 2>&1 || true; done
    e=$(date +%s%N)
    t=$(( (e - s) / n ))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  awk -v t="$best" 'BEGIN{ printf "%.2f", t/1e6 }'
}
n=200
base=$(per_call $n /usr/bin/true)
if "$bin" run --help >/dev/null 2>&1; then
  r=$(per_call $n "$bin" run -- /usr/bin/true)
  row "terse run -- true" "-" "" "" "" "" "" "" "" "$r ms a call, $(awk -v a="$r" -v b="$base" 'BEGIN{printf "%.2f", a-b}') ms over true ($base ms)"
else
  row "terse run -- true" "-" "" "" "" "" "" "" "" "not measured: this build has no terse run"
fi
r=$(per_call $n "$bin")
row "terse < /dev/null" "-" "" "" "" "" "" "" "" "$r ms a call, $(awk -v a="$r" -v b="$base" 'BEGIN{printf "%.2f", a-b}') ms over true ($base ms)"
# What counting for the ledger adds to a typical run: the vocabulary load.
small=$td/jest/captures/mixed.txt
off=$(per_call 50 sh -c "\"$bin\" -p jest < \"$small\"")
on=$(per_call 50 sh -c "TERSE_LEDGER=\"$work/ledger.jsonl\" \"$bin\" -p jest < \"$small\"")
row "terse -p jest, ledger off / on" "jest/captures/mixed.txt" "" "" "" "" "" "" "" "$off / $on ms a call: counting adds $(awk -v a="$on" -v b="$off" 'BEGIN{printf "%.1f", a-b}') ms"
# The same when the input arrives over 100 ms, as from a running tool: the
# vocabulary loads while the tool runs.
live="(head -c 100 \"$small\"; sleep 0.1; tail -c +101 \"$small\")"
off=$(per_call 20 sh -c "$live | \"$bin\" -p jest")
on=$(per_call 20 sh -c "$live | TERSE_LEDGER=\"$work/ledger.jsonl\" \"$bin\" -p jest")
row "terse -p jest, ledger off / on, live pipe" "mixed.txt over 100 ms" "" "" "" "" "" "" "" "$off / $on ms a call: counting adds $(awk -v a="$on" -v b="$off" 'BEGIN{printf "%.1f", a-b}') ms"

# --- the table -----------------------------------------------------------------
echo "terse $(cd "$repo" && git describe --always --dirty 2>/dev/null || echo '?'), $(go version | awk '{print $3}'), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ); ${mb} MB inputs, best of $runs; tokens: o200k_base"
echo
echo "| subject | input | raw tok | out tok | saved | failures kept | vs yardstick | MB/s | peak RSS | note |"
echo "|---|---|--:|--:|--:|---|--:|--:|--:|---|"
printf '%s\n' "${rows[@]}"
