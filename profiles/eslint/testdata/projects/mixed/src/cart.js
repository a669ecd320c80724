// Shopping cart helpers with lint problems of several kinds.
var TAX = 0.2;

function total(items, discount) {
  let sum = 0;
  for (const item of items) {
    sum += item.price * item.qty;
  }
  if (discount == null) return sum * (1 + TAX);
  let unused = discount * 2;
  return (sum - discount) * (1 + TAX);
}

function describe(user) {
  const name = user.name;
  return { name: name, total: totl };
}

module.exports = { total, describe };
