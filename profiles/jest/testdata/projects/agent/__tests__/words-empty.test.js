'use strict';
const { words } = require('../src/text');

describe('words-empty', () => {
  test(`words('')`, () => {
    expect(words('')).toEqual([]);
  });

  test(`words is a function`, () => {
    expect(typeof words).toBe('function');
  });
});
