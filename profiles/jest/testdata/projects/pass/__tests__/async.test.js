'use strict';

const delay = (ms, v) => new Promise((resolve) => setTimeout(() => resolve(v), ms));

describe('async helpers', () => {
  test('resolves a delayed value', async () => {
    await expect(delay(5, 'ok')).resolves.toBe('ok');
  });
  test('rejects with an error', async () => {
    await expect(Promise.reject(new Error('nope'))).rejects.toThrow('nope');
  });
  test('works with callbacks', (done) => {
    setTimeout(() => {
      expect(1 + 1).toBe(2);
      done();
    }, 1);
  });
  test('matches objects partially', () => {
    expect({ id: 7, name: 'terse', tags: ['cli'] }).toMatchObject({ name: 'terse' });
  });
  test.todo('retries flaky network calls');
});
