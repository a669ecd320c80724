'use strict';

function total(items) {
  return items.reduce((sum, it) => sum + it.price * it.qty, 0);
}

function applyDiscount(amount, pct) {
  if (pct < 0 || pct > 100) throw new RangeError(`bad discount ${pct}`);
  return Math.round(amount * (100 - pct)) / 100;
}

function checkout(items, notify) {
  const amount = total(items);
  notify('checkout', { amount, count: items.length });
  return amount;
}

function describeUser(user) {
  return {
    id: user.id,
    name: user.name,
    address: { city: user.city, zip: user.zip, country: 'DE' },
    roles: user.roles.slice().sort(),
  };
}

module.exports = { total, applyDiscount, checkout, describeUser };
