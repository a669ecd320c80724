'use strict';

// Converts and formats quantities of bytes and durations.
const sizes = ['B', 'KB', 'MB', 'GB', 'TB'];

function formatBytes(n) {
  if (!Number.isFinite(n) || n < 0) {
    throw new RangeError(`not a byte count: ${n}`);
  }
  let i = 0;
  while (n >= 1024 && i < sizes.length - 1) {
    n /= 1024;
    i++;
  }
  return `${Number.isInteger(n) ? n : n.toFixed(1)} ${sizes[i]}`;
}

function parseBytes(s) {
  const m = /^(\d+(?:\.\d+)?)\s*([KMGT]?B)$/i.exec(String(s).trim());
  if (!m) {
    return null;
  }
  const i = sizes.indexOf(m[2].toUpperCase());
  return Math.round(Number(m[1]) * 1024 ** i);
}

function formatDuration(ms) {
  const parts = [];
  const units = [['h', 3600000], ['m', 60000], ['s', 1000]];
  for (const [name, size] of units) {
    if (ms >= size) {
      parts.push(`${Math.floor(ms / size)}${name}`);
      ms %= size;
    }
  }
  if (ms > 0 || parts.length === 0) {
    parts.push(`${ms}ms`);
  }
  return parts.join(' ');
}

function sum(list) {
  return list.reduce((a, b) => a + (b.bytes || 0), 0);
}

function largest(list, n) {
  return list.slice().sort((a, b) => b.bytes - a.bytes).slice(0, n);
}

module.exports = { formatBytes, parseBytes, formatDuration, sum, largest };
