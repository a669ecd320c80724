import { describe, test, expect } from 'vitest';
import { parse } from '../src/money.js';

describe('parse-whole', () => {
  test(`parse('3')`, () => {
    expect(parse('3')).toEqual(300);
  });

  test(`parse is a function`, () => {
    expect(typeof parse).toBe('function');
  });
});
