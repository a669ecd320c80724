'use strict';
const { slug, titleCase, truncate } = require('../src/strings');

describe('strings', () => {
  describe('slug', () => {
    test('lowercases and dashes', () => {
      expect(slug('Hello World')).toBe('hello-world');
    });
    test('strips punctuation at the ends', () => {
      expect(slug('  --Terse!--  ')).toBe('terse');
    });
  });
  describe('titleCase', () => {
    test('capitalises each word', () => {
      expect(titleCase('shape tool output')).toBe('Shape Tool Output');
    });
  });
  describe('truncate', () => {
    test('leaves short strings alone', () => {
      expect(truncate('abc', 5)).toBe('abc');
    });
    test('adds an ellipsis to long strings', () => {
      expect(truncate('abcdefgh', 5)).toBe('abcd…');
    });
    test.skip('handles grapheme clusters', () => {
      expect(truncate('👩‍👩‍👧‍👦👩‍👩‍👧‍👦', 1)).toBe('…');
    });
  });
});
