'use strict';
const { slug } = require('../src/text');

describe('slug', () => {
  test.each([
    ['Hello World', 'hello-world'],
    ['  Trim me  ', 'trim-me'],
    ['Crème brûlée', 'creme-brulee'],
    ['a--b', 'a-b'],
    ['Ünïcode Title', 'unicode-title'],
  ])('slug(%j) is %j', (input, want) => {
    expect(slug(input)).toBe(want);
  });
});
