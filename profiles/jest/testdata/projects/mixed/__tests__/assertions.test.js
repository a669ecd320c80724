'use strict';
const { total, applyDiscount, checkout, describeUser } = require('../src/lib/cart');

describe('cart', () => {
  test('computes the total of an empty cart', () => {
    console.log('empty cart total is', total([]));
    expect(total([])).toBe(0);
  });

  test('computes the total with quantities', () => {
    const items = [{ price: 3, qty: 2 }, { price: 4, qty: 1 }];
    console.warn('quantities are not validated yet');
    expect(total(items)).toBe(11);
  });

  test('applies a percentage discount', () => {
    expect(applyDiscount(200, 15)).toBe(175);
  });

  test('describes a user', () => {
    const user = { id: 42, name: 'Ada', city: 'Berlin', zip: '10115', roles: ['dev', 'admin'] };
    expect(describeUser(user)).toEqual({
      id: 42,
      name: 'Ada',
      address: { city: 'Berlin', zip: '10117', country: 'DE' },
      roles: ['admin', 'dev', 'ops'],
    });
  });

  test('lists the first fifty squares', () => {
    const squares = Array.from({ length: 50 }, (_, i) => i * i);
    const expected = Array.from({ length: 50 }, (_, i) => i * i);
    expected[24] = 575;
    expect(squares).toEqual(expected);
  });

  test('notifies on checkout', () => {
    const notify = jest.fn();
    checkout([{ price: 5, qty: 2 }], notify);
    console.error('notify was called', notify.mock.calls.length, 'time(s)');
    expect(notify).toHaveBeenCalledWith('checkout', { amount: 10, count: 2 });
  });

  test('rejects a negative discount', () => {
    expect(() => applyDiscount(100, -5)).toThrow('negative discounts are not allowed');
  });

  test('rejects a fractional discount', () => {
    expect(() => applyDiscount(100, 12.5)).toThrow();
  });

  test.skip('supports coupons', () => {
    expect(true).toBe(false);
  });

  test.todo('supports gift cards');
});
