import { it, expect } from 'vitest';

it('upper-cases', () => {
  expect('abc'.toUpperCase()).toBe('ABC');
});

it('pads numbers', () => {
  expect(String(7).padStart(3, '0')).toBe('007');
});

it('lists words', () => {
  expect('a b  c'.split(' ')).toEqual(['a', 'b', 'c']);
});
