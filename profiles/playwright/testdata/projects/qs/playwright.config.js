// Playwright's config for tests of the qs package (its lib/ with bugs put
// in): no browser is used, only Node and Playwright's API request context
// against server.js, which parses query strings with qs.
const { defineConfig } = require('@playwright/test');

module.exports = defineConfig({
    testDir: './tests',
    timeout: 3000,
    retries: 1,
    workers: 1,
    use: { baseURL: 'http://127.0.0.1:41731' },
    webServer: {
        command: 'node server.js',
        url: 'http://127.0.0.1:41731/health',
        reuseExistingServer: false
    }
});
