#!/bin/sh
# Puts type errors into a copy of Debian's strsim 0.10.0, and lints that warn
# on its code (hundreds of warnings), for the compile captures. Run in the
# copy's directory; "warnings" only adds the lints.
set -e
f=src/lib.rs
sed -i '1i #![warn(unused_qualifications, unused_results, trivial_numeric_casts, missing_debug_implementations, unreachable_pub, elided_lifetimes_in_paths, unused_lifetimes, single_use_lifetimes, variant_size_differences, unused_extern_crates, let_underscore_drop, unsafe_code, meta_variable_misuse, clippy::pedantic, clippy::nursery, clippy::cargo)]' $f
[ "$1" = warnings ] && exit 0
sed -i 's/^pub fn hamming(a: &str, b: &str) -> HammingResult {/pub fn hamming(a: \&str, b: \&str) -> HammingResult {\n    let unused = 1;/' $f
sed -i 's/    if a.into_iter().next().is_none() { return b_len; }/    if a.into_iter().next().is_none() { return "b_len"; }/' $f
sed -i 's/^pub fn levenshtein(a: &str, b: &str) -> usize {/pub fn levenshtein(a: \&str, b: \&str) -> u32 {/' $f
sed -i 's/        return 1.0;/        return 1;/' $f
