'use strict';
const { parse } = require('../src/money');

describe('parse-whole', () => {
  test(`parse('3')`, () => {
    expect(parse('3')).toEqual(300);
  });

  test(`parse is a function`, () => {
    expect(typeof parse).toBe('function');
  });
});
