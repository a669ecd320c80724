'use strict';
// Amounts are integer cents.
function add(a, b) { return a + b; }
function percent(amount, p) { return Math.floor((amount * p) / 100); }
function format(cents) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
function parse(text) {
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) throw new Error(`not an amount: "${text}"`);
  const [whole, frac = '0'] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return text.startsWith('-') ? -cents : cents;
}
module.exports = { add, percent, format, parse };
