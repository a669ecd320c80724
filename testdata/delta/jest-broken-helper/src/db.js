// The test database fixture. The loader lost its return statement: every
// test that reads a user gets undefined.
const rows = {
  1: { id: 1, name: "Ada", email: "ada@example.com", roles: ["admin"] },
  2: { id: 2, name: "Grace", email: "grace@example.com", roles: ["dev"] },
  3: { id: 3, name: "Linus", email: "linus@example.com", roles: [] },
};

function loadFixture() {
  const db = { users: rows };
  void db; // broken: should return db
}

function loadUser(id) {
  const db = loadFixture();
  const user = db.users[id];
  return { ...user };
}

module.exports = { loadUser };
