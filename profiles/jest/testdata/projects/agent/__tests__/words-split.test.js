'use strict';
const { words } = require('../src/text');

describe('words-split', () => {
  test(`words('a  b c')`, () => {
    expect(words('a  b c')).toEqual(['a', 'b', 'c']);
  });

  test(`words is a function`, () => {
    expect(typeof words).toBe('function');
  });
});
