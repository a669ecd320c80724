'use strict';

function slug(s) {
  return s.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
function titleCase(s) {
  return s.split(' ').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
}
function truncate(s, n) { return s.length <= n ? s : s.slice(0, n - 1) + '…'; }

module.exports = { slug, titleCase, truncate };
