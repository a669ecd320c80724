#!/usr/bin/env bash
# Regenerates the real `go test` output fixtures under profiles/gotest/testdata/captures/.
#
# Each project in profiles/gotest/testdata/projects/<case>/ is a Go module of its own
# (the go tool ignores directories named testdata, so terse's own
# `go test ./...` and `go vet ./...` never descend into them). This script
# copies each module to the fixed path /tmp/terse-fixtures/gotest/<case> (so
# the absolute paths in stack traces are the same on every machine) and runs
# `go test ./...` there:
#
#   <case>.txt     go test ./...          (stdout+stderr)
#   <case>.v.txt   go test -v ./...       (stdout+stderr)
#   <case>.json    go test -json ./...    (stdout+stderr: JSON lines): the ground truth
#   <case>.exit    exit code of the default run
#   buildfail.bom.txt  the default run of buildfail saved as a log by a tool
#                  that writes a UTF-8 byte-order mark first (Python's
#                  utf-8-sig codec here, as PowerShell's Out-File does)
#
# with -count=1 (no "(cached)" results) and the case's own flags: the
# timeout case runs with -timeout 2s, the race case with -race (which needs
# cgo and a C compiler), norun runs the pass project with a -run pattern that
# matches no test, cover the mixed project with -cover.
#
# Real suites: each profiles/gotest/testdata/realsuites/<case>.patch puts bugs into a
# real, published Go module (named with its version in real_suites below).
# The module is taken from the module cache (`go mod download` fetches it
# and its test dependencies through the GOPROXY of the caller's environment:
# the only step that may use the network), copied to the fixture root, made
# writable, patched, and tested like the cases above on the packages listed.
# <case>.module holds the module path (for the tests, which read paths
# relative to the module root).
#
# The terse case is this repository's own root package, TestScripts
# (testscript), as committed (git archive HEAD), with one renderer word
# changed ("%d skipped" -> "%d skip"), run as an agent runs it
# (CLAUDECODE=1 AI_AGENT=1): every script that checks a summary line
# fails, its verdict the last line of a long log.
#
# Uses the go on PATH, GOTOOLCHAIN=local, no network for the runs.
# Re-runnable; `capture-gotest.sh CASE...` captures only the cases named.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
src_root=$repo/profiles/gotest/testdata/projects
out=$repo/profiles/gotest/testdata/captures
fix_root=/tmp/terse-fixtures/gotest
cases=(pass mixed buildfail timeout race many norun cover logs urfavecli mvdansh gofumpt terse)

# real_suites: case -> module@version whose tests run with bugs put in.
declare -A real_suites=(
  [urfavecli]=github.com/urfave/cli/v3@v3.14.0
  [mvdansh]=mvdan.cc/sh/v3@v3.14.1
  [gofumpt]=mvdan.cc/gofumpt@v0.12.0
)

# project_for names the directory under projects/ a case runs on (cases
# that are a project run with other flags share its directory).
project_for() {
  case $1 in
    norun) echo pass ;;
    cover) echo mixed ;;
    *) echo "$1" ;;
  esac
}

flags_for() {
  case $1 in
    timeout) echo "-timeout 2s" ;;
    race) echo "-race" ;;
    norun) echo "-run TestNoSuchTest" ;;
    cover) echo "-cover" ;;
    # one test at a time: the three captures are three runs, and the
    # ground truth (-json) must be the same run as the text forms
    mvdansh) echo "-parallel 1" ;;
    # testscript runs its scripts in parallel: one at a time, for the
    # same reason
    gofumpt) echo "-parallel 1 -run ^TestScript\$" ;;
    # the scripts the bug fails, and four it does not: the whole of
    # TestScripts is 4 MB in -v (hook_claude_deep alone 3.4 MB), and
    # run_deadline and run_signals wait on the clock (under load they fail
    # without the bug, and the three forms would not agree)
    terse) echo "-parallel 1 -run ^TestScripts\$/^(verify|run_several_runs|run_machine|run_ledger|run_group|profile_broken|multi_tool|jest|run_jest|jest_cut|vitest_cut|lint_run)\$" ;;
    *) echo "" ;;
  esac
}

# packages_for lists the packages a case tests: mvdansh leaves out interp
# and syntax, whose suites are long (interp's also fails when run as root).
packages_for() {
  case $1 in
    mvdansh) echo "./expand/... ./pattern/... ./shell/... ./syntax/typedjson/..." ;;
    gofumpt | terse) echo "." ;;
    *) echo "./..." ;;
  esac
}

gobin=$(command -v go)
cache=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/gocache
modcache=$(go env GOMODCACHE)
mkdir -p "$out" "$fix_root" "$cache"

# Fixed, minimal environment: no inherited GOFLAGS, no proxy, no toolchain
# switch. CGO_ENABLED=1 for -race.
base_env=(env -i
  "PATH=$(dirname "$gobin"):/usr/bin:/bin"
  "HOME=${HOME:-/root}"
  "GOCACHE=$cache"
  "GOPATH=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/gopath"
  "GOFLAGS=-mod=readonly"
  "GOMODCACHE=$modcache"
  "GOPROXY=off"
  "GOTOOLCHAIN=local"
  "GOTELEMETRY=off"
  "CGO_ENABLED=1"
  "TZ=UTC"
  "LANG=C.UTF-8"
)

# env_for is the case's environment beyond base_env: terse's own suite
# runs as under an agent.
env_for() {
  case $1 in
    terse) echo "CLAUDECODE=1 AI_AGENT=1" ;;
    *) echo "" ;;
  esac
}

run_go_test() {
  local case=$1; shift
  # shellcheck disable=SC2046
  (cd "$fix_root/$case" && "${base_env[@]}" $(env_for "$case") go test -count=1 $(flags_for "$case") "$@" $(packages_for "$case"))
}

# copy_project puts the case's module at $fix_root/$case: a project of
# testdata, or a real module from the module cache with the case's bugs.
copy_project() {
  local case=$1 dir=$fix_root/$1 mod=${real_suites[$1]:-}
  if [[ $case == terse ]]; then
    git -C "$repo" archive HEAD | tar -x -C "$dir"
    sed -i 's/"%d skipped"/"%d skip"/' "$dir/render/render.go"
    grep -q '"%d skip"' "$dir/render/render.go" || { echo 'error: render/render.go has no "%d skipped" to change' >&2; exit 1; }
    return
  fi
  if [[ -z $mod ]]; then
    cp -R "$src_root/$(project_for "$case")/." "$dir/"
    return
  fi
  local src
  src=$(go mod download -json "$mod" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [[ -d $src ]] || { echo "error: $mod not in the module cache" >&2; exit 1; }
  cp -R "$src/." "$dir/"
  chmod -R u+w "$dir"
  (cd "$dir" && go mod download)  # its test dependencies
  patch -d "$dir" -p1 --quiet --no-backup-if-mismatch <"$repo/profiles/gotest/testdata/realsuites/$case.patch"
}

selected=("${cases[@]}")
if (($# > 0)); then
  selected=("$@")
fi

for case in "${selected[@]}"; do
  dir=$fix_root/$case
  echo "== $case  ($dir)"
  rm -rf "$dir"
  mkdir -p "$dir"
  copy_project "$case"
  sed -n 's/^module //p' "$dir/go.mod" >"$out/$case.module"

  set +e
  run_go_test "$case" >"$out/$case.txt" 2>&1
  rc=$?
  run_go_test "$case" -v >"$out/$case.v.txt" 2>&1
  run_go_test "$case" -json >"$out/$case.json" 2>&1
  if [[ $case == buildfail ]]; then
    run_go_test "$case" 2>&1 | /usr/bin/python3 -c 'import sys; sys.stdout.reconfigure(encoding="utf-8-sig"); sys.stdout.write(sys.stdin.read())' >"$out/$case.bom.txt"
  fi
  set -e
  echo "$rc" >"$out/$case.exit"

  # sanity: every line of the -json capture is a JSON object
  if grep -qv '^{' "$out/$case.json"; then
    echo "error: $out/$case.json has a line that is not JSON:" >&2
    grep -v '^{' "$out/$case.json" | head -3 >&2
    exit 1
  fi
done

{
  "${base_env[@]}" go version
  echo "fixture root $fix_root"
  for case in "${!real_suites[@]}"; do
    echo "real suite $case: ${real_suites[$case]} with profiles/gotest/testdata/realsuites/$case.patch"
  done | sort
} >"$out/VERSIONS"

echo "wrote:"
for f in "$out"/VERSIONS "$out"/*.txt "$out"/*.json "$out"/*.exit "$out"/*.module; do
  printf '  %8d  %s\n' "$(wc -c <"$f")" "${f#"$repo"/}"
done
for case in "${cases[@]}"; do
  printf '  exit %-10s %s\n' "$case" "$(cat "$out/$case.exit")"
done
