import { describe, test, expect } from 'vitest';
import { parse } from '../src/money.js';
import { load } from '../src/config.js';

describe('errors', () => {
  test('rejects a comma as decimal separator', () => {
    expect(() => parse('12,50')).toThrowError("invalid amount: 12,50");
  });

  test('requires a port', () => {
    expect(() => load({})).toThrowError("PORT must be set");
  });

  test('parses a plain amount', () => {
    expect(parse('12.5')).toBe(1250);
  });
});
