#!/usr/bin/env bash
# Regenerates profiles/pylint/testdata: pylint (Debian's 2.16.2; checked) in its
# default text format on
#   e.txt            the project of profiles/generic/testdata/projects/pylint-e (errors
#                    among conventions, 300+ lines)
#   late.txt         the same with the module holding the errors between two
#                    holding only conventions and warnings (errors hide late)
#   argcomplete.txt  Debian's argcomplete package: real code, errors among
#                    hundreds of warnings and conventions
# Each one's truth is the same run with --output-format=json
# (reports/NAME.truth).
tool=pylint
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/lint-capture.sh"
[[ $(pylint --version | sed -n 1p) == "pylint 2.16.2" ]] || { echo "want pylint 2.16.2" >&2; exit 1; }
cp -r "$repo/profiles/generic/testdata/projects/pylint-e" "$fix/e"
[[ -x $fix/e/gen.sh ]] && "$fix/e/gen.sh"
run=(pylint --persistent=n --jobs=1)
capture e "$fix/e" "${run[@]}" inventory.py helpers.py
truth e "$fix/e" "${run[@]}" --output-format=json inventory.py helpers.py
capture late "$fix/e" "${run[@]}" helpers.py inventory.py formats.py
truth late "$fix/e" "${run[@]}" --output-format=json helpers.py inventory.py formats.py
debian_copy argcomplete "$fix/argcomplete"
capture argcomplete "$fix/argcomplete" "${run[@]}" argcomplete
truth argcomplete "$fix/argcomplete" "${run[@]}" --output-format=json argcomplete
pylint --version >"$out/VERSIONS"
