'use strict';
const semver = require('semver');
const { loadConfig } = require('../src/lib/config');

describe('config loading', () => {
  test('loads key=value pairs', () => {
    expect(loadConfig('a=1\nb=2')).toEqual({ a: '1', b: '2' });
  });

  test('loads a line without a value', () => {
    const cfg = loadConfig('name=terse\nverbose\n');
    expect(cfg.verbose).toBeUndefined();
  });
});

describe('versions', () => {
  test('compares valid versions', () => {
    expect(semver.gt('1.2.3', '1.2.0')).toBe(true);
  });

  test('parses the tool version', () => {
    const v = new semver.SemVer('not-a-version');
    expect(v.major).toBe(1);
  });
});

describe('slow things', () => {
  test('waits for a promise that never settles', async () => {
    console.log('waiting forever...');
    await new Promise(() => {});
  }, 50);
});
