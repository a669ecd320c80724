import { describe, test, expect } from 'vitest';
import { truncate } from '../src/text.js';

describe('truncate-long', () => {
  test(`truncate('abcdef',3)`, () => {
    expect(truncate('abcdef',3)).toEqual('abc…');
  });

  test(`truncate is a function`, () => {
    expect(typeof truncate).toBe('function');
  });
});
