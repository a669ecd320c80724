#!/usr/bin/env bash
# Builds the release binaries: terse and terse-hook for linux and darwin,
# amd64 and arm64, with the version stamped in, one archive per platform,
# and SHA256SUMS over all of it. The same build as .goreleaser.yaml, with
# nothing but go, tar and sha256sum (or shasum), for where goreleaser is not
# installed.
#
# Usage: scripts/release.sh [-o DIR] [-v VERSION] [-p PLATFORM]... [-b BINARY]...
#   -o DIR       output directory (default: dist/ in the repository; emptied)
#   -v VERSION   the version stamped in (default: `git describe --tags
#                --always --dirty`, else "dev")
#   -p PLATFORM  only this os/arch (repeatable; default: all four)
#   -b BINARY    only this binary, terse or terse-hook (repeatable; default:
#                both); archives are made only when both are built
#
# Output in DIR:
#   terse-OS-ARCH, terse-hook-OS-ARCH      the binaries (npm-pack.sh takes these)
#   terse_VERSION_OS_ARCH.tar.gz           both binaries and README.md
#   SHA256SUMS                             sha256sum -c reads it
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$repo/dist
version=
platforms=()
binaries=()
while getopts "o:v:p:b:" opt; do
  case $opt in
    o) out=$OPTARG ;;
    v) version=$OPTARG ;;
    p) platforms+=("$OPTARG") ;;
    b) binaries+=("$OPTARG") ;;
    *) echo "usage: scripts/release.sh [-o DIR] [-v VERSION] [-p OS/ARCH]... [-b terse|terse-hook]..." >&2; exit 2 ;;
  esac
done
[[ ${#platforms[@]} -gt 0 ]] || platforms=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64)
[[ ${#binaries[@]} -gt 0 ]] || binaries=(terse terse-hook)
if [[ -z $version ]]; then
  version=$(git -C "$repo" describe --tags --always --dirty 2>/dev/null || echo dev)
fi

# The package each binary is built from.
pkg_of() {
  case $1 in
    terse) echo . ;;
    terse-hook) echo ./cmd/terse-hook ;;
    *) echo "unknown binary $1: terse or terse-hook" >&2; exit 2 ;;
  esac
}

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/terse-* "$out"/terse_*.tar.gz "$out"/SHA256SUMS
cd "$repo"

# -trimpath: no build machine paths in the binaries (or their frames).
# -s -w: no symbol table or DWARF, a third smaller. CGO_ENABLED=0: static,
# runs on any libc. -buildvcs=auto: the commit goes into the build info
# (terse --version shows it) even where GOFLAGS turns it off; from a clone,
# that is (from a `git worktree`, whose .git is a file, go 1.26 stamped
# nothing here).
ldflags="-s -w -X github.com/terse-dev/terse/internal/buildinfo.Version=$version"
for platform in "${platforms[@]}"; do
  goos=${platform%/*} goarch=${platform#*/}
  for bin in "${binaries[@]}"; do
    echo "building $bin $version for $goos/$goarch"
    CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath -buildvcs=auto \
      -ldflags "$ldflags" -o "$out/$bin-$goos-$goarch" "$(pkg_of "$bin")"
  done
  if [[ " ${binaries[*]} " == *" terse "* && " ${binaries[*]} " == *" terse-hook "* ]]; then
    stage=$(mktemp -d)
    cp "$out/terse-$goos-$goarch" "$stage/terse"
    cp "$out/terse-hook-$goos-$goarch" "$stage/terse-hook"
    cp README.md "$stage/"
    tar -czf "$out/terse_${version#v}_${goos}_${goarch}.tar.gz" -C "$stage" terse terse-hook README.md
    rm -rf "$stage"
  fi
done

cd "$out"
shopt -s nullglob
files=(terse-* terse_*.tar.gz)
sha256 "${files[@]}" >SHA256SUMS
echo "wrote ${#files[@]} files and SHA256SUMS to $out"
