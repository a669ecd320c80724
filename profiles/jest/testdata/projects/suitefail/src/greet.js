'use strict';

function greet(name) { return `hello, ${name}`; }

module.exports = { greet };
