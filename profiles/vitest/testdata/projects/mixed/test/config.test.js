import { describe, it, expect } from 'vitest';
import { parseConfig, fetchSlowly } from '../src/lib/config.js';

describe('config', () => {
  it('parses key=value lines', () => {
    expect(parseConfig('a=1\nb=2')).toEqual({ a: '1', b: '2' });
  });

  it('ignores blank lines', () => {
    expect(parseConfig('a=1\n\nb=2')).toEqual({ a: '1', b: '2' });
  });

  it('fetches within the deadline', async () => {
    expect(await fetchSlowly(500)).toBe('late');
  }, 50);

  it('rejects an unknown section', () => {
    throw new Error('unknown section [server]');
  });
});
