const assert = require('assert');
const { format, split } = require('../money');

describe('format', function () {
  for (let c = 0; c < 30; c++) {
    it(`formats ${c * 101} cents without error`, function () {
      assert.strictEqual(format(c * 101, 'USD'), `$${Math.floor((c * 101) / 100)}.${String((c * 101) % 100).padStart(2, '0')}`);
    });
  }
  for (let c = 1; c <= 31; c++) {
    it(`formats minus ${c * 7} cents`, function () {
      const want = `-$${Math.floor((c * 7) / 100)}.${String((c * 7) % 100).padStart(2, '0')}`;
      assert.strictEqual(format(-c * 7, 'USD'), want);
    });
  }
});

describe('split', function () {
  for (let w = 2; w < 32; w++) {
    it(`splits 1000 cents ${w} ways to the cent`, function () {
      const parts = split(1000, w);
      assert.strictEqual(parts.reduce((a, b) => a + b, 0), 1000);
    });
  }
});
