#!/usr/bin/env bash
# Runs the main-job command of README.md's "Try it on a fresh clone", as
# written there, in a scratch copy of the checkout, and checks it shapes the
# capture: status line first, exit 1 as the run it shows failed. (The other
# command there, `go test ./...`, is what .ci/run runs anyway.)
set -euo pipefail
cd "$(dirname "$0")/.."
block=$(awk '/^## Try it on a fresh clone/{s=1} s&&/^```sh$/{f=1;next} f&&/^```$/{exit} f{print}' README.md)
[[ -n $block ]] || { echo "readme-try: no sh block under 'Try it on a fresh clone'" >&2; exit 1; }
echo "readme-try: $block"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git ls-files -z | xargs -0 cp --parents -t "$work" 2>/dev/null || cp -r . "$work"
set +e
out=$(cd "$work" && bash -c "$block" 2>&1)
code=$?
set -e
first=$(head -1 <<<"$out")
if [[ $code -ne 1 || $first != FAIL\ 17/32* ]]; then
  echo "readme-try: exit $code, first line: $first" >&2
  exit 1
fi
echo "readme-try: ok ($first)"
