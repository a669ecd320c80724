// Flat config for the "padded" fixture: a run with warnings, so the stylish
// table pads its severity column ("error    message"), and with enough
// error rows before the first warning to fill terse's detection window.
const js = require("@eslint/js");

module.exports = [
  js.configs.recommended,
  {
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { module: "writable" } },
    rules: { "prefer-const": "error", "no-var": "error", eqeqeq: "warn", "prefer-template": "warn" },
  },
];
