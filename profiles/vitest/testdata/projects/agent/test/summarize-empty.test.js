import { describe, test, expect } from 'vitest';
import { summarize } from '../src/orders.js';

describe('summarize-empty', () => {
  test(`summarize([])`, () => {
    expect(summarize([])).toEqual({count:0,byStatus:{},total:0});
  });

  test(`summarize is a function`, () => {
    expect(typeof summarize).toBe('function');
  });
});
