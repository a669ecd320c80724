'use strict';
const { slug } = require('../src/text');

describe('slug-simple', () => {
  test(`slug('A B')`, () => {
    expect(slug('A B')).toEqual('a-b');
  });

  test(`slug is a function`, () => {
    expect(typeof slug).toBe('function');
  });
});
