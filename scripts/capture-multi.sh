#!/usr/bin/env bash
# Regenerates the real captures under testdata/multi/streams: output that is
# not one run of one tool, as a harness's merged stream gets it.
#
#   py-jest.txt   make -k test: pytest 7.2.1 (Debian python3-pytest) passing
#                 on profiles/pytest/testdata/projects/pass, then jest 30.5.2 failing
#                 on profiles/jest/testdata/projects/mixed
#   jest-go.txt   make -k test: jest 30.5.2 passing on
#                 profiles/jest/testdata/projects/pass, then go test failing on
#                 profiles/gotest/testdata/projects/mixed
#   vitest-log.txt  vitest 4.1.12 run, all green, on
#                 testdata/multi/projects/vitest-log: the code under test
#                 logs the errors it recovers from (stderr blocks with
#                 "Error: ..." lines), with and without AI_AGENT=1
#   nul-go.txt    go test -v on testdata/multi/projects/nul-go: a test logs a
#                 frame with a NUL byte in it, another fails
#   log-go.txt    go test -v on testdata/multi/projects/log-go: each test
#                 logs the jest report it reads (indented by go test), every
#                 50th fails
#   cr-go.txt     go test on profiles/gotest/testdata/projects/mixed with every line
#                 ending turned into a lone CR (tr '\n' '\r'), as tools that
#                 write old Mac line ends (or a terminal log with its LFs
#                 lost) deliver it
#   <case>.agent.txt  the same with AI_AGENT=1, as an agent's shell runs it
#                 (jest switches to its agent reporter)
#   go-vet.txt    make -k check on testdata/multi/projects/go-vet: go test
#                 passes, then go vet finds a copied lock
#   build-go.txt  make -k ci on testdata/multi/projects/build-go: go build -x
#                 -a (about 90 kB of build steps, no tool's output), then go
#                 test failing on profiles/gotest/testdata/projects/mixed
#   <case>.exit   the exit code (of make, of go test)
#
# Projects are copied to /tmp/terse-fixtures/multi/<case> so paths are stable.
# jest and its projects' dependencies are installed with npm into
# ${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/multi-jest. Needs make, node,
# npm, /usr/bin/python3 with python3-pytest, go. Re-runnable.
set -euo pipefail

JEST_VERSION=30.5.2

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src=$repo/testdata/multi/projects
out=$repo/testdata/multi/streams
capture_dir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}
tool=$capture_dir/multi-jest
fix=/tmp/terse-fixtures/multi

# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"

want=$(printf '{\n  "name": "terse-multi-jest-tool",\n  "private": true,\n  "dependencies": {\n    "jest": "%s",\n    "semver": "7.8.6"\n  }\n}' "$JEST_VERSION")
npm_tool "$tool" "$want" jest "$JEST_VERSION" jest/bin/jest.js

gobin=$(command -v go)
run_env=("${base_env[@]}" "CI=true" "NO_COLOR=1"
  "PATH=$(dirname "$gobin"):/usr/bin:/bin"
  "GOCACHE=$capture_dir/gocache" "GOPATH=$capture_dir/gopath"
  "GOFLAGS=" "GOPROXY=off" "GOTOOLCHAIN=local" "GOTELEMETRY=off")

agent_env=()
mkdir -p "$out"
rm -rf "$fix" && mkdir -p "$fix"

# project CASE: a fresh copy of the case's own files.
project() { mkdir -p "$fix/$1" && cp -R "$src/$1/." "$fix/$1/"; }
# js DIR PROJECT: a jest project with the tool's node_modules.
js() { fresh_fixture "$repo/profiles/jest/testdata/projects/$2" "$1" "$tool"; }

capture() { # NAME DIR CMD...
  local name=$1 dir=$2; shift 2
  set +e
  (cd "$dir" && "${run_env[@]}" ${agent_env[@]+"${agent_env[@]}"} "$@") >"$out/$name.txt" 2>&1
  echo $? >"$out/$name.exit"
  set -e
  echo "wrote $out/$name.txt ($(wc -c <"$out/$name.txt") bytes, exit $(cat "$out/$name.exit"))"
}

project py-jest
cp -R "$repo/profiles/pytest/testdata/projects/pass" "$fix/py-jest/py"
js "$fix/py-jest/js" mixed
capture py-jest "$fix/py-jest" make -k test
agent_env=(AI_AGENT=1); capture py-jest.agent "$fix/py-jest" make -k test; agent_env=()

project jest-go
js "$fix/jest-go/js" pass
cp -R "$repo/profiles/gotest/testdata/projects/mixed" "$fix/jest-go/go"
capture jest-go "$fix/jest-go" make -k test
agent_env=(AI_AGENT=1); capture jest-go.agent "$fix/jest-go" make -k test; agent_env=()

project go-vet
capture go-vet "$fix/go-vet" make -k check

project build-go
cp -R "$repo/profiles/gotest/testdata/projects/mixed/." "$fix/build-go/"
capture build-go "$fix/build-go" make -k ci

vitest=$capture_dir/multi-vitest
npm_tool "$vitest" '{"name":"terse-multi-vitest-tool","private":true,"dependencies":{"vitest":"4.1.12"}}' vitest 4.1.12 vitest/vitest.mjs
fresh_fixture "$src/vitest-log" "$fix/vitest-log" "$vitest"
capture vitest-log "$fix/vitest-log" node node_modules/vitest/vitest.mjs run
agent_env=(AI_AGENT=1); capture vitest-log.agent "$fix/vitest-log" node node_modules/vitest/vitest.mjs run; agent_env=()

project nul-go
capture nul-go "$fix/nul-go" go test -count=1 -v ./...
grep -qaP '\x00' "$out/nul-go.txt" || { echo "error: no NUL byte in nul-go.txt" >&2; exit 1; }

project log-go
capture log-go "$fix/log-go" go test -count=1 -v ./...

mkdir -p "$fix/cr-go" && cp -R "$repo/profiles/gotest/testdata/projects/mixed/." "$fix/cr-go/"
capture cr-go "$fix/cr-go" bash -c 'set -o pipefail; go test -count=1 ./... 2>&1 | tr "\n" "\r"'
if [[ $(tr -dc '\n' <"$out/cr-go.txt" | wc -c) -ne 0 ]]; then echo "error: cr-go.txt has a LF" >&2; exit 1; fi

{
  echo "node $(node --version)"
  echo "jest $(node -p "require('$tool/node_modules/jest/package.json').version")"
  echo "$(/usr/bin/python3 --version) (/usr/bin/python3, Debian)"
  echo "pytest $(/usr/bin/python3 -c 'import pytest; print(pytest.__version__)')"
  go version
  make --version | sed -n 1p
  echo "fixture root $fix"
} >"$out/VERSIONS"
