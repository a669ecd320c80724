#!/usr/bin/env bash
# Regenerates the real captures of the generic profile under
# testdata/generic/captures: output of tools terse has no profile for, run on
# the projects in testdata/generic/projects (copied to the fixed path
# /tmp/terse-fixtures/generic/<case> so paths are stable).
#
#   crash-node.txt    node, an uncaught SyntaxError from JSON.parse in app code
#   crash-python.txt  python3, a ValueError raised inside the standard library
#   crash-java.txt    java, NumberFormatException through streams
#   crash-go.txt      go run, an index-out-of-range panic
#   build-c.txt       make -k over 300 C files, two of which fail to compile
#   git-status.txt    git status of a small repository (content, not noise)
#   progress.txt      curl and wget progress meters (\r updates) from a loopback server
#
# Needs node, python3, javac/java, go, gcc, make, git, curl and wget.
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src=$repo/testdata/generic/projects
out=$repo/testdata/generic/captures
fix=/tmp/terse-fixtures/generic
mkdir -p "$out"
rm -rf "$fix" && mkdir -p "$fix"
cp -r "$src"/. "$fix"/
export TZ=UTC LC_ALL=C.UTF-8 NO_COLOR=1

capture() { # NAME DIR CMD...
  local name=$1 dir=$2; shift 2
  (cd "$dir" && "$@") > "$out/$name.txt" 2>&1
  echo $? > "$out/$name.exit"
  echo "wrote $out/$name.txt ($(wc -c < "$out/$name.txt") bytes, exit $(cat "$out/$name.exit"))"
}

capture crash-node "$fix/crash-node" node app.js
capture crash-python "$fix/crash-python" /usr/bin/python3 app.py
(cd "$fix/crash-java" && javac App.java)
capture crash-java "$fix/crash-java" java -cp . App
capture crash-go "$fix/crash-go" go run .
"$fix/build-c/gen.sh"
capture build-c "$fix/build-c" make -k -j1

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
