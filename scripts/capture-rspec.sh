#!/usr/bin/env bash
# Regenerates the RSpec captures under testdata/rspec/captures, run by
# Debian's rspec (ruby-rspec, RSpec 3.12 on Ruby 3.1) in
# /tmp/terse-fixtures/rspec/<case>, stdout and stderr merged and stdout not a
# terminal, as an agent's shell gets them:
#
#   calc.txt       testdata/rspec/projects/calc, progress formatter (the
#                  default): matchers' failures (eq with expected/got, a hash
#                  diff, include, be_a), exceptions raised in lib/
#                  (ZeroDivisionError, NoMethodError), two groups' examples of
#                  one name ("adds" under Calculator#add and Ledger#add),
#                  pending and skipped examples
#   calc-doc.txt   the same run with --format documentation
#   calc-pass.txt  the same project, only its passing examples (-e)
#   broken.txt     testdata/rspec/projects/broken: a spec file with a syntax
#                  error ("An error occurred while loading"), no example runs
#
# The machine truth of each is the same run with --format json (stdout
# only), kept as reports/<case>.truth. rspec prints the same with
# AI_AGENT=1 (checked below; object ids aside).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$repo/testdata/rspec/captures
reports=$repo/testdata/rspec/reports
fix=/tmp/terse-fixtures/rspec
command -v rspec >/dev/null || apt-get install -y ruby-rspec >/dev/null
mkdir -p "$out" "$reports"
rm -rf "$fix" && mkdir -p "$fix"
export TZ=UTC LC_ALL=C.UTF-8

capture() { # NAME DIR RSPEC_ARGS...
  local name=$1 dir=$2; shift 2
  (cd "$dir" && rspec "$@") >"$out/$name.txt" 2>&1 </dev/null && echo 0 >"$out/$name.exit" || echo $? >"$out/$name.exit"
  (cd "$dir" && AI_AGENT=1 rspec "$@") >"$fix/$name.agent.txt" 2>&1 </dev/null || true
  local strip='s/0x[0-9a-f]+/0x/g; s/^Finished in .*//'
  if ! diff -q <(sed -E "$strip" "$out/$name.txt") <(sed -E "$strip" "$fix/$name.agent.txt") >/dev/null; then
    echo "note: $name differs under AI_AGENT=1" >&2
  fi
  local args=() a
  for a in "$@"; do [[ $a == --format || $a == documentation ]] || args+=("$a"); done
  (cd "$dir" && rspec "${args[@]}" --format json) >"$reports/$name.truth" 2>/dev/null </dev/null || true
  echo "wrote $out/$name.txt ($(wc -l <"$out/$name.txt") lines, exit $(cat "$out/$name.exit"))"
}

for p in calc broken; do cp -R "$repo/testdata/rspec/projects/$p" "$fix/$p"; done
capture calc "$fix/calc"
capture calc-doc "$fix/calc" --format documentation
capture calc-pass "$fix/calc" -e divides -e averages
capture broken "$fix/broken"
rspec --version >"$out/VERSIONS"
ruby --version >>"$out/VERSIONS"
