const { emailDomain } = require("../src/users");

describe("account", () => {
  test.each([1, 2, 3])("emailDomain of user %i is example.com", (id) => {
    expect(emailDomain(id)).toBe("example.com");
  });
  test("emailDomain of Ada", () => {
    expect(emailDomain(1)).toBe("example.com");
  });
  test("emailDomain is lower case", () => {
    expect(emailDomain(2)).toBe(emailDomain(2).toLowerCase());
  });
});
