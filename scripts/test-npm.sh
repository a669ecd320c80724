#!/usr/bin/env bash
# Checks terse's npm packages as a user gets them: packs them
# (scripts/npm-pack.sh), installs the wrapper and this platform's package
# from the tarballs into a scratch project (npm install --offline), and runs
# `npx terse` there: --version, exit codes and signals through the Node.js
# launcher, and a real `npx terse run -- jest` on a failing test (jest comes
# from the npm registry, or npm's cache). Skips, saying so, where node or npm
# is missing.
# Usage: scripts/test-npm.sh   (CI runs it from .ci/run)
set -euo pipefail

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "test-npm: skipped: node and npm are needed"
  exit 0
fi

JEST_VERSION=30.5.2 # the version the jest captures come from (capture-jest.sh)

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d)
trap '[[ -n ${TEST_NPM_KEEP:-} ]] || rm -rf "$tmp"' EXIT
version=0.0.0-npmtest
quiet=(--no-audit --no-fund --loglevel=error)
# terse's saved runs and ledger stay in the scratch directory.
export XDG_STATE_HOME=$tmp/state

fail() { echo "test-npm: $*" >&2; exit 1; }

"$repo/scripts/npm-pack.sh" -o "$tmp/npm" "$version"
platform=$(node -p 'process.platform + "-" + process.arch')
wrapper=$tmp/npm/terse-dev-terse-$version.tgz
native=$tmp/npm/terse-dev-terse-$platform-$version.tgz
for f in "$wrapper" "$tmp"/npm/terse-dev-terse-{linux-x64,linux-arm64,darwin-x64,darwin-arm64}-"$version".tgz; do
  [[ -f $f ]] || fail "npm-pack.sh made no $(basename "$f")"
done
[[ -f $native ]] || { echo "test-npm: packed; no package for $platform to run here"; exit 0; }

new_project() {
  rm -rf "$tmp/project"
  mkdir -p "$tmp/project"
  cd "$tmp/project"
  echo '{"name": "scratch", "version": "1.0.0", "private": true}' >package.json
}

# --- the wrapper without its platform package: a clear error --------------
new_project
npm install --offline "${quiet[@]}" "$wrapper" >/dev/null
set +e
npx --no-install terse --version >out.txt 2>err.txt
code=$?
set -e
[[ $code -eq 1 && ! -s out.txt ]] || fail "without the platform package: exit $code, stdout $(cat out.txt)"
grep -q "^terse: @terse-dev/terse-$platform is not installed: .* install it with: npm install @terse-dev/terse-$platform$" err.txt \
  || fail "without the platform package: stderr $(cat err.txt)"

# --- wrapper and platform package, as npm installs them -------------------
new_project
npm install --offline "${quiet[@]}" "$wrapper" "$native" >/dev/null
out=$(npx --no-install terse --version)
re="^terse version v$version \(.*go1\.[0-9.]+ [a-z0-9]+/[a-z0-9]+\)\$"
[[ $out =~ $re ]] || fail "npx terse --version: $out"
echo "test-npm: npx terse --version: $out"

# Exit codes and signals through the launcher (node_modules/.bin/terse, as
# npx and package.json scripts run it).
launcher=./node_modules/.bin/terse
expect_exit() {
  local want=$1
  shift
  set +e
  "$@" >out.txt 2>&1
  local code=$?
  set -e
  [[ $code -eq $want ]] || fail "$* exited $code, want $want: $(cat out.txt)"
}
expect_exit 3 "$launcher" run -- sh -c 'exit 3'
# terse itself killed: the launcher dies of the same signal.
expect_exit 137 "$launcher" run -- sh -c 'kill -KILL $PPID'
# The launcher alone sent TERM (a harness's timeout): terse gets it, stops
# the command and says so before the launcher exits.
expect_exit 143 "$launcher" run -- sh -c 'kill -TERM "$(ps -o ppid= -p $PPID)"; exec sleep 60'
grep -q "^killed by signal TERM" out.txt || fail "TERM was not passed on to terse: $(cat out.txt)"

# --- a real jest run through npx terse run --------------------------------
npm install "${quiet[@]}" --prefer-offline --save-dev "jest@$JEST_VERSION" >/dev/null
mkdir -p __tests__
cat >__tests__/sum.test.js <<'EOF'
const sum = (a, b) => a + b;

test('adds small numbers', () => {
  expect(sum(1, 2)).toBe(3);
});

test('adds negative numbers', () => {
  expect(sum(-2, -3)).toBe(-6);
});
EOF
set +e
# stdout only: terse writes its report there, and npm may warn on stderr.
npx --no-install terse run -- jest >out.txt 2>err.txt
code=$?
set -e
[[ $code -eq 1 ]] || fail "npx terse run -- jest exited $code, want jest's 1: $(cat out.txt err.txt)"
[[ $(head -1 out.txt) == "FAIL 1/2" ]] || fail "npx terse run -- jest: first line $(head -1 out.txt)"
grep -qx -- '--- __tests__/sum.test.js:8 "adds negative numbers"' out.txt \
  && grep -qx 'expected: -6' out.txt && grep -qx 'received: -5' out.txt \
  || fail "npx terse run -- jest lost the failure:"$'\n'"$(cat out.txt)"
echo "test-npm: npx terse run -- jest:"
sed 's/^/  /' out.txt
echo "test-npm: ok"
