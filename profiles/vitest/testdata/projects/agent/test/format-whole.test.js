import { describe, test, expect } from 'vitest';
import { format } from '../src/money.js';

describe('format-whole', () => {
  test(`format(1200)`, () => {
    expect(format(1200)).toEqual('12.00');
  });

  test(`format is a function`, () => {
    expect(typeof format).toBe('function');
  });
});
