// The check of a downloaded engine file against engine.json (docs/assets/javascripts/offline/engine-file-check.js),
// which the service worker makes before it keeps a file and the engine's worker before it starts from one.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";

import { fileProblem, sizeProblem } from "../../docs/assets/javascripts/offline/engine-file-check.js";

const bytes = new TextEncoder().encode("the engine's wheel, all of it".repeat(100));
const sha256 = (data) => createHash("sha256").update(data).digest("hex");
const WHEEL = { url: "assets/engine/engine.whl", bytes: bytes.length, sha256: sha256(bytes) };

test("the file engine.json lists passes", async () => {
  assert.equal(await fileProblem(WHEEL, bytes), null);
  assert.equal(await fileProblem(WHEEL, bytes.buffer), null);
});

test("a file cut short is named, with how much of it arrived", async () => {
  const half = bytes.subarray(0, bytes.length / 2);
  assert.equal(await fileProblem(WHEEL, half), "assets/engine/engine.whl arrived with 1,450 of its 2,900 bytes");
  assert.equal(sizeProblem(WHEEL, half.length), "assets/engine/engine.whl arrived with 1,450 of its 2,900 bytes");
});

test("a file of the right size with other content is named", async () => {
  const other = bytes.slice();
  other[7] ^= 1;
  assert.equal(await fileProblem(WHEEL, other), "assets/engine/engine.whl is not the file this site lists (its content differs)");
});
