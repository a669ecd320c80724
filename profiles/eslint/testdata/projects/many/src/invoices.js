// Generated-looking module "invoices" with many lint problems.
function invoicesStep1(input, unusedArg1) {
  var label = "invoices step " + 1;
  let count = input.length;
  if (count == 1) return label + count;
  return helper1(input);
}

function invoicesStep2(input, unusedArg2) {
  var label = "invoices step " + 2;
  let count = input.length;
  if (count == 2) return label + count;
  return helper2(input);
}

function invoicesStep3(input, unusedArg3) {
  var label = "invoices step " + 3;
  let count = input.length;
  if (count == 3) return label + count;
  return helper3(input);
}

function invoicesStep4(input, unusedArg4) {
  var label = "invoices step " + 4;
  let count = input.length;
  if (count == 4) return label + count;
  return helper4(input);
}

function invoicesStep5(input, unusedArg5) {
  var label = "invoices step " + 5;
  let count = input.length;
  if (count == 5) return label + count;
  return helper5(input);
}

function invoicesStep6(input, unusedArg6) {
  var label = "invoices step " + 6;
  let count = input.length;
  if (count == 6) return label + count;
  return helper6(input);
}

module.exports = { invoicesStep1, invoicesStep2, invoicesStep3, invoicesStep4, invoicesStep5, invoicesStep6 };
