'use strict';

describe('database', () => {
  let db;

  beforeAll(() => {
    console.log('connecting to the test database');
    throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
  });

  test('inserts a row', () => {
    expect(db).toBeDefined();
  });

  test('reads a row back', () => {
    expect(db).toBeDefined();
  });
});

describe('cache', () => {
  test('starts empty', () => {
    expect(new Map().size).toBe(0);
  });
});
