const { subtotal, itemCount, applyDiscount, shipping } = require("../src/cart");

const items = [
  { sku: "A1", price: 250, qty: 2 },
  { sku: "B2", price: 1000, qty: 1 },
];

describe("cart", () => {
  test("subtotal multiplies price by quantity", () => {
    expect(subtotal(items)).toBe(1500);
  });
  test("subtotal of an empty cart is zero", () => {
    expect(subtotal([])).toBe(0);
  });
  test("itemCount counts units", () => {
    expect(itemCount(items)).toBe(3);
  });
  test("applyDiscount takes a percentage off", () => {
    expect(applyDiscount(200, 10)).toBe(180);
  });
  test("applyDiscount of zero changes nothing", () => {
    expect(applyDiscount(200, 0)).toBe(200);
  });
  test("shipping is free over 50", () => {
    expect([shipping(20), shipping(80)]).toEqual([5, 0]);
  });
});
