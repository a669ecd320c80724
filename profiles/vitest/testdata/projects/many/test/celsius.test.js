import { describe, it, expect } from 'vitest';
import { celsius } from '../src/convert.js';

describe('celsius', () => {
  it.each(Array.from({ length: 22 }, (_, i) => [32 + 9 * i, 5 * i]))('converts %i°F to %i°C', (f, c) => {
    expect(celsius(f)).toBe(c);
  });
});
