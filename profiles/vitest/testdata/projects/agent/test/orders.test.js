import { describe, test, expect } from 'vitest';
import { summarize, latest } from '../src/orders.js';

const orders = [
  { id: 1, status: 'paid', amount: 1200, date: '2026-01-04' },
  { id: 2, status: 'open', amount: 800, date: '2026-02-11' },
  { id: 3, status: 'paid', amount: 450, date: '2026-03-02' },
];

describe('orders', () => {
  test('summarizes by status', () => {
    expect(summarize(orders)).toEqual({ count: 3, byStatus: { paid: 2, open: 1 }, total: 2450 });
  });

  test('finds the latest order', () => {
    expect(latest(orders)).toEqual({ id: 3, status: 'paid', amount: 450, date: '2026-03-02' });
  });
});
