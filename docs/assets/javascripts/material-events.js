// What the page scripts take from Material for MkDocs' bundle, in one module: each page it
// shows (`document$`, the hook its documentation gives scripts) and each anchor followed on
// the page shown (`target$`, which its bundle also puts on window but does not document;
// tests/site/test_material_internals.py pins the version it was checked against). Without the
// bundle, a page is shown once, when the document is parsed, and an anchor is followed when
// the address's anchor changes.
import { anchorId } from "./search/anchor.js";

const setUps = [];
let pageShown = false;

// One setter-up failing leaves the others to run; its error is still reported, as Material's
// own subscriptions report theirs.
function run(setUp) {
  try {
    setUp();
  } catch (error) {
    setTimeout(() => { throw error; });
  }
}

function showPage() {
  pageShown = true;
  for (const setUp of [...setUps]) run(setUp);
}

function listenForPages() {
  const pages = globalThis.document$;
  if (pages && typeof pages.subscribe === "function") pages.subscribe(showPage);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showPage, { once: true });
  else showPage();
}

// `setUp()` for the page shown now and for every page Material's instant navigation swaps in
// without a reload (the page's modules are not run again).
export function onEveryPage(setUp) {
  setUps.push(setUp);
  if (setUps.length === 1) listenForPages();
  else if (pageShown) run(setUp);
}

// `follow(element)` for each anchor the reader follows on the page shown, with the element it names.
export function onAnchorFollowed(follow) {
  const targets = globalThis.target$;
  if (targets && typeof targets.subscribe === "function") {
    targets.subscribe(follow);
  } else {
    addEventListener("hashchange", () => {
      const id = anchorId(location.hash);
      follow(id ? document.getElementById(id) : null);
    });
  }
}
