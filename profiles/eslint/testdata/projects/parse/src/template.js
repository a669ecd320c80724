// Another syntax error: an unterminated template literal.
function greet(name) {
  return `hello ${name};
}

module.exports = { greet };
