#!/usr/bin/env bash
# Regenerates profiles/gcc/testdata: gcc (Debian's 12.2; checked) under make -k on
#   zlib.txt       the examples Debian's zlib1g-dev ships
#                  (/usr/share/doc/zlib1g-dev/examples) with
#                  profiles/gcc/testdata/projects/zlib-examples/Makefile: -Wall -Wextra
#                  -Wconversion and more (over a hundred warnings), two errors
#                  put in by its bugs.sh, a missing header (fatal error) and
#                  zpipe linked without -lz (undefined references)
#   make-300.txt   the generated project of profiles/generic/testdata/projects/build-c:
#                  300 files, quiet make ("CC file"), two failing
#   clang.txt      the zlib examples again, with clang (Debian's 14) as CC
# Each one's truth (reports/NAME.truth) is the same build with
# -fdiagnostics-format=json (gcc's JSON, one array per file), with the
# linker's own lines (ld has no other form); clang's is its build with
# -fno-caret-diagnostics, one line per diagnostic.
tool=gcc
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/lint-capture.sh"
[[ $(gcc --version | sed -n 1p) == "gcc (Debian 12.2.0"* ]] || { echo "want Debian's gcc 12.2" >&2; exit 1; }
warn="-Wall -Wextra -Wconversion -Wsign-conversion -Wshadow"
cp -r "$repo/profiles/gcc/testdata/projects/zlib-examples" "$fix/zlib"
cp /usr/share/doc/zlib1g-dev/examples/*.[ch] "$fix/zlib/"
"$fix/zlib/bugs.sh"
capture zlib "$fix/zlib" make -k "CFLAGS=$warn"
(cd "$fix/zlib" && rm -f ./*.o zpipe)
truth zlib "$fix/zlib" sh -c "make -k 'CFLAGS=$warn -fdiagnostics-format=json' 2>&1 | grep -E '^\[|undefined reference'"
cp -r "$repo/profiles/generic/testdata/projects/build-c" "$fix/make-300" && "$fix/make-300/gen.sh"
capture make-300 "$fix/make-300" make -k -j1
(cd "$fix/make-300" && rm -f src/*.o)
sed -i 's/@gcc -Wall -c/@gcc -Wall -fdiagnostics-format=json -c/' "$fix/make-300/Makefile"
truth make-300 "$fix/make-300" sh -c "make -k -j1 2>&1 | grep -E '^\['"
[[ $(clang --version | sed -n 1p) == "Debian clang version 14."* ]] || { echo "want Debian's clang 14" >&2; exit 1; }
cp -r "$repo/profiles/gcc/testdata/projects/zlib-examples" "$fix/clang"
cp /usr/share/doc/zlib1g-dev/examples/*.[ch] "$fix/clang/"
"$fix/clang/bugs.sh"
capture clang "$fix/clang" make -k CC=clang "CFLAGS=$warn"
(cd "$fix/clang" && rm -f ./*.o zpipe)
truth clang "$fix/clang" sh -c "make -k CC=clang 'CFLAGS=$warn -fno-caret-diagnostics' 2>&1 | grep -E ': (warning|error|fatal error): |undefined reference'"
{ gcc --version | sed -n 1p; clang --version | sed -n 1p; } >"$out/VERSIONS"
