#!/usr/bin/env bash
# Regenerates profiles/golangci-lint/testdata: golangci-lint v2.15.0 (pinned: the
# script stops on another version; install it with
#   go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0)
# on copies of gojq v0.12.20 from the Go module cache, with the bugs of
# profiles/go-vet/testdata/projects/gojq/bugs.sh put in:
#   default.txt    the default linters (errcheck, govet, staticcheck, ...)
#   many.txt       ten linters, no cap on issues per linter or per text:
#                  hundreds of lines, multi-line source excerpts (revive);
#                  sorted by file (projects/by-file.yml): the default order,
#                  by linter, shows a file under one header per linter
#                  (the lint sink streams errors)
#   typecheck.txt  code that does not build: typecheck's problems
#   clean.txt      govet alone on gojq as released: "0 issues."
# The truths are the same runs with --output.json.path stdout.
tool=golangci-lint
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/lint-capture.sh"
version=2.15.0
golangci-lint --version | grep -q "version $version " || { echo "golangci-lint $version is needed" >&2; exit 1; }
src=$(go env GOMODCACHE)/github.com/itchyny/gojq@v0.12.20
[[ -d $src ]] || { echo "gojq v0.12.20 is not in the module cache (go mod download in the repository)" >&2; exit 1; }
export GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local
for name in default many typecheck clean; do
  cp -r "$src" "$fix/$name" && chmod -R u+w "$fix/$name"
done
"$repo/profiles/go-vet/testdata/projects/gojq/bugs.sh" "$fix/default"
"$repo/profiles/go-vet/testdata/projects/gojq/bugs.sh" "$fix/many"
"$repo/profiles/go-vet/testdata/projects/gojq/bugs.sh" "$fix/typecheck" build
many=(-c "$repo/profiles/golangci-lint/testdata/projects/by-file.yml" -E errcheck,staticcheck,unused,govet,ineffassign,revive,gocritic,errorlint,nakedret,gocyclo --max-issues-per-linter 0 --max-same-issues 0)
# both NAME DIR ARGS...: the text form is the capture, the JSON form the truth.
both() {
  local name=$1 dir=$2; shift 2
  capture "$name" "$dir" golangci-lint run "$@"
  truth "$name" "$dir" golangci-lint run --output.json.path stdout --show-stats=false "$@"
}
both default "$fix/default" .
both many "$fix/many" "${many[@]}" .
both typecheck "$fix/typecheck" .
both clean "$fix/clean" --enable-only govet .
golangci-lint --version >"$out/VERSIONS"
