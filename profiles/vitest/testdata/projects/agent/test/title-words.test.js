import { describe, test, expect } from 'vitest';
import { title } from '../src/text.js';

describe('title-words', () => {
  test(`title('a tale')`, () => {
    expect(title('a tale')).toEqual('A Tale');
  });

  test(`title is a function`, () => {
    expect(typeof title).toBe('function');
  });
});
