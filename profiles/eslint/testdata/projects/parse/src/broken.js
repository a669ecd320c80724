// A syntax error: eslint reports one fatal "Parsing error" for the file.
function area(w, h) {
  return w * h;
}

const shapes = [
  { w: 1, h: 2 },
  { w: 3 h: 4 },
];

module.exports = { area, shapes };
