import { describe, it, expect } from 'vitest';
import { shout, words } from '../src/strings.js';

describe('strings', () => {
  it('shouts', () => expect(shout('hi')).toBe('HI!'));
  describe('words', () => {
    it('splits on spaces', () => expect(words('a b  c')).toEqual(['a', 'b', 'c']));
    it('ignores leading blanks', () => expect(words('  x')).toEqual(['x']));
  });
});
