import { it, expect } from 'vitest';
import { greet } from '../src/greet.js';

it('greets', () => {
  expect(greet('ada')).toBe('hello, ada');
});
