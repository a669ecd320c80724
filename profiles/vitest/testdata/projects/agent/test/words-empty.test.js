import { describe, test, expect } from 'vitest';
import { words } from '../src/text.js';

describe('words-empty', () => {
  test(`words('')`, () => {
    expect(words('')).toEqual([]);
  });

  test(`words is a function`, () => {
    expect(typeof words).toBe('function');
  });
});
