'use strict';
// slug turns a title into a URL part. The bug: it keeps upper case.
exports.slug = function slug(title) {
  return title.trim().replace(/[^A-Za-z0-9]+/g, '-');
};
exports.slowSlug = function slowSlug(title, done) {
  setTimeout(() => done(null, exports.slug(title)), 500);
};
