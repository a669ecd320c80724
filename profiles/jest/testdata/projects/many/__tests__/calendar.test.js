'use strict';
const { isLeap } = require('../src/codec');

const years = [1600, 1700, 1800, 1900, 1996, 2000, 2004, 2023, 2024, 2100, 2200, 2300, 2400, 2500];
const truth = (y) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

describe('calendar', () => {
  describe('isLeap', () => {
    test.each(years.map((y) => [y, truth(y)]))('isLeap(%i) is %s', (y, expected) => {
      expect(isLeap(y)).toBe(expected);
    });
  });
});
