'use strict';
const { greet } = require('../src/greet');

describe('greet', () => {
  test('greets by name', () => {
    const names = ['ada', 'grace';
    expect(greet(names[0])).toBe('hello, ada');
  });
});
