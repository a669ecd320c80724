const { test, expect } = require('@playwright/test');
const qs = require('../lib');

test.describe('qs.stringify', () => {
    test('stringifies a plain object', () => {
        expect(qs.stringify({ a: 'b', c: 'd' })).toBe('a=b&c=d');
    });

    test('encodes spaces per RFC 3986 by default', () => {
        expect(qs.stringify({ a: 'b c' })).toBe('a=b%20c');
    });

    test('encodes spaces per RFC 1738 when asked', () => {
        expect(qs.stringify({ a: 'b c' }, { format: 'RFC1738' })).toBe('a=b+c');
    });

    test('stringifies arrays with indices', () => {
        expect(qs.stringify({ a: ['b', 'c'] }, { encode: false })).toBe('a[0]=b&a[1]=c');
    });

    test('stringifies arrays with brackets', () => {
        expect(qs.stringify({ a: ['b', 'c'] }, { arrayFormat: 'brackets', encode: false })).toBe('a[]=b&a[]=c');
    });

    test('stringifies a symbol', () => {
        expect(qs.stringify({ a: Symbol('x') })).toBe('a=Symbol%28x%29');
    });

    test('stringifies nested objects', () => {
        expect(qs.stringify({ a: { b: { c: 'd' } } }, { encodeValuesOnly: true })).toBe('a[b][c]=d');
    });

    test('skips nulls when asked', () => {
        expect(qs.stringify({ a: 'b', c: null }, { skipNulls: true })).toBe('a=b');
    });

    test('round-trips a filter', () => {
        const filter = (prefix, value) => (prefix === 'b' ? undefined : value);
        expect(qs.stringify({ a: 1, b: 2 }, { filter })).toBe('a=1');
    });

    test('sorts keys', () => {
        const sort = (a, b) => a.localeCompare(b);
        expect(qs.stringify({ c: 1, a: 2, b: 3 }, { sort })).toBe('a=2&b=3&c=1');
    });
});
