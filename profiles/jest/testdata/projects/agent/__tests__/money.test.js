'use strict';
const { add, percent, format } = require('../src/money');

describe('money', () => {
  test('adds cents', () => {
    expect(add(150, 275)).toBe(425);
  });

  test('takes a percentage, rounding half up', () => {
    expect(percent(199, 15)).toBe(30);
  });

  test('formats negative amounts', () => {
    expect(format(-5)).toBe('-0.05');
  });
});
