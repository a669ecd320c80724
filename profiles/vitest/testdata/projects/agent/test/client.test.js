import { describe, test, expect } from 'vitest';
import { getJSON } from '../src/client.js';

const routes = {
  '/users/1': { status: 200, body: { id: 1, name: 'Ada' } },
  '/users/2': {
    status: 503,
    body: {
      error: 'upstream timeout',
      retryAfter: 30,
      request: {
        method: 'GET',
        path: '/users/2',
        headers: {
          accept: 'application/json',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'app-client/2.14.0 (+https://example.invalid/app)',
          'x-request-id': '6f1c2a9e-4b7d-4e0a-9c35-2d8f1b7e6a40',
          'x-forwarded-for': '10.12.0.7, 10.12.3.41',
          'x-tenant': 'acme-eu-west',
        },
      },
      upstreams: ['gw-1', 'users-3', 'db-2', 'db-2-replica', 'cache-7'].map((host, i) => ({
        host,
        region: 'eu-west-1',
        latencyMs: 1200 * (i + 1),
        status: i < 2 ? 'ok' : 'timeout',
        lastError: i < 2 ? null : `connect ETIMEDOUT ${host}.internal:5432`,
      })),
    },
  },
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
