// A small shop library with ten bugs, each fixed by one entry of fixes.json.

function subtotal(items) {
  return items.reduce((sum, it) => sum + it.price, 0); // bug 1: ignores qty
}

function itemCount(items) {
  return items.length; // bug 2: counts lines, not units
}

function applyDiscount(total, percent) {
  return total - percent; // bug 3: subtracts the percent as money
}

function shipping(total) {
  return total > 50 ? 5 : 0; // bug 4: inverted
}

function roundCents(x) {
  return Math.floor(x * 100) / 100; // bug 5: floors instead of rounding
}

function formatPrice(cents) {
  return "$" + cents / 100; // bug 6: no fixed two decimals
}

function parsePrice(s) {
  return parseInt(s.replace("$", ""), 10); // bug 7: drops the cents
}

function slug(title) {
  return title.toLowerCase().replace(" ", "-"); // bug 8: only the first space
}

function titleCase(s) {
  return s.split(" ").map((w) => w[0].toUpperCase() + w.slice(1)).join(""); // bug 9: joins without spaces
}

function truncate(s, n) {
  return s.length > n ? s.slice(0, n) + "..." : s; // bug 10: exceeds n with the ellipsis
}

module.exports = { subtotal, itemCount, applyDiscount, shipping, roundCents, formatPrice, parsePrice, slug, titleCase, truncate };
