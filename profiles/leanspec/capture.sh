#!/usr/bin/env bash
# Regenerates the real LeanSpec output under profiles/leanspec/testdata/documents/.
#
# LeanSpec ships as prebuilt binaries on npm (@leanspec/cli-linux-x64 and
# @leanspec/mcp-linux-x64, pinned below); they run offline. This script
# installs them into ${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/leanspec-tool,
# then for each case runs the CLI (-o json) and the MCP server (JSON-RPC over
# stdio: the text of each tool result, which is what an agent reads) in
# /tmp/terse-fixtures/leanspec/<case>:
#
#   small: profiles/leanspec/testdata/projects/small (3 specs, one with DESIGN.md and
#          TESTING.md sub-specs), copied as it is.
#   many:  62 specs made with `leanspec create` at capture time (their
#          created_at is the time of the capture).
#
# Needs node and npm (registry access on first run). Re-runnable; only the
# timestamps of "many" change between runs.
set -euo pipefail

VERSION=0.3.0

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$repo/profiles/leanspec/testdata/documents
capture_dir=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}
tool=$capture_dir/leanspec-tool
fix_root=/tmp/terse-fixtures/leanspec

mkdir -p "$tool" "$out"
cli=$tool/node_modules/@leanspec/cli-linux-x64/leanspec
mcp=$tool/node_modules/@leanspec/mcp-linux-x64/leanspec-mcp
if [ ! -x "$cli" ] || [ "$("$cli" --version 2>/dev/null)" != "leanspec $VERSION" ]; then
  (cd "$tool" && npm install --no-audit --no-fund --loglevel=error --no-save \
    "@leanspec/cli-linux-x64@$VERSION" "@leanspec/mcp-linux-x64@$VERSION")
  chmod +x "$cli" "$mcp" # npm does not keep the mode; the packages' postinstall would set it
fi

# The CLI keeps no state outside the project but reads HOME.
export HOME=$capture_dir/leanspec-home NO_COLOR=1 TZ=UTC
mkdir -p "$HOME"

# mcp CASE NAME METHOD PARAMS: one JSON-RPC call to the MCP server, after the
# handshake; writes the text of the tool result (or the result itself for
# tools/list) to CASE_mcp_NAME.json.
mcp() {
  local case=$1 name=$2 method=$3 params=$4
  printf '%s\n' \
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"terse-capture","version":"1"}}}' \
    '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"$method\",\"params\":$params}" |
    "$mcp" 2>/dev/null |
    node -e '
      const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean).map(JSON.parse);
      const r = lines.find((m) => m.id === 2);
      if (!r || r.error) { console.error(JSON.stringify(r)); process.exit(1); }
      const c = r.result.content;
      process.stdout.write(c ? c.map((p) => p.text).join("") : JSON.stringify(r.result, null, 2));
    ' > "$out/${case}_mcp_$name.json"
}

# cli CASE NAME ARGS...: the CLI's stdout to CASE_NAME.json, its exit code
# to CASE_NAME.exit when it is not 0.
cli() {
  local case=$1 name=$2; shift 2
  local code=0
  "$cli" "$@" > "$out/${case}_$name.json" || code=$?
  if [ "$code" != 0 ]; then echo "$code" > "$out/${case}_$name.exit"; fi
}

rm -rf "$fix_root"
mkdir -p "$fix_root"

# --- small ------------------------------------------------------------------
cp -r "$repo/profiles/leanspec/testdata/projects/small" "$fix_root/small"
cd "$fix_root/small"
cli small list list -o json
cli small search search index -o json
cli small search_nomatch search zebra -o json
cli small view view 002 -o json
cli small stats stats -o json
cli small board board -o json
cli small capabilities capabilities -o json
cli small schema_list schema list -o json
mcp small tools_list tools/list '{}'
mcp small list_specs tools/call '{"name":"list_specs","arguments":{}}'
mcp small get_spec tools/call '{"name":"get_spec","arguments":{"id":"002-search-index"}}'
mcp small search_specs tools/call '{"name":"search_specs","arguments":{"query":"invoice"}}'
mcp small get_stats tools/call '{"name":"get_stats","arguments":{}}'

# --- many -------------------------------------------------------------------
mkdir -p "$fix_root/many"
cd "$fix_root/many"
"$cli" init -y > /dev/null
prios=(low medium high critical)
for i in $(seq 1 62); do
  "$cli" create "task-$i" --title "Task number $i" --priority "${prios[$((i % 4))]}" \
    --tags "area-$((i % 5)),batch" --description "Work item $i of the migration backlog." > /dev/null
done
cli many list list -o json
cli many search search migration -o json
mcp many list_specs tools/call '{"name":"list_specs","arguments":{}}'

{
  echo "leanspec $("$cli" --version | awk '{print $2}') (@leanspec/cli-linux-x64, @leanspec/mcp-linux-x64 $VERSION from npm)"
  echo "node $(node --version)"
  echo "fixture root $fix_root"
} > "$out/VERSIONS"
echo "captured into $out:"
ls "$out"
