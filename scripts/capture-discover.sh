#!/usr/bin/env bash
# Regenerates testdata/discover/: Claude Code transcripts written by the real
# client (scripts/install-claude-code.sh) against the e2e suite's scripted
# API, one directory per case of TestClaudeCodeDiscoverTranscripts (hook not
# installed; installed but left alone in default mode and for a pipe;
# routed through terse run).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(scripts/install-claude-code.sh "${1:-$HOME/.cache/terse/claude-code}")
out=testdata/discover
rm -rf "$out"
mkdir -p "$out"
TERSE_CLAUDE_BIN=$bin TERSE_DISCOVER_FIXTURES=$PWD/$out go test ./e2e -run TestClaudeCodeDiscoverTranscripts -count=1
