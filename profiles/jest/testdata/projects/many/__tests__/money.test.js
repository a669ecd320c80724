'use strict';
const { toCents } = require('../src/codec');

const rows = [];
for (let i = 0; i < 30; i++) {
  const value = Number((i / 10 + 0.005 + (i % 2) * 0.002).toFixed(3));
  rows.push({ value, cents: Math.round(value * 100) });
}

describe('toCents', () => {
  test.each(rows)('toCents($value) = $cents', ({ value, cents }) => {
    expect(toCents(value)).toBe(cents);
  });
});
