#!/usr/bin/env bash
# Regenerates profiles/flake8/testdata: flake8 (Debian's 5.0.4; checked) in its
# default format on Python packages Debian ships:
#   bs4.txt          Debian's bs4: pyflakes' undefined names among a thousand
#                    style problems
#   argcomplete.txt  Debian's argcomplete
# Each one's truth is the same run with a --format that separates the
# fields (reports/NAME.truth: path|row|col|code|text), flake8's own
# machine form.
tool=flake8
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/lint-capture.sh"
[[ $(flake8 --version) == "5.0.4 "* ]] || { echo "want flake8 5.0.4" >&2; exit 1; }
for pkg in bs4 argcomplete; do
  debian_copy "$pkg" "$fix/$pkg"
  capture "$pkg" "$fix/$pkg" flake8 "$pkg"
  truth "$pkg" "$fix/$pkg" flake8 --format='%(path)s|%(row)d|%(col)d|%(code)s|%(text)s' "$pkg"
done
flake8 --version >"$out/VERSIONS"
