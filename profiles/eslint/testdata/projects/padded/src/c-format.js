// Formatting helpers: warnings only.
function money(cents) {
  if (cents == 0) return "0.00";
  return "" + Math.floor(cents / 100) + "." + String(cents % 100).padStart(2, "0");
}

function percent(p) {
  return p + "%";
}

module.exports = { money, percent };
