'use strict';

function add(a, b) { return a + b; }
function mul(a, b) { return a * b; }
function clamp(x, lo, hi) { return Math.min(hi, Math.max(lo, x)); }
function mean(xs) {
  if (xs.length === 0) throw new RangeError('mean of empty list');
  return xs.reduce(add, 0) / xs.length;
}

module.exports = { add, mul, clamp, mean };
