#!/usr/bin/env bash
# Regenerates the real jest output fixtures under profiles/jest/testdata/captures/.
#
# For each project in profiles/jest/testdata/projects/<case>/ this script copies the
# project to the fixed path /tmp/terse-fixtures/jest/<case> (so the absolute
# paths in jest's output are the same on every machine), installs the
# project's own dependencies there, and runs a pinned jest against it:
#
#   <case>.txt          default reporter, no colour        (stdout+stderr)
#   <case>.verbose.txt  --verbose, no colour               (stdout+stderr)
#   <case>.color.txt    default reporter, FORCE_COLOR=1    (stdout+stderr)
#   <case>.agent.txt    default reporter, NO_COLOR=1, AI_AGENT=1: jest 30.3+
#                       switches to its agent reporter (no PASS lines), as
#                       under Claude Code, which sets AI_AGENT   (stdout+stderr)
#   <case>.jsonmix.txt  --json 2>&1: the document and the report in one
#                       stream, as `jest --json 2>&1 | terse`     (stdout+stderr)
#   <case>.json         --json                             (stdout only)
#   <case>.exit         exit code of the default run
#   <case>.errors       (teardown only) the error lines of the default run,
#                       which its --json document cannot hold
#
# jest itself (and the projects' dependencies) is installed with npm into
# ${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/jest-tool and copied into each
# fixture copy's node_modules; the projects in the repo hold no node_modules.
# Needs node and npm (npm registry access on first run). Re-runnable.
set -euo pipefail

JEST_VERSION=30.5.2

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
src_root=$repo/profiles/jest/testdata/projects
out=$repo/profiles/jest/testdata/captures
capture_dir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}
tool=$capture_dir/jest-tool
fix_root=/tmp/terse-fixtures/jest
cases=(pass mixed suitefail many agent teardown)

# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"

# --- install the pinned jest into the tool directory -----------------------
# The tool's package.json holds jest plus the union of the projects' own
# dependencies (e.g. semver for "mixed"). Its node_modules is later copied
# into each fixture copy, so jest's own frames in stack traces read
# "node_modules/jest-.../..." relative to the project, as in a real project,
# and nothing depends on where the tool directory is.
want=$(node -e '
  const fs = require("fs"), path = require("path");
  const deps = { jest: process.argv[1] };
  for (const c of process.argv.slice(3)) {
    const pj = require(path.join(process.argv[2], c, "package.json"));
    Object.assign(deps, pj.dependencies || {});
  }
  const sorted = Object.fromEntries(Object.keys(deps).sort().map((k) => [k, deps[k]]));
  console.log(JSON.stringify({ name: "terse-jest-tool", private: true, dependencies: sorted }, null, 2));
' "$JEST_VERSION" "$src_root" "${cases[@]}")
npm_tool "$tool" "$want" jest "$JEST_VERSION" jest/bin/jest.js

mkdir -p "$out" "$fix_root"

base_env+=("CI=true")

# run_jest <case> <cache-name> [env VAR=...] -- [jest args...]
# Runs jest in the fixture copy with a fresh, empty cache directory so that
# the test-file order (jest sorts by cached durations, else by file size) is
# the same on every run.
run_jest() {
  local case=$1 cache=$2; shift 2
  local extra_env=()
  while [[ $# -gt 0 && "$1" != "--" ]]; do extra_env+=("$1"); shift; done
  shift
  local dir=$fix_root/$case
  local cache_dir=$fix_root/.cache/$case-$cache
  rm -rf "$cache_dir"
  (cd "$dir" && "${base_env[@]}" ${extra_env[@]+"${extra_env[@]}"} \
    node node_modules/jest/bin/jest.js --ci --runInBand --rootDir "$dir" --cacheDirectory "$cache_dir" "$@")
}

for case in "${cases[@]}"; do
  dir=$fix_root/$case
  echo "== $case  ($dir)"
  fresh_fixture "$src_root/$case" "$dir" "$tool"

  set +e
  # NO_COLOR=1 matters: with CI set, the code frames (@babel/code-frame,
  # picocolors) are coloured even when stdout is not a terminal.
  run_jest "$case" default NO_COLOR=1 -- >"$out/$case.txt" 2>&1
  rc=$?
  run_jest "$case" verbose NO_COLOR=1 -- --verbose >"$out/$case.verbose.txt" 2>&1
  run_jest "$case" color FORCE_COLOR=1 -- >"$out/$case.color.txt" 2>&1
  run_jest "$case" agent NO_COLOR=1 AI_AGENT=1 -- >"$out/$case.agent.txt" 2>&1
  run_jest "$case" jsonmix NO_COLOR=1 -- --json >"$out/$case.jsonmix.txt" 2>&1
  json_args=(--json)
  rm -f "$out/$case.errors"
  if [[ -f "$dir/noop-teardown.js" ]]; then
    # jest writes no --json document when the globalTeardown fails: the
    # document of the tests comes from a run with a teardown that does
    # nothing, and the error lines of the real run go to <case>.errors.
    json_args+=(--globalTeardown "$dir/noop-teardown.js")
    grep -E '^([A-Z][A-Za-z0-9_]*)?(Error|Exception)( \[[A-Za-z0-9_]+\])?: ' "$out/$case.txt" >"$out/$case.errors"
  fi
  run_jest "$case" json NO_COLOR=1 -- "${json_args[@]}" >"$out/$case.json" 2>/dev/null
  set -e
  echo "$rc" >"$out/$case.exit"

  # sanity: the plain captures must be plain, the colour one coloured
  check_plain "$out/$case.txt" "$out/$case.verbose.txt" "$out/$case.agent.txt" "$out/$case.jsonmix.txt"
  # the agent reporter prints no PASS lines
  if grep -q '^PASS ' "$out/$case.agent.txt"; then echo "error: PASS lines in $case.agent.txt: no agent reporter" >&2; exit 1; fi
  check_colour "$out/$case.color.txt"
  check_json "$out/$case.json"
done
rm -rf "$fix_root/.cache"

{
  echo "node $(node --version)"
  echo "npm $(npm --version 2>/dev/null)"
  echo "jest $(node -p "require('$tool/node_modules/jest/package.json').version")"
  echo "semver $(node -p "require('$fix_root/mixed/node_modules/semver/package.json').version") (dependency of the mixed project)"
  echo "fixture root $fix_root"
} >"$out/VERSIONS"

echo "wrote:"
for f in "$out"/VERSIONS "$out"/*.txt "$out"/*.json "$out"/*.exit; do
  printf '  %8d  %s\n' "$(wc -c <"$f")" "${f#"$repo"/}"
done
for case in "${cases[@]}"; do
  printf '  exit %-10s %s\n' "$case" "$(cat "$out/$case.exit")"
done
