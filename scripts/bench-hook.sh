#!/bin/sh
# Measures `terse hook claude` as Claude Code runs it: one process per Bash
# call, a payload on stdin. Builds terse twice (plain, and with the
# urfave_cli_no_docs tag that leaves out the man-page generator) and runs
# hyperfine (1.15 or later) on a call that is rewritten and one that is not, beside an empty
# Go program (the floor of any Go process here). The hook's own work, without
# process start-up, is `go test ./app -run '^$' -bench ClaudeHook`.
set -eu
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install -y hyperfine" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/plain/terse" .
go build -tags urfave_cli_no_docs -o "$tmp/nodocs/terse" .
mkdir -p "$tmp/empty"
printf 'package main\n\nfunc main() {}\n' > "$tmp/empty/main.go"
(cd "$tmp/empty" && printf 'module empty\n\ngo 1.26\n' > go.mod && go build -o empty .)
cat > "$tmp/rewrite.json" <<'JSON'
{"session_id":"s","transcript_path":"/t.jsonl","cwd":"/tmp","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cd web && CI=1 npx jest --ci 2>&1","description":"Run tests"},"tool_use_id":"t"}
JSON
cat > "$tmp/unchanged.json" <<'JSON'
{"session_id":"s","transcript_path":"/t.jsonl","cwd":"/tmp","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status --short","description":"Status"},"tool_use_id":"t"}
JSON
export PATH="$tmp/plain:$PATH"
# hyperfine runs each command through sh (for the < redirection) and takes
# the shell's own start-up time off its figures.
hyperfine --warmup 20 --runs "${RUNS:-200}" \
	-n empty-go "$tmp/empty/empty < $tmp/rewrite.json" \
	-n rewrite "$tmp/plain/terse hook claude < $tmp/rewrite.json" \
	-n rewrite-nodocs "$tmp/nodocs/terse hook claude < $tmp/rewrite.json" \
	-n unchanged "$tmp/plain/terse hook claude < $tmp/unchanged.json" \
	-n unchanged-nodocs "$tmp/nodocs/terse hook claude < $tmp/unchanged.json"
