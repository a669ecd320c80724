import { parseLine } from './parse.js';

export function parseConfig(text) {
  const out = {};
  for (const line of text.split('\n')) {
    const { key, value } = parseLine(line);
    out[key] = value;
  }
  return out;
}

export function fetchSlowly(ms) {
  return new Promise((resolve) => setTimeout(() => resolve('late'), ms));
}
