#!/usr/bin/env bash
# Moves built-in profiles written in the form before folders into theirs:
#   profiles/TOOL.yaml         -> profiles/TOOL/profile.yaml
#   testdata/TOOL/             -> profiles/TOOL/testdata/
#   scripts/capture-TOOL.sh    -> profiles/TOOL/capture.sh
# with git mv (history kept), and rewrites the paths that name them: in Go
# tests of package profiles "../testdata/TOOL/" is "TOOL/testdata/",
# elsewhere testdata/TOOL is profiles/TOOL/testdata, in the end-to-end
# scripts $TESTDATA/TOOL/ is $PROFILES/TOOL/testdata/; the moved capture
# script finds the repository two levels up. Then go generate ./profiles.
#
#   scripts/profile-folder.sh playwright biome
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
for t in "$@"; do
  [[ -f profiles/$t.yaml ]] || { echo "profile-folder: no profiles/$t.yaml" >&2; exit 1; }
  mkdir -p "profiles/$t"
  git mv "profiles/$t.yaml" "profiles/$t/profile.yaml"
  if [[ -d testdata/$t ]]; then git mv "testdata/$t" "profiles/$t/testdata"; fi
  if [[ -f scripts/capture-$t.sh ]]; then
    git mv "scripts/capture-$t.sh" "profiles/$t/capture.sh"
    T=$t perl -pi -e 's{(dirname "\$\{BASH_SOURCE\[0\]\}"\))/\.\." && pwd}{$1/../.." && pwd}; s{(dirname "\$\{BASH_SOURCE\[0\]\}"\))/lib/}{$1/../../scripts/lib/}' "profiles/$t/capture.sh"
  fi
  q=$(printf '%s' "$t" | sed 's/[.]/\\./g')
  git grep -lE "testdata/$q([^a-z0-9-]|$)|TESTDATA/$q/|capture-$q\.sh|\"testdata\", \"$q\"" -- . ':!profiles/*/testdata/captures' ':!profiles/*/testdata/golden' ':!profiles/*/testdata/reports' ':!BENCHMARKS.md' |
    while read -r f; do
      T=$t perl -pi -e '
        my $t = quotemeta $ENV{T};
        s{"\.\./testdata/($t)(?![\w-])}{"$1/testdata}g if $ARGV =~ m{^profiles/[^/]+\.go$};
        s{filepath\.Join\("\.\.", "testdata", "($t)", }{filepath.Join("$1", "testdata", }g if $ARGV =~ m{^profiles/[^/]+\.go$};
        s{\$TESTDATA/($t)/}{\$PROFILES/$1/testdata/}g;
        s{(?<![\w/.-])testdata/($t)(?![\w-])}{profiles/$1/testdata}g;
        s{"testdata", "($t)", }{"profiles", "$1", "testdata", }g;
        s{scripts/capture-($t)\.sh}{profiles/$1/capture.sh}g;
      ' "$f"
    done
done
go generate ./profiles
