#!/usr/bin/env bash
# Regenerates the real Gradle test-run fixtures under profiles/gradle/testdata/captures/.
#
# profiles/gradle/testdata/projects/shop is a small Java project of ours
# (Cart, Slug, Stock and their JUnit 4 tests) with bugs put in: a discount
# added instead of taken off, underscores where dashes belong, an unknown
# SKU unboxing null, a refusal that throws. projects/broken does not
# compile. Each is copied to /tmp/terse-fixtures/gradle/<project> (the same
# absolute paths on every machine) and built by Debian's Gradle 4.4.1,
# offline, with Debian's JUnit 4 jars, no tty, as an agent's shell runs it:
#
#   shop.txt          gradle --offline --console=plain test  (stdout+stderr)
#   shop.junit.xml    the same run's build/test-results/test/TEST-*.xml in
#                     one <testsuites>: the machine truth
#   shop.full.txt     the same with -PfullExceptions (the build sets
#                     testLogging.exceptionFormat = 'full': message and frames)
#   pass.txt          ... test --tests for two passing tests (and its .junit.xml)
#   broken.txt        gradle --offline --console=plain test on the project that
#                     does not compile (no tests run: ../reports/broken.truth
#                     is javac's own report of the same sources)
#   *.exit            each run's exit code
#
# Without a tty Gradle's default console (--console=auto) prints the same as
# --console=plain (checked: only "BUILD FAILED in Ns" differs), so it is
# not kept twice.
#
# Needs gradle and junit4: apt-get install -y gradle junit4. Re-runnable.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/gradle/testdata/captures
reports=$repo/profiles/gradle/testdata/reports
fix=/tmp/terse-fixtures/gradle
base_env=(env -i "PATH=/usr/bin:/bin" "HOME=${HOME:-/root}" "TZ=UTC" "LANG=C.UTF-8" "LC_ALL=C.UTF-8" "TERM=dumb")

rm -rf "$fix"
mkdir -p "$fix" "$out" "$reports"
cp -R "$repo/profiles/gradle/testdata/projects/shop" "$repo/profiles/gradle/testdata/projects/broken" "$fix/"

# junit_truth CASE PROJECT: the run's JUnit reports as one document.
junit_truth() {
  local case=$1 project=$2 f
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo '<testsuites>'
    for f in "$fix/$project"/build/test-results/test/TEST-*.xml; do
      sed -e "1{/^<?xml/d}" -e "/<properties/d" "$f"
    done
    echo '</testsuites>'
  } >"$out/$case.junit.xml"
}

# run_gradle CASE PROJECT [gradle args...]
run_gradle() {
  local case=$1 project=$2; shift 2
  rm -rf "$fix/$project/build" "$fix/$project/.gradle"
  set +e
  (cd "$fix/$project" && "${base_env[@]}" gradle --offline --console=plain test "$@" </dev/null >"$out/$case.txt" 2>&1)
  echo $? >"$out/$case.exit"
  set -e
}
run_gradle shop shop
junit_truth shop shop
run_gradle shop.full shop -PfullExceptions
run_gradle pass shop --tests shop.CartTest.countsItems --tests shop.SlugTest.lowercases
junit_truth pass shop
run_gradle broken broken
# javac's own report of what does not compile, as Gradle's compileJava runs it.
(cd "$fix/broken" && mkdir -p "$fix/javac-out" &&
  "${base_env[@]}" javac -source 8 -target 8 -nowarn -d "$fix/javac-out" \
    $(find src/main/java -name '*.java' | sort) >"$reports/broken.truth" 2>&1 || true)
rm -rf "$fix/javac-out"
# The Gradle daemon started here stays up for the next build; stop it.
"${base_env[@]}" gradle --stop >/dev/null 2>&1 || true
echo "wrote $out"
