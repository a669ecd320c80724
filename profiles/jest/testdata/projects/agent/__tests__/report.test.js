'use strict';
const { ratio } = require('../src/util');

test('ratio of a part', () => {
  expect(ratio(1, 4)).toBe(0.25);
});
