// Warnings only.
function log(level, msg) {
  let prefix = "[" + level + "]";
  console.log(prefix, msg);
}

function isDebug(level) {
  return level == "debug";
}

module.exports = { log, isDebug };
