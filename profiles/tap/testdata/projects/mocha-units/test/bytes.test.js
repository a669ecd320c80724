'use strict';

const assert = require('assert');
const { formatBytes, parseBytes } = require('../units');

describe('formatBytes', function () {
  it('prints bytes under a kilobyte', function () {
    assert.strictEqual(formatBytes(512), '512 B');
  });
  it('prints a kilobyte as 1 KB', function () {
    assert.strictEqual(formatBytes(1024), '1 KB');
  });
  it('prints megabytes with one decimal', function () {
    assert.strictEqual(formatBytes(1.5 * 1024 * 1024), '1.5 MB');
  });
  it('rejects negative counts', function () {
    assert.throws(() => formatBytes(-1), RangeError);
  });
  it('rejects NaN', function () {
    assert.throws(() => formatBytes(NaN), /not a byte count/);
  });
});

describe('parseBytes', function () {
  it('reads plain bytes', function () {
    assert.strictEqual(parseBytes('12 B'), 12);
  });
  it('reads kilobytes', function () {
    assert.strictEqual(parseBytes('2KB'), 2048);
  });
  it('reads lower-case units', function () {
    assert.strictEqual(parseBytes('3 mb'), 3 * 1024 * 1024);
  });
  it('returns null for nonsense', function () {
    assert.strictEqual(parseBytes('lots'), null);
  });
  describe('round trips', function () {
    for (const s of ['1 KB', '5 MB', '2 GB']) {
      it(`parses what formatBytes prints: ${s}`, function () {
        assert.strictEqual(formatBytes(parseBytes(s)), s);
      });
    }
  });
});
