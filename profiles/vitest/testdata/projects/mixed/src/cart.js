export function total(items) {
  // Bug: ignores the quantity.
  return items.reduce((sum, it) => sum + it.price, 0);
}

export function describeUser({ name, city, country }) {
  return { name: name.trim(), address: { city, country } };
}

export function withdraw(balance, amount) {
  if (amount > balance) {
    throw new RangeError(`cannot withdraw ${amount}: balance is ${balance}`);
  }
  return balance - amount;
}
