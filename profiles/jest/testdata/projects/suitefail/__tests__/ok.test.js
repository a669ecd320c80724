'use strict';
const { greet } = require('../src/greet');

test('greets by name', () => {
  expect(greet('ada')).toBe('hello, ada');
});

test('greets an empty name', () => {
  expect(greet('')).toBe('hello, ');
});
