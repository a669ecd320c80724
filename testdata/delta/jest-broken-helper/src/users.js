const { loadUser } = require("./db");

const displayName = (id) => loadUser(id).name.toUpperCase();
const emailDomain = (id) => loadUser(id).email.split("@")[1];
const isAdmin = (id) => loadUser(id).roles.includes("admin");
const initials = (name) => name.split(" ").map((w) => w[0]).join("");
const greeting = (name) => "Hello, " + name + "!";

module.exports = { displayName, emailDomain, isAdmin, initials, greeting };
