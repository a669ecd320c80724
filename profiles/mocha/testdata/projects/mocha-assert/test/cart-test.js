'use strict';
const assert = require('assert');
const Cart = require('../cart');

describe('Cart', function () {
  describe('counts', function () {
    it('counts an empty cart as 0', function () {
      assert.strictEqual(new Cart().count(), 0);
    });
    it('counts quantities', function () {
      assert.equal(new Cart().add('a', 2, 1).add('b', 3, 1).count(), 5);
    });
    it('says an empty cart is empty', function () {
      assert.strictEqual(new Cart().isEmpty(), true);
    });
    it('says a full cart is not empty', function () {
      assert.strictEqual(new Cart().add('a', 1, 1).isEmpty(), false);
    });
  });
  describe('totals', function () {
    it('totals as a number', function () {
      assert.strictEqual(new Cart().add('a', 2, 1.5).total(), 3);
    });
    it('totals an empty cart', function () {
      assert.strictEqual(new Cart().total(), '0.00');
    });
  });
  describe('lookups', function () {
    it('finds a line', function () {
      assert.deepStrictEqual(new Cart().add('a', 1, 2).find('a'), { sku: 'a', qty: 1, price: 2 });
    });
    it('finds nothing as null', function () {
      assert.strictEqual(new Cart().find('zz'), null);
    });
    it('summarises', function () {
      assert.deepStrictEqual(new Cart().add('a', 1, 2).summary(), { lines: 1, count: 1, currency: 'EUR' });
    });
    it('lists skus in order', function () {
      assert.deepStrictEqual(new Cart().add('b', 1, 1).add('a', 1, 1).skus(), ['a', 'b']);
    });
    it('is ok with a truthy count', function () {
      assert.ok(new Cart().count() === 0);
    });
  });
});
