import { describe, it, expect } from 'vitest';
import { add, mul, clamp } from '../src/math.js';

describe('math', () => {
  it('adds', () => expect(add(2, 3)).toBe(5));
  it('multiplies', () => expect(mul(4, 5)).toBe(20));
  it.each([
    [5, 0, 10, 5],
    [-1, 0, 10, 0],
    [11, 0, 10, 10],
  ])('clamps %i into [%i, %i]', (x, lo, hi, want) => {
    expect(clamp(x, lo, hi)).toBe(want);
  });
  it.skip('divides by zero gracefully', () => {});
  it.todo('rounds to a precision');
});
