#!/usr/bin/env bash
# Regenerates profiles/tsc/testdata: tsc (typescript 5.9.3 from npm) in its plain
# form (--pretty false, what it prints when piped) and with --pretty, on
#   many*.txt   the generated project of profiles/generic/testdata/projects/tsc-many,
#               130 errors (paging)
#   mixed*.txt  profiles/tsc/testdata/projects/mixed: errors whose messages run over
#               several lines (elaborations), an import of a missing name
# The truth of each is the plain form of the same run (reports/NAME.truth).
tool=tsc
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/lint-capture.sh"
npmdir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/tsc-npm
# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"
npm_tool "$npmdir" '{
  "name": "terse-tsc",
  "private": true,
  "dependencies": {
    "typescript": "5.9.3"
  }
}' typescript 5.9.3 typescript/bin/tsc
tsc=$npmdir/node_modules/.bin/tsc
cp -r "$repo/profiles/generic/testdata/projects/tsc-many" "$fix/many" && "$fix/many/gen.sh"
cp -r "$repo/profiles/tsc/testdata/projects/mixed" "$fix/mixed"
for name in many mixed; do
  capture "$name" "$fix/$name" "${base_env[@]}" "$tsc" -p .
  capture "$name.pretty" "$fix/$name" "${base_env[@]}" "$tsc" --pretty -p .
  truth "$name" "$fix/$name" "${base_env[@]}" "$tsc" --pretty false -p .
done
"$tsc" --version >"$out/VERSIONS"
