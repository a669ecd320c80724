#!/usr/bin/env bash
# Prints, for every capture of the one-line-per-problem profiles (issue 13),
# its lines and its raw and shaped token counts (o200k_base, `terse
# tokens`), shaped by detection as `CMD 2>&1 | terse` would: the first
# page (20 problems), and every problem (--limit 0), which is what a
# one-line-per-problem format saves without paging.
#
#   scripts/lint-figures.sh [TOOL...]   (default: all of them)
#
# Any tool's captures may be named: the tables of oxlint, biome, prettier
# and playwright (issue 56) in profiles/<tool>/testdata/README.md come from it.
set -eu
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$repo" && go build -o "$bin/terse" .)
tools=("$@")
[[ ${#tools[@]} -gt 0 ]] || tools=(mypy tsc pylint flake8 shellcheck gcc go-vet golangci-lint cargo-build)
printf '%-32s %6s %7s %7s %6s %7s %6s  %s\n' capture lines raw page saved all saved profile
for tool in "${tools[@]}"; do
  for f in "$repo"/profiles/"$tool"/testdata/captures/*.txt; do
    [[ -e $f ]] || continue
    raw=$("$bin/terse" tokens <"$f" | tr -d , | awk "{print \$1}")
    shaped=$("$bin/terse" --llm <"$f" | "$bin/terse" tokens | tr -d , | awk "{print \$1}")
    every=$("$bin/terse" --llm --limit 0 <"$f" | "$bin/terse" tokens | tr -d , | awk "{print \$1}")
    prof=$("$bin/terse" --json <"$f" | sed -n "s/^{\"tool\":\"\([^\"]*\)\".*/\1/p" || true)
    saved=$(awk -v r="$raw" -v s="$shaped" 'BEGIN { if (r > 0) printf "%d%%", 100 * (r - s) / r; else print "-" }')
    saved0=$(awk -v r="$raw" -v s="$every" 'BEGIN { if (r > 0) printf "%d%%", 100 * (r - s) / r; else print "-" }')
    printf '%-32s %6s %7s %7s %6s %7s %6s  %s\n' "$tool/$(basename "$f")" "$(wc -l <"$f")" "$raw" "$shaped" "$saved" "$every" "$saved0" "$prof"
  done
done
