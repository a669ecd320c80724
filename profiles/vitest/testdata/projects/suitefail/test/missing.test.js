import { it, expect } from 'vitest';
import { farewell } from '../src/farewell.js';

it('says goodbye', () => {
  expect(farewell('ada')).toBe('bye, ada');
});
