import { describe, it, expect } from 'vitest';
import { padId } from '../src/convert.js';

describe('padId', () => {
  it.each(Array.from({ length: 20 }, (_, i) => [i * 37, String(i * 37).padStart(6, '0')]))('pads %i to %s', (n, want) => {
    expect(padId(n)).toBe(want);
  });
});

it('keeps long ids whole', () => {
  expect(padId(1234567)).toBe('1234567');
});
