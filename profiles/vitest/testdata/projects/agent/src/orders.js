
function summarize(orders) {
  const byStatus = {};
  for (const o of orders) byStatus[o.status] = (byStatus[o.status] || 0) + 1;
  return { count: orders.length, byStatus, total: orders.reduce((s, o) => s + o.amount, 0) };
}
function latest(orders) {
  return orders.slice().sort((a, b) => a.date.localeCompare(b.date))[0];
}
export { summarize, latest };
