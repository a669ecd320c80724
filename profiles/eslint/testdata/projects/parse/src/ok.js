// A parsable file with one ordinary error next to the broken one.
function scale(x, factor) {
  let result = x * factor;
  return result;
}

module.exports = { scale };
