import { describe, test, expect } from 'vitest';
import { slug } from '../src/text.js';

describe('slug-simple', () => {
  test(`slug('A B')`, () => {
    expect(slug('A B')).toEqual('a-b');
  });

  test(`slug is a function`, () => {
    expect(typeof slug).toBe('function');
  });
});
