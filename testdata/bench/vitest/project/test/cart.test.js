import { describe, it, expect } from 'vitest';
import { total, applyDiscount, describeUser } from '../src/cart.js';

describe('cart', () => {
  it('sums prices', () => {
    expect(total([{ price: 2 }, { price: 3 }])).toBe(5);
  });

  it('computes the total with quantities', () => {
    expect(total([{ price: 2, qty: 3 }, { price: 5, qty: 1 }])).toBe(11);
  });

  it('applies a percentage discount', () => {
    expect(applyDiscount(200, 15)).toBe(175);
  });

  it('describes a user', () => {
    expect(describeUser({ name: ' Ada ', city: 'Berlin', country: 'DE' })).toEqual({
      name: 'Ada',
      address: { city: 'Berlin', country: 'DE', zip: '10117' },
    });
  });

  it.skip('handles currencies', () => {});
  it.todo('rounds half-cents');
});
