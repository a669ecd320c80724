#!/usr/bin/env bash
# Regenerates the Biome captures under profiles/biome/testdata/captures: a pinned
# @biomejs/biome (npm) run as an agent's shell runs it (stdout and stderr
# merged, no terminal), in /tmp/terse-fixtures/biome/<case>:
#
#   qs-lint.txt    biome lint --max-diagnostics=none lib: the qs package
#                  (scripts/lib/qs-project.sh) with projects/qs/bugs.patch put
#                  in (a NaN comparison, a typeof typo, a duplicate key,
#                  debugger, a self-assignment, an unused variable) under
#                  projects/qs/biome.json (the recommended rules): about 100
#                  errors, warnings and infos, each printed, at real size
#   qs-check.txt   biome check over the package (lint, formatting, imports)
#                  with Biome's default cap of 20 printed diagnostics: the
#                  rest are counted in "Diagnostics not shown: N."
#   index.txt      biome lint lib/index.js: one warning, exit 0
#   broken.txt     projects/broken: a file that does not parse
#   badconfig.txt  projects/badconfig: a biome.json that is not JSON
#
# CI=1 and AI_AGENT=1 change nothing (checked): Biome colours only a
# terminal. The machine truth of each is the same run with --reporter=json
# (stdout only; it lists every diagnostic, printed or not), kept as
# reports/<case>.truth; a run stopped by its configuration prints its
# errors as text there.
set -euo pipefail
BIOME_VERSION=2.3.8
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/biome/testdata/captures
reports=$repo/profiles/biome/testdata/reports
projects=$repo/profiles/biome/testdata/projects
capture_dir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}
tool=$capture_dir/biome-tool
fix=/tmp/terse-fixtures/biome
# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"
# shellcheck source=lib/qs-project.sh
source "$repo/scripts/lib/qs-project.sh"

want=$(printf '{\n  "name": "terse-biome-tool",\n  "private": true,\n  "dependencies": {\n    "@biomejs/biome": "%s"\n  }\n}' "$BIOME_VERSION")
npm_tool "$tool" "$want" @biomejs/biome "$BIOME_VERSION" @biomejs/biome/bin/biome
biome=$tool/node_modules/.bin/biome
mkdir -p "$out" "$reports"
rm -rf "$fix" && mkdir -p "$fix"

# capture NAME DIR ARGS...: the run, the same under CI=1 and AI_AGENT=1
# (compared), and the JSON truth.
capture() {
  local name=$1 dir=$2; shift 2
  set +e
  (cd "$dir" && "${base_env[@]}" "$biome" "$@") >"$out/$name.txt" 2>&1 </dev/null
  echo $? >"$out/$name.exit"
  (cd "$dir" && "${base_env[@]}" CI=1 AI_AGENT=1 "$biome" "$@") >"$fix/$name.agent.txt" 2>&1 </dev/null
  (cd "$dir" && "${base_env[@]}" "$biome" "$@" --reporter=json) >"$reports/$name.truth" 2>/dev/null </dev/null
  set -e
  if ! node -e "JSON.parse(require('fs').readFileSync('$reports/$name.truth','utf8'))" 2>/dev/null; then
    # No JSON: Biome stopped before checking; its error is the truth.
    (cd "$dir" && "${base_env[@]}" "$biome" "$@" --reporter=json) >"$reports/$name.truth" 2>&1 </dev/null || true
  fi
  local strip='s/ in [0-9.]+m?s\. / in ./'
  # Biome's threads print files in any order (and, past the cap, a
  # different 20 diagnostics): the lines are compared.
  if ! diff -q <(sed -E "$strip" "$out/$name.txt" | sort) <(sed -E "$strip" "$fix/$name.agent.txt" | sort) >/dev/null; then
    echo "note: $name differs under CI=1 AI_AGENT=1 (qs-check: which 20 print varies)" >&2
  fi
  check_plain "$out/$name.txt"
  echo "wrote $out/$name.txt ($(wc -l <"$out/$name.txt") lines, exit $(cat "$out/$name.exit"))"
}

qs_fixture "$fix/qs" "$projects/qs/bugs.patch"
cp "$projects/qs/biome.json" "$fix/qs/"
for p in broken badconfig; do cp -R "$projects/$p" "$fix/$p"; done

capture qs-lint "$fix/qs" lint --max-diagnostics=none lib
capture qs-check "$fix/qs" check
capture index "$fix/qs" lint lib/index.js
capture broken "$fix/broken" lint .
capture badconfig "$fix/badconfig" check .

{
  echo "node $(node --version)"
  echo "biome $("$biome" --version | sed 's/^Version: //')"
  echo "qs $QS_VERSION"
  echo "fixture root $fix"
} >"$out/VERSIONS"
