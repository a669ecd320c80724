#!/usr/bin/env bash
# Installs the pinned Claude Code client from the npm registry into DIR
# (default: ~/.cache/terse/claude-code) and prints the path of its binary,
# for the end-to-end tests in e2e/ (TERSE_CLAUDE_BIN). npm's install scripts
# stay off; the package's own installer, which links its platform binary (an
# optional dependency) in place of the bin stub, is run by name.
set -euo pipefail
version=2.1.197
dir=${1:-"$HOME/.cache/terse/claude-code"}
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || echo '{"name":"terse-e2e-client","private":true}' > package.json
if ! [ -x node_modules/.bin/claude ] || [ "$(node_modules/.bin/claude --version 2>/dev/null)" != "$version (Claude Code)" ]; then
  npm install --no-audit --no-fund --ignore-scripts "@anthropic-ai/claude-code@$version" >&2
  node node_modules/@anthropic-ai/claude-code/install.cjs >&2
fi
echo "$dir/node_modules/.bin/claude"
