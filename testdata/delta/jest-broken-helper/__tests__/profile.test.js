const { displayName, initials, greeting } = require("../src/users");

describe("profile", () => {
  test.each([1, 2, 3])("displayName of user %i is upper case", (id) => {
    expect(displayName(id)).toBe(displayName(id).toUpperCase());
  });
  test("displayName of Ada", () => {
    expect(displayName(1)).toBe("ADA");
  });
  test("displayName of Grace", () => {
    expect(displayName(2)).toBe("GRACE");
  });
  test("initials of a full name", () => {
    expect(initials("Grace Brewster Hopper")).toBe("GBH");
  });
  test("greeting says hello", () => {
    expect(greeting("Ada")).toBe("Hello, Ada");
  });
});
