#!/usr/bin/env bash
# Regenerates profiles/mypy/testdata: mypy (Debian's mypy 1.0.1; --version is
# checked) on
#   many.txt         the generated project of profiles/generic/testdata/projects/mypy-many,
#                    800 errors (paging)
#   argcomplete.txt  Debian's argcomplete with --check-untyped-defs and
#                    columns: errors with notes (conditional signatures)
#   bs4.txt          Debian's bs4 the same way: 167 errors in 14 files
#   pass.txt         Debian's chardet: no issues
# mypy 1.0 has no JSON output: its truth is its own plain lines of the same
# run, copied to reports/NAME.truth.
tool=mypy
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/lint-capture.sh"
[[ $(mypy --version) == "mypy 1.0.1 "* ]] || { echo "want mypy 1.0.1, have $(mypy --version)" >&2; exit 1; }
run=(mypy --no-incremental --cache-dir=/dev/null)
cp -r "$repo/profiles/generic/testdata/projects/mypy-many" "$fix/many" && "$fix/many/gen.sh"
capture many "$fix/many" "${run[@]}" shop
for pkg in argcomplete bs4; do
  debian_copy "$pkg" "$fix/$pkg"
  capture "$pkg" "$fix/$pkg" "${run[@]}" --check-untyped-defs --show-column-numbers "$pkg"
done
debian_copy chardet "$fix/pass"
capture pass "$fix/pass" "${run[@]}" chardet
for name in many argcomplete bs4 pass; do cp "$out/$name.txt" "$reports/$name.truth"; done
mypy --version >"$out/VERSIONS"
