const { roundCents, formatPrice, parsePrice } = require("../src/cart");

describe("price", () => {
  test("roundCents rounds half up", () => {
    expect(roundCents(1.005 + 0.0001)).toBe(1.01);
  });
  test("roundCents keeps whole numbers", () => {
    expect(roundCents(3)).toBe(3);
  });
  test("formatPrice shows two decimals", () => {
    expect(formatPrice(1250)).toBe("$12.50");
  });
  test("formatPrice starts with a dollar sign", () => {
    expect(formatPrice(700)).toMatch(/^\$/);
  });
  test("parsePrice keeps the cents", () => {
    expect(parsePrice("$12.34")).toBe(1234);
  });
  test("parsePrice of a bare number", () => {
    expect(typeof parsePrice("5")).toBe("number");
  });
});
