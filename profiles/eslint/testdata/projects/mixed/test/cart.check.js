// A hand-rolled check script with a duplicate key and a debugger statement.
const { total } = require("../src/cart");

const cases = { one: 1, two: 2, one: 3 };
for (const k in cases) {
  if (total([{ price: cases[k], qty: 1 }]) < 0) throw new Error("negative");
}
debugger;
// eslint-disable-next-line no-console
process.exitCode = 0;
