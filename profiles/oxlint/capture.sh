#!/usr/bin/env bash
# Regenerates the oxlint captures under profiles/oxlint/testdata/captures: a pinned
# oxlint (npm) run as an agent's shell runs it (stdout and stderr merged, no
# terminal), in /tmp/terse-fixtures/oxlint/<case>:
#
#   qs.txt         oxlint lib/ of the qs package (scripts/lib/qs-project.sh)
#                  with projects/qs/bugs.patch put in (a NaN comparison, a
#                  typeof typo, a duplicate key, debugger, a self-assignment,
#                  an unused variable) under projects/qs/.oxlintrc.json, which
#                  makes four of those rules errors: errors and warnings, exit 1
#   qs-all.txt     oxlint over the whole package (the config ignores dist/,
#                  a bundle): the same problems and the 40 warnings of
#                  qs's own tests (sparse arrays it means), at real size
#   pass.txt       lib/ of the unpatched package but utils.js (whose catch
#                  binding is oxlint's one warning there): nothing found, exit 0
#   broken.txt     projects/broken: a file that does not parse
#   badconfig.txt  projects/badconfig: an .oxlintrc.json that is not JSON
#
# Each also as <case>.ci.txt with CI=1, where oxlint colours its output and
# draws its frames with Unicode though stdout is not a terminal. AI_AGENT=1
# changes nothing (checked). The machine truth of each is the same run with
# -f json (stdout only), kept as reports/<case>.truth.
set -euo pipefail
OXLINT_VERSION=1.31.0
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/oxlint/testdata/captures
reports=$repo/profiles/oxlint/testdata/reports
projects=$repo/profiles/oxlint/testdata/projects
capture_dir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}
tool=$capture_dir/oxlint-tool
fix=/tmp/terse-fixtures/oxlint
# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"
# shellcheck source=lib/qs-project.sh
source "$repo/scripts/lib/qs-project.sh"

want=$(printf '{\n  "name": "terse-oxlint-tool",\n  "private": true,\n  "dependencies": {\n    "oxlint": "%s"\n  }\n}' "$OXLINT_VERSION")
npm_tool "$tool" "$want" oxlint "$OXLINT_VERSION" oxlint/bin/oxlint
oxlint=$tool/node_modules/.bin/oxlint
mkdir -p "$out" "$reports"
rm -rf "$fix" && mkdir -p "$fix"

# capture NAME DIR ARGS...: the plain run, the CI=1 run and the JSON truth.
capture() {
  local name=$1 dir=$2; shift 2
  set +e
  (cd "$dir" && "${base_env[@]}" "$oxlint" "$@") >"$out/$name.txt" 2>&1 </dev/null
  echo $? >"$out/$name.exit"
  (cd "$dir" && "${base_env[@]}" CI=1 "$oxlint" "$@") >"$out/$name.ci.txt" 2>&1 </dev/null
  (cd "$dir" && "${base_env[@]}" AI_AGENT=1 "$oxlint" "$@") >"$fix/$name.agent.txt" 2>&1 </dev/null
  (cd "$dir" && "${base_env[@]}" "$oxlint" -f json "$@") >"$reports/$name.truth" 2>/dev/null </dev/null
  set -e
  local strip='s/^Finished in [0-9.]+m?s /Finished in /'
  # oxlint's threads print files in any order: the lines are compared.
  if ! diff -q <(sed -E "$strip" "$out/$name.txt" | sort) <(sed -E "$strip" "$fix/$name.agent.txt" | sort) >/dev/null; then
    echo "note: $name differs under AI_AGENT=1" >&2
  fi
  check_plain "$out/$name.txt"
  # A run with nothing to report prints no colour either.
  if grep -q '^  [x!] ' "$out/$name.txt"; then check_colour "$out/$name.ci.txt"; fi
  echo "wrote $out/$name.txt ($(wc -l <"$out/$name.txt") lines, exit $(cat "$out/$name.exit"))"
}

qs_fixture "$fix/qs" "$projects/qs/bugs.patch"
cp "$projects/qs/.oxlintrc.json" "$fix/qs/"
qs_fixture "$fix/clean"
for p in broken badconfig; do cp -R "$projects/$p" "$fix/$p"; done

capture qs "$fix/qs" lib
capture qs-all "$fix/qs"
capture pass "$fix/clean" lib/formats.js lib/index.js lib/parse.js lib/stringify.js
capture broken "$fix/broken"
capture badconfig "$fix/badconfig"

{
  echo "node $(node --version)"
  echo "oxlint $("$oxlint" --version | sed 's/^Version: //')"
  echo "qs $QS_VERSION"
  echo "fixture root $fix"
} >"$out/VERSIONS"
