'use strict';
// A small shopping cart with bugs put in for the capture.
function Cart() { this.lines = []; }
Cart.prototype.add = function (sku, qty, price) {
  this.lines.push({ sku: sku, qty: qty, price: price });
  return this;
};
Cart.prototype.count = function () {
  return this.lines.reduce(function (n, l) { return n + l.qty; }, 1); // bug: starts at 1
};
Cart.prototype.total = function () {
  return this.lines.reduce(function (n, l) { return n + l.qty * l.price; }, 0).toFixed(2); // bug: a string
};
Cart.prototype.isEmpty = function () { return this.lines.length === 0 ? 'yes' : false; }; // bug: a string
Cart.prototype.find = function (sku) {
  for (var i = 0; i < this.lines.length; i++) if (this.lines[i].sku === sku) return this.lines[i];
};
Cart.prototype.summary = function () {
  return { lines: this.lines.length, count: this.count(), currency: 'EUR' };
};
Cart.prototype.skus = function () { return this.lines.map(function (l) { return l.sku; }).sort().reverse(); };
module.exports = Cart;
