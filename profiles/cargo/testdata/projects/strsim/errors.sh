#!/bin/sh
# Puts compile problems into a copy of Debian's strsim 0.10.0; run in the
# copy's directory.
#   errors.sh         type errors (E0308) in the library, and lints that warn
#   errors.sh lints   only the lints: dozens of warnings (more under clippy)
#   errors.sh tests   the lints, and type errors in the unit tests alone: the
#                     library builds with its warnings, its tests fail to
set -e
f=src/lib.rs
lints() {
  sed -i '1i #![warn(unused_qualifications, unused_results, trivial_numeric_casts, missing_debug_implementations, unreachable_pub, elided_lifetimes_in_paths, unused_lifetimes, single_use_lifetimes, variant_size_differences, unused_extern_crates, let_underscore_drop, unsafe_code, meta_variable_misuse, clippy::pedantic, clippy::nursery, clippy::cargo)]' $f
}
case $1 in
lints) lints ;;
tests)
  lints
  sed -i 's/        assert_eq!(Ok(0), hamming("", ""));/        assert_eq!(0, hamming("", ""));/' $f
  sed -i 's/        assert_eq!(0, levenshtein("", ""));/        assert_eq!("0", levenshtein("", ""));/' $f
  sed -i 's/        assert_eq!(0, osa_distance("", ""));/        let d: String = osa_distance("", "");\n        assert_eq!(0, d);/' $f
  ;;
*)
  lints
  sed -i 's/^pub fn hamming(a: &str, b: &str) -> HammingResult {/pub fn hamming(a: \&str, b: \&str) -> HammingResult {\n    let unused = 1;/' $f
  sed -i 's/    if a.into_iter().next().is_none() { return b_len; }/    if a.into_iter().next().is_none() { return "b_len"; }/' $f
  sed -i 's/^pub fn levenshtein(a: &str, b: &str) -> usize {/pub fn levenshtein(a: \&str, b: \&str) -> u32 {/' $f
  sed -i 's/        return 1.0;/        return 1;/' $f
  ;;
esac
