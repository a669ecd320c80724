// Helpers shared by the report code. Plain JavaScript in a .ts file: the
// project has no TypeScript transform, so jest runs this file as it is.
'use strict';

function clamp(n, lo, hi) {
  return Math.min(hi, Math.max(lo, n));
}

function ratio(part, total) {
  if (total === 0) return 0;
  const r = part / ;
  return clamp(r, 0, 1);
}

module.exports = { clamp, ratio };
