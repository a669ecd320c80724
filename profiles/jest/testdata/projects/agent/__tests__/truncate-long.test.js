'use strict';
const { truncate } = require('../src/text');

describe('truncate-long', () => {
  test(`truncate('abcdef',3)`, () => {
    expect(truncate('abcdef',3)).toEqual('abc…');
  });

  test(`truncate is a function`, () => {
    expect(typeof truncate).toBe('function');
  });
});
