import { describe, test, expect } from 'vitest';
import { percent } from '../src/money.js';

describe('percent-zero', () => {
  test(`percent(1000,0)`, () => {
    expect(percent(1000,0)).toEqual(0);
  });

  test(`percent is a function`, () => {
    expect(typeof percent).toBe('function');
  });
});
