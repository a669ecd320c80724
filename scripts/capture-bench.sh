#!/usr/bin/env bash
# Regenerates the inputs of the peer comparison in scripts/bench.sh: real
# output of `go test` and of vitest 4 on small projects of ours, run at fixed
# paths (/tmp/terse-fixtures/bench/<tool>) so the paths in the output are
# stable. These are not profile captures (they live outside
# testdata/<profile>/captures, so the golden tests do not read them); they
# exist so that terse and its peers can be measured on the same input.
#
#   testdata/bench/gotest/go-test.json      go test -json ./...   (input of gotestsum, tparse, terse)
#   testdata/bench/gotest/go-test.txt       go test ./...         (what an agent reads without a tool)
#   testdata/bench/gotest/go-test.verbose.txt  go test -v ./...
#   testdata/bench/vitest/default.txt       vitest run, default reporter, no colour
#   testdata/bench/vitest/agent.txt         vitest run --reporter=agent (vitest 4's reporter for agents)
#   testdata/bench/vitest/vitest.json       vitest run --reporter=json  (ground truth)
#   <dir>/*.exit, <dir>/VERSIONS
#
# Needs go, node and npm (npm registry access on first run). Re-runnable.
set -euo pipefail

VITEST_VERSION=4.1.12

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fix_root=/tmp/terse-fixtures/bench
tool=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/vitest-tool
base_env=(env -i "PATH=$PATH" "HOME=${HOME:-/root}" "TZ=UTC" "LANG=C.UTF-8" "LC_ALL=C.UTF-8"
  "CI=true" "TERM=dumb" "NO_COLOR=1" "GOFLAGS=-mod=mod" "GOCACHE=$(go env GOCACHE)"
  "GOPATH=$(go env GOPATH)" "GOPROXY=off" "GOTOOLCHAIN=local")

# --- go test -----------------------------------------------------------------
out=$repo/testdata/bench/gotest
dir=$fix_root/gotest
rm -rf "$dir" && mkdir -p "$dir"
cp -R "$repo/testdata/bench/gotest/project/." "$dir/"
set +e
# -count=1: never "(cached)"; -p 1: packages in a fixed order.
(cd "$dir" && "${base_env[@]}" go test -count=1 -p 1 -json ./... >"$out/go-test.json" 2>&1)
(cd "$dir" && "${base_env[@]}" go test -count=1 -p 1 ./... >"$out/go-test.txt" 2>&1)
echo $? >"$out/go-test.exit"
(cd "$dir" && "${base_env[@]}" go test -count=1 -p 1 -v ./... >"$out/go-test.verbose.txt" 2>&1)
set -e
echo "$(go version)" >"$out/VERSIONS"

# --- vitest ------------------------------------------------------------------
out=$repo/testdata/bench/vitest
installed=$(node -p "try{require('$tool/node_modules/vitest/package.json').version}catch(e){''}")
if [[ "$installed" != "$VITEST_VERSION" ]]; then
  echo "installing vitest@$VITEST_VERSION into $tool"
  rm -rf "$tool" && mkdir -p "$tool"
  printf '{"name":"terse-vitest-tool","private":true,"dependencies":{"vitest":"%s"}}\n' "$VITEST_VERSION" >"$tool/package.json"
  (cd "$tool" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
fi
dir=$fix_root/vitest
rm -rf "$dir" && mkdir -p "$dir"
cp -R "$repo/testdata/bench/vitest/project/." "$dir/"
cp -R "$tool/node_modules" "$dir/node_modules"
vitest=(node node_modules/vitest/vitest.mjs run --root "$dir" --no-file-parallelism --sequence.shuffle=false)
set +e
(cd "$dir" && "${base_env[@]}" "${vitest[@]}" >"$out/default.txt" 2>&1)
echo $? >"$out/default.exit"
(cd "$dir" && "${base_env[@]}" "${vitest[@]}" --reporter=agent >"$out/agent.txt" 2>&1)
(cd "$dir" && "${base_env[@]}" "${vitest[@]}" --reporter=json --outputFile.json="$out/vitest.json" >/dev/null 2>&1)
set -e
{
  echo "node $(node --version)"
  echo "vitest $(node -p "require('$tool/node_modules/vitest/package.json').version")"
  echo "fixture root $fix_root/vitest"
} >"$out/VERSIONS"

for f in "$repo"/testdata/bench/gotest/go-test* "$repo"/testdata/bench/vitest/{default,agent}.txt "$repo"/testdata/bench/vitest/vitest.json; do
  printf '  %8d  %s\n' "$(wc -c <"$f")" "${f#"$repo"/}"
done
