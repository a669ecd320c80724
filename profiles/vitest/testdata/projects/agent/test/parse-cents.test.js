import { describe, test, expect } from 'vitest';
import { parse } from '../src/money.js';

describe('parse-cents', () => {
  test(`parse('3.07')`, () => {
    expect(parse('3.07')).toEqual(307);
  });

  test(`parse is a function`, () => {
    expect(typeof parse).toBe('function');
  });
});
