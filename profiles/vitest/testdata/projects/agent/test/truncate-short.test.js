import { describe, test, expect } from 'vitest';
import { truncate } from '../src/text.js';

describe('truncate-short', () => {
  test(`truncate('abc',5)`, () => {
    expect(truncate('abc',5)).toEqual('abc');
  });

  test(`truncate is a function`, () => {
    expect(typeof truncate).toBe('function');
  });
});
