#!/usr/bin/env bash
# terse's benchmark suite (issue 6): one command, one table, from one run.
#
#   scripts/bench.sh                             # 100 MB inputs, 3 rounds
#   BENCH_MB=20 BENCH_RUNS=1 scripts/bench.sh    # quicker
#   BENCH_SECTIONS=3,4 scripts/bench.sh          # speed only
#   BENCH_SECTIONS=3 BENCH_PROFILES=mocha,tap scripts/bench.sh   # two profiles' speed
#
# Rows, all measured now, nothing copied from an earlier run:
#   1. every capture in profiles/*/testdata/captures: raw tokens (what an agent reads
#      without terse), tokens of terse's default output, the saving, failures
#      kept against the ground truth (all pages; how many the first page
#      shows), and the ratio to a hand-written minimal rendering where
#      testdata/yardstick has one;
#   2. peers on the same input: gotestsum and tparse on `go test -json`
#      output, vitest 4's agent reporter, beside terse and the raw output
#      (inputs from scripts/capture-bench.sh, committed in testdata/bench);
#   3. throughput and peak RSS on a BENCH_MB input per profile (its text
#      captures repeated), with the savings ledger off and on, and exact
#      token counting, each beside `cat` of the same file in the same
#      interleaved rounds: MB/s at the median and best round, and the median
#      of the per-round ratios to cat and to two md5sums at once (a floor
#      that keeps both cores busy about as long as terse does: a host that
#      takes a core away for a while shows in its spread, not in cat's
#      20 ms), and to a line pipeline that shapes nothing
#      (scripts/linefloor, "the line floor": it slows with terse in the
#      host's spells that cat and md5sum do not see), with the median MB/s
#      over the rounds in which the line floor ran near its best; and
#      `terse run -p PROFILE -- cat` of
#      the file, as an agent's harness runs a tool (the output saved, its
#      failures recorded and, from the second round on, compared with the
#      previous run's);
#   4. start-up beside its floor in the same interleaved rounds (`true`, an
#      empty Go program, a Go program that runs `true` through os/exec;
#      scripts/startup): `terse run -- true`, `terse < /dev/null`, and a
#      small jest run with the ledger off and on;
#   5. peak RSS on 1 GB of jest, pytest and go test output (each 100 MB
#      input ten times; BENCH_BIG_PROFILES names others), with
#      the ledger on, forced and detected, beside cat (BENCH_BIG_MB sets the
#      size in MB, 1000 by default; the file is deleted afterwards).
# The machine may be shared: where the floor (cat, or the start-up floor)
# varied too much, a row says the machine was too busy, and only ratios to
# the floor of the same run mean anything. Tokens are o200k_base, counted
# by `terse tokens`. Peers are installed with `go install` (pinned below)
# when missing.
set -euo pipefail

GOTESTSUM_VERSION=v1.13.0
TPARSE_VERSION=v0.18.0

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${TERSE_BENCH_DIR:-/tmp/terse-bench-suite}
mb=${BENCH_MB:-100}
runs=${BENCH_RUNS:-3}
# BENCH_SECTIONS picks the sections below (1,2,3,4,5: all).
sections=${BENCH_SECTIONS:-1,2,3,4,5}
mkdir -p "$work"
rm -f "$work/summary.tsv"
bin=$work/terse
kept=$work/benchkept
(cd "$repo" && go build -o "$bin" . && go build -o "$kept" ./scripts/benchkept && go build -o "$work/linefloor" ./scripts/linefloor)
# BENCH_BASELINE=REV adds an earlier build of terse to the token-counting
# and start-up rows, and to each profile's rounds (detected, ledger on), in
# the same rounds: before and after, side by side, with the median of the
# per-round ratios of the two in the table by profile.
base=""
if [ -n "${BENCH_BASELINE:-}" ]; then
  rm -rf "$work/baseline" && mkdir -p "$work/baseline"
  (cd "$repo" && git archive "$BENCH_BASELINE" | tar -x -C "$work/baseline")
  (cd "$work/baseline" && go build -o "$work/terse-baseline" .)
  base=$work/terse-baseline
fi
# Measurement runs never touch the user's ledger; the "ledger on" rows use
# a ledger of their own.
export TERSE_LEDGER=off
# terse run saves each run's output: into the suite's own state directory.
export XDG_STATE_HOME=$work/state
td=$repo/testdata
pd=$repo/profiles

gobin=$(go env GOPATH)/bin
[[ ,$sections, == *,2,* ]] && for peer in "gotest.tools/gotestsum@$GOTESTSUM_VERSION" "github.com/mfridman/tparse@$TPARSE_VERSION"; do
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
if [[ ,$sections, == *,1,* ]]; then
fid=$work/fidelity.tsv
rm -f "$fid"
if ! (cd "$repo" && TERSE_BENCH_FIDELITY=$fid go test ./profiles -run '^TestBenchFidelity$' -count=1 >"$work/fidelity.log" 2>&1); then
  echo "warning: the fidelity measurement failed (see $work/fidelity.log); its column shows ?" >&2
fi
touch "$fid"
for f in $(ls "$pd"/*/testdata/captures/*.txt "$pd"/*/testdata/captures/*.json "$pd"/*/testdata/captures/*.log 2>/dev/null | sort); do
  rel=${f#"$pd"/}
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

fi

# --- 2. peers on the same input ------------------------------------------------
if [[ ,$sections, == *,2,* ]]; then
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
fi

# --- 3. throughput and memory --------------------------------------------------
# side INPUT 'LABEL::CMD'...: $runs interleaved rounds, each running every
# command once, in turn, on INPUT (so a busy machine slows them alike); a
# row per command with its MB/s at the median and the best round, its peak
# RSS, and its time over the first command's (the floor, `cat`) in the same
# round, the median of those ratios. The floor's own spread says when the
# machine was too busy for the absolute figures to mean anything. Two more
# floors are known by their labels, and each row gives its median ratio to
# each, whose spread is checked as cat's is:
#   - "md5sum x2" (a CPU floor: both cores busy for about as long as terse
#     keeps them, where cat's 20 ms do not see a neighbour that takes a core
#     for a while; one md5sum did not see one either, as a core was left to
#     it);
#   - "line floor" (scripts/linefloor: a line pipeline of terse's kind that
#     shapes nothing). This host has spells of a minute or so in which
#     terse's rows run 1.4-1.5 times as long while cat and md5sum, which
#     barely touch memory, do not move: the line floor slows with terse
#     then. Each command after it runs between two runs of the line
#     floor; the rounds in which both took within 1.15 times the line
#     floor's best on the input are the command's quiet ones, and its row
#     also gives its median MB/s over those.
# With SUMMARY set (a profile's name), the rows' figures also go to
# $work/summary.tsv, for the table by profile at the end.
side() {
  local input=$1; shift
  local r
  for r in $(seq "$runs"); do
    side_round "$input" side "$r" "$@"
  done
  side_report "$input" side "$@"
}
# side_round INPUT KEY ROUND 'LABEL::CMD'...: one round of side's, each
# command's figures added to $work/KEY.N (N: its place in the list). The
# commands after "line floor" each run between two runs of it (the one
# before is the previous command's after, or the line floor's own): their
# times are the fifth and sixth figures of the command's round (0: none).
side_round() {
  local input=$1 key=$2 r=$3; shift 3
  local i lf="" before=0 cmds=()
  for a in "$@"; do
    [ "${a%%::*}" != "line floor" ] || lf=${a#*::}
    cmds+=("${a#*::}")
  done
  [ "$r" -gt 1 ] || for i in "${!cmds[@]}"; do : >"$work/$key.$i"; done
  # Read once, untimed: with the rounds going over every profile, an input
  # was last read a minute before, and the host may have let its pages go
  # (cat, first in the round, read it from disk then: 1.8 times its best
  # at the median, where it had been 1.04).
  cat "$input" >/dev/null
  local line
  for i in "${!cmds[@]}"; do
    timed "$input" "${cmds[$i]}"
    line="$r $elapsed $figures"
    if [ "$before" != 0 ]; then
      timed "$input" "$lf"
      line="$line $before $elapsed"
      before=$elapsed
    else
      line="$line 0 0"
    fi
    [ "${cmds[$i]}" != "$lf" ] || before=$(awk '{ print $2 }' <<<"$line")
    echo "$line" >>"$work/$key.$i"
  done
}
# timed INPUT CMD: runs CMD on INPUT; elapsed is its wall time in seconds,
# figures its peak RSS in kB and its CPU seconds.
timed() {
  local t m u s
  # Wall time by the nanosecond clock (time's %e has 10 ms steps, as
  # long as cat takes on 100 MB); peak RSS and CPU from time.
  t=$(date +%s%N)
  /usr/bin/time -f '%M %U %S' -o "$work/time" bash -c "exec $2" <"$1" >/dev/null 2>&1 || true
  t=$(( $(date +%s%N) - t ))
  # When the command exits non-zero (terse on a failing run), time writes
  # "Command exited with non-zero status N" first: the figures are on the
  # last line.
  read -r m u s < <(tail -n 1 "$work/time")
  elapsed=$(awk -v t="$t" 'BEGIN{printf "%.6f", t/1e9}')
  figures="$m $(awk -v u="$u" -v s="$s" 'BEGIN{print u+s}')"
}
# side_report INPUT KEY 'LABEL::CMD'...: side's rows from the rounds in
# $work/KEY.N.
side_report() {
  local input=$1 key=$2; shift 2
  local i labels=()
  for a in "$@"; do labels+=("${a%%::*}"); done
  local bytes
  bytes=$(stat -c %s "$input")
  local cpufloor="" linefloor="" lfbest=0
  for i in "${!labels[@]}"; do
    case ${labels[$i]} in
    "md5sum x2") cpufloor=$i ;;
    "line floor") linefloor=$i ;;
    esac
  done
  if [ -n "$linefloor" ]; then
    # The line floor's best time on this input, of its own rounds and the
    # runs around the commands after it.
    lfbest=$(cat "$work/$key".* | awk '{ print $5; print $6 }' | cat - <(awk '{ print $2 }' "$work/$key.$linefloor") |
      awk '$1 > 0 && (b == 0 || $1 < b) { b=$1 } END { print b + 0 }')
  fi
  for i in "${!labels[@]}"; do
    # Per round: the time, and its ratio to each floor (the files pasted
    # side by side: the command's round is fields 1-6, cat's 7-12, the CPU
    # floor's 13-18, the line floor's 19-24; a command after the line
    # floor is compared with its own runs of it, before and after it,
    # fields 5 and 6); then medians, and the median over the quiet
    # rounds: those whose line floor ran within 1.15 times its best, both
    # before and after the command.
    local stats
    stats=$(paste -d' ' "$work/$key.$i" "$work/$key.0" "$work/$key.${cpufloor:-0}" "$work/$key.${linefloor:-0}" |
      awk -v b="$bytes" -v c="$cpufloor" -v l="$linefloor" -v best="$lfbest" '
      { t[NR]=$2; if ($3 > rss) rss=$3; cpu[NR]=$4; q[NR]=($8 > 0 ? $2/$8 : 0); r[NR]=($14 > 0 ? $2/$14 : 0)
        if ($5 > 0 && $6 > 0) { f=($5 > $6 ? $5 : $6); m=($5+$6)/2 } else { f=$20; m=$20 }
        p[NR]=(m > 0 ? $2/m : 0); lt[NR]=f }
      function srt(a, n,   i, j, v) { for (i = 2; i <= n; i++) { v=a[i]; for (j=i-1; j >= 1 && a[j] > v; j--) a[j+1]=a[j]; a[j+1]=v } }
      function med(a) { return medn(a, NR) }
      function medn(a, n) { srt(a, n); return a[int((n+1)/2)] }
      END { n=0; for (k = 1; k <= NR; k++) if (lt[k] <= 1.15*best) qt[++n]=t[k]
            mt=med(t); mn=t[1]; qm=(n > 0 ? medn(qt, n) : 0)
            note=sprintf("%.3f s wall median, %.3f best; %.2f s CPU; %.2fx the floor (paired)", mt, mn, med(cpu), med(q))
            if (c != "") note=note sprintf(", %.2fx md5sum x2", med(r))
            if (l != "") note=note sprintf(", %.2fx the line floor; %d of %d rounds quiet: %s MB/s at their median", med(p), n, NR, (qm > 0 ? sprintf("%.0f", b/1e6/qm) : "-"))
            printf "%s\t%s\t%.1f MB\t%s\t%s\n", (mt > 0 ? sprintf("%.0f", b/1e6/mt) : "-"), (mn > 0 ? sprintf("%.0f", b/1e6/mn) : "-"),
              rss/1024, note, (l != "" && qm > 0 ? sprintf("%.0f", b/1e6/qm) : "-") }')
    local mbs best rss note quiet
    IFS=$'\t' read -r mbs best rss note quiet <<<"$stats"
    row "${labels[$i]}" "$(basename "$input")" "" "" "" "" "" "$mbs (best $best)" "$rss" "$note"
    [ -z "${SUMMARY:-}" ] || printf '%s\t%s\t%s\t%s\t%s\n' "$SUMMARY" "${labels[$i]}" "$mbs" "$quiet" "$rss" >>"$work/summary.tsv"
  done
  busy "$(basename "$input"): cat" "$work/$key.0"
  [ -z "$cpufloor" ] || busy "$(basename "$input"): md5sum x2" "$work/$key.$cpufloor"
  [ -z "$linefloor" ] || busy "$(basename "$input"): the line floor" "$work/$key.$linefloor"
}
# busy LABEL FILE: a row when the floor's times in FILE spread too far.
busy() {
  local v
  v=$(sort -n -k2,2 "$2" | awk '{ s[NR]=$2 } END { n=NR; if (n < 2 || s[1] <= 0) exit; m=s[int((n+1)/2)]
    if (m/s[1] > 1.3 || s[n]/s[1] > 1.6) printf "median %.2fx, max %.2fx its min", m/s[1], s[n]/s[1] }')
  [ -z "$v" ] || row "MACHINE TOO BUSY" "$1" "" "" "" "" "" "" "" "the floor varied ($v): read the ratios to it, not the MB/s"
}
ledger=$work/ledger.jsonl
profs=()
for dir in "$pd"/*/testdata/captures; do
  prof=$(basename "$(dirname "$(dirname "$dir")")")
  [ "$prof" = bench ] && continue
  # BENCH_PROFILES=mocha,tap measures those alone.
  case ,${BENCH_PROFILES:-$prof}, in *,"$prof",*) ;; *) continue ;; esac
  mapfile -t caps < <(ls "$dir"/*.txt "$dir"/*.log 2>/dev/null || true)
  [ ${#caps[@]} -gt 0 ] || continue
  big=$work/$prof-${mb}mb.txt
  if [ ! -s "$big" ] || [ "$(stat -c %s "$big")" -lt $((mb * 1000000)) ]; then
    : >"$big"
    while [ "$(stat -c %s "$big")" -lt $((mb * 1000000)) ]; do cat "${caps[@]}" "${caps[@]}" "${caps[@]}" "${caps[@]}" >>"$big"; done
  fi
  profs+=("$prof")
done
# prof_cmds PROF: the commands of a profile's rows. -p names the profile,
# as `terse run` does from the command; a pipe without it first finds
# which tools the input holds, line by line.
prof_cmds() {
  local big=$work/$1-${mb}mb.txt
  cmds=("cat::cat" "md5sum x2::sh -c 'md5sum $big & md5sum $big; wait'" "line floor::$work/linefloor"
    "terse -p $1, ledger off::$bin -p $1"
    "terse -p $1, ledger on::env TERSE_LEDGER=$ledger $bin -p $1"
    "terse (detected), ledger on::env TERSE_LEDGER=$ledger $bin"
    "terse run -p $1 -- cat, ledger on::env TERSE_LEDGER=$ledger $bin run -p $1 -- cat $big")
  [ -z "$base" ] || cmds+=("terse $BENCH_BASELINE (detected), ledger on::env TERSE_LEDGER=$ledger $base")
}
# cmd_index LABEL: the place of the command so labelled in cmds.
cmd_index() {
  local i
  for i in "${!cmds[@]}"; do
    [ "${cmds[$i]%%::*}" != "$1" ] || { echo "$i"; return; }
  done
  echo "bench.sh: no command labelled $1" >&2
  return 1
}
# paired KEY I J: the median over the rounds of command I's wall time over
# command J's, in $work/KEY.N (the two ran in the same round, minutes
# apart from the next: a slow spell of the host slows both).
paired() {
  paste -d' ' "$work/$1.$2" "$work/$1.$3" | awk '{ n++; r[n]=($8 > 0 ? $2/$8 : 0) }
    END { for (i = 2; i <= n; i++) { v=r[i]; for (j=i-1; j >= 1 && r[j] > v; j--) r[j+1]=r[j]; r[j+1]=v }
          if (n > 0) printf "%.2f", r[int((n+1)/2)] }'
}
if [[ ,$sections, == *,3,* ]]; then
  # A round runs every profile's commands once, so that a profile's rounds
  # lie minutes apart: a slow spell of the host (see side) takes a round or
  # two of each, not all of one profile's.
  for r in $(seq "$runs"); do
    for prof in "${profs[@]}"; do
      prof_cmds "$prof"
      side_round "$work/$prof-${mb}mb.txt" "side-$prof" "$r" "${cmds[@]}"
    done
  done
  for prof in "${profs[@]}"; do
    prof_cmds "$prof"
    SUMMARY=$prof side_report "$work/$prof-${mb}mb.txt" "side-$prof" "${cmds[@]}"
    [ -z "$base" ] || printf '%s\tpaired\t%s\n' "$prof" \
      "$(paired "side-$prof" "$(cmd_index "terse (detected), ledger on")" "$(cmd_index "terse $BENCH_BASELINE (detected), ledger on")")" >>"$work/summary.tsv"
  done
fi
# Exact token counting, beside cat, on the jest input (the tokens of a
# real log, some of them coloured).
if [[ ,$sections, == *,3,* ]]; then
  tokin=$work/jest-${mb}mb.txt
  [ -f "$tokin" ] || tokin=$(ls "$work"/*-"${mb}"mb.txt | head -1)
  if [ -n "$base" ]; then
    side "$tokin" "cat::cat" "terse tokens (exact count)::$bin tokens" \
      "terse $BENCH_BASELINE tokens (exact count)::$base tokens" \
      "terse -p jest, ledger on::env TERSE_LEDGER=$ledger $bin -p jest" \
      "terse $BENCH_BASELINE -p jest, ledger on::env TERSE_LEDGER=$ledger $base -p jest"
  else
    side "$tokin" "cat::cat" "terse tokens (exact count)::$bin tokens"
  fi
fi

# --- 4. start-up ---------------------------------------------------------------
# scripts/startup runs the commands in interleaved rounds and reports each
# beside the floor of the same rounds: `true`, an empty Go program, a Go
# program that runs `true` through os/exec (scripts/startup/floor).
startup_rows() { # FLOOR-COUNT STDIN CMD...: rows from scripts/startup's report
  local floor=$1 stdin=$2; shift 2
  local args=(-runs "$((runs * 30))" -floor "$floor")
  [ -z "$stdin" ] || args+=(-stdin "$stdin")
  PATH=$work:$PATH "$work/startup" "${args[@]}" -- "$@" >"$work/startup.txt"
  local label min med omin omed v
  while IFS=$'\t' read -r label min med omin omed; do
    row "$label" "-" "" "" "" "" "" "" "" "min $min, median $med; over the floor: min $omin, median $omed"
  # The wall table comes first; a second, headed "cpu (user+sys)", has each
  # command's CPU time (no p90 and no paired column).
  done < <(awk 'NR == 1 || /^floor = / { next }
         /^cpu \(user\+sys\)/ { cpu = 1; next }
         { label=$0; sub(/ +[0-9.]+ms .*/, "", label); n=split($0, f, / +/)
           if (cpu) printf "%s, CPU\t%s\t%s\t%s %s\t%s %s\n", label, f[n-5], f[n-4], f[n-3], f[n-2], f[n-1], f[n]
           else printf "%s\t%s\t%s\t%s %s\t%s %s\n", label, f[n-7], f[n-6], f[n-4], f[n-3], f[n-2], f[n-1] }' "$work/startup.txt")
  v=$(sed -n 's/^floor = //p' "$work/startup.txt")
  row "floor: ${v%%;*}" "-" "" "" "" "" "" "" "" "${v#*; }"
}
if [[ ,$sections, == *,4,* ]]; then
  (cd "$repo" && go build -o "$work/startup" ./scripts/startup && go build -o "$work/floor" ./scripts/startup/floor)
  if "$bin" run --help >/dev/null 2>&1; then
    if [ -n "$base" ]; then
      startup_rows 3 "" true floor "floor true" "terse run -- true" "terse-baseline run -- true" "terse"
    else
      startup_rows 3 "" true floor "floor true" "terse run -- true" "terse"
    fi
  else
    startup_rows 2 "" true floor "terse"
  fi
  # What counting for the ledger adds to a small run, beside the same run
  # with the ledger off, in the same rounds.
  small=$pd/jest/testdata/captures/mixed.txt
  cat >"$work/jest-small-ledger-off" <<SH
#!/bin/sh
exec env TERSE_LEDGER=off "$bin" -p jest
SH
  cat >"$work/jest-small-ledger-on" <<SH
#!/bin/sh
exec env TERSE_LEDGER="$ledger" "$bin" -p jest
SH
  chmod +x "$work/jest-small-ledger-off" "$work/jest-small-ledger-on"
  startup_rows 1 "$small" jest-small-ledger-off jest-small-ledger-on
fi

# --- 5. memory at 1 GB -----------------------------------------------------------
# Issue 16 asks for a peak RSS under 50 MB at 1 GB: one round each (memory
# does not depend on the machine's load), ledger on, beside cat. jest's is
# the biggest report; pytest's and go test's runs hold lines other tools'
# signatures match now and then (thousands of one-line segments in 100 MB
# before the scan joined them as it went).
if [[ ,$sections, == *,5,* ]]; then
  bigmb=${BENCH_BIG_MB:-1000}
  for prof in ${BENCH_BIG_PROFILES:-jest pytest gotest}; do
    src=$work/$prof-${mb}mb.txt
    [ -f "$src" ] || continue
    huge=$work/$prof-${bigmb}mb-rss.txt
    : >"$huge"
    while [ "$(stat -c %s "$huge")" -lt $((bigmb * 1000000)) ]; do cat "$src" >>"$huge"; done
    saved_runs=$runs
    runs=1
    side "$huge" "cat::cat" "terse -p $prof, ledger on::env TERSE_LEDGER=$ledger $bin -p $prof" \
      "terse (detected), ledger on::env TERSE_LEDGER=$ledger $bin"
    runs=$saved_runs
    rm -f "$huge"
  done
fi

# --- the table -----------------------------------------------------------------
pgo=$(go version -m "$bin" | awk '$2 ~ /^-pgo=/ {sub(/^-pgo=/, "", $2); n = split($2, p, "/"); print p[n]}')
echo "terse $(cd "$repo" && git describe --always --dirty 2>/dev/null || echo '?'), $(go version | awk '{print $3}'), pgo: ${pgo:-off}, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ); ${mb} MB inputs, $runs interleaved rounds, load $(cut -d" " -f1-3 /proc/loadavg); tokens: o200k_base"
echo
echo "| subject | input | raw tok | out tok | saved | failures kept | vs yardstick | MB/s | peak RSS | note |"
echo "|---|---|--:|--:|--:|---|--:|--:|--:|---|"
printf '%s\n' "${rows[@]}"
# The throughput rows again, by profile: MB/s at the median of all rounds,
# and in brackets at the median of the quiet rounds (see side).
if [ -s "$work/summary.tsv" ]; then
  echo
  echo "Throughput with the ledger on, MB/s at the median of $runs rounds (in brackets: of the quiet rounds, the line floor within 1.15x its best):"
  echo
  if [ -n "$base" ]; then
    echo "| profile | -p | detected | terse run -p | terse run's peak RSS | detected at $BENCH_BASELINE | detected / $BENCH_BASELINE (paired) |"
    echo "|---|--:|--:|--:|--:|--:|--:|"
  else
    echo "| profile | -p | detected | terse run -p | terse run's peak RSS |"
    echo "|---|--:|--:|--:|--:|"
  fi
  awk -F'\t' -v base="$base" '
    { prof=$1; if (!(prof in seen)) { seen[prof]=1; order[++n]=prof }
      v=$3 " (" $4 ")"
      if ($2 ~ /^terse -p .*ledger on$/) fp[prof]=v
      else if ($2 ~ /^terse \(detected\)/) det[prof]=v
      else if ($2 ~ /^terse run -p /) { run[prof]=v; rss[prof]=$5 }
      else if ($2 ~ /\(detected\)/) bdet[prof]=v
      else if ($2 == "paired") pair[prof]=$3 "x" }
    END { for (i = 1; i <= n; i++) { p=order[i]; printf "| %s | %s | %s | %s | %s |", p, fp[p], det[p], run[p], rss[p]
            if (base != "") printf " %s | %s |", bdet[p], pair[p]
            printf "\n" } }' "$work/summary.tsv"
fi
