import { describe, test, expect } from 'vitest';
import { percent } from '../src/money.js';

describe('percent-ten', () => {
  test(`percent(1000,10)`, () => {
    expect(percent(1000,10)).toEqual(100);
  });

  test(`percent is a function`, () => {
    expect(typeof percent).toBe('function');
  });
});
