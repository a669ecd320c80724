#!/usr/bin/env bash
# Regenerates the RSpec captures under profiles/rspec/testdata/captures, run by
# Debian's rspec (ruby-rspec, RSpec 3.12 on Ruby 3.1) in
# /tmp/terse-fixtures/rspec/<case>, stdout and stderr merged and stdout not a
# terminal, as an agent's shell gets them:
#
#   calc.txt       profiles/rspec/testdata/projects/calc, progress formatter (the
#                  default): matchers' failures (eq with expected/got, a hash
#                  diff, include, be_a), exceptions raised in lib/
#                  (ZeroDivisionError, NoMethodError), two groups' examples of
#                  one name ("adds" under Calculator#add and Ledger#add),
#                  pending and skipped examples, :aggregate_failures (two
#                  expectations' failures in one example)
#   calc-doc.txt   the same run with --format documentation
#   calc-pass.txt  the same project, only its passing examples (-e)
#   matrix.txt     profiles/rspec/testdata/projects/matrix: specs of Ruby's matrix gem
#                  (0.4.2, Debian's ruby ships it; examples made from tables
#                  of cases) on a copy of its lib/ with two bugs put in (the
#                  2x2 determinant's sign, the trace's column): 7 of 34 fail
#   matrix-doc.txt the same run with --format documentation
#   broken.txt     profiles/rspec/testdata/projects/broken: a spec file with a syntax
#                  error ("An error occurred while loading"), no example runs
#   calc.json, broken.json  those runs with --format json, as a shell gets
#                  them (stdout and stderr): terse shapes this document too
#
# The machine truth of each is the same run with --format json (stdout
# only), kept as reports/<case>.truth. rspec prints the same with
# AI_AGENT=1 (checked below; object ids aside).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/rspec/testdata/captures
reports=$repo/profiles/rspec/testdata/reports
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

for p in calc broken matrix; do cp -R "$repo/profiles/rspec/testdata/projects/$p" "$fix/$p"; done
cp -R /usr/lib/ruby/gems/3.1.0/gems/matrix-0.4.2/lib "$fix/matrix/lib"
m=$fix/matrix/lib/matrix.rb
before=$(md5sum <"$m")
sed -i 's/^      + m\[0\]\[0\] \* m\[1\]\[1\] - m\[0\]\[1\] \* m\[1\]\[0\]$/      + m[0][0] * m[1][1] + m[0][1] * m[1][0]/; s/^      tr + @rows\[i\]\[i\]$/      tr + @rows[i][-1]/' "$m"
[[ $(md5sum <"$m") != "$before" ]] || { echo "error: the bugs were not put in" >&2; exit 1; }
capture calc "$fix/calc"
capture calc-doc "$fix/calc" --format documentation
capture calc-pass "$fix/calc" -e divides -e averages
capture matrix "$fix/matrix"
capture matrix-doc "$fix/matrix" --format documentation
capture broken "$fix/broken"
for c in calc broken; do
  (cd "$fix/$c" && rspec --format json) >"$out/$c.json" 2>&1 </dev/null || true
done
rspec --version >"$out/VERSIONS"
ruby --version >>"$out/VERSIONS"
