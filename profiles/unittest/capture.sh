#!/usr/bin/env bash
# Regenerates the python unittest captures under profiles/unittest/testdata/captures,
# run by Debian's /usr/bin/python3 (3.11; its test suite from the
# libpython3.11-testsuite package) in /tmp/terse-fixtures/unittest/<case>:
#
#   textwrap-pass.txt  CPython's own test_textwrap.py on textwrap.py, as shipped
#   textwrap.txt       the same with a bug put into textwrap.py (a line one
#                      column shorter): 23 of 66 fail; over 800 lines
#   textwrap-v.txt     the same run with -v
#   ledger-v.txt       -v on profiles/generic/testdata/projects/unittest-v: failures and
#                      errors, a skip (until issue 13 a generic capture)
#   stock.txt          profiles/unittest/testdata/projects/stock: chained exceptions
#                      (a NameError raised while handling a KeyError, raise
#                      ... from err) and two classes, and two modules' classes
#                      of one name, with tests of the same name (issue 54)
#   stock-v.txt        the same run with -v
#
# The machine truth of each is its own FAIL:/ERROR: blocks and the summary
# counts, kept as reports/<case>.truth. unittest prints the same with
# AI_AGENT=1.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/unittest/testdata/captures
reports=$repo/profiles/unittest/testdata/reports
fix=/tmp/terse-fixtures/unittest
py=/usr/bin/python3
lib=/usr/lib/python3.11
[[ -f $lib/test/test_textwrap.py ]] || apt-get install -y libpython3.11-testsuite >/dev/null
mkdir -p "$out" "$reports"
rm -rf "$fix" && mkdir -p "$fix/textwrap" "$fix/ledger" "$fix/stock"
export TZ=UTC LC_ALL=C.UTF-8

capture() { # NAME DIR CMD...
  local name=$1 dir=$2; shift 2
  (cd "$dir" && "$@") >"$out/$name.txt" 2>&1 && echo 0 >"$out/$name.exit" || echo $? >"$out/$name.exit"
  (cd "$dir" && AI_AGENT=1 "$@") >"$fix/$name.agent.txt" 2>&1 || true
  if ! diff -q <(grep -v '^Ran ' "$out/$name.txt") <(grep -v '^Ran ' "$fix/$name.agent.txt") >/dev/null; then
    echo "note: $name differs under AI_AGENT=1" >&2
  fi
  cp "$out/$name.txt" "$reports/$name.truth"
  echo "wrote $out/$name.txt ($(wc -l <"$out/$name.txt") lines, exit $(cat "$out/$name.exit"))"
}

cp "$lib/textwrap.py" "$lib/test/test_textwrap.py" "$fix/textwrap/"
capture textwrap-pass "$fix/textwrap" "$py" -m unittest test_textwrap
before=$(md5sum <"$fix/textwrap/textwrap.py")
sed -i 's/^            width = self.width - len(indent)$/            width = self.width - len(indent) - 1/' "$fix/textwrap/textwrap.py"
[[ $(md5sum <"$fix/textwrap/textwrap.py") != "$before" ]] || { echo "error: the bug was not put in" >&2; exit 1; }
capture textwrap "$fix/textwrap" "$py" -m unittest test_textwrap
capture textwrap-v "$fix/textwrap" "$py" -m unittest -v test_textwrap
cp -R "$repo/profiles/generic/testdata/projects/unittest-v/." "$fix/ledger/"
capture ledger-v "$fix/ledger" "$py" -m unittest -v
cp -R "$repo/profiles/unittest/testdata/projects/stock/." "$fix/stock/"
capture stock "$fix/stock" "$py" -B -m unittest
capture stock-v "$fix/stock" "$py" -B -m unittest -v
"$py" --version >"$out/VERSIONS"
