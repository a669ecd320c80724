'use strict';
const { load } = require('../src/config');

describe('config-host', () => {
  test(`load({PORT:'1',HOST:'h'})`, () => {
    expect(load({PORT:'1',HOST:'h'})).toEqual({port:1,host:'h',debug:false});
  });

  test(`load is a function`, () => {
    expect(typeof load).toBe('function');
  });
});
