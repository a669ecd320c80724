# Shared by the capture scripts of the one-line-per-problem linters and
# compilers (capture-mypy.sh, capture-pylint.sh, capture-flake8.sh,
# capture-shellcheck.sh, capture-gcc.sh, capture-tsc.sh, capture-go-vet.sh):
# sourced, not run. The caller sets tool (the profile's name) first.
#
# Layout: profiles/$tool/testdata/captures/NAME.txt (+ NAME.exit) is what terse
# shapes; profiles/$tool/testdata/reports/NAME.truth is the tool's machine truth for
# the fidelity test; projects are copied to /tmp/terse-fixtures/$tool so
# that paths are stable.
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/$tool/testdata/captures
reports=$repo/profiles/$tool/testdata/reports
fix=/tmp/terse-fixtures/$tool
mkdir -p "$out" "$reports"
rm -rf "$fix" && mkdir -p "$fix"
export TZ=UTC LC_ALL=C.UTF-8 NO_COLOR=1

# capture NAME DIR CMD...: runs CMD in DIR, stdout and stderr together.
capture() {
  local name=$1 dir=$2; shift 2
  (cd "$dir" && "$@") >"$out/$name.txt" 2>&1
  echo $? >"$out/$name.exit"
  echo "wrote $out/$name.txt ($(wc -l <"$out/$name.txt") lines, exit $(cat "$out/$name.exit"))"
}

# truth NAME DIR CMD...: runs CMD in DIR, its stdout the truth of NAME.
truth() {
  local name=$1 dir=$2; shift 2
  (cd "$dir" && "$@") >"$reports/$name.truth" 2>/dev/null
  echo "wrote $reports/$name.truth ($(wc -l <"$reports/$name.truth") lines)"
}

# debian_copy PKGDIR DEST: a copy of a Python package Debian installed,
# without its byte code: real code nobody on this team wrote.
debian_copy() {
  mkdir -p "$2"
  cp -r "/usr/lib/python3/dist-packages/$1" "$2/"
  find "$2" -name __pycache__ -prune -exec rm -rf {} +
}
