#!/usr/bin/env bash
# Regenerates the real Maven Surefire output fixtures under profiles/maven/testdata/captures/.
#
# profiles/maven/testdata/projects/commons-cli names Apache Commons CLI 1.4 (its sources
# and JUnit 4 tests, Apache License 2.0) with bugs put in (OptionGroup
# .setSelected no longer takes null, TypeHandler makes a Float of "4.5",
# Util strips quotes around a quoted string), under a pom of its own (its
# parent pom is not in Debian's repository). profiles/maven/testdata/projects/broken
# does not compile. Each is copied to /tmp/terse-fixtures/maven/<project>
# (the same absolute paths on every machine) and built by Debian's Maven,
# offline, against Debian's repository (/usr/share/maven-repo):
#
#   commons-cli.txt        mvn -B test                  (stdout+stderr)
#   commons-cli.junit.xml  the same run's target/surefire-reports/TEST-*.xml
#                          in one <testsuites>: the machine truth
#   pass.txt               mvn -B test -Dtest=OptionTest,CommandLineTest (and its .junit.xml)
#   broken.txt             mvn -B test on the project that does not compile
#                          (no tests run: ../reports/broken.truth is javac's
#                          own report of the same sources)
#   *.exit                 each run's exit code
#   ../crashes/crash.txt   mvn -B test on profiles/maven/testdata/projects/crash, whose
#                          test calls System.exit (Surefire writes no report)
#
# Needs maven, junit4 and Debian's surefire and compiler plugins:
# apt-get install -y maven junit4 libsurefire-java libmaven-compiler-plugin-java
# libmaven-resources-plugin-java libmaven-jar-plugin-java. Re-runnable.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/maven/testdata/captures
reports=$repo/profiles/maven/testdata/reports
fix=/tmp/terse-fixtures/maven
base_env=(env -i "PATH=/usr/bin:/bin" "HOME=${HOME:-/root}" "TZ=UTC" "LANG=C.UTF-8" "LC_ALL=C.UTF-8" "TERM=dumb")

rm -rf "$fix"
mkdir -p "$fix" "$out" "$reports"
cp -R "$repo/profiles/maven/testdata/projects/broken" "$repo/profiles/maven/testdata/projects/crash" "$fix/"
# Commons CLI's own code is fetched, not kept here: the files listed in
# projects/commons-cli/upstream.files at its tag, with
# projects/commons-cli/bugs.patch applied, and the pom.xml of ours beside them.
source "$repo/scripts/lib/upstream.sh"
proj=$repo/profiles/maven/testdata/projects/commons-cli
upstream_tree "$fix/commons-cli" https://github.com/apache/commons-cli cli-1.4 "$proj/upstream.files" "$proj/bugs.patch"
cp "$proj/pom.xml" "$fix/commons-cli/"

# surefire_truth CASE PROJECT: the run's Surefire reports as one document.
surefire_truth() {
  local case=$1 project=$2 f
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo '<testsuites>'
    for f in "$fix/$project"/target/surefire-reports/TEST-*.xml; do
      sed -e "1{/^<?xml/d}" -e "/<properties>/,/<\/properties>/d" "$f"
    done
    echo '</testsuites>'
  } >"$out/$case.junit.xml"
}

# run_mvn CASE PROJECT [mvn args...]
run_mvn() {
  local case=$1 project=$2; shift 2
  rm -rf "$fix/$project/target"
  set +e
  (cd "$fix/$project" && "${base_env[@]}" mvn -o -B -Dmaven.repo.local=/usr/share/maven-repo test "$@" >"$out/$case.txt" 2>&1)
  echo $? >"$out/$case.exit"
  set -e
}
run_mvn commons-cli commons-cli
surefire_truth commons-cli commons-cli
run_mvn pass commons-cli -Dtest=OptionTest,CommandLineTest
surefire_truth pass commons-cli
run_mvn broken broken
# A test that ends Surefire's JVM: no report at all is written, so no
# machine truth; kept beside the captures, and a sample of maven.yaml is cut
# from it.
run_mvn crash crash
mkdir -p "$repo/profiles/maven/testdata/crashes"
mv "$out/crash.txt" "$out/crash.exit" "$repo/profiles/maven/testdata/crashes/"
# javac's own report of what does not compile, as Maven's compiler plugin runs it.
(cd "$fix/broken" && mkdir -p /tmp/terse-fixtures/maven/javac-out &&
  "${base_env[@]}" javac -source 8 -target 8 -nowarn -d /tmp/terse-fixtures/maven/javac-out \
    $(find src/main/java -name '*.java' | sort) >"$reports/broken.truth" 2>&1 || true)
echo "wrote $out"
