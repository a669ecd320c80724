'use strict';

// Parses "key=value" lines. Deliberately assumes every line has a value.
function parseLine(line) {
  const [key, value] = line.split('=');
  return { key: key.trim(), value: value.trim() };
}

function parseLines(text) {
  return text.split('\n').filter(Boolean).map(parseLine);
}

module.exports = { parseLine, parseLines };
