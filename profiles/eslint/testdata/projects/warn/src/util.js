// One more warning in a second file.
function first(xs, fallback) {
  return xs.length ? xs[0] : undefined;
}

module.exports = { first };
