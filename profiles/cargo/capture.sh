#!/usr/bin/env bash
# Regenerates profiles/cargo/testdata: cargo test (cargo and rustc 1.95.0, checked) on
# Debian's strsim 0.10.0 (apt-get install -y librust-strsim-dev: its sources
# in /usr/share/cargo/registry, built offline against that registry), with
# the bugs of profiles/cargo/testdata/projects/strsim/bugs.sh put in:
#   test-fail.txt       cargo test, no backtrace (RUST_BACKTRACE=0)
#   test-backtrace.txt  RUST_BACKTRACE=1 --no-fail-fast: the unit tests and
#                       the integration tests, each panic with its frames
#   test-quiet.txt      cargo test -q (the dot progress)
#   test-pass.txt       cargo test of the unchanged crate
#   ring-quiet.txt      cargo test -q, RUST_BACKTRACE=1, on projects/ring (a
#                       small ring buffer with its bugs in; was the generic
#                       capture cargo-test.txt)
#   ../multi/streams/cargo-warned.txt  cargo test on projects/warned: a crate
#                       mid-refactor, 29 rustc warnings (unused imports,
#                       variables, functions) before 3 failing tests; a
#                       stream of two runs (rustc's, libtest's), so kept with
#                       the other streams; its truth cargo-warned.truth beside
# Each one's truth (reports/NAME.truth) is the same run with libtest's JSON
# events (-Z unstable-options --format json; RUSTC_BOOTSTRAP=1 lets the
# stable test harness take it).
tool=cargo
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/lint-capture.sh"
export PATH=/root/.cargo/bin:$PATH CARGO_TERM_COLOR=never
[[ $(cargo --version) == "cargo 1.95.0 "* ]] || { echo "want cargo 1.95.0" >&2; exit 1; }
crate=/usr/share/cargo/registry/strsim-0.10.0
[[ -d $crate ]] || { echo "want librust-strsim-dev (0.10.0)" >&2; exit 1; }
# strsim: a copy of the crate that builds offline against Debian's registry.
strsim() {
  cp -r "$crate" "$1"
  mkdir -p "$1/.cargo"
  printf '[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n' >"$1/.cargo/config.toml"
  (cd "$1" && cargo build --offline -q --tests 2>/dev/null)
}
json() { echo -- -Z unstable-options --format json; }
strsim "$fix/pass"
capture test-pass "$fix/pass" env RUST_BACKTRACE=0 cargo test --offline
truth test-pass "$fix/pass" env RUSTC_BOOTSTRAP=1 RUST_BACKTRACE=0 cargo test --offline $(json)
strsim "$fix/strsim"
(cd "$fix/strsim" && "$repo/profiles/cargo/testdata/projects/strsim/bugs.sh")
capture test-fail "$fix/strsim" env RUST_BACKTRACE=0 cargo test --offline
truth test-fail "$fix/strsim" env RUSTC_BOOTSTRAP=1 RUST_BACKTRACE=0 cargo test --offline $(json)
capture test-quiet "$fix/strsim" env RUST_BACKTRACE=0 cargo test --offline -q
truth test-quiet "$fix/strsim" env RUSTC_BOOTSTRAP=1 RUST_BACKTRACE=0 cargo test --offline -q $(json)
capture test-backtrace "$fix/strsim" env RUST_BACKTRACE=1 cargo test --offline --no-fail-fast
truth test-backtrace "$fix/strsim" env RUSTC_BOOTSTRAP=1 RUST_BACKTRACE=1 cargo test --offline --no-fail-fast $(json)
cp -r "$repo/profiles/cargo/testdata/projects/ring" "$fix/ring"
capture ring-quiet "$fix/ring" env RUST_BACKTRACE=1 cargo test --offline -q
truth ring-quiet "$fix/ring" env RUSTC_BOOTSTRAP=1 RUST_BACKTRACE=1 cargo test --offline -q $(json)
cp -r "$repo/profiles/cargo/testdata/projects/warned" "$fix/warned"
streams=$repo/testdata/multi/streams
(cd "$fix/warned" && env RUST_BACKTRACE=0 cargo test --offline) >"$streams/cargo-warned.txt" 2>&1
echo $? >"$streams/cargo-warned.exit"
(cd "$fix/warned" && env RUSTC_BOOTSTRAP=1 RUST_BACKTRACE=0 cargo test --offline $(json)) >"$streams/cargo-warned.truth" 2>/dev/null
echo "wrote $streams/cargo-warned.txt ($(wc -l <"$streams/cargo-warned.txt") lines, exit $(cat "$streams/cargo-warned.exit"))"
{ cargo --version; rustc --version; echo "strsim 0.10.0 (Debian librust-strsim-dev $(dpkg-query -W -f='${Version}' librust-strsim-dev))"; } >"$out/VERSIONS"
