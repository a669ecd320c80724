'use strict';

// A tiny run-length codec with an off-by-one bug for runs longer than 9.
function encode(s) {
  let out = '';
  for (let i = 0; i < s.length;) {
    let j = i;
    while (j < s.length && s[j] === s[i]) j++;
    const n = j - i;
    out += (n > 9 ? n - 1 : n) + s[i];
    i = j;
  }
  return out;
}

// Rounds to cents, but truncates instead of rounding half up.
function toCents(x) { return Math.trunc(x * 100); }

function isLeap(y) { return y % 4 === 0; }

module.exports = { encode, toCents, isLeap };
