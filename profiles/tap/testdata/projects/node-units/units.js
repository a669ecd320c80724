'use strict';
// Length, mass and temperature conversions, with bugs put in by the capture
// script (see scripts/capture-tap.sh).
const LENGTH = { mm: 0.001, cm: 0.01, m: 1, km: 1000, in: 0.0254, ft: 0.3048, yd: 0.9144, mi: 1609.344 };
const MASS = { mg: 0.000001, g: 0.001, kg: 1, t: 1000, oz: 0.028349523125, lb: 0.45359237 };

function convert(table, value, from, to) {
  if (!(from in table)) throw new RangeError(`unknown unit ${from}`);
  if (!(to in table)) throw new RangeError(`unknown unit ${to}`);
  return (value * table[from]) / table[to];
}

exports.length = (v, from, to) => convert(LENGTH, v, from, to);
exports.mass = (v, from, to) => convert(MASS, v, from, to);
exports.celsius = (f) => ((f - 32) * 5) / 9;
exports.fahrenheit = (c) => (c * 9) / 5 + 32;
exports.round = (v, places) => Math.round(v * 10 ** places) / 10 ** places;
exports.parse = (text) => {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*([a-z]+)\s*$/.exec(text);
  if (!m) return null;
  return { value: Number(m[1]), unit: m[2] };
};
exports.units = () => Object.keys(LENGTH).concat(Object.keys(MASS));
