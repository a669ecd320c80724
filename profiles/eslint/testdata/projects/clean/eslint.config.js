// Flat config for the "clean" fixture: recommended rules, nothing to report.
const js = require("@eslint/js");

module.exports = [
  js.configs.recommended,
  {
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { module: "writable", require: "readonly" } },
    rules: { "prefer-const": "error", eqeqeq: "warn" },
  },
];
