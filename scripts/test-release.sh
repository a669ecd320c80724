#!/usr/bin/env bash
# Checks scripts/release.sh: every binary of every platform builds, is for
# that platform, carries the version it was given, and SHA256SUMS checks.
# The linux/amd64 binaries run here (on such a host) and print the version.
# Usage: scripts/test-release.sh   (CI runs it from .ci/run)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
version=v0.0.0-releasetest

"$repo/scripts/release.sh" -o "$tmp" -v "$version"

fail() { echo "test-release: $*" >&2; exit 1; }
cd "$tmp"
want=0
for platform in linux/amd64 linux/arm64 darwin/amd64 darwin/arm64; do
  goos=${platform%/*} goarch=${platform#*/}
  for bin in terse terse-hook; do
    f=$bin-$goos-$goarch
    [[ -x $f ]] || fail "$f missing"
    info=$(go version -m "$f")
    grep -q "GOOS=$goos\$" <<<"$info" && grep -q "GOARCH=$goarch\$" <<<"$info" \
      || fail "$f is not a $platform binary:"$'\n'"$info"
    # -trimpath keeps -ldflags out of the build info: look for the string.
    grep -qaF "$version" "$f" || fail "$f has no version stamp"
    grep -q "^$(sha256sum "$f" | cut -d' ' -f1)  $f\$" SHA256SUMS || fail "$f not in SHA256SUMS"
    want=$((want + 1))
  done
  archive=terse_${version#v}_${goos}_${goarch}.tar.gz
  [[ $(tar -tzf "$archive" | sort | tr '\n' ' ') == "README.md terse terse-hook " ]] \
    || fail "$archive does not hold terse, terse-hook and README.md"
  want=$((want + 1))
done
[[ $(wc -l <SHA256SUMS) -eq $want ]] || fail "SHA256SUMS has $(wc -l <SHA256SUMS) lines, want $want"
sha256sum --quiet -c SHA256SUMS || fail "SHA256SUMS does not check"

if [[ $(go env GOHOSTOS)/$(go env GOHOSTARCH) == linux/amd64 ]]; then
  re="^terse version $version \(.*go1\.[0-9.]+ linux/amd64\)\$"
  [[ $(./terse-linux-amd64 --version) =~ $re ]] || fail "terse --version: $(./terse-linux-amd64 --version)"
  re="^terse-hook version $version \(.*go1\.[0-9.]+ linux/amd64\)\$"
  [[ $(./terse-hook-linux-amd64 --version) =~ $re ]] || fail "terse-hook --version: $(./terse-hook-linux-amd64 --version)"
fi
echo "test-release: ok ($want files: 8 binaries, 4 archives)"
