'use strict';
const test = require('node:test');
const assert = require('node:assert');
const u = require('../units');

const pairs = ['mg', 'g', 'kg', 't', 'oz', 'lb'];
test('mass round trips', async (t) => {
  for (const a of pairs) {
    for (const b of pairs) {
      await t.test(`${a} -> ${b} -> ${a}`, () => {
        assert.ok(Math.abs(u.mass(u.mass(3, a, b), b, a) - 3) < 1e-9);
      });
    }
  }
});

test('mass known values', async (t) => {
  await t.test('1 kg is 1000 g', () => assert.strictEqual(u.mass(1, 'kg', 'g'), 1000));
  await t.test('1 lb is 16 oz', () => assert.strictEqual(u.round(u.mass(1, 'lb', 'oz'), 6), 16));
  await t.test('1 t is 1000 kg', () => assert.strictEqual(u.mass(1, 't', 'kg'), 1000));
});
