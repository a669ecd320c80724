#!/usr/bin/env bash
# Regenerates profiles/shellcheck/testdata: shellcheck (Debian's 0.9.0; checked)
# with -f gcc on shell scripts Debian ships in /usr/bin:
#   debian.txt   eight of them: two parse errors among 270 warnings and notes
#   debian.tty.txt  the same eight in the default (tty) form
#   apt-key.txt  one of them alone: warnings and notes only (the run fails,
#                no error)
# Each one's truth is the same run with -f json1 (reports/NAME.truth).
tool=shellcheck
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/lint-capture.sh"
[[ $(shellcheck --version | sed -n 2p) == "version: 0.9.0" ]] || { echo "want shellcheck 0.9.0" >&2; exit 1; }
scripts=(apt-key bashbug bzdiff bzexe dpkg-maintscript-helper gettextize gcore cscope-indexer)
mkdir -p "$fix/debian"
for s in "${scripts[@]}"; do cp "/usr/bin/$s" "$fix/debian/"; done
capture debian "$fix/debian" shellcheck -f gcc "${scripts[@]}"
truth debian "$fix/debian" shellcheck -f json1 "${scripts[@]}"
capture apt-key "$fix/debian" shellcheck -f gcc apt-key
truth apt-key "$fix/debian" shellcheck -f json1 apt-key

# The default (tty) form, what shellcheck prints without -f; its truth is
# the json1 run of the same files.
capture debian.tty "$fix/debian" shellcheck "${scripts[@]}"
shellcheck --version >"$out/VERSIONS"
