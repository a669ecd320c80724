import { describe, test, expect } from 'vitest';
import { getJSON } from '../src/client.js';

const routes = {
  '/users/1': { status: 200, body: { id: 1, name: 'Ada' } },
  '/users/2': { status: 503, body: { error: 'upstream timeout', retryAfter: 30, trace: ['gw-1', 'users-3', 'db-2'] } },
};

describe('client', () => {
  test('fetches a user', async () => {
    expect(await getJSON(routes, '/users/1')).toEqual({ id: 1, name: 'Ada' });
  });

  test('fetches a user behind a slow upstream', async () => {
    expect(await getJSON(routes, '/users/2')).toEqual({ id: 2, name: 'Grace' });
  });

  test('fetches the user list', async () => {
    expect(await getJSON(routes, '/users')).toHaveLength(2);
  });
});
