#!/usr/bin/env bash
# Regenerates the real captures of the generic profile under
# profiles/generic/testdata/captures: output of tools terse has no profile for, run on
# the projects in profiles/generic/testdata/projects (copied to the fixed path
# /tmp/terse-fixtures/generic/<case> so paths are stable).
#
#   crash-node.txt    node, an uncaught SyntaxError from JSON.parse in app code
#   crash-python.txt  python3, a ValueError raised inside the standard library
#   crash-java.txt    java, NumberFormatException through streams
#   crash-go.txt      go run, an index-out-of-range panic
#   git-status.txt    git status of a small repository (content, not noise)
#   progress.txt      curl and wget progress meters (\r updates) from a loopback server
#
# Test runners and checkers terse has no profile for, on projects with bugs
# put in (each with its machine-readable report beside it where the tool
# has one: the ground truth the fidelity test reads):
#   (node --test on projects/node-tap is captured by profiles/tap/capture.sh
#   as profiles/tap/testdata/captures/node-nested.txt: the tap profile claims it)
#   (python3 -m unittest -v on projects/unittest-v: profiles/unittest/capture.sh,
#   profiles/unittest/testdata/captures/ledger-v.txt)
#   (mocha on projects/mocha-many: profiles/mocha/capture.sh,
#   profiles/mocha/testdata/captures/mocha-many.txt; the mocha profile claims it)
#   (cargo test on profiles/cargo/testdata/projects/ring (was projects/cargo-test) moved to profiles/cargo/capture.sh as
#   profiles/cargo/testdata/captures/ring-quiet.txt: the cargo profile claims it)
# (mypy, pylint, tsc and gcc have profiles since issue 13: their runs of
# the mypy-many, pylint-e, tsc-many and build-c projects are captured by
# scripts/capture-{mypy,pylint,tsc,gcc}.sh into testdata/<tool>.)
# and, in profiles/generic/testdata/foreign (output of a tool that has a profile, for
# testing the generic cleaner on it; not a generic capture):
#   eslint-long.txt   eslint 10.15.0 stylish on profiles/eslint/testdata/projects/many
#                     with its sources copied four times (over 160 lines);
#                     eslint-long.json (-f json)
#
# Needs node, python3, javac/java, go, gcc, make, git, curl and wget; npm
# (mocha, typescript), cargo, pylint and mypy for the tools. With the
# argument "tools" only the test runners and checkers are captured.
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
src=$repo/profiles/generic/testdata/projects
out=$repo/profiles/generic/testdata/captures
reports=$repo/profiles/generic/testdata/reports
fix=/tmp/terse-fixtures/generic
mkdir -p "$out" "$reports"
rm -rf "$fix" && mkdir -p "$fix"
cp -r "$src"/. "$fix"/
export TZ=UTC LC_ALL=C.UTF-8 NO_COLOR=1

capture() { # NAME DIR CMD...
  local name=$1 dir=$2; shift 2
  (cd "$dir" && "$@") > "$out/$name.txt" 2>&1
  echo $? > "$out/$name.exit"
  echo "wrote $out/$name.txt ($(wc -c < "$out/$name.txt") bytes, exit $(cat "$out/$name.exit"))"
}

tools() {
  local npmdir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/generic-npm
  # shellcheck source=lib/npm-capture.sh
  source "$repo/scripts/lib/npm-capture.sh"
  npm_tool "$npmdir" '{
  "name": "terse-generic-tools",
  "private": true,
  "dependencies": {
    "mocha": "11.7.5",
    "typescript": "5.9.3"
  }
}' mocha 11.7.5 mocha/bin/mocha.js
  local eslint=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/generic-eslint foreign=$repo/profiles/generic/testdata/foreign
  npm_tool "$eslint" '{
  "name": "terse-generic-eslint",
  "private": true,
  "dependencies": {
    "@eslint/js": "10.0.1",
    "eslint": "10.15.0"
  }
}' eslint 10.15.0 eslint/bin/eslint.js
  mkdir -p "$foreign"
  fresh_fixture "$repo/profiles/eslint/testdata/projects/many" "$fix/eslint-long" "$eslint"
  for n in 2 3 4; do mkdir -p "$fix/eslint-long/src/copy$n" && cp "$fix"/eslint-long/src/*.js "$fix/eslint-long/src/copy$n/"; done
  (cd "$fix/eslint-long" && "${base_env[@]}" NO_COLOR=1 node node_modules/eslint/bin/eslint.js .) >"$foreign/eslint-long.txt" 2>&1 || true
  (cd "$fix/eslint-long" && "${base_env[@]}" NO_COLOR=1 node node_modules/eslint/bin/eslint.js -f json .) >"$foreign/eslint-long.json" 2>/dev/null || true
  {
    echo "node $(node --version)"; /usr/bin/python3 --version
    echo "mocha $(node -p "require('$npmdir/node_modules/mocha/package.json').version")"
    echo "typescript $(node -p "require('$npmdir/node_modules/typescript/package.json').version")"
    cargo --version; pylint --version | sed -n 1p; mypy --version
  } >"$out/VERSIONS.tools"
}
if [[ ${1:-} == tools ]]; then
  tools
  exit 0
fi

capture crash-node "$fix/crash-node" node app.js
capture crash-python "$fix/crash-python" /usr/bin/python3 app.py
(cd "$fix/crash-java" && javac App.java)
capture crash-java "$fix/crash-java" java -cp . App
capture crash-go "$fix/crash-go" go run .

# git status: output that is content; terse must keep all of it.
g=$fix/git && mkdir -p "$g" && cd "$g" && git init -q -b main . &&
  git config user.email t@example.com && git config user.name t &&
  printf 'a\n' > kept.txt && printf 'b\n' > changed.txt && git add . && git commit -qm init &&
  printf 'c\n' >> changed.txt && printf 'new\n' > added.txt && git add added.txt && printf 'x\n' > untracked.log
capture git-status "$g" git status

# Progress written with carriage returns: curl's meter and its -# bar,
# downloading 40 MB from a server on loopback at a limited rate, and wget's bar.
head -c 40000000 /dev/urandom > "$fix/big.bin"
(cd "$fix" && exec /usr/bin/python3 -m http.server 18765 --bind 127.0.0.1 >/dev/null 2>&1) &
server=$!
sleep 1
{
  curl --limit-rate 15M -o /dev/null http://127.0.0.1:18765/big.bin
  curl -# --limit-rate 15M -o /dev/null http://127.0.0.1:18765/big.bin
  wget --progress=bar:force --limit-rate=15m -O /dev/null http://127.0.0.1:18765/big.bin
} > "$out/progress.txt" 2>&1
echo $? > "$out/progress.exit"
kill "$server"
echo "wrote $out/progress.txt ($(wc -c < "$out/progress.txt") bytes)"

{
  echo "node $(node --version)"; /usr/bin/python3 --version; java -version 2>&1 | head -1
  go version; gcc --version | head -1; make --version | head -1; git --version
} > "$out/VERSIONS"
tools
