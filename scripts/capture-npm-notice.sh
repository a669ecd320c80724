#!/usr/bin/env bash
# Regenerates testdata/npm/notice.txt: the "npm notice" lines npm prints on
# stderr after a script's output when the registry has a newer npm (the
# update notifier; a fresh cache makes it check again). Needs the npm
# registry; if this npm is the newest, npm prints no notice and the script
# says so rather than write an empty capture.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo '{"name":"notice","version":"1.0.0","private":true,"scripts":{"test":"echo ok"}}' > "$work/package.json"
# The check runs beside the script and its notice is printed only if the
# registry answered before npm exits: a few tries, each with a fresh cache.
for try in 1 2 3 4 5; do
  rm -rf "$work/cache" "$work/_update-notifier-last-checked"
  (cd "$work" && npm --update-notifier=true --cache "$work/cache" test 2> "$work/stderr" >/dev/null) || true
  grep '^npm notice' "$work/stderr" > "$work/notice" && break
done
[ -s "$work/notice" ] || { echo "npm printed no notice (npm $(npm --version) is the newest?)" >&2; exit 1; }
mkdir -p testdata/npm
cp "$work/notice" testdata/npm/notice.txt
cat testdata/npm/notice.txt
