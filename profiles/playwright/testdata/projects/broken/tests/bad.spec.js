const { test, expect } = require('@playwright/test');

test('never loads', () => {
    expect([1, 2).toHaveLength(2);
});
