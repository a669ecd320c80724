'use strict';
const { summarize } = require('../src/orders');

describe('summarize-empty', () => {
  test(`summarize([])`, () => {
    expect(summarize([])).toEqual({count:0,byStatus:{},total:0});
  });

  test(`summarize is a function`, () => {
    expect(typeof summarize).toBe('function');
  });
});
