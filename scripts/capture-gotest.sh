#!/usr/bin/env bash
# Regenerates the real `go test` output fixtures under testdata/gotest/captures/.
#
# Each project in testdata/gotest/projects/<case>/ is a Go module of its own
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
#
# with -count=1 (no "(cached)" results) and the case's own flags: the
# timeout case runs with -timeout 2s, the race case with -race (which needs
# cgo and a C compiler). Uses the go on PATH, GOTOOLCHAIN=local, no network.
# Re-runnable.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src_root=$repo/testdata/gotest/projects
out=$repo/testdata/gotest/captures
fix_root=/tmp/terse-fixtures/gotest
cases=(pass mixed buildfail timeout race many)

flags_for() {
  case $1 in
    timeout) echo "-timeout 2s" ;;
    race) echo "-race" ;;
    *) echo "" ;;
  esac
}

gobin=$(command -v go)
cache=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/gocache
mkdir -p "$out" "$fix_root" "$cache"

# Fixed, minimal environment: no inherited GOFLAGS, no proxy, no toolchain
# switch. CGO_ENABLED=1 for -race.
base_env=(env -i
  "PATH=$(dirname "$gobin"):/usr/bin:/bin"
  "HOME=${HOME:-/root}"
  "GOCACHE=$cache"
  "GOPATH=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/gopath"
  "GOFLAGS="
  "GOPROXY=off"
  "GOTOOLCHAIN=local"
  "GOTELEMETRY=off"
  "CGO_ENABLED=1"
  "TZ=UTC"
  "LANG=C.UTF-8"
)

run_go_test() {
  local case=$1; shift
  # shellcheck disable=SC2046
  (cd "$fix_root/$case" && "${base_env[@]}" go test -count=1 $(flags_for "$case") "$@" ./...)
}

for case in "${cases[@]}"; do
  dir=$fix_root/$case
  echo "== $case  ($dir)"
  rm -rf "$dir"
  mkdir -p "$dir"
  cp -R "$src_root/$case/." "$dir/"

  set +e
  run_go_test "$case" >"$out/$case.txt" 2>&1
  rc=$?
  run_go_test "$case" -v >"$out/$case.v.txt" 2>&1
  run_go_test "$case" -json >"$out/$case.json" 2>&1
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
} >"$out/VERSIONS"

echo "wrote:"
for f in "$out"/VERSIONS "$out"/*.txt "$out"/*.json "$out"/*.exit; do
  printf '  %8d  %s\n' "$(wc -c <"$f")" "${f#"$repo"/}"
done
for case in "${cases[@]}"; do
  printf '  exit %-10s %s\n' "$case" "$(cat "$out/$case.exit")"
done
