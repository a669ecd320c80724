// Config loading: errors and warnings in one file.
const fs = require("fs");

function load(path) {
  let text = readText(path);
  console.log("loading", path);
  if (text === "") return {};
  const out = {};
  for (const line of text.split("\n")) {
    const [key, value] = line.split("=");
    if (key == "") continue;
    out[key] = value;
  }
  return out;
}

function readText(path) {
  try {
    return require("fs").readFileSync(path, "utf8");
  } catch (err) {
    return "";
  }
  return null;
}

module.exports = { load };
