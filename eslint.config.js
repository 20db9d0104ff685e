// ESLint for the site's scripts, the build's Node steps and the JavaScript tests (make test).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["site/**", "build/**", "docs/rules/**", "node_modules/**", ".venv/**", "test-results/**"] },
  js.configs.recommended,
  { rules: { "no-var": "error", "prefer-const": "error" } },   // one style: block-scoped names, const unless reassigned
  {
    files: ["docs/assets/javascripts/**/*.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.browser, ...globals.worker } },
    rules: {
      // The page's modules share what they export, never a global (the tests' entry is test-hooks.js).
      "no-restricted-syntax": ["error", {
        selector: "AssignmentExpression > MemberExpression.left[object.name=/^(window|self|globalThis)$/]",
        message: "Export it from a module instead of setting a global.",
      }],
    },
  },
  {
    // Material's start-up helpers: classic scripts that must run before its bundle and
    // define the globals it reads (__md_scope, __md_get, ...).
    files: ["docs/assets/javascripts/theme/*.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
    rules: { "no-implicit-globals": "off", "no-undef": "off" },
  },
  {
    files: ["**/*.mjs", "build_scripts/**/*.js", "devtools/**/*.js", "tests/**/*.mjs", "tests/**/*.js", "benchmarks/**/*.mjs", "eslint.config.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
];
