#!/usr/bin/env bash
# Regenerates profiles/go-vet/testdata: go vet and go build (the Go on PATH; its
# version is written to captures/VERSIONS) on copies of gojq v0.12.20 from
# the Go module cache, with bugs put in by
# profiles/go-vet/testdata/projects/gojq/bugs.sh:
#   vet.txt    go vet: three printf mistakes
#   build.txt  go build: a wrong number of return values (with its
#              have/want lines) and an undefined name
# The truths are the same runs with -json (reports/NAME.truth).
tool=go-vet
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/lint-capture.sh"
src=$(go env GOMODCACHE)/github.com/itchyny/gojq@v0.12.20
[[ -d $src ]] || { echo "gojq v0.12.20 is not in the module cache (go mod download in the repository)" >&2; exit 1; }
export GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local
for name in vet build; do
  cp -r "$src" "$fix/$name" && chmod -R u+w "$fix/$name"
done
"$repo/profiles/go-vet/testdata/projects/gojq/bugs.sh" "$fix/vet"
"$repo/profiles/go-vet/testdata/projects/gojq/bugs.sh" "$fix/build" build
capture vet "$fix/vet" go vet .
(cd "$fix/vet" && go vet -json .) >"$reports/vet.truth" 2>&1
capture build "$fix/build" go build .
truth build "$fix/build" go build -json .
go version >"$out/VERSIONS"
