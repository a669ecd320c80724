'use strict';
const { parse } = require('../src/money');
const { load } = require('../src/config');

describe('errors', () => {
  test('rejects a comma as decimal separator', () => {
    expect(() => parse('12,50')).toThrowErrorMatchingInlineSnapshot(`"invalid amount: 12,50"`);
  });

  test('requires a port', () => {
    expect(() => load({})).toThrowErrorMatchingInlineSnapshot(`"PORT must be set"`);
  });

  test('parses a plain amount', () => {
    expect(parse('12.5')).toBe(1250);
  });
});
