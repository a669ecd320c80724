'use strict';
const test = require('node:test');
const assert = require('node:assert');
const u = require('../units');

const pairs = ['mm', 'cm', 'm', 'km', 'in', 'ft', 'yd', 'mi'];
test('length round trips', async (t) => {
  for (const a of pairs) {
    for (const b of pairs) {
      for (const v of [7, 0.25, 1000]) {
        await t.test(`${v} ${a} -> ${b} -> ${a}`, () => {
          assert.ok(Math.abs(u.length(u.length(v, a, b), b, a) - v) < 1e-9);
        });
      }
    }
  }
});

test('length known values', async (t) => {
  await t.test('1 km is 1000 m', () => assert.strictEqual(u.length(1, 'km', 'm'), 1000));
  await t.test('1 ft is 12 in', () => assert.strictEqual(u.round(u.length(1, 'ft', 'in'), 6), 12));
  await t.test('1 mi is 1760 yd', () => assert.strictEqual(u.round(u.length(1, 'mi', 'yd'), 6), 1760));
  await t.test('unknown unit throws', () => assert.throws(() => u.length(1, 'parsec', 'm'), RangeError));
});
