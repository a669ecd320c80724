import { describe, it, expect } from 'vitest';
import { total, describeUser, withdraw } from '../src/cart.js';

describe('cart', () => {
  it('sums prices', () => {
    expect(total([{ price: 2 }, { price: 3 }])).toBe(5);
  });

  it('computes the total with quantities', () => {
    expect(total([{ price: 2, qty: 3 }, { price: 5, qty: 1 }])).toBe(11);
  });

  it('describes a user', () => {
    expect(describeUser({ name: ' Ada ', city: 'Berlin', country: 'DE' })).toEqual({
      name: 'Ada',
      address: { city: 'Berlin', country: 'DE', zip: '10117' },
    });
  });

  describe('withdraw', () => {
    it('rejects overdrafts with a clear message', () => {
      expect(() => withdraw(10, 50)).toThrow('insufficient funds');
    });

    it('throws on a negative amount', () => {
      expect(() => withdraw(10, -5)).toThrow();
    });
  });

  it.skip('applies vouchers', () => {});
  it.todo('handles currencies');
});
