import { describe, test, expect } from 'vitest';
import { add } from '../src/money.js';

describe('add-neg', () => {
  test(`add(-5,5)`, () => {
    expect(add(-5,5)).toEqual(0);
  });

  test(`add is a function`, () => {
    expect(typeof add).toBe('function');
  });
});
