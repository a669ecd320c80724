'use strict';
// Reads a config that is not JSON: the error surfaces from JSON.parse inside
// a chain of the app's own functions.
const fs = require('fs');
const path = require('path');

function readConfig(file) {
  const text = fs.readFileSync(file, 'utf8');
  return JSON.parse(text);
}

function loadSettings(dir) {
  return readConfig(path.join(dir, 'settings.json'));
}

function main() {
  console.log('starting app');
  const settings = loadSettings(__dirname);
  console.log('port', settings.port);
}

main();
