// offline/reload-guard.js: a page a new deploy took over reloads at most once in a while, and
// never when the tab's storage cannot remember that it did.
import { test } from "node:test";
import assert from "node:assert/strict";

import { mayReloadNow, RELOAD_GUARD } from "../../docs/assets/javascripts/offline/reload-guard.js";
import { memoryStorage } from "./memory-storage.mjs";

test("a first take-over reloads and remembers when; a second one soon after does not", () => {
  const storage = memoryStorage();
  assert.equal(mayReloadNow(() => storage, 50_000, 10_000), true);
  assert.equal(storage.items.get(RELOAD_GUARD), "50000");
  assert.equal(mayReloadNow(() => storage, 55_000, 10_000), false);
  assert.equal(mayReloadNow(() => storage, 60_001, 10_000), true);
});

test("a storage that is refused or throws never makes the page reload without end", () => {
  const refused = () => { throw new DOMException("The operation is insecure.", "SecurityError"); };
  assert.equal(mayReloadNow(refused, 50_000, 10_000), false);
  const full = { getItem: () => null, setItem: () => { throw new DOMException("full", "QuotaExceededError"); } };
  assert.equal(mayReloadNow(() => full, 50_000, 10_000), false);
});

test("a damaged time of the last reload is replaced by this one's", () => {
  const storage = memoryStorage({ [RELOAD_GUARD]: "garbage" });
  assert.equal(mayReloadNow(() => storage, 50_000, 10_000), true);
  assert.equal(storage.items.get(RELOAD_GUARD), "50000");
});
