import { expect, test } from 'vitest';
import { retry } from '../retry.js';

test('recovers after two failures', async () => {
  const got = await retry((i) => {
    if (i < 2) throw new Error(`connection reset (attempt ${i + 1})`);
    return 'ok';
  }, 3);
  expect(got).toBe('ok');
});

test('gives up after the last attempt', async () => {
  await expect(retry(() => { throw new TypeError('bad gateway'); }, 2)).rejects.toThrow('bad gateway');
});
