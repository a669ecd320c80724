// Flat config for the "warn" fixture: every rule is a warning, so eslint
// exits 0 unless --max-warnings is exceeded.
module.exports = [
  {
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { module: "writable", console: "readonly" } },
    rules: { "no-unused-vars": "warn", "prefer-const": "warn", "no-console": "warn", eqeqeq: "warn" },
  },
];
