'use strict';
const { truncate } = require('../src/text');

describe('truncate-short', () => {
  test(`truncate('abc',5)`, () => {
    expect(truncate('abc',5)).toEqual('abc');
  });

  test(`truncate is a function`, () => {
    expect(typeof truncate).toBe('function');
  });
});
