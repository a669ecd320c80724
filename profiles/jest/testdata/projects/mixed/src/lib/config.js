'use strict';
const { parseLines } = require('./parse');

function loadConfig(text) {
  const config = {};
  for (const { key, value } of parseLines(text)) {
    config[key] = value;
  }
  return config;
}

module.exports = { loadConfig };
