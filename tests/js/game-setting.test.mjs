// game/game-choice.js's stored setting: the game read as, kept in local storage; a damaged or
// foreign value reads as the default and is removed, so the next read does not meet it again.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createSetting, DEFAULT_GAME } from "../../docs/assets/javascripts/game/game-choice.js";
import { memoryStorage } from "./memory-storage.mjs";

test("a damaged stored game reads as the default and is removed", () => {
  const storage = memoryStorage({ "mele-rules.game": "{\"standard\"" });
  assert.equal(createSetting(storage, "mele-rules.game").current(), DEFAULT_GAME);
  assert.equal(storage.items.has("mele-rules.game"), false);
});

test("a stored game is kept as it is", () => {
  const storage = memoryStorage({ "mele-rules.game": "starter" });
  assert.equal(createSetting(storage, "mele-rules.game").current(), "starter");
  assert.equal(storage.items.get("mele-rules.game"), "starter");
});
