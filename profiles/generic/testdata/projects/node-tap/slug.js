// Small string helpers with bugs put in on purpose.
function slugify(s) {
  return s.toLowerCase().trim().replace(/\s+/g, '-'); // bug: keeps punctuation
}
function truncate(s, n) {
  return s.length <= n ? s : s.slice(0, n) + '…'; // bug: n counts the ellipsis out
}
function titleCase(s) {
  return s.split(' ').map((w) => w[0].toUpperCase() + w.slice(1)).join(' '); // bug: empty words throw
}
function parseQuery(q) {
  const out = {};
  for (const part of q.replace(/^\?/, '').split('&')) {
    const [k, v] = part.split('=');
    out[k] = v; // bug: no decoding, undefined for bare keys
  }
  return out;
}
module.exports = { slugify, truncate, titleCase, parseQuery };
