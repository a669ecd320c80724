#!/usr/bin/env bash
# Regenerates the real JUnit XML reports under testdata/junit/reports/,
# which `terse --junit` reads, from three runners that write the format:
#
#   pytest.xml      Debian's pytest (python3-pytest) with --junitxml and its
#                   default junit_family (xunit2: no file or line attributes)
#                   on profiles/pytest/testdata/projects/mixed
#   pytest-x1.xml   the same with junit_family=xunit1 (file and line)
#   jest.xml        jest with the jest-junit reporter (npm) on
#                   profiles/jest/testdata/projects/mixed
#   ctest.xml       ctest --output-junit (Debian's cmake) on the C project
#                   profiles/ctest/testdata/projects/ringbuf, whose tests fail by exit
#                   code, crash, timeout and FAIL_REGULAR_EXPRESSION, skip,
#                   and name a missing executable
#   ctest.txt       the same run's console output, ctest --output-on-failure
#                   (stdout+stderr), and ctest.exit its exit code
#
# Each project is copied to a fixed path under /tmp/terse-fixtures/junit/ so
# the absolute paths in the reports are the same on every machine. Needs
# python3-pytest, cmake and a C compiler (apt-get install -y python3-pytest
# cmake gcc), node and npm (registry access on first run). Re-runnable.
set -euo pipefail

JEST_VERSION=30.5.2
JEST_JUNIT_VERSION=16.0.0

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$repo/testdata/junit/reports
capture_dir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}
tool=$capture_dir/jest-junit-tool
fix_root=/tmp/terse-fixtures/junit

# shellcheck source=lib/npm-capture.sh
source "$repo/scripts/lib/npm-capture.sh"

mkdir -p "$out" "$fix_root"

# --- pytest -----------------------------------------------------------------
rm -rf "$fix_root/pytest-mixed"
cp -R "$repo/profiles/pytest/testdata/projects/mixed" "$fix_root/pytest-mixed"
for family in xunit2 xunit1; do
  name=pytest.xml
  [[ $family == xunit1 ]] && name=pytest-x1.xml
  (cd "$fix_root/pytest-mixed" && "${base_env[@]}" PYTHONDONTWRITEBYTECODE=1 PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 \
    /usr/bin/python3 -m pytest -p no:cacheprovider -o junit_family=$family --junitxml="$out/$name" >/dev/null) || true
done

# --- jest with jest-junit -----------------------------------------------------
want=$(printf '{\n  "name": "terse-jest-junit-tool",\n  "private": true,\n  "dependencies": {\n    "jest": "%s",\n    "jest-junit": "%s",\n    "semver": "7.8.6"\n  }\n}' \
  "$JEST_VERSION" "$JEST_JUNIT_VERSION")
npm_tool "$tool" "$want" jest-junit "$JEST_JUNIT_VERSION" jest/bin/jest.js
fresh_fixture "$repo/profiles/jest/testdata/projects/mixed" "$fix_root/jest-mixed" "$tool"
(cd "$fix_root/jest-mixed" && "${base_env[@]}" CI=true JEST_JUNIT_OUTPUT_DIR="$out" JEST_JUNIT_OUTPUT_NAME=jest.xml \
  JEST_JUNIT_ADD_FILE_ATTRIBUTE=true node node_modules/jest/bin/jest.js --ci --reporters=default --reporters=jest-junit >/dev/null 2>&1) || true

# --- ctest ------------------------------------------------------------------
rm -rf "$fix_root/ctest"
cp -R "$repo/profiles/ctest/testdata/projects/ringbuf" "$fix_root/ctest"
(cd "$fix_root/ctest" && "${base_env[@]}" cmake -S . -B build >/dev/null && "${base_env[@]}" cmake --build build >/dev/null)
set +e
(cd "$fix_root/ctest/build" && "${base_env[@]}" ctest --output-on-failure --output-junit "$out/ctest.xml" >"$out/ctest.txt" 2>&1)
echo $? >"$out/ctest.exit"
set -e

# Run times and timestamps differ on every run; nothing reads them.
for f in "$out"/*.xml; do
  grep -q '<testcase' "$f" || { echo "no testcase in $f" >&2; exit 1; }
done
echo "wrote $(ls "$out" | wc -l) files to $out"
