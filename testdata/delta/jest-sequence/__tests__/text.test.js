const { slug, titleCase, truncate } = require("../src/cart");

describe("text", () => {
  test("slug replaces every space", () => {
    expect(slug("Big Red Shoes")).toBe("big-red-shoes");
  });
  test("slug of one word", () => {
    expect(slug("Hats")).toBe("hats");
  });
  test("titleCase keeps the spaces", () => {
    expect(titleCase("big red shoes")).toBe("Big Red Shoes");
  });
  test("truncate stays within n", () => {
    expect(truncate("a long product name", 10)).toHaveLength(10);
  });
  test("truncate leaves short text alone", () => {
    expect(truncate("short", 10)).toBe("short");
  });
});
