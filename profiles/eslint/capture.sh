#!/usr/bin/env bash
# Regenerates the real eslint output fixtures under profiles/eslint/testdata/captures/.
#
# For each project in profiles/eslint/testdata/projects/<case>/ this script copies the
# project to the fixed path /tmp/terse-fixtures/eslint/<case> (so the absolute
# paths eslint prints are the same on every machine) and runs a pinned eslint
# there with each built-in formatter an agent meets:
#
#   <case>.txt          stylish (the default), no colour   (stdout+stderr)
#   <case>.color.txt    stylish with FORCE_COLOR=1          (stdout+stderr)
#   <case>.json         -f json                             (stdout only): the ground truth
#   <case>.meta.json    -f json-with-metadata               (stdout only)
#   <case>.exit         exit code of the default run
#   warn.maxwarn.txt    stylish with --max-warnings 0 (the "warn" case only),
#                       and warn.maxwarn.exit
#
# eslint 10 ships four formatters: stylish, json, json-with-metadata and html.
# html is a page for a browser, written to a file with -o; it is not captured.
# The stylish formatter prints nothing at all for a run without problems, so
# the "clean" case has no .txt captures (the script checks they are empty).
#
# eslint and @eslint/js are installed with npm into
# ${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/eslint-tool and that node_modules is
# copied into each fixture copy (the configs require("@eslint/js")); the
# projects in the repo hold no node_modules. Needs node and npm (npm registry
# access on first run). Re-runnable.
set -euo pipefail

ESLINT_VERSION=10.15.0
ESLINT_JS_VERSION=10.0.1

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
src_root=$repo/profiles/eslint/testdata/projects
out=$repo/profiles/eslint/testdata/captures
capture_dir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}
tool=$capture_dir/eslint-tool
fix_root=/tmp/terse-fixtures/eslint
cases=(clean mixed parse warn many padded)

# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"

# --- install the pinned eslint into the tool directory ---------------------
want=$(printf '{\n  "name": "terse-eslint-tool",\n  "private": true,\n  "dependencies": {\n    "@eslint/js": "%s",\n    "eslint": "%s"\n  }\n}' \
  "$ESLINT_JS_VERSION" "$ESLINT_VERSION")
npm_tool "$tool" "$want" eslint "$ESLINT_VERSION" eslint/bin/eslint.js

mkdir -p "$out" "$fix_root"

# run_eslint <case> [env VAR=...] -- [eslint args...]
# --no-cache keeps every run a full lint; "." lints the whole copy.
run_eslint() {
  local case=$1; shift
  local extra_env=()
  while [[ $# -gt 0 && "$1" != "--" ]]; do extra_env+=("$1"); shift; done
  shift
  (cd "$fix_root/$case" && "${base_env[@]}" ${extra_env[@]+"${extra_env[@]}"} \
    node node_modules/eslint/bin/eslint.js "$@" .)
}

for case in "${cases[@]}"; do
  dir=$fix_root/$case
  echo "== $case  ($dir)"
  fresh_fixture "$src_root/$case" "$dir" "$tool"

  set +e
  run_eslint "$case" NO_COLOR=1 -- >"$out/$case.txt" 2>&1
  rc=$?
  run_eslint "$case" FORCE_COLOR=1 -- >"$out/$case.color.txt" 2>&1
  run_eslint "$case" NO_COLOR=1 -- -f json >"$out/$case.json" 2>/dev/null
  run_eslint "$case" NO_COLOR=1 -- -f json-with-metadata >"$out/$case.meta.json" 2>/dev/null
  if [[ $case == warn ]]; then
    run_eslint "$case" NO_COLOR=1 -- --max-warnings 0 >"$out/$case.maxwarn.txt" 2>&1
    echo $? >"$out/$case.maxwarn.exit"
  fi
  set -e
  echo "$rc" >"$out/$case.exit"

  if [[ $case == clean ]]; then
    for f in "$out/$case.txt" "$out/$case.color.txt"; do
      if [[ -s $f ]]; then echo "error: $f is not empty for a clean run" >&2; exit 1; fi
      rm -f "$f"
    done
  else
    check_plain "$out/$case.txt"
    check_colour "$out/$case.color.txt"
  fi
  check_json "$out/$case.json" "$out/$case.meta.json"
done

{
  echo "node $(node --version)"
  echo "npm $(npm --version 2>/dev/null)"
  echo "eslint $(node -p "require('$tool/node_modules/eslint/package.json').version")"
  echo "@eslint/js $(node -p "require('$tool/node_modules/@eslint/js/package.json').version")"
  echo "fixture root $fix_root"
} >"$out/VERSIONS"

echo "wrote:"
for f in "$out"/VERSIONS "$out"/*.txt "$out"/*.json "$out"/*.exit; do
  printf '  %8d  %s\n' "$(wc -c <"$f")" "${f#"$repo"/}"
done
