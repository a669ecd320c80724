// Flat config for the "mixed" fixture: the recommended rules as errors, a
// few style rules as warnings, some of them fixable.
const js = require("@eslint/js");
const globals = { require: "readonly", module: "writable", console: "readonly", process: "readonly" };

module.exports = [
  js.configs.recommended,
  {
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals },
    rules: {
      "prefer-const": "error",
      "no-var": "error",
      eqeqeq: "warn",
      curly: "warn",
      "object-shorthand": "warn",
      "no-console": "warn",
    },
  },
];
