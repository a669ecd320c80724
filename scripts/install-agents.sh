#!/usr/bin/env bash
# Installs the pinned Codex CLI, Gemini CLI and OpenCode clients (and jest) from the npm
# registry into DIR (default: ~/.cache/terse/agents), each in a directory of
# its own, for the end-to-end tests in e2e/, and prints one line per client
# that installed: the environment variable the tests read and the binary,
#   TERSE_OPENCODE_BIN=/…/opencode
# (eval "$(scripts/install-agents.sh DIR)" sets them). npm's install scripts
# stay off; where a package needs its own (OpenCode links its platform
# binary in place of the bin stub), it is run by name. A client that fails
# to install is left out (its tests skip) and the script says so on stderr.
set -uo pipefail
dir=${1:-"$HOME/.cache/terse/agents"}
mkdir -p "$dir"

# install NAME PACKAGE VERSION BIN VERSION-LINE: one client in DIR/NAME.
install() {
  local name=$1 pkg=$2 version=$3 bin=$4 want=$5 d="$dir/$1"
  mkdir -p "$d" && cd "$d" || return 1
  [ -f package.json ] || echo '{"name":"terse-e2e-'"$name"'","private":true}' > package.json
  if ! [ -x "node_modules/.bin/$bin" ] || [ "$("node_modules/.bin/$bin" --version 2>/dev/null)" != "$want" ]; then
    npm install --no-audit --no-fund --ignore-scripts "$pkg@$version" >&2 || return 1
    if [ "$name" = opencode ]; then
      node node_modules/opencode-ai/postinstall.mjs >&2 || return 1
    fi
  fi
  [ "$("node_modules/.bin/$bin" --version 2>/dev/null)" = "$want" ] || return 1
  echo "$d/node_modules/.bin/$bin"
}

report() {
  local var=$1; shift
  if path=$(install "$@"); then
    echo "$var=$path"
  else
    echo "install-agents.sh: $2@$3 did not install: the tests that use $var skip" >&2
  fi
}

report TERSE_OPENCODE_BIN opencode opencode-ai 1.18.33 opencode 1.18.33
report TERSE_CODEX_BIN codex @openai/codex 0.171.0 codex "codex-cli 0.171.0"
report TERSE_GEMINI_BIN gemini @google/gemini-cli 0.61.0 gemini 0.61.0
# jest, for the npm test a Claude Code session runs (TestClaudeCodeReachesNpmTest
# links these node_modules into its project); the version capture-jest.sh pins.
if path=$(install jest jest 30.5.2 jest 30.5.2); then
  echo "TERSE_JEST_MODULES=${path%/.bin/jest}"
else
  echo "install-agents.sh: jest@30.5.2 did not install: TestClaudeCodeReachesNpmTest skips" >&2
fi
