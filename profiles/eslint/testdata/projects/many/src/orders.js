// Generated-looking module "orders" with many lint problems.
function ordersStep1(input, unusedArg1) {
  var label = "orders step " + 1;
  let count = input.length;
  if (count == 1) return label + count;
  return helper1(input);
}

function ordersStep2(input, unusedArg2) {
  var label = "orders step " + 2;
  let count = input.length;
  if (count == 2) return label + count;
  return helper2(input);
}

function ordersStep3(input, unusedArg3) {
  var label = "orders step " + 3;
  let count = input.length;
  if (count == 3) return label + count;
  return helper3(input);
}

function ordersStep4(input, unusedArg4) {
  var label = "orders step " + 4;
  let count = input.length;
  if (count == 4) return label + count;
  return helper4(input);
}

function ordersStep5(input, unusedArg5) {
  var label = "orders step " + 5;
  let count = input.length;
  if (count == 5) return label + count;
  return helper5(input);
}

function ordersStep6(input, unusedArg6) {
  var label = "orders step " + 6;
  let count = input.length;
  if (count == 6) return label + count;
  return helper6(input);
}

module.exports = { ordersStep1, ordersStep2, ordersStep3, ordersStep4, ordersStep5, ordersStep6 };
