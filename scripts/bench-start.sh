#!/usr/bin/env bash
# Measures terse's start-up where it matters: in front of every command an
# agent runs. scripts/startup times the commands side by side (each round
# runs every command once, in turn, so a shared machine's noise falls on all
# alike) and reports each one's min and median beside the floor measured in
# the same rounds: `true`, an empty Go program and a Go program that runs
# `true` through os/exec (scripts/startup/floor), so that what terse adds
# is told apart from what any Go process costs on the machine now. When the
# floor itself varied (median or p90 far from its min) the report says the
# machine was too busy to measure; read the ratios to the floor then, never
# the absolute times.
#
#   - `terse run -- true` (target: within 3 ms of the floor, a Go program
#     that runs `true`), and with TERSE_DISABLE=1, where terse replaces
#     itself with the command;
#   - `terse hook claude` and the terse-hook binary (cmd/terse-hook) on a
#     payload they rewrite and one they leave unchanged (target: under
#     10 ms);
#   - `terse run` on a command that prints a real capture over 20 ms, as a
#     small test run does: `mocha` (des-spec.txt, 32 kB: 25 failures, more
#     than a page, so the run is paged from its whole report) and
#     `runtests` (jest's many.agent.txt, 26 kB), a name no profile claims,
#     whose output is detected (its claim index built as it comes in),
#     beside the command alone (the floor).
#
# Each command's CPU time (user+sys) follows, beside the floor's: on a busy
# machine it moves far less than the wall time.
#
# OLD=REV puts the build of git revision REV beside this one (terse-old,
# built from `git archive REV`), in the same rounds: the change between
# two builds is read from one run, never from two runs an hour apart.
#
# Usage: [OLD=REV] scripts/bench-start.sh [RUNS]   (default 300)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=${1:-300}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$repo"
go build -o "$tmp/terse" .
go build -o "$tmp/terse-hook" ./cmd/terse-hook
go build -o "$tmp/floor" ./scripts/startup/floor
go build -o "$tmp/startup" ./scripts/startup
old=() oldmocha=() oldruntests=()
if [[ -n ${OLD:-} ]]; then
  mkdir "$tmp/old"
  git archive "$OLD" | tar -x -C "$tmp/old"
  (cd "$tmp/old" && go build -o "$tmp/terse-old" .)
  old=("terse-old run -- true")
  oldmocha=("terse-old run -- mocha")
  oldruntests=("terse-old run -- runtests")
fi
# The commands of the last part: the first 4 kB of a capture, 20 ms, the
# rest.
for c in mocha:profiles/mocha/testdata/captures/des-spec.txt runtests:profiles/jest/testdata/captures/many.agent.txt; do
  printf '#!/bin/sh\nhead -c 4000 %s; sleep 0.02; tail -c +4001 %s\n' "$repo/${c#*:}" "$repo/${c#*:}" > "$tmp/${c%%:*}"
  chmod +x "$tmp/${c%%:*}"
done
export XDG_STATE_HOME=$tmp/state
# The hook writes its answer only when terse is on PATH; the commands
# below are found there too (scripts/startup runs them without a shell).
export PATH=$tmp:$PATH

cat > "$tmp/rewrite.json" <<'JSON'
{"session_id":"s","transcript_path":"/t.jsonl","cwd":"/tmp","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cd web && CI=1 npx jest --ci 2>&1","description":"Run tests"},"tool_use_id":"t"}
JSON
cat > "$tmp/unchanged.json" <<'JSON'
{"session_id":"s","transcript_path":"/t.jsonl","cwd":"/tmp","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status --short","description":"Status"},"tool_use_id":"t"}
JSON

echo "== $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $runs rounds${OLD:+, terse-old = $OLD}"
echo
echo "-- terse run"
"$tmp/startup" -runs "$runs" -floor 3 -- \
  true \
  floor \
  "floor true" \
  ${old[@]+"${old[@]}"} \
  "terse run -- true" \
  "TERSE_DISABLE=1 terse run -- true"
echo
echo "-- terse hook claude (payload on stdin)"
"$tmp/startup" -runs "$runs" -floor 2 -stdin "$tmp/rewrite.json" -- \
  true \
  floor \
  "terse hook claude" \
  "terse-hook claude"
"$tmp/startup" -runs "$runs" -floor 2 -stdin "$tmp/unchanged.json" -- \
  true \
  floor \
  "terse hook claude" \
  "terse-hook claude"
echo
echo "-- terse run on a command that prints a capture over 20 ms"
"$tmp/startup" -runs "$((runs / 3))" -floor 2 -- \
  true \
  mocha \
  ${oldmocha[@]+"${oldmocha[@]}"} \
  "terse run -- mocha"
"$tmp/startup" -runs "$((runs / 3))" -floor 2 -- \
  true \
  runtests \
  ${oldruntests[@]+"${oldruntests[@]}"} \
  "terse run -- runtests"
