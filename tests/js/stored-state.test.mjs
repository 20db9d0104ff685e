// What the site keeps in local storage, read back damaged (another tab, an extension, a full disk
// that cut a write): the theme's palette (docs/assets/javascripts/theme/md-scope.js and
// md-palette.js, Material's inline start-up scripts as files) and the reader's ruling
// (docs/assets/javascripts/ruling/store.js). A damaged value is replaced; where the reader loses
// something (a ruling) the page says so once; a long list in a message is cut with a count.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { runInNewContext } from "node:vm";

import { memoryStorage } from "./memory-storage.mjs";

const THEME = new URL("../../docs/assets/javascripts/theme/", import.meta.url);

// The two theme scripts as a page runs them, on a page with the site's two colour toggles.
function startTheme(stored) {
  const localStorage = memoryStorage({ "/.__palette": stored });
  const toggles = ["(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"].map((media) => ({
    getAttribute: (name) => (name === "data-md-color-media" ? media : "x"),
  }));
  const body = {};
  const context = {
    localStorage,
    location: "https://site.test/",
    URL,
    matchMedia: () => ({ matches: true }),
    document: {
      currentScript: { dataset: { scope: "." } },
      querySelectorAll: () => toggles,
      querySelector: () => toggles[0],
      body: { setAttribute: (name, value) => { body[name] = value; } },
    },
  };
  for (const script of ["md-scope.js", "md-palette.js"]) runInNewContext(readFileSync(new URL(script, THEME), "utf8"), context);
  return { context, localStorage, body };
}

test("a damaged stored palette reads as none and is removed, where Material's own helper threw", () => {
  for (const damaged of ["{not json", '{"index": "x", "color": 5}', '{"index": 7, "color": {"media": "(x)"}}', "[1,2]"]) {
    const { context, localStorage, body } = startTheme(damaged);
    assert.equal(localStorage.items.has("/.__palette"), false, damaged);
    assert.equal(context.__md_get("__palette"), null, damaged);
    assert.deepEqual(body, {}, damaged);
  }
});

test("a stored palette of the site's shape is applied and kept", () => {
  const palette = JSON.stringify({ index: 1, color: { media: "(prefers-color-scheme: dark)", scheme: "slate" } });
  const { localStorage, body } = startTheme(palette);
  assert.equal(localStorage.items.get("/.__palette"), palette);
  assert.equal(body["data-md-color-scheme"], "slate");
});

test("a stored ruling that cannot be read is cleared, and the page is told once", async () => {
  globalThis.localStorage = memoryStorage({ "mele-rules.ruling": '{"rules": "1.7.25", "question": ' });
  globalThis.addEventListener = () => {};
  const store = await import("../../docs/assets/javascripts/ruling/store.js?damaged");
  assert.deepEqual(store.current(), { rules: [], question: "", answer: "", calculator: "", inputs: "", chances: "" });
  assert.equal(store.takeRepairNote(), "The ruling kept on this device could not be read, so it was cleared.");
  assert.equal(store.takeRepairNote(), "");
  assert.equal(localStorage.getItem("mele-rules.ruling"), JSON.stringify(store.current()));
});

test("a stored ruling that reads is kept, without a word", async () => {
  const kept = { rules: ["1.7.25"], question: "q", answer: "a", calculator: "", inputs: "", chances: "" };
  globalThis.localStorage = memoryStorage({ "mele-rules.ruling": JSON.stringify(kept) });
  globalThis.addEventListener = () => {};
  const store = await import("../../docs/assets/javascripts/ruling/store.js?kept");
  assert.deepEqual(store.current(), kept);
  assert.equal(store.takeRepairNote(), "");
});

test("a long list of rule numbers in a message is cut, with how many more", async () => {
  const { listed } = await import("../../docs/assets/javascripts/ruling/link.js");
  const ids = Array.from({ length: 99_518 }, (_, index) => `9.9.${index}`);
  const text = listed(ids);
  assert.match(text, /^9\.9\.0, 9\.9\.1, .* and 99,5\d\d more$/);
  assert.ok(text.length < 200, text);
});
