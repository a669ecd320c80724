'use strict';
const test = require('node:test');
const assert = require('node:assert');
const u = require('../units');

test('temperature', async (t) => {
  await t.test('freezing', () => assert.strictEqual(u.celsius(32), 0));
  await t.test('boiling', () => assert.strictEqual(u.celsius(212), 100));
  await t.test('body', () => assert.strictEqual(u.round(u.celsius(98.6), 1), 37));
  await t.test('back to fahrenheit', () => assert.strictEqual(u.fahrenheit(100), 212));
  await t.test('minus forty', () => assert.strictEqual(u.fahrenheit(-40), -40));
});

test('parse', async (t) => {
  await t.test('a length', () => assert.deepStrictEqual(u.parse('12 km'), { value: 12, unit: 'km' }));
  await t.test('a negative', () => assert.deepStrictEqual(u.parse('-3.5kg'), { value: -3.5, unit: 'kg' }));
  await t.test('rubbish', () => assert.strictEqual(u.parse('twelve'), null));
  await t.test('units listed', () => assert.strictEqual(u.units().length, 14));
});
