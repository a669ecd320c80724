'use strict';
const { greet } = require('../src/greet');
const { shout } = require('../src/shout');

test('shouts a greeting', () => {
  expect(shout(greet('ada'))).toBe('HELLO, ADA!');
});
