#!/usr/bin/env bash
# The page faults of a terse run that cost an interrupt to the other core,
# by profile: a cost the machine's load multiplies, counted apart from it.
#
#   scripts/bench-faults.sh                         # every profile, 100 MB
#   OLD=ed01f7f FAULTS_PROFILES=gcc,vitest scripts/bench-faults.sh
#   FAULTS_KB=6 FAULTS_MODES=detected scripts/bench-faults.sh   # a small run
#
# A page of anonymous memory read before it is written is mapped to the
# kernel's shared zero page; the first store to it then faults again (error
# code 7: a write to a present, read-only page), and the kernel, replacing
# the mapping, flushes it from the TLB of every other core running a thread
# of the process, by an interrupt it waits on. On a virtual machine whose
# other core the host has paused, that wait lasts until the host runs it
# again: perf put 2 to 18% of terse's samples in smp_call_function_many_cond
# on 100 MB runs in busy hours, 0.1 to 0.2% in a quiet one, on the same
# build. scripts/bench.sh's times carry that; this counts the faults, which
# do not depend on the hour: by error code, 7 (write after read: the
# interrupt), 6 (first write) and 4 (first read), and the TLB shootdowns
# the kernel counted meanwhile (/proc/interrupts, every process's).
#
# Each row is the median of FAULTS_RUNS runs (3 by default; the count moves
# between runs with the collector's timing) of terse under `perf record -e
# exceptions:page_fault_user`
# on the profile's text captures repeated to FAULTS_KB kilobytes (100,000
# by default, as scripts/bench.sh builds its inputs), as an agent's shell
# runs it (AI_AGENT=1, the savings ledger on), in each of FAULTS_MODES:
# "detected" (a pipe) and "p" (-p NAME). The runtime's own (the collector's
# sweep, a span handed back) are most of what is left; their count follows
# the number of collections.
#
# Needs perf with the exceptions tracepoints (apt-get install -y linux-perf)
# and the right to use them (root, or perf_event_paranoid <= 0).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${TERSE_FAULTS_DIR:-/tmp/terse-bench-faults}
kb=${FAULTS_KB:-100000}
size=$((kb * 1000))
modes=${FAULTS_MODES:-detected,p}
runs=${FAULTS_RUNS:-3}
command -v perf >/dev/null || { echo "bench-faults: needs perf (apt-get install -y linux-perf)" >&2; exit 2; }
# shellcheck source=lib/bench-inputs.sh
source "$repo/scripts/lib/bench-inputs.sh"
bench_setup "$repo" "$work"

# shootdowns: the TLB shootdowns of every core so far.
shootdowns() {
  awk '/TLB shootdowns/ { for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) s += $i } END { print s + 0 }' /proc/interrupts
}

# faults BIN MODE PROF FILE: "write-after-read first-write first-read
# shootdowns" of one run.
faults() {
  local bin=$1 mode=$2 prof=$3 file=$4 state data before after
  state=$(mktemp -d "$work/state.XXXXXX")
  data=$state/perf.data
  local args=()
  [[ $mode == p ]] && args=(-p "$prof")
  before=$(shootdowns)
  AI_AGENT=1 XDG_STATE_HOME=$state TERSE_LEDGER=$state/ledger.jsonl \
    perf record -q -e exceptions:page_fault_user -o "$data" \
    "$bin" "${args[@]}" <"$file" >/dev/null 2>&1 || true
  after=$(shootdowns)
  perf script -i "$data" -F trace 2>/dev/null |
    awk -v tlb=$((after - before)) '
      /error_code=0x7$/ { w++ } /error_code=0x6$/ { f++ } /error_code=0x4$/ { r++ }
      END { printf "%d %d %d %d\n", w, f, r, tlb }'
  rm -rf "$state"
}

# median BIN MODE PROF FILE: faults' four counts, each the median of runs.
median() {
  local i
  for ((i = 0; i < runs; i++)); do faults "$@"; done |
    awk '{ for (k = 1; k <= 4; k++) v[k, NR] = $k } END {
      for (k = 1; k <= 4; k++) {
        n = 0; for (j = 1; j <= NR; j++) a[++n] = v[k, j]
        for (x = 1; x <= n; x++) for (y = x + 1; y <= n; y++) if (a[y] < a[x]) { t = a[x]; a[x] = a[y]; a[y] = t }
        printf "%s%d", (k > 1 ? " " : ""), a[int((n + 1) / 2)]
      }
      print ""
    }'
}

echo "terse $(cd "$repo" && git rev-parse --short HEAD)${old:+ beside $OLD}, $(go env GOVERSION), ${kb} kB inputs, median of $runs runs, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo
head="| profile | mode | write after read (7) | first write (6) | first read (4) | TLB shootdowns |"
rule="|---|---|--:|--:|--:|--:|"
if [[ -n $old ]]; then
  head="$head $OLD: 7 | 6 | 4 | TLB |"
  rule="$rule--:|--:|--:|--:|"
fi
echo "$head"
echo "$rule"
for dir in "$repo"/profiles/*/testdata/captures; do
  prof=$(basename "$(dirname "$(dirname "$dir")")")
  [[ $prof == bench ]] && continue
  case ,${FAULTS_PROFILES:-$prof}, in *,"$prof",*) ;; *) continue ;; esac
  in=$(profile_input "$dir" "$work" "$size")
  [[ -n $in ]] || continue
  for mode in ${modes//,/ }; do
    read -r w f r t <<<"$(median "$bin" "$mode" "$prof" "$in")"
    row="| $prof | $mode | $w | $f | $r | $t |"
    if [[ -n $old ]]; then
      read -r ow of or ot <<<"$(median "$old" "$mode" "$prof" "$in")"
      row="$row $ow | $of | $or | $ot |"
    fi
    echo "$row"
  done
done
