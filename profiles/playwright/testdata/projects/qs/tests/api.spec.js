const { test, expect } = require('@playwright/test');

// The API of server.js, through Playwright's request context (no browser).
test.describe('query API', () => {
    test('GET /parse answers the parsed query', async ({ request }) => {
        const res = await request.get('/parse?a[b]=c&d=e');
        expect(res.ok()).toBeTruthy();
        expect(await res.json()).toEqual({ a: { b: 'c' }, d: 'e' });
    });

    test('GET /parse keeps arrays', async ({ request }) => {
        const res = await request.get('/parse?ids[0]=7&ids[1]=9');
        expect(await res.json()).toEqual({ ids: ['7', '9'] });
    });

    test('GET /parse rejects a query too deep', async ({ request }) => {
        const res = await request.get('/parse?depth=1&a[b][c][d]=e');
        expect(res.status()).toBe(400);
        expect((await res.json()).error).toContain('depth');
    });

    test('POST /stringify answers the query string', async ({ request }) => {
        const res = await request.post('/stringify', { data: { q: 'red shoes', page: 2 } });
        expect(res.status()).toBe(200);
        expect(await res.json()).toEqual({ query: 'q=red%20shoes&page=2' });
    });

    test('GET /search is a route', async ({ request }) => {
        const res = await request.get('/search?q=x');
        expect(res.status(), 'GET /search should be served').toBe(200);
    });

    test('GET /health answers in time', async ({ request }) => {
        const res = await request.get('/health');
        expect(res.ok()).toBeTruthy();
    });
});
