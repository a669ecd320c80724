// Entry point of the clean fixture.
const { mean } = require("./src/math");
const { padTotal } = require("./src/strings");

module.exports = { mean, padTotal };
