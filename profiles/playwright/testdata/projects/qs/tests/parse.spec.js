const { test, expect } = require('@playwright/test');
const qs = require('../lib');

// Cases from qs's README: the query string and what qs.parse gives.
const cases = [
    ['a=c', { a: 'c' }],
    ['a[b]=c', { a: { b: 'c' } }],
    ['a[b][c]=d', { a: { b: { c: 'd' } } }],
    ['a[]=b&a[]=c', { a: ['b', 'c'] }],
    ['a[1]=c&a[0]=b', { a: ['b', 'c'] }],
    ['a[1]=b&a[15]=c', { a: ['b', 'c'] }],
    ['a=b&a=c', { a: ['b', 'c'] }],
    ['a[0][b]=c', { a: [{ b: 'c' }] }],
    ['a.b=c', { 'a.b': 'c' }],
    ['a=%82%B1', { a: '\ufffd\ufffd' }],
    ['a[b]=c&a[d]=e', { a: { b: 'c', d: 'e' } }],
    ['a=b;c=d', { a: 'b;c=d' }],
    ['foo[]=bar&foo[]=baz', { foo: ['bar', 'baz'] }],
    ['a[0]=b&a[2]=c', { a: ['b', 'c'] }]
];

test.describe('qs.parse', () => {
    for (const [query, want] of cases) {
        test(`parses ${query}`, () => {
            expect(qs.parse(query)).toEqual(want);
        });
    }

    test('parses with a custom delimiter', () => {
        expect(qs.parse('a=b;c=d', { delimiter: ';' })).toEqual({ a: 'b', c: 'd' });
    });

    test('allows dots', () => {
        expect(qs.parse('a.b=c', { allowDots: true })).toEqual({ a: { b: 'c' } });
    });

    test('throws past the parameter limit', () => {
        expect(() => qs.parse('a=1&b=2&c=3', { parameterLimit: 2, throwOnLimitExceeded: true }))
            .toThrow('Parameter limit exceeded. Only 2 parameters allowed.');
    });

    test('decodes with a custom decoder', () => {
        const decoder = (str) => str.toUpperCase();
        expect(qs.parse('a=b', { decoder })).toEqual({ A: 'B' });
    });
});
