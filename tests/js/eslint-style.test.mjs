// One JavaScript style (eslint.config.js, run by make lint): a planted `var`, or a `let` never
// reassigned, fails the lint in every kind of script the project has, and a page module that
// sets a global fails it too.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { ESLint } from "eslint";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function rulesBroken(code, filePath) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId);
}

const PLACES = [
  "docs/assets/javascripts/planted.js",        // a page module
  "docs/assets/javascripts/theme/planted.js",  // a classic script run before Material's bundle
  "build_scripts/postbuild/offline/planted.js",
  "tests/js/planted.test.mjs",
];

for (const filePath of PLACES) {
  test(`a planted var fails the lint: ${filePath}`, async () => {
    assert.deepEqual(await rulesBroken("var planted = 1;\nconsole.log(planted);\n", filePath), ["no-var"]);
  });

  test(`a let never reassigned fails the lint: ${filePath}`, async () => {
    assert.deepEqual(await rulesBroken("let planted = 1;\nconsole.log(planted);\n", filePath), ["prefer-const"]);
  });
}

for (const global of ["window", "self", "globalThis"]) {
  test(`a page module that sets ${global}.something fails the lint`, async () => {
    assert.deepEqual(await rulesBroken(`${global}.siteMessages = {};\n`, PLACES[0]), ["no-restricted-syntax"]);
  });
}
