#!/usr/bin/env bash
# Regenerates the real pytest output fixtures under profiles/pytest/testdata/captures/.
#
# For each project in profiles/pytest/testdata/projects/<case>/ this script copies the
# project to the fixed path /tmp/terse-fixtures/pytest/<case> (so the absolute
# paths pytest prints are the same on every machine) and runs Debian's pytest
# (package python3-pytest, run as /usr/bin/python3 -m pytest) on it once per
# flag variant, writing stdout+stderr merged:
#
#   <case>.txt            default
#   <case>.v.txt          -v
#   <case>.q.txt          -q
#   <case>.rA.txt         -rA (every outcome in the short summary, PASSES section)
#   <case>.tb-long.txt    --tb=long
#   <case>.tb-short.txt   --tb=short
#   <case>.tb-line.txt    --tb=line
#   <case>.tb-native.txt  --tb=native
#   <case>.color.txt      --color=yes
#   brackets.tb-no.txt    --tb=no (the "brackets" case only)
#   <case>.junit.xml      ground truth: --junitxml with junit_family=xunit1
#                         (testcases carry file and line) and --tb=long (every
#                         traceback entry ends with its file:line)
#   <case>.exit           exit code of the default run
#
# The chained case (issue 54) has chains of exceptions: a NameError raised
# while handling a KeyError, StockErrors raised from a KeyError and from a
# JSONDecodeError; and two classes with tests of the same names.
#
# Every run gets -p no:cacheprovider (no .pytest_cache, no last-failed
# reordering) and a fixed environment. Needs python3-pytest:
#   apt-get update && apt-get install -y python3-pytest
# Re-runnable; it never touches the projects in the repository.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
src_root=$repo/profiles/pytest/testdata/projects
out=$repo/profiles/pytest/testdata/captures
fix_root=/tmp/terse-fixtures/pytest
python=/usr/bin/python3
cases=(pass mixed fixtures collect many brackets chained)
# profiles/pytest/capture.sh [CASE...]: only those cases.
if (($# > 0)); then
  cases=("$@")
fi

"$python" -m pytest --version >/dev/null 2>&1 || {
  echo "pytest is not installed for $python: apt-get install -y python3-pytest" >&2
  exit 1
}

# Fixed, minimal environment: no inherited PYTEST_ADDOPTS, NO_COLOR,
# PY_COLORS, FORCE_COLOR or plugin autoloading; a fixed terminal width so the
# ===== rules and the truncated short-summary lines are the same everywhere.
base_env=(env -i
  "PATH=/usr/bin:/bin"
  "HOME=${HOME:-/root}"
  "TZ=UTC"
  "LANG=C.UTF-8"
  "LC_ALL=C.UTF-8"
  "COLUMNS=80"
  "TERM=dumb"
  "PYTHONDONTWRITEBYTECODE=1"
  "PYTHONHASHSEED=0"
  "PYTEST_DISABLE_PLUGIN_AUTOLOAD=1"
)

# run_pytest <case> [pytest args...]
run_pytest() {
  local case=$1; shift
  (cd "$fix_root/$case" && "${base_env[@]}" "$python" -m pytest -p no:cacheprovider "$@")
}

variants=(
  ":"
  "v:-v"
  "q:-q"
  "rA:-rA"
  "tb-long:--tb=long"
  "tb-short:--tb=short"
  "tb-line:--tb=line"
  "tb-native:--tb=native"
  "color:--color=yes"
)

mkdir -p "$out" "$fix_root"
for case in "${cases[@]}"; do
  dir=$fix_root/$case
  echo "== $case  ($dir)"
  rm -rf "$dir"
  mkdir -p "$dir"
  cp -R "$src_root/$case/." "$dir/"
  find "$dir" -name __pycache__ -prune -exec rm -rf {} +

  set +e
  for v in "${variants[@]}"; do
    name=${v%%:*}
    flag=${v#*:}
    file=$out/$case${name:+.$name}.txt
    if [[ -n "$flag" ]]; then
      run_pytest "$case" "$flag" >"$file" 2>&1
    else
      run_pytest "$case" >"$file" 2>&1
      echo "$?" >"$out/$case.exit"
    fi
  done
  if [[ $case == brackets ]]; then
    # --tb=no: the short summary is all there is of each failure, and its
    # messages start with "[" (assert [..] == [..]).
    run_pytest "$case" --tb=no >"$out/$case.tb-no.txt" 2>&1
  fi
  run_pytest "$case" --tb=long -o junit_family=xunit1 --junitxml="$dir/junit.xml" >/dev/null 2>&1
  set -e
  cp "$dir/junit.xml" "$out/$case.junit.xml"

  # sanity: the plain captures must be plain, the colour one coloured
  esc=$'\033['
  for f in "$out/$case".*txt; do
    [[ "$f" == *.color.txt ]] && continue
    if grep -qF "$esc" "$f"; then echo "error: ANSI escapes in $f" >&2; exit 1; fi
  done
  if ! grep -qF "$esc" "$out/$case.color.txt"; then
    echo "error: no ANSI escapes in $out/$case.color.txt" >&2; exit 1
  fi
  "$python" -c "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])" "$out/$case.junit.xml" \
    || { echo "error: $out/$case.junit.xml is not valid XML" >&2; exit 1; }
  find "$dir" -name __pycache__ -prune -exec rm -rf {} +
done

{
  echo "$("$python" --version 2>&1) ($python, Debian)"
  "${base_env[@]}" "$python" -m pytest --version 2>&1
  echo "pluggy $("$python" -c 'import pluggy; print(pluggy.__version__)')"
  echo "packaging $("$python" -c 'import packaging; print(packaging.__version__)') (imported by the mixed project)"
  echo "fixture root $fix_root"
} >"$out/VERSIONS"

echo "wrote:"
for f in "$out"/VERSIONS "$out"/*.txt "$out"/*.xml "$out"/*.exit; do
  printf '  %8d  %s\n' "$(wc -c <"$f")" "${f#"$repo"/}"
done
for case in "${cases[@]}"; do
  printf '  exit %-10s %s\n' "$case" "$(cat "$out/$case.exit")"
done
