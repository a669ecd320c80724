# Shared by the capture scripts whose project is the qs npm package
# (the capture.sh of profiles/oxlint, biome, prettier and
# playwright): sourced, not run. qs (BSD-3-Clause) ships its
# sources (lib/) and its tape tests (test/), about 4,000 lines.

QS_VERSION=6.14.0

# qs_fixture DIR [PATCH]: DIR becomes a fresh copy of the qs package from
# npm, with PATCH (the bugs a case puts in) applied. The tarball is fetched
# once into ${TERSE_CAPTURE_DIR:-/tmp/terse-capture}.
qs_fixture() {
  local dir=$1 patch=${2:-}
  local cache=${TERSE_CAPTURE_DIR:-/tmp/terse-capture}
  local tgz=$cache/qs-$QS_VERSION.tgz
  mkdir -p "$cache"
  if [[ ! -f $tgz ]]; then
    (cd "$cache" && npm pack "qs@$QS_VERSION" --silent >/dev/null)
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  tar xzf "$tgz" -C "$dir" --strip-components=1
  if [[ -n $patch ]]; then
    (cd "$dir" && git apply "$patch") || { echo "error: $patch does not apply to qs $QS_VERSION" >&2; exit 1; }
  fi
}
