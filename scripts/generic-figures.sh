#!/usr/bin/env bash
# Prints, for the captures of issue 12 (tools terse has no profile for, and
# the multi-tool and odd-input streams), the raw and shaped token counts
# (o200k_base, terse tokens) and the failures the first page shows, for the
# shaped output of main's build (the binary given as $1, e.g. one built
# from main) and of this tree.
#
#   scripts/generic-figures.sh [OLD_TERSE]
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$repo" && go build -o "$bin/terse" .)
old=${1:-}
cap=$repo/profiles/generic/testdata/captures
rep=$repo/profiles/generic/testdata/reports

# failures CAPTURE: the patterns that name each failure in the text, one a line.
failures() {
  case $(basename "$1") in
    mocha-many.txt) node -e 'for (const f of JSON.parse(require("fs").readFileSync(process.argv[1])).failures) console.log(f.title + ":")' "$repo/profiles/mocha/testdata/reports/mocha-many.truth" ;;
  esac
}

kept() { # SHAPED_FILE PATTERNS_FILE
  local n=0 p
  while IFS= read -r p; do
    if [[ $p == "not ok"* ]]; then grep -qE "^ *$(printf '%s' "$p" | sed 's/[][\.*^$()+?{}|/]/\\&/g; s/\\\[0-9\\\]\\\*/[0-9]*/')" "$1" && n=$((n+1))
    else grep -qF -- "$p" "$1" && n=$((n+1)); fi
  done <"$2"
  echo "$n"
}

printf '%-16s %8s %10s %10s %8s %8s\n' capture raw shaped old-shaped kept old-kept
for name in mocha-many; do
  f=$repo/profiles/mocha/testdata/captures/$name.txt
  pat=$bin/$name.pat; failures "$f" >"$pat"
  total=$(wc -l <"$pat")
  "$bin/terse" -p generic <"$f" >"$bin/new.txt" || true
  raw=$("$bin/terse" tokens "$f" | awk '{print $1}')
  new=$("$bin/terse" tokens "$bin/new.txt" | awk '{print $1}')
  oldt=- oldk=-
  if [[ -n $old ]]; then
    "$old" -p generic <"$f" >"$bin/old.txt" || true
    oldt=$("$bin/terse" tokens "$bin/old.txt" | awk '{print $1}')
    oldk="$(kept "$bin/old.txt" "$pat")/$total"
  fi
  printf '%-16s %8s %10s %10s %8s %8s\n' "$name" "$raw" "$new" "$oldt" "$(kept "$bin/new.txt" "$pat")/$total" "$oldk"
done

echo
printf '%-22s %8s %8s  %s\n' stream raw shaped "status line (old → new)"
for f in "$repo"/testdata/multi/streams/*.txt; do
  raw=$("$bin/terse" tokens "$f" | awk '{print $1}')
  "$bin/terse" <"$f" >"$bin/new.txt" || true
  new=$("$bin/terse" tokens "$bin/new.txt" | awk '{print $1}')
  st=$(head -1 "$bin/new.txt")
  if [[ -n $old ]]; then st="$("$old" <"$f" | head -1) → $st"; fi
  printf '%-22s %8s %8s  %s\n' "$(basename "$f")" "$raw" "$new" "$st"
done
