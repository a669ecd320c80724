import { describe, it, expect } from 'vitest';
import { parseConfig, loadRemote } from '../src/config.js';

describe('config', () => {
  it('parses key=value lines', () => {
    expect(parseConfig('a=1\nb=2')).toEqual({ a: '1', b: '2' });
  });

  it('ignores blank lines', () => {
    expect(parseConfig('a=1\n\nb=2')).toEqual({ a: '1', b: '2' });
  });

  it('loads remote config', async () => {
    const fake = async () => ({ json: async () => { throw new SyntaxError('Unexpected token < in JSON at position 0'); } });
    await expect(loadRemote(fake)).resolves.toEqual({ ok: true });
  });

  it('keeps values with spaces', () => {
    expect(parseConfig('name = terse')).toStrictEqual({ name: 'terse' });
  });
});
