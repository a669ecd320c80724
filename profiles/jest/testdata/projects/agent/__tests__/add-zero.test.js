'use strict';
const { add } = require('../src/money');

describe('add-zero', () => {
  test(`add(0,0)`, () => {
    expect(add(0,0)).toEqual(0);
  });

  test(`add is a function`, () => {
    expect(typeof add).toBe('function');
  });
});
