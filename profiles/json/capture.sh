#!/usr/bin/env bash
# Regenerates the real JSON output of tools without a terse profile, under
# profiles/json/testdata/documents/: what the generic "json" profile shapes.
#
#   go_list_encoding.json  `go list -json encoding/...`: a sequence of indented
#                          JSON values, one per package (Go at /usr/local/go)
#   go_env.json            `go env -json`: one object, no list
#   npm_view_semver.json   `npm view semver@7.6.3 --json`: a registry
#                          document whose largest list is "versions" (needs
#                          the npm registry)
#
# Re-runnable; the Go captures depend on the Go version (recorded in VERSIONS).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/json/testdata/documents
mkdir -p "$out"
cd /tmp
export GOFLAGS= GOTOOLCHAIN=local
go list -json encoding/... > "$out/go_list_encoding.json"
go env -json > "$out/go_env.json"
npm view semver@7.6.3 --json --loglevel=error > "$out/npm_view_semver.json"
{
  go version
  echo "npm $(npm --version 2>/dev/null)"
} > "$out/VERSIONS"
ls -l "$out"
