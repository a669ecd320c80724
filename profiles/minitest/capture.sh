#!/usr/bin/env bash
# Regenerates the minitest captures under profiles/minitest/testdata/captures, run by
# Debian's ruby (3.1, its bundled minitest 5.15) in
# /tmp/terse-fixtures/minitest/<case>, stdout and stderr merged, as an
# agent's shell gets them (minitest prints the same with AI_AGENT=1: checked
# below, timings aside):
#
#   shelf.txt       profiles/minitest/testdata/projects/shelf: assertion failures, an
#                   error raised in lib/, a skip, two classes' tests of one
#                   name (ShelfTest#test_add, CountTest#test_add)
#   shelf-rake.txt  the same through its Rakefile's Rake::TestTask (rake
#                   test: rake's own "rake aborted!" after minitest's report)
#   minitest.txt    minitest 5.15's own tests of its assertions and mocks,
#                   as the gem ships it, with two bugs put into
#                   lib/minitest/assertions.rb (assert_in_delta's bound, mu_pp
#                   by to_s): 47 failures and 3 errors of 228 runs. Its test_minitest_test.rb is left out: its
#                   expected outputs hold minitest's own blocks, inside diffs
#   minitest-pass.txt  the same suite as shipped
#
# The machine truth of each is its own Failure:/Error: blocks, kept as
# reports/<case>.truth (minitest-reporters, which writes JUnit XML, is not
# in Debian).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/minitest/testdata/captures
reports=$repo/profiles/minitest/testdata/reports
fix=/tmp/terse-fixtures/minitest
gem=/usr/lib/ruby/gems/3.1.0/gems/minitest-5.15.0
mkdir -p "$out" "$reports"
rm -rf "$fix" && mkdir -p "$fix"
export TZ=UTC LC_ALL=C.UTF-8

capture() { # NAME DIR RUBY_ARGS... (or rake ARGS...)
  local name=$1 dir=$2; shift 2
  local run=ruby
  [[ $1 != rake ]] || { run=rake; shift; }
  (cd "$dir" && $run "$@") >"$out/$name.txt" 2>&1 </dev/null && echo 0 >"$out/$name.exit" || echo $? >"$out/$name.exit"
  (cd "$dir" && AI_AGENT=1 $run "$@") >"$fix/$name.agent.txt" 2>&1 </dev/null || true
  if ! diff -q <(grep -v '^Finished in ' "$out/$name.txt") <(grep -v '^Finished in ' "$fix/$name.agent.txt") >/dev/null; then
    echo "note: $name differs under AI_AGENT=1" >&2
  fi
  cp "$out/$name.txt" "$reports/$name.truth"
  echo "wrote $out/$name.txt ($(wc -l <"$out/$name.txt") lines, exit $(cat "$out/$name.exit"))"
}

cp -R "$repo/profiles/minitest/testdata/projects/shelf" "$fix/shelf"
capture shelf "$fix/shelf" -Ilib test/shelf_test.rb --seed 1
capture shelf-rake "$fix/shelf" rake test TESTOPTS=--seed=1
cp -R "$gem" "$fix/minitest"
suite=(-Ilib -Itest -e 'Dir["test/minitest/test_minitest_{assertions,mock}.rb"].sort.each { |f| require_relative f }' -- --seed 7)
capture minitest-pass "$fix/minitest" "${suite[@]}"
a=$fix/minitest/lib/minitest/assertions.rb
before=$(md5sum <"$a")
sed -i 's/^      assert delta >= n, msg$/      assert delta > n, msg/; s/^      s = obj.inspect$/      s = obj.to_s/' "$a"
[[ $(md5sum <"$a") != "$before" ]] || { echo "error: the bugs were not put in" >&2; exit 1; }
capture minitest "$fix/minitest" "${suite[@]}"
ruby --version >"$out/VERSIONS"
echo "minitest 5.15.0" >>"$out/VERSIONS"
