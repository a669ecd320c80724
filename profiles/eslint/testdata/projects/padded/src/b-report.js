// Builds the monthly report: both errors and warnings in one file.
var title = "Monthly report";

function line(label, value) {
  if (value == null) return label + ": n/a";
  return label + ": " + value;
}

function build(rows) {
  let out = [title];
  for (const r of rows) {
    if (r.kind == "total") out.push(line("Total", r.value));
    else out.push(line(r.label, r.value));
  }
  return out.join("\n");
}

module.exports = { build };
