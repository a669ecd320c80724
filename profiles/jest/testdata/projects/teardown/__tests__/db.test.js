'use strict';

describe('db', () => {
  test('builds a connection string', () => {
    const url = `postgres://${'test'}@127.0.0.1:5432/${'app_test'}`;
    expect(url).toBe('postgres://test@127.0.0.1:5432/app_test');
  });

  test('quotes identifiers', () => {
    const quote = (s) => `"${s.replace(/"/g, '""')}"`;
    expect(quote('user"s')).toBe('"user""s"');
  });
});
