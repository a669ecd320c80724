#!/usr/bin/env bash
# Packs terse's npm packages (package/README.md): builds terse for the four
# platforms with scripts/release.sh, puts each binary in its platform
# package, stamps VERSION into every package.json (and the wrapper's
# optionalDependencies), and `npm pack`s the five packages.
#
# Usage: scripts/npm-pack.sh [-o DIR] [-b BINDIR] VERSION
#   VERSION    the npm version, without a leading v (0.1.0); the binaries
#              report v0.1.0
#   -o DIR     where the tarballs go (default: dist/npm in the repository;
#              emptied)
#   -b BINDIR  take the binaries from this scripts/release.sh output
#              (terse-OS-ARCH) instead of building them
# Needs go, node and npm; no network.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$repo/dist/npm
bindir=
while getopts "o:b:" opt; do
  case $opt in
    o) out=$OPTARG ;;
    b) bindir=$OPTARG ;;
    *) echo "usage: scripts/npm-pack.sh [-o DIR] [-b BINDIR] VERSION" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
version=${1:-}
if [[ ! $version =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
  echo "usage: scripts/npm-pack.sh [-o DIR] [-b BINDIR] VERSION   (VERSION like 0.1.0, no leading v)" >&2
  exit 2
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
if [[ -z $bindir ]]; then
  bindir=$stage/bin
  "$repo/scripts/release.sh" -o "$bindir" -v "v$version" -b terse
fi

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/*.tgz

# npm's os and cpu names, to Go's.
declare -A goplatform=(
  [linux-x64]=linux-amd64 [linux-arm64]=linux-arm64
  [darwin-x64]=darwin-amd64 [darwin-arm64]=darwin-arm64
)
for npmplat in "${!goplatform[@]}"; do
  src=$bindir/terse-${goplatform[$npmplat]}
  [[ -x $src ]] || { echo "npm-pack: no binary $src" >&2; exit 1; }
  pkg=$stage/terse-$npmplat
  cp -R "$repo/package/terse-$npmplat" "$pkg"
  mkdir -p "$pkg/bin"
  cp "$src" "$pkg/bin/terse"
  chmod 755 "$pkg/bin/terse"
done
cp -R "$repo/package/terse" "$stage/terse"

# Every package gets VERSION, and the wrapper depends on exactly it.
for pj in "$stage"/terse*/package.json; do
  node -e '
    const fs = require("fs");
    const [file, version] = process.argv.slice(1);
    const p = JSON.parse(fs.readFileSync(file, "utf8"));
    p.version = version;
    for (const dep of Object.keys(p.optionalDependencies || {})) p.optionalDependencies[dep] = version;
    fs.writeFileSync(file, JSON.stringify(p, null, 2) + "\n");
  ' "$pj" "$version"
done

for pkg in "$stage"/terse-* "$stage/terse"; do
  (cd "$pkg" && npm pack --silent --pack-destination "$out" >/dev/null)
done
ls "$out"/*.tgz
