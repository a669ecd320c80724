#!/usr/bin/env bash
# bench-ab.sh: compare the shaping throughput of two versions of terse, side
# by side in one run, so that a busy machine slows both alike.
#
#   scripts/bench-ab.sh [-n rounds] [-p package] OLD NEW [benchmark ...]
#
# OLD and NEW are git refs (built here into test binaries of the package,
# ./profiles by default) or test binaries already built (go test -c). Each
# benchmark is a -test.bench pattern run with -test.benchtime=1x; the
# default list is every throughput benchmark of ./profiles. Each round runs
# every benchmark once with each binary, the order of the two alternating
# from round to round. The report gives, per benchmark, the median MB/s and
# the median CPU seconds (user+system of the whole process, from
# /usr/bin/time: steadier than wall time on a shared machine), and the
# ratios NEW/OLD. A benchmark file NEW has and OLD lacks (a new benchmark)
# is copied into OLD's tree before building, so both run the same input.
#
# With -i, nothing is timed: each benchmark's work is counted in machine
# instructions per op, by valgrind's cachegrind (the whole process run at
# -test.benchtime 3x, less the same at 1x, over the 3 ops between), with
# GOMAXPROCS=1 so that no idle thread spins. The count moves from run to
# run by a few tenths of a percent to about 3% (the collector's work and
# the scheduler's preemptions follow the wall clock, the more so on a busy
# machine): it tells a change of about 5% in the work done, which timed
# rounds on a shared machine cannot. It is not a time: a cache miss or a
# stall counts as one instruction, and one matcher runs where two would.
#
# Example: scripts/bench-ab.sh -n 5 main HEAD
#          scripts/bench-ab.sh -i main HEAD 'Profiles/^mocha$/detected' 
set -euo pipefail

rounds=5
pkg=./profiles
count=""
while getopts "n:p:i" o; do
	case $o in
	n) rounds=$OPTARG ;;
	p) pkg=$OPTARG ;;
	i) count=1 ;;
	*) echo "usage: $0 [-n rounds] [-p package] [-i] OLD NEW [benchmark ...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -lt 2 ]; then
	echo "usage: $0 [-n rounds] [-p package] [-i] OLD NEW [benchmark ...]" >&2
	exit 2
fi
if [ -n "$count" ] && ! command -v valgrind >/dev/null; then
	echo "$0: -i needs valgrind (apt-get install -y valgrind)" >&2
	exit 2
fi
old=$1 new=$2
shift 2
benches=("$@")
if [ ${#benches[@]} -eq 0 ]; then
	benches=('^BenchmarkGenericThroughput$')
	for t in mypy tsc pylint flake8 shellcheck gcc go-vet tap unittest; do
		benches+=("^BenchmarkRulesThroughput\$/^$t\$")
	done
	for b in Jest Pytest Eslint Vitest GoTest GoTestJSON; do
		benches+=("^Benchmark${b}Throughput\$")
	done
fi

root=$(git rev-parse --show-toplevel)
work=$(mktemp -d /tmp/bench-ab.XXXXXX)
trap 'for d in "$work"/src-*; do [ -d "$d" ] && git -C "$root" worktree remove --force "$d"; done; rm -rf "$work"' EXIT

# binary REF|FILE NAME NEWREF: a test binary for a ref or a file.
binary() {
	local what=$1 name=$2 newref=$3
	if [ -f "$what" ] && [ -x "$what" ]; then
		echo "$what"
		return
	fi
	local src=$work/src-$name
	git -C "$root" worktree add --quiet --detach "$src" "$what" >&2
	if [ -n "$newref" ]; then
		# Benchmark files only the new version has, so both run them.
		git -C "$root" ls-tree --name-only "$newref" -- "$pkg/" | grep '_test\.go$' | while read -r f; do
			case $f in *bench_test.go) [ -e "$src/$f" ] || git -C "$root" show "$newref:$f" >"$src/$f" ;; esac
		done
	fi
	(cd "$src" && go test -c -o "$work/$name.test" "$pkg") >&2
	echo "$work/$name.test"
}

newref=""
if ! [ -f "$new" ]; then newref=$new; fi
oldbin=$(binary "$old" old "$newref")
newbin=$(binary "$new" new "")
pkgdir=$root/$pkg

# run BIN LABEL BENCH: one run, appended to the results as
# "label bench MB/s cpu-seconds".
run() {
	local bin=$1 label=$2 bench=$3 out tm
	out=$(cd "$pkgdir" && /usr/bin/time -f 'CPU %U %S' -o "$work/time" "$bin" -test.run '^$' \
		-test.bench "$bench" -test.benchtime 1x 2>&1) || { echo "$label $bench failed:" >&2; echo "$out" >&2; return; }
	tm=$(awk '/^CPU/ {print $2 + $3}' "$work/time")
	echo "$out" | awk -v l="$label" -v b="$bench" -v c="$tm" '/MB\/s/ {for (i = 1; i <= NF; i++) if ($(i+1) == "MB/s") print l, b, $i, c}' >>"$work/results"
}

# instructions BIN BENCH N: the instructions of the whole test process
# running BENCH at -test.benchtime Nx; nothing when the process failed or
# ran no benchmark (a pattern that matches none would count only the
# start-up, and look like a benchmark that costs nothing).
instructions() {
	local out
	out=$(cd "$pkgdir" && GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
		"$1" -test.run '^$' -test.bench "$2" -test.benchtime "$3"x 2>&1) || { echo "$out" | tail -5 >&2; return 0; }
	if ! grep -q 'ns/op' <<<"$out"; then
		echo "$2: no benchmark ran" >&2
		return 0
	fi
	awk '/I +refs:/ {gsub(",", "", $NF); print $NF}' <<<"$out"
}

if [ -n "$count" ]; then
	echo "# instructions per op (cachegrind, GOMAXPROCS=1; 3x less 1x, over 3 ops); old=$old new=$new"
	printf '%-40s %14s %14s %6s\n' benchmark old-instr/op new-instr/op ratio
	for b in "${benches[@]}"; do
		per=()
		for bin in "$oldbin" "$newbin"; do
			one=$(instructions "$bin" "$b" 1) three=$(instructions "$bin" "$b" 3)
			if [ -z "$one" ] || [ -z "$three" ]; then
				echo "$b: no count from $bin (see above)" >&2
				per+=(0)
				continue
			fi
			per+=($(((three - one) / 3)))
		done
		awk -v b="$b" -v o="${per[0]}" -v n="${per[1]}" 'BEGIN {
			printf "%-40s %14.0f %14.0f %6s\n", b, o, n, (o > 0 && n > 0 ? sprintf("%.3f", n / o) : "-") }'
	done
	exit 0
fi

: >"$work/results"
for ((r = 1; r <= rounds; r++)); do
	echo "round $r of $rounds" >&2
	for b in "${benches[@]}"; do
		if ((r % 2)); then
			run "$oldbin" old "$b"; run "$newbin" new "$b"
		else
			run "$newbin" new "$b"; run "$oldbin" old "$b"
		fi
	done
done

echo "# $rounds interleaved rounds, -test.benchtime 1x; old=$old new=$new; $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-40s %9s %9s %6s   %8s %8s %6s\n' benchmark old-MB/s new-MB/s ratio old-CPUs new-CPUs ratio
for b in "${benches[@]}"; do
	med() { awk -v l="$1" -v b="$b" -v f="$2" '$1 == l && $2 == b {print $f}' "$work/results" | sort -g |
		awk '{v[NR] = $1} END {if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
	om=$(med old 3) nm=$(med new 3) oc=$(med old 4) nc=$(med new 4)
	awk -v b="$b" -v om="$om" -v nm="$nm" -v oc="$oc" -v nc="$nc" 'BEGIN {
		printf "%-40s %9.1f %9.1f %6.2f   %8.2f %8.2f %6.2f\n", b, om, nm, (om > 0 ? nm / om : 0), oc, nc, (oc > 0 ? nc / oc : 0) }'
done
