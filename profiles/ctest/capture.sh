#!/usr/bin/env bash
# Regenerates the real CTest output fixtures under profiles/ctest/testdata/captures/.
#
# The C project profiles/ctest/testdata/projects/ringbuf (a ring buffer with bugs put
# in; its tests fail by exit code, a crash, a timeout and
# FAIL_REGULAR_EXPRESSION, one skips, one names a missing executable) is
# copied to /tmp/terse-fixtures/ctest/ringbuf (so the absolute paths are the
# same on every machine), built with Debian's cmake, and run:
#
#   ringbuf.txt        ctest --output-on-failure          (stdout+stderr)
#   ringbuf.junit.xml  the same run's --output-junit: the machine truth
#   ringbuf.exit       its exit code
#   pass.txt           ctest --output-on-failure -R 'push_pop|empty' (passing)
#   pass.junit.xml, pass.exit
#
# Needs cmake and a C compiler: apt-get install -y cmake gcc. Re-runnable.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/ctest/testdata/captures
fix=/tmp/terse-fixtures/ctest/ringbuf
base_env=(env -i "PATH=/usr/bin:/bin" "HOME=${HOME:-/root}" "TZ=UTC" "LANG=C.UTF-8" "LC_ALL=C.UTF-8" "TERM=dumb")

rm -rf "$fix"
mkdir -p "$(dirname "$fix")" "$out"
cp -R "$repo/profiles/ctest/testdata/projects/ringbuf" "$fix"
(cd "$fix" && "${base_env[@]}" cmake -S . -B build >/dev/null && "${base_env[@]}" cmake --build build >/dev/null)

# run_ctest CASE [ctest args...]
run_ctest() {
  local case=$1; shift
  set +e
  (cd "$fix/build" && "${base_env[@]}" ctest --output-on-failure --output-junit "$out/$case.junit.xml" "$@" >"$out/$case.txt" 2>&1)
  echo $? >"$out/$case.exit"
  set -e
}
run_ctest ringbuf
run_ctest pass -R 'push_pop|empty'
echo "wrote $out"
