'use strict';
const assert = require('assert');
const { slug, slowSlug } = require('../slug');

// Tests outside any suite: the spec reporter prints them at the margin.
it('lowers the case', function () {
  assert.strictEqual(slug('Hello World'), 'hello-world');
});
it('keeps digits', function () {
  assert.strictEqual(slug('route 66'), 'route-66');
});
it('joins words with one dash', function () {
  assert.deepStrictEqual(['A  B', 'C'].map(slug), ['a-b', 'c']);
});

describe('slug', function () {
  it('trims', function () {
    assert.strictEqual(slug('  x  '), 'x');
  });
  it.skip('handles unicode', function () {});
  it('waits for the slow one', function (done) {
    this.timeout(100);
    slowSlug('Slow', done);
  });
  describe('with a fixture', function () {
    beforeEach(function () {
      throw new Error('fixture file missing: titles.json');
    });
    it('reads titles', function () {});
  });
});
