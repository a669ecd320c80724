#!/usr/bin/env bash
# Regenerates the real PHPUnit output fixtures under profiles/phpunit/testdata/captures/.
#
# profiles/phpunit/testdata/projects/diff names sebastian/diff 4.0.4 (BSD-3-Clause, its
# src/ and tests/ but the integration tests, which need symfony/process),
# with bugs put in src/ (Chunk::getEndRange, Line::getContent,
# DiffOnlyOutputBuilder, StrictUnifiedDiffOutputBuilder's hunk header) and a
# bootstrap.php in place of composer's autoloader. profiles/phpunit/testdata/projects/
# broken has a test file that does not parse. Each is copied to
# /tmp/terse-fixtures/phpunit/<project> (the same absolute paths on every
# machine) and run with Debian's phpunit 9:
#
#   diff.txt          phpunit                            (stdout+stderr)
#   diff.junit.xml    the same run's --log-junit: the machine truth
#   diff-testdox.txt  phpunit --testdox (and its .junit.xml)
#   pass.txt          phpunit tests/DifferTest.php tests/ChunkTest.php --filter '^(?!.*EndRange)'
#   words.txt         phpunit --verbose on profiles/phpunit/testdata/projects/words: two
#                     failures among a risky, an incomplete and a skipped test
#   broken.txt        phpunit on the project whose test file does not parse
#                     (no report is written: ../reports/broken.truth is php -l's line)
#   *.exit            each run's exit code
#
# Needs phpunit: apt-get install -y phpunit. Re-runnable.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/phpunit/testdata/captures
reports=$repo/profiles/phpunit/testdata/reports
fix=/tmp/terse-fixtures/phpunit
base_env=(env -i "PATH=/usr/bin:/bin" "HOME=${HOME:-/root}" "TZ=UTC" "LANG=C.UTF-8" "LC_ALL=C.UTF-8" "TERM=dumb")

rm -rf "$fix"
mkdir -p "$fix" "$out" "$reports"
cp -R "$repo/profiles/phpunit/testdata/projects/broken" "$repo/profiles/phpunit/testdata/projects/words" "$fix/"
# sebastian/diff's own code is fetched, not kept here: the files listed in
# projects/diff/upstream.files at its tag, with projects/diff/bugs.patch
# applied, and the bootstrap.php of ours beside them.
source "$repo/scripts/lib/upstream.sh"
proj=$repo/profiles/phpunit/testdata/projects/diff
upstream_tree "$fix/diff" https://github.com/sebastianbergmann/diff 4.0.4 "$proj/upstream.files" "$proj/bugs.patch"
cp "$proj/bootstrap.php" "$fix/diff/"

# run_phpunit CASE PROJECT [phpunit args...]
run_phpunit() {
  local case=$1 project=$2; shift 2
  rm -f "$out/$case.junit.xml"
  set +e
  (cd "$fix/$project" && "${base_env[@]}" phpunit --do-not-cache-result --log-junit "$out/$case.junit.xml" "$@" >"$out/$case.txt" 2>&1)
  echo $? >"$out/$case.exit"
  set -e
}
run_phpunit diff diff
run_phpunit diff-testdox diff --testdox
run_phpunit pass diff tests/DifferTest.php
run_phpunit broken broken tests
run_phpunit words words --verbose tests
# PHP's own parser names what did not parse.
(cd "$fix/broken" && "${base_env[@]}" php -l tests/SlugTest.php >"$reports/broken.truth" 2>&1 || true)
# Timings and memory differ on every run; --do-not-cache-result keeps the
# order (phpunit.xml runs defects first from the last run's cache).
echo "wrote $out"
