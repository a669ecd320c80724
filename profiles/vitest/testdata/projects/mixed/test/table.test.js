import { describe, it, expect } from 'vitest';

const slug = (s) => s.toLowerCase().replace(/\s+/g, '-');

describe('Outer', () => {
  describe('Inner', () => {
    it.each([
      ['Hello World', 'hello-world'],
      ['Terse  Output', 'terse-output'],
      ['Already-slugged', 'already-slugged'],
      ['Tabs\tToo', 'tabs_too'],
    ])('slug(%s) is %s', (input, want) => {
      expect(slug(input)).toBe(want);
    });

    it('leaves an unhandled rejection behind', () => {
      Promise.reject(new Error('cache warm-up failed'));
      expect(true).toBe(true);
    });
  });
});
