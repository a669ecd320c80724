// Lint-clean string helpers.
const { add } = require("./math");

function padTotal(xs, width) {
  const sum = xs.reduce(add, 0);
  return String(sum).padStart(width, " ");
}

module.exports = { padTotal };
