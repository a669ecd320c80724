'use strict';
const { add, mul, clamp, mean } = require('../src/math');

describe('math', () => {
  test('adds two numbers', () => {
    expect(add(2, 3)).toBe(5);
  });
  test('multiplies two numbers', () => {
    expect(mul(4, 5)).toBe(20);
  });
  test('clamps below the range', () => {
    expect(clamp(-3, 0, 10)).toBe(0);
  });
  test('clamps above the range', () => {
    expect(clamp(42, 0, 10)).toBe(10);
  });
  test('computes the mean', () => {
    expect(mean([1, 2, 3, 4])).toBeCloseTo(2.5);
  });
  test('rejects the mean of an empty list', () => {
    expect(() => mean([])).toThrow(RangeError);
  });
});
