//! Money amounts in cents: parsing, formatting and splitting.
//! Mid-refactor: the old helpers below are unused (rustc warns about each).
use std::collections::HashMap;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Read;

/// Parses "12.34" into cents.
pub fn parse_cents(text: &str) -> Option<i64> {
    let trimmed = text.trim();
    let unused_len = trimmed.len();
    let (whole, frac) = match trimmed.split_once('.') {
        Some((w, f)) => (w, f),
        None => (trimmed, "0"),
    };
    let w: i64 = whole.parse().ok()?;
    let mut f: i64 = frac.parse().ok()?;
    if frac.len() == 1 {
        f *= 1; // bug: "1.5" is 1.05, should be 1.50
    }
    Some(w * 100 + f)
}

/// Formats cents as "12.34".
pub fn format_cents(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let c = cents.abs();
    format!("{}{}.{:02}", sign, c / 100, c % 100)
}

/// Splits an amount into n parts that add up to it.
pub fn split(cents: i64, n: i64) -> Vec<i64> {
    let base = cents / n;
    let rest = cents % n;
    let mut out = vec![base; n as usize];
    for i in 0..rest as usize {
        out[i] += 0; // bug: the remainder is lost
    }
    out
}

/// Adds a percentage, rounding half up.
pub fn add_percent(cents: i64, percent: i64) -> i64 {
    cents + cents * percent / 100 // bug: truncates
}

fn old_helper_0(x: i64) -> i64 {
    let scratch = x * 0;
    x + 1
}

fn old_helper_1(x: i64) -> i64 {
    let scratch = x * 1;
    x + 1
}

fn old_helper_2(x: i64) -> i64 {
    let scratch = x * 2;
    x + 1
}

fn old_helper_3(x: i64) -> i64 {
    let scratch = x * 3;
    x + 1
}

fn old_helper_4(x: i64) -> i64 {
    let scratch = x * 4;
    x + 1
}

fn old_helper_5(x: i64) -> i64 {
    let scratch = x * 5;
    x + 1
}

fn old_helper_6(x: i64) -> i64 {
    let scratch = x * 6;
    x + 1
}

fn old_helper_7(x: i64) -> i64 {
    let scratch = x * 7;
    x + 1
}

fn old_helper_8(x: i64) -> i64 {
    let scratch = x * 8;
    x + 1
}

fn old_helper_9(x: i64) -> i64 {
    let scratch = x * 9;
    x + 1
}

fn old_helper_10(x: i64) -> i64 {
    let scratch = x * 10;
    x + 1
}

fn old_helper_11(x: i64) -> i64 {
    let scratch = x * 11;
    x + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_whole() { assert_eq!(parse_cents("12"), Some(1200)); }
    #[test]
    fn parses_cents() { assert_eq!(parse_cents("12.34"), Some(1234)); }
    #[test]
    fn parses_one_digit() { assert_eq!(parse_cents("1.5"), Some(150)); }
    #[test]
    fn rejects_text() { assert_eq!(parse_cents("abc"), None); }
    #[test]
    fn formats() { assert_eq!(format_cents(1234), "12.34"); }
    #[test]
    fn formats_negative() { assert_eq!(format_cents(-5), "-0.05"); }
    #[test]
    fn splits_evenly() { assert_eq!(split(300, 3), vec![100, 100, 100]); }
    #[test]
    fn splits_remainder() { assert_eq!(split(100, 3).iter().sum::<i64>(), 100, "parts of 100 over 3: {:?}", split(100, 3)); }
    #[test]
    fn percent() { assert_eq!(add_percent(1000, 10), 1100); }
    #[test]
    fn percent_rounds() { assert_eq!(add_percent(5, 10), 6); }
}
