import { describe, test, expect } from 'vitest';
import { add, percent, format } from '../src/money.js';

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
