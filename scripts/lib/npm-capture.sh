# Shared by the capture scripts that run an npm tool (capture-jest.sh,
# capture-eslint.sh, capture-vitest.sh): sourced, not run.

npm_quiet=(--no-audit --no-fund --loglevel=error)

# npm_tool DIR PACKAGE_JSON MODULE VERSION ENTRY
# Installs the tool into DIR from PACKAGE_JSON (its whole text) unless DIR
# already holds that package.json with MODULE at VERSION installed; then
# checks that DIR/node_modules/ENTRY exists.
npm_tool() {
  local dir=$1 want=$2 module=$3 version=$4 entry=$5
  local have installed
  have=$(cat "$dir/package.json" 2>/dev/null || true)
  installed=$(node -p "try{require('$dir/node_modules/$module/package.json').version}catch(e){''}")
  if [[ "$want" != "$have" || "$installed" != "$version" ]]; then
    echo "installing $module@$version into $dir"
    rm -rf "$dir"
    mkdir -p "$dir"
    printf '%s\n' "$want" >"$dir/package.json"
    (cd "$dir" && npm install "${npm_quiet[@]}" >/dev/null)
  fi
  [[ -f "$dir/node_modules/$entry" ]] || { echo "$module not installed in $dir" >&2; exit 1; }
}

# base_env is a fixed, minimal environment for the tool's runs: nothing
# inherited (FORCE_COLOR, NO_COLOR, the tool's own variables) changes its
# output. Extra VAR=value words may follow it.
base_env=(env -i
  "PATH=$PATH"
  "HOME=${HOME:-/root}"
  "TZ=UTC"
  "LANG=C.UTF-8"
  "LC_ALL=C.UTF-8"
  "TERM=dumb"
)

# fresh_fixture SRC DIR TOOL: DIR becomes a copy of the project SRC with the
# tool's node_modules, so the tool's frames read node_modules/... as in a
# real project.
fresh_fixture() {
  local src=$1 dir=$2 tool=$3
  rm -rf "$dir"
  mkdir -p "$dir"
  cp -R "$src/." "$dir/"
  rm -rf "$dir/node_modules"
  cp -R "$tool/node_modules" "$dir/node_modules"
}

esc=$'\033['

# check_plain FILE...: no ANSI escape in any of them.
check_plain() {
  local f
  for f in "$@"; do
    if grep -qF "$esc" "$f"; then echo "error: ANSI escapes in $f" >&2; exit 1; fi
  done
}

# check_colour FILE: ANSI escapes in it.
check_colour() {
  if ! grep -qF "$esc" "$1"; then echo "error: no ANSI escapes in $1" >&2; exit 1; fi
}

# check_json FILE...: each is valid JSON.
check_json() {
  local f
  for f in "$@"; do
    node -e "JSON.parse(require('fs').readFileSync('$f','utf8'))" \
      || { echo "error: $f is not valid JSON" >&2; exit 1; }
  done
}
