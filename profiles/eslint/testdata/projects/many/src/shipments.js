// Generated-looking module "shipments" with many lint problems.
function shipmentsStep1(input, unusedArg1) {
  var label = "shipments step " + 1;
  let count = input.length;
  if (count == 1) return label + count;
  return helper1(input);
}

function shipmentsStep2(input, unusedArg2) {
  var label = "shipments step " + 2;
  let count = input.length;
  if (count == 2) return label + count;
  return helper2(input);
}

function shipmentsStep3(input, unusedArg3) {
  var label = "shipments step " + 3;
  let count = input.length;
  if (count == 3) return label + count;
  return helper3(input);
}

function shipmentsStep4(input, unusedArg4) {
  var label = "shipments step " + 4;
  let count = input.length;
  if (count == 4) return label + count;
  return helper4(input);
}

function shipmentsStep5(input, unusedArg5) {
  var label = "shipments step " + 5;
  let count = input.length;
  if (count == 5) return label + count;
  return helper5(input);
}

function shipmentsStep6(input, unusedArg6) {
  var label = "shipments step " + 6;
  let count = input.length;
  if (count == 6) return label + count;
  return helper6(input);
}

module.exports = { shipmentsStep1, shipmentsStep2, shipmentsStep3, shipmentsStep4, shipmentsStep5, shipmentsStep6 };
