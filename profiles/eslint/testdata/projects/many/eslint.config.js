// Flat config for the "many" fixture: enough problems to need several pages.
const js = require("@eslint/js");

module.exports = [
  js.configs.recommended,
  {
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { module: "writable" } },
    rules: { "prefer-const": "error", "no-var": "error", eqeqeq: "warn", "prefer-template": "warn" },
  },
];
