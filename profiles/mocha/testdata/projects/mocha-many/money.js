// Money formatting with bugs put in on purpose.
function format(cents, currency) {
  const units = Math.floor(cents / 100); // bug: negative amounts round the wrong way
  const rest = String(cents % 100).padStart(2, '0');
  return `${currency === 'EUR' ? '€' : '$'}${units}.${rest}`;
}
function split(cents, ways) {
  const share = Math.floor(cents / ways);
  return Array(ways).fill(share); // bug: the remainder is lost
}
module.exports = { format, split };
