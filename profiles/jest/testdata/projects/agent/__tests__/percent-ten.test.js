'use strict';
const { percent } = require('../src/money');

describe('percent-ten', () => {
  test(`percent(1000,10)`, () => {
    expect(percent(1000,10)).toEqual(100);
  });

  test(`percent is a function`, () => {
    expect(typeof percent).toBe('function');
  });
});
