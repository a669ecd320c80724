import { it, expect } from 'vitest';
import { greet } from '../src/greet.js';

it('greets twice', () => {
  const twice = greet('a') + greet('b';
  expect(twice).toContain('a');
});
