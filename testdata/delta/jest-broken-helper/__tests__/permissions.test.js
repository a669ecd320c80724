const { isAdmin, initials } = require("../src/users");

describe("permissions", () => {
  test("Ada is an admin", () => {
    expect(isAdmin(1)).toBe(true);
  });
  test("Grace is not an admin", () => {
    expect(isAdmin(2)).toBe(false);
  });
  test("Linus is not an admin", () => {
    expect(isAdmin(3)).toBe(false);
  });
  test.each([1, 2, 3])("isAdmin of user %i is a boolean", (id) => {
    expect(typeof isAdmin(id)).toBe("boolean");
  });
  test("initials of one word", () => {
    expect(initials("Cher")).toBe("CH");
  });
});
