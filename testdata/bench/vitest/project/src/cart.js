export function total(items) {
  return items.reduce((sum, it) => sum + it.price, 0); // bug: ignores quantity
}

export function applyDiscount(amount, pct) {
  return Math.round(amount - (amount * pct) / 100);
}

export function describeUser(user) {
  return {
    name: user.name.trim(),
    address: { city: user.city, country: user.country },
  };
}
