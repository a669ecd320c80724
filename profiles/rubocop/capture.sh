#!/usr/bin/env bash
# Regenerates profiles/rubocop/testdata: RuboCop (Debian's 1.39.0; checked)
# in its default (progress) form, what `rubocop` prints to a pipe:
#   ledger.txt        testdata/projects/ledger, a small ledger with bugs put
#                     in: a syntax error, useless assignments, an assignment
#                     in a condition, and conventions (19 offenses)
#   stdlib.txt        five files of Ruby's standard library Debian ships,
#                     real code nobody on this team wrote (hundreds of
#                     offenses, no error)
#   clean.txt         testdata/projects/clean: no offense (exit 0)
# No --color form: with it RuboCop 1.39 leaves each offense's cop name out,
# and a pipe (what an agent reads) gets no colour.
# Each one's truth is the same run with --format json (reports/NAME.truth).
# The projects' .rubocop.yml pin the target Ruby and leave out the cops a
# newer RuboCop adds, so a run prints no notice of them.
tool=rubocop
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/lint-capture.sh"
[[ $(rubocop --version) == "1.39.0" ]] || { echo "want rubocop 1.39.0 (apt-get install rubocop)" >&2; exit 1; }
projects=$repo/profiles/rubocop/testdata/projects
for p in ledger clean; do cp -r "$projects/$p" "$fix/$p"; done
mkdir -p "$fix/stdlib/lib"
cp "$projects/ledger/.rubocop.yml" "$fix/stdlib/"
for f in abbrev observer find getoptlong shellwords; do cp "/usr/lib/ruby/3.1.0/$f.rb" "$fix/stdlib/lib/"; done

for p in ledger stdlib clean; do
  capture "$p" "$fix/$p" rubocop
  truth "$p" "$fix/$p" rubocop --format json
done
rubocop --version >"$out/VERSIONS"
