#!/usr/bin/env bash
# Regenerates the Playwright captures under profiles/playwright/testdata/captures: a
# pinned @playwright/test (npm) run as an agent's shell runs it (stdout and
# stderr merged, no terminal), in /tmp/terse-fixtures/playwright/<case>. No
# browser is downloaded (none is reachable): the tests use Node and
# Playwright's API request context only.
#
#   qs.txt        projects/qs: Playwright tests of the qs package
#                 (scripts/lib/qs-project.sh; bugs put in with
#                 projects/qs/bugs.patch) and of server.js, an API over it
#                 that the config's webServer starts, with one retry: deep
#                 equality diffs, toBe with a message, API status checks, a
#                 RangeError thrown in lib/, a timeout, a flaky test (passes
#                 on its retry), a skipped one; the list reporter (the
#                 default off CI), which colours its output though stdout is
#                 not a terminal
#   qs.ci.txt     the same with CI=1: the dot reporter
#   qs.line.txt   the same with --reporter=line
#   pass.txt      two of its passing tests (--grep)
#   flaky.txt     a passing test and the flaky one: Playwright exits 0
#   broken.txt    projects/broken: a spec file with a syntax error, no test runs
#   badconfig.txt projects/badconfig: a config Playwright rejects
#
# AI_AGENT=1 changes nothing (checked, durations aside). The machine truth of
# each is the same run with --reporter=json (stdout), kept as
# reports/<case>.truth; where Playwright rejects its config no report is
# written, and its error (stderr) is the truth.
set -euo pipefail
PLAYWRIGHT_VERSION=1.57.0
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/playwright/testdata/captures
reports=$repo/profiles/playwright/testdata/reports
projects=$repo/profiles/playwright/testdata/projects
capture_dir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}
tool=$capture_dir/playwright-tool
fix=/tmp/terse-fixtures/playwright
# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"
# shellcheck source=lib/qs-project.sh
source "$repo/scripts/lib/qs-project.sh"

# qs itself is installed for its dependencies (side-channel); the tests
# load the patched copy's lib/.
want=$(printf '{\n  "name": "terse-playwright-tool",\n  "private": true,\n  "dependencies": {\n    "@playwright/test": "%s",\n    "qs": "%s"\n  }\n}' "$PLAYWRIGHT_VERSION" "$QS_VERSION")
npm_tool "$tool" "$want" @playwright/test "$PLAYWRIGHT_VERSION" @playwright/test/cli.js
mkdir -p "$out" "$reports"
rm -rf "$fix" && mkdir -p "$fix"

# pw NAME DIR [VAR=value...] -- ARGS...: one run of playwright test.
pw() {
  local dir=$1; shift
  local extra=()
  while [[ $# -gt 0 && $1 != -- ]]; do extra+=("$1"); shift; done
  shift
  (cd "$dir" && "${base_env[@]}" ${extra[@]+"${extra[@]}"} node node_modules/@playwright/test/cli.js test "$@")
}

# capture NAME DIR ARGS...: the run, under AI_AGENT=1 (compared), and the
# JSON truth.
capture() {
  local name=$1 dir=$2; shift 2
  set +e
  pw "$dir" -- "$@" >"$out/$name.txt" 2>&1 </dev/null
  echo $? >"$out/$name.exit"
  pw "$dir" AI_AGENT=1 -- "$@" >"$fix/$name.agent.txt" 2>&1 </dev/null
  pw "$dir" -- "$@" --reporter=json >"$reports/$name.truth" 2>/dev/null </dev/null
  set -e
  if ! node -e "JSON.parse(require('fs').readFileSync('$reports/$name.truth','utf8'))" 2>/dev/null; then
    # No report: Playwright stopped at its config; its error is the truth.
    pw "$dir" -- "$@" --reporter=json >"$reports/$name.truth" 2>&1 </dev/null || true
  fi
  local strip='s/\([0-9.]+m?s\)//g; s/\([0-9.]+m\)//g'
  if ! diff -q <(sed -E "$strip" "$out/$name.txt") <(sed -E "$strip" "$fix/$name.agent.txt") >/dev/null; then
    echo "note: $name differs under AI_AGENT=1" >&2
  fi
  echo "wrote $out/$name.txt ($(wc -l <"$out/$name.txt") lines, exit $(cat "$out/$name.exit"))"
}

qs_fixture "$fix/qs" "$projects/qs/bugs.patch"
cp -R "$projects/qs/." "$fix/qs/"
rm -f "$fix/qs/bugs.patch"
for p in broken badconfig; do cp -R "$projects/$p" "$fix/$p"; done
for p in qs broken badconfig; do ln -s "$tool/node_modules" "$fix/$p/node_modules"; done

capture qs "$fix/qs"
set +e
pw "$fix/qs" CI=1 -- >"$out/qs.ci.txt" 2>&1 </dev/null
pw "$fix/qs" -- --reporter=line >"$out/qs.line.txt" 2>&1 </dev/null
set -e
capture pass "$fix/qs" --grep 'stringifies a plain|allows dots'
capture flaky "$fix/qs" --grep 'stringifies a plain|passes on its retry'
capture broken "$fix/broken"
capture badconfig "$fix/badconfig"

{
  echo "node $(node --version)"
  echo "playwright $(node -p "require('$tool/node_modules/@playwright/test/package.json').version")"
  echo "qs $QS_VERSION"
  echo "fixture root $fix"
} >"$out/VERSIONS"
