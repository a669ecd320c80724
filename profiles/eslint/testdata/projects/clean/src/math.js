// Small, lint-clean helpers.
function add(a, b) {
  return a + b;
}

function mean(xs) {
  if (xs.length === 0) return 0;
  return xs.reduce(add, 0) / xs.length;
}

module.exports = { add, mean };
