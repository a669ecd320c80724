'use strict';

const assert = require('assert');
const { formatDuration, sum, largest } = require('../units');

describe('formatDuration', function () {
  it('prints milliseconds', function () {
    assert.strictEqual(formatDuration(250), '250ms');
  });
  it('prints zero', function () {
    assert.strictEqual(formatDuration(0), '0ms');
  });
  it('separates the units', function () {
    assert.strictEqual(formatDuration(65000), '1m 5s');
  });
  it('prints hours', function () {
    assert.strictEqual(formatDuration(2 * 3600000), '2h');
  });
});

describe('lists of files', function () {
  const files = [
    { name: 'a.log', bytes: 300 },
    { name: 'b.log', bytes: 1200 },
    { name: 'c.log', bytes: 50 },
    { name: 'd.log', bytes: 9000 },
  ];
  it('sums their sizes', function () {
    assert.strictEqual(sum(files), 10550);
  });
  it('lists the largest first', function () {
    assert.deepStrictEqual(largest(files, 2), [
      { name: 'd.log', bytes: 9000 },
      { name: 'b.log', bytes: 1200 },
    ]);
  });
  it('sums an empty list', function () {
    assert.strictEqual(sum([]), 0);
  });
  it('skips entries without a size', function () {
    assert.strictEqual(sum([{ name: 'x' }, { name: 'y', bytes: 2 }]), 2);
  });
  it.skip('reads sizes from disk', function () {});
});
