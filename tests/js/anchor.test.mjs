// Reading the anchor an address or a followed link names (docs/assets/javascripts/search/anchor.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { anchorElsewhere, anchorId } from "../../docs/assets/javascripts/search/anchor.js";

test("an address's anchor names an element id, decoded", () => {
  assert.equal(anchorId("#r1-7-25"), "r1-7-25");
  assert.equal(anchorId("#g-m%C3%BBmak"), "g-m\u00fbmak");
});

test("no anchor, or a broken %-escape typed by hand, names nothing", () => {
  for (const hash of ["", "#", "#r1-7-%E0%A4%A"]) assert.equal(anchorId(hash), null, hash);
});

test("a link to another page's anchor on this site is one to land on", () => {
  const page = "https://x.example/glossary/";
  assert.equal(anchorElsewhere("https://x.example/rules/1-7-combat/#r1-7-25", page)?.href,
    "https://x.example/rules/1-7-combat/#r1-7-25");
  assert.equal(anchorElsewhere("../rules/1-7-combat/#r1-7-25", page)?.pathname, "/rules/1-7-combat/");
});

test("a link on the same page, without an anchor, or to another site is not", () => {
  const page = "https://x.example/rules/1-7-combat/";
  for (const href of ["#r1-7-25", "https://x.example/rules/1-8-corruption/", "https://y.example/rules/1-7-combat/#r1-7-25"]) {
    assert.equal(anchorElsewhere(href, page), null, href);
  }
});
