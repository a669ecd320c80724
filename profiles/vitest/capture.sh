#!/usr/bin/env bash
# Regenerates the real vitest output fixtures under profiles/vitest/testdata/captures/.
#
# For each project in profiles/vitest/testdata/projects/<case>/ this script copies the
# project to the fixed path /tmp/terse-fixtures/vitest/<case> (so the
# absolute paths in vitest's output are the same on every machine), links in
# a pinned vitest, and runs it there:
#
#   <case>.txt          default reporter, NO_COLOR=1            (stdout+stderr)
#   <case>.verbose.txt  --reporter=verbose, NO_COLOR=1          (stdout+stderr)
#   <case>.color.txt    default reporter, FORCE_COLOR=1         (stdout+stderr)
#   <case>.agent.txt    default reporter, NO_COLOR=1, AI_AGENT=1: vitest 4
#                       picks its agent reporter, as under Claude Code,
#                       which sets AI_AGENT                     (stdout+stderr)
#   <case>.json         --reporter=json                         (stdout only)
#   <case>.exit         exit code of the default run
#
# vitest is installed with npm into
# ${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/vitest-tool (the same tool
# directory scripts/capture-bench.sh uses) and copied into each fixture
# copy's node_modules, so vitest's own frames read node_modules/... as in a
# real project; the projects in the repo hold no node_modules.
# Needs node and npm (npm registry access on first run). Re-runnable.
set -euo pipefail

VITEST_VERSION=4.1.12

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
src_root=$repo/profiles/vitest/testdata/projects
out=$repo/profiles/vitest/testdata/captures
tool=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/vitest-tool
fix_root=/tmp/terse-fixtures/vitest
cases=(pass mixed suitefail many agent)

# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"
npm_tool "$tool" "$(printf '{"name":"terse-vitest-tool","private":true,"dependencies":{"vitest":"%s"}}' "$VITEST_VERSION")" \
  vitest "$VITEST_VERSION" vitest/vitest.mjs

mkdir -p "$out" "$fix_root"

base_env+=("CI=true")

# run_vitest <case> [VAR=...] -- [vitest args...]
# One file at a time, in the sequencer's fixed order, so the output order is
# the same on every run.
run_vitest() {
  local case=$1; shift
  local extra_env=()
  while [[ $# -gt 0 && "$1" != "--" ]]; do extra_env+=("$1"); shift; done
  shift
  local dir=$fix_root/$case
  rm -rf "$dir/node_modules/.vite" "$dir/node_modules/.vitest"
  (cd "$dir" && "${base_env[@]}" ${extra_env[@]+"${extra_env[@]}"} \
    node node_modules/vitest/vitest.mjs run --root "$dir" --no-file-parallelism --sequence.shuffle=false "$@")
}

for case in "${cases[@]}"; do
  dir=$fix_root/$case
  echo "== $case  ($dir)"
  fresh_fixture "$src_root/$case" "$dir" "$tool"

  set +e
  run_vitest "$case" NO_COLOR=1 -- >"$out/$case.txt" 2>&1
  rc=$?
  run_vitest "$case" NO_COLOR=1 -- --reporter=verbose >"$out/$case.verbose.txt" 2>&1
  run_vitest "$case" FORCE_COLOR=1 -- >"$out/$case.color.txt" 2>&1
  run_vitest "$case" NO_COLOR=1 AI_AGENT=1 -- >"$out/$case.agent.txt" 2>&1
  run_vitest "$case" NO_COLOR=1 -- --reporter=json >"$out/$case.json" 2>/dev/null
  set -e
  echo "$rc" >"$out/$case.exit"

  # sanity: the plain captures must be plain, the colour one coloured
  check_plain "$out/$case.txt" "$out/$case.verbose.txt" "$out/$case.agent.txt"
  # the agent reporter lists no passing tests
  if grep -q '✓' "$out/$case.agent.txt"; then echo "error: passing tests in $case.agent.txt: no agent reporter" >&2; exit 1; fi
  check_colour "$out/$case.color.txt"
  check_json "$out/$case.json"
done

{
  echo "node $(node --version)"
  echo "npm $(npm --version 2>/dev/null)"
  echo "vitest $(node -p "require('$tool/node_modules/vitest/package.json').version")"
  echo "fixture root $fix_root"
} >"$out/VERSIONS"

echo "wrote:"
for f in "$out"/VERSIONS "$out"/*.txt "$out"/*.json "$out"/*.exit; do
  printf '  %8d  %s\n' "$(wc -c <"$f")" "${f#"$repo"/}"
done
for case in "${cases[@]}"; do
  printf '  exit %-10s %s\n' "$case" "$(cat "$out/$case.exit")"
done
