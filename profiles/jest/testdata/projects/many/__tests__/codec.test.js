'use strict';
const { encode } = require('../src/codec');

const rows = [];
for (let n = 1; n <= 30; n++) {
  rows.push(['x'.repeat(n), `${n}x`]);
}

describe('encode', () => {
  // runs 1..9 pass, runs 10..30 fail (21 failures)
  test.each(rows)('encode(%j) -> %s', (input, expected) => {
    expect(encode(input)).toBe(expected);
  });
});
