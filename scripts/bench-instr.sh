#!/usr/bin/env bash
# The cost of shaping, by profile, in instructions: what a change to the
# shaping code does, told apart from what the machine was doing meanwhile.
#
#   scripts/bench-instr.sh                          # every profile, 10 MB
#   OLD=0373ba2 scripts/bench-instr.sh              # beside that build
#   OLD=0373ba2 INSTR_PROFILES=gcc,tap scripts/bench-instr.sh
#   INSTR_KB=30000 INSTR_MODES=detected scripts/bench-instr.sh
#   INSTR_KB=100 INSTR_MODES=run scripts/bench-instr.sh   # a real run's size
#
# scripts/bench-ab.sh -i counts the shaping benchmarks of ./profiles per
# op; this counts whole runs of the binary, as a user starts them: start-up,
# the pipe's spool, terse run's saved output and its record of every
# failure, which those benchmarks do not reach (it found `terse run` of a
# linter shaping its output twice).
#
# Each row runs terse once under valgrind's cachegrind, which counts the
# instructions the process executes (every goroutine, GOMAXPROCS=1), on the
# profile's text captures repeated to INSTR_KB kilobytes (the input
# scripts/bench.sh builds, smaller; 10,000 by default), as an agent's shell
# runs it (AI_AGENT=1, output to a file, the savings ledger on), in each of
# INSTR_MODES: "detected" (a pipe, the profile found line by line), "p" (-p
# NAME) and "run" (terse run -p NAME -- cat FILE: valgrind follows terse,
# not cat).
#
# Wall time on this host moved 1.3 to 1.6 times between runs of the same
# build an hour apart, and 0.7 to 1.4 times between two runs in a row, so a
# saving of a few percent shows only here. The count is not the time: a
# line that misses the cache costs more than its instructions say, and two
# cores cost more than one (the hand-over of batches), which the count does
# not see at all; scripts/bench.sh measures the time. A count moves by a
# percent or so between runs of the same build: the claim index times its
# two ways to claim (claimunion.go) and keeps the faster, and a goroutine
# switch falls differently. 10 MB counts the whole input's tokens, where
# 100 MB counts 16 MiB of it exactly and the rest is extrapolated
# (tokens.DefaultExactLimit): INSTR_KB=30000 weighs the count as at about
# 50 MB. The sizes differ in kind too: terse run records up to 100,000
# failures (delta.MaxEntries), which a linter's 10 MB reaches and its 100 MB
# passes, so `terse run -p pylint` of 10 MB took 6.5 times the
# instructions of -p where 100 MB took about as many.
#
# valgrind's CPU lacks some of the host's extensions (SHA-NI): code that
# picks its path by the CPU (crypto/sha256, which terse run's record uses)
# runs its fallback under it and counts several times what it costs here.
#
# Needs valgrind (apt-get install -y valgrind). Prints a markdown table:
# instructions, instructions per input byte and, with OLD, the old build's
# count and the ratio new/old.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${TERSE_INSTR_DIR:-/tmp/terse-bench-instr}
kb=${INSTR_KB:-10000}
size=$((kb * 1000))
modes=${INSTR_MODES:-detected,p,run}
command -v valgrind >/dev/null || { echo "bench-instr: needs valgrind (apt-get install -y valgrind)" >&2; exit 2; }
# shellcheck source=lib/bench-inputs.sh
source "$repo/scripts/lib/bench-inputs.sh"
bench_setup "$repo" "$work"

# count BIN MODE PROF FILE: the instructions of one run.
count() {
  local bin=$1 mode=$2 prof=$3 file=$4 state log
  state=$(mktemp -d "$work/state.XXXXXX")
  log=$(mktemp "$work/cg.XXXXXX")
  local args=()
  case $mode in
    detected) ;;
    p) args=(-p "$prof") ;;
    run) args=(run -p "$prof" -- cat "$file") ;;
  esac
  AI_AGENT=1 XDG_STATE_HOME=$state TERSE_LEDGER=$state/ledger.jsonl GOMAXPROCS=1 \
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$bin" "${args[@]}" <"$file" >/dev/null 2>"$log" || true
  grep -o 'I *refs: *[0-9,]*' "$log" | tr -d ', ' | sed 's/Irefs://'
  rm -rf "$state" "$log"
}

echo "terse $(cd "$repo" && git rev-parse --short HEAD)${old:+ beside $OLD}, $(go env GOVERSION), ${kb} kB inputs, cachegrind, GOMAXPROCS=1, $(date -u +%Y-%m-%dT%H:%MZ)"
echo
if [[ -n $old ]]; then
  echo "| profile | mode | instructions | per byte | $OLD | new/old |"
  echo "|---|---|---:|---:|---:|---:|"
else
  echo "| profile | mode | instructions | per byte |"
  echo "|---|---|---:|---:|"
fi
for dir in "$repo"/profiles/*/testdata/captures; do
  prof=$(basename "$(dirname "$(dirname "$dir")")")
  [[ $prof == bench ]] && continue
  case ,${INSTR_PROFILES:-$prof}, in *,"$prof",*) ;; *) continue ;; esac
  in=$(profile_input "$dir" "$work" "$size")
  [[ -n $in ]] || continue
  for mode in ${modes//,/ }; do
    n=$(count "$bin" "$mode" "$prof" "$in")
    per=$(awk -v n="$n" -v b=$size 'BEGIN{ printf "%.0f", n/b }')
    if [[ -n $old ]]; then
      o=$(count "$old" "$mode" "$prof" "$in")
      r=$(awk -v n="$n" -v o="$o" 'BEGIN{ if (o > 0) printf "%.3f", n/o; else print "-" }')
      echo "| $prof | $mode | $n | $per | $o | $r |"
    else
      echo "| $prof | $mode | $n | $per |"
    fi
  done
done
