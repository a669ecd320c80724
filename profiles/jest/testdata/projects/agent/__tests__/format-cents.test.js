'use strict';
const { format } = require('../src/money');

describe('format-cents', () => {
  test(`format(7)`, () => {
    expect(format(7)).toEqual('0.07');
  });

  test(`format is a function`, () => {
    expect(typeof format).toBe('function');
  });
});
