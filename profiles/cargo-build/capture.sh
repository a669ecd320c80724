#!/usr/bin/env bash
# Regenerates profiles/cargo-build/testdata: rustc's errors and warnings under cargo
# (cargo, rustc and clippy 1.95.0, checked) on copies of Debian's strsim
# 0.10.0 (apt-get install -y librust-strsim-dev; built offline against
# /usr/share/cargo/registry), changed by profiles/cargo/testdata/projects/strsim/errors.sh:
#   build-errors.txt    cargo build: type errors and the lint warnings rustc
#                       still reports
#   clippy-lints.txt    cargo clippy with pedantic, nursery and cargo lints
#                       and a dozen rustc lints on: warnings only (passes)
#   clippy-tests.txt    cargo clippy --lib --tests: the library's warnings,
#                       then type errors in its unit tests among them
# Each one's truth (reports/NAME.truth) is the same command with
# --message-format json: cargo's compiler-message objects.
tool=cargo-build
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/lint-capture.sh"
export PATH=/root/.cargo/bin:$PATH CARGO_TERM_COLOR=never
[[ $(cargo --version) == "cargo 1.95.0 "* ]] || { echo "want cargo 1.95.0" >&2; exit 1; }
[[ $(cargo clippy --version) == "clippy 0.1.95 "* ]] || { echo "want clippy 0.1.95" >&2; exit 1; }
crate=/usr/share/cargo/registry/strsim-0.10.0
[[ -d $crate ]] || { echo "want librust-strsim-dev (0.10.0)" >&2; exit 1; }
bugs=$repo/profiles/cargo/testdata/projects/strsim/errors.sh
# strsim DIR [ERRORS-ARG]: a copy that builds offline against Debian's registry.
strsim() {
  cp -r "$crate" "$1"
  mkdir -p "$1/.cargo"
  printf '[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n' >"$1/.cargo/config.toml"
  (cd "$1" && "$bugs" "${2:-}")
}
# both NAME DIR CMD...: the capture, then (cargo clean, so that every
# message is printed again) its truth with --message-format json.
both() {
  local name=$1 dir=$2; shift 2
  (cd "$dir" && cargo clean -q 2>/dev/null)
  capture "$name" "$dir" "$@"
  (cd "$dir" && cargo clean -q 2>/dev/null)
  truth "$name" "$dir" "$@" --message-format json
}
strsim "$fix/errors"
both build-errors "$fix/errors" cargo build --offline
strsim "$fix/lints" lints
both clippy-lints "$fix/lints" cargo clippy --offline
strsim "$fix/tests" tests
both clippy-tests "$fix/tests" cargo clippy --offline --lib --tests
{ cargo --version; rustc --version; cargo clippy --version; echo "strsim 0.10.0 (Debian librust-strsim-dev $(dpkg-query -W -f='${Version}' librust-strsim-dev))"; } >"$out/VERSIONS"
