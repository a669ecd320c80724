'use strict';
const { load, validate } = require('../src/config');

describe('config', () => {
  test('loads the defaults', () => {
    expect(load({ PORT: '8080' })).toEqual({ port: 8080, host: 'localhost', debug: false });
  });

  test('validates a port given by name', () => {
    const cfg = validate(load({ PORT: 'http' }));
    expect(cfg.port).toBe(80);
  });
});
