const test = require('node:test');
const assert = require('node:assert');
const { slugify, truncate, titleCase, parseQuery } = require('../slug');

// Passing tests whose names hold problem words: a budget by words fills up on them.
for (const w of ['error', 'failure', 'warning', 'exception', 'panic', 'fatal']) {
  test(`slugify handles the word ${w} without error`, () => {
    assert.strictEqual(slugify(`An ${w}`), `an-${w}`);
  });
  test(`truncate keeps a short ${w} message without failure`, () => {
    assert.strictEqual(truncate(w, 20), w);
  });
}
for (let i = 0; i < 40; i++) {
  test(`slugify keeps plain words ${i}`, () => {
    assert.strictEqual(slugify(`word ${i}`), `word-${i}`);
  });
}

test('slugify drops punctuation', () => {
  assert.strictEqual(slugify('Hello, World!'), 'hello-world');
});
test('slugify folds accents', () => {
  assert.strictEqual(slugify('Crème brûlée'), 'creme-brulee');
});
test('slugify collapses dashes', () => {
  assert.strictEqual(slugify('a - b'), 'a-b');
});
test('truncate counts the ellipsis', () => {
  assert.strictEqual(truncate('abcdefgh', 5), 'abcd…');
});
test('truncate to zero', () => {
  assert.strictEqual(truncate('abc', 0), '');
});
test('titleCase with double spaces', () => {
  assert.strictEqual(titleCase('a  b'), 'A  B');
});
test('titleCase of an empty string', () => {
  assert.strictEqual(titleCase(''), '');
});
test('parseQuery decodes values', () => {
  assert.deepStrictEqual(parseQuery('?q=a%20b'), { q: 'a b' });
});
test('parseQuery bare key is true', () => {
  assert.deepStrictEqual(parseQuery('debug'), { debug: true });
});
test('parseQuery repeated keys make a list', () => {
  assert.deepStrictEqual(parseQuery('a=1&a=2'), { a: ['1', '2'] });
});
test('parseQuery plus is a space', () => {
  assert.strictEqual(parseQuery('q=a+b').q, 'a b');
});
test('parseQuery empty string', () => {
  assert.deepStrictEqual(parseQuery(''), {});
});
test('slugify of null', () => {
  assert.strictEqual(slugify(null), '');
});
test('async lookup resolves', async () => {
  await new Promise((r) => setTimeout(r, 5));
  assert.ok(false, 'lookup returned nothing');
});
test('suite of nested checks', async (t) => {
  await t.test('nested passes', () => {});
  await t.test('nested truncate fails', () => {
    assert.strictEqual(truncate('hello world', 5), 'hell…');
  });
});
