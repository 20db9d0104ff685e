// Firefox for the cross-engine tests: Debian's firefox-esr, driven over WebDriver BiDi by
// puppeteer-core (no browser download). tests/browser/cross_engine/firefox.py starts this
// script and sends one JSON request per line on stdin; each gets one JSON line on stdout:
// {"id", "value"} or {"id", "error"}. Nothing else is written to stdout.
//
// Elements are named by `steps`: [[css, nth], ...], each step searched inside the element the
// previous one found (nth: an index into the matches, negative from the end; null: the first).
import { EventEmitter, on } from "node:events";
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath] = process.argv.slice(2);
const PREFS = {
  // navigator.clipboard.readText() without Firefox's "Paste" pop-up, as its own tests do.
  "dom.events.testing.asyncClipboard": true,
  // Firefox prefetches a page's <link rel="next"> (Material's next page) when idle. A test that
  // navigates on at once cancels that prefetch inside the service worker, and Firefox logs it as
  // "A ServiceWorker intercepted the request and encountered an unexpected error": browser noise,
  // not the site's (the offline copy holds every page; a reader who stays never sees it).
  "network.prefetch-next": false,
};

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  extraPrefsFirefox: PREFS,
  defaultViewport: { width: 1280, height: 900 },
  // puppeteer gives Firefox 30 s to start; on a loaded 2-core machine it once took longer.
  timeout: 90_000,
});
const pages = new Map();
let nextPage = 1;

function pageOf(id) {
  const entry = pages.get(id);
  if (!entry) throw new Error(`no page ${id}`);
  return entry;
}

// The element, found and scrolled to the middle of the screen in one call: a bar pinned to the top
// or bottom of the screen cannot cover it there. (Found step by step with puppeteer's $$, one
// call per step and one to scroll, each element cost several round trips to the browser.)
async function element(page, steps) {
  const handle = await page.evaluateHandle((path) => {
    let scope = document;
    for (const [css, nth] of path) {
      const found = scope.querySelectorAll(css);
      scope = found[nth == null ? 0 : nth < 0 ? found.length + nth : nth];
      if (!scope) return null;
    }
    scope.scrollIntoView({ block: "center", inline: "center" });
    return scope;
  }, steps);
  const found = handle.asElement();
  if (!found) {
    await handle.dispose();
    throw new Error(`no element for ${JSON.stringify(steps)}`);
  }
  return found;
}

// Finds the element and acts on it, once: the Python side (pages.py, when_actionable) has waited
// for the element to settle. A page that replaced it between (a list re-rendered as results come
// in) or took its box away (a list being laid out: "not clickable") gets a refusal marked
// notYet, nothing having been done, and the Python side waits for the state again.
const NOT_YET = /detached|not clickable|no element for/i;
class NotYet extends Error {}
async function onElement(page, steps, act) {
  let found;
  try {
    found = await element(page, steps);
    return await act(found);
  } catch (error) {
    throw NOT_YET.test(String(error?.message)) ? new NotYet(error.message, { cause: error }) : error;
  } finally {
    await found?.dispose().catch(() => {}); // BiDi keeps the node alive until its handle is let go
  }
}

// A returning reader's pages share one context (its offline copy keeps the engine, so later
// calculator pages start from the snapshot); any other page is a first visit in a context of its own.
let returningContext = null;

async function openPage(returning) {
  let context;
  if (returning) context = returningContext ??= await browser.createBrowserContext();
  else context = await browser.createBrowserContext();   // its own cookies, caches and service workers
  const page = await context.newPage();
  const id = nextPage++;
  const entry = { context, page, consoleErrors: [], requests: [], heard: new EventEmitter() };
  const problem = (text) => {
    entry.consoleErrors.push(text);
    entry.heard.emit("problem", text);
  };
  page.on("console", (message) => {
    if (message.type() === "error") problem(message.text());
  });
  // Where it was thrown, too: Firefox names some failures only by their network code (NS_BINDING_ABORTED).
  page.on("pageerror", (error) => problem(
    `uncaught: ${error.message ?? error} (on ${page.url()}${error.stack ? `; ${error.stack.trim()}` : ""})`));
  page.on("request", (request) => entry.requests.push(request.url()));
  page.on("response", (response) => {
    if (response.status() >= 400) problem(`HTTP ${response.status()}: ${response.url()}`);
  });
  pages.set(id, entry);
  return id;
}

const OPS = {
  open: ({ returning }) => openPage(returning),
  async close({ page }) {
    const entry = pageOf(page);
    pages.delete(page);
    if (entry.context === returningContext) await entry.page.close();
    else await entry.context.close();
  },
  async goto({ page, url }) {
    await pageOf(page).page.goto(url, { waitUntil: "load" });
  },
  async reload({ page }) {
    await pageOf(page).page.reload({ waitUntil: "load" });
  },
  url: ({ page }) => pageOf(page).page.url(),
  evaluate: ({ page, expression }) => pageOf(page).page.evaluate(expression),
  async click({ page, steps }) {
    await onElement(pageOf(page).page, steps, (found) => found.click());
  },
  // A tap on the field, its text selected (as Ctrl+A does), then the value typed over it, or the
  // selection deleted: each key one BiDi action sequence, as few as the edit needs (Firefox
  // waits for a frame after each, so Ctrl+A's three keys cost as much as a short value).
  async fill({ page, steps, value }) {
    const { page: tab } = pageOf(page);
    await onElement(tab, steps, async (found) => {
      await found.click();
      await found.evaluate((field) => field.select());
    });
    if (value) await tab.keyboard.type(value);
    else await tab.keyboard.press("Backspace");
  },
  async select({ page, steps, value }) {
    await onElement(pageOf(page).page, steps, (found) => found.select(value));
  },
  async type({ page, text }) {
    await pageOf(page).page.keyboard.type(text);
  },
  async press({ page, key }) {
    await pageOf(page).page.keyboard.press(key);
  },
  // Until a problem containing `text` has been reported since the last events() (the BiDi events
  // reach the bridge after the page has gone on); a timeout leaves the problems for events().
  async heard({ page, text, timeout }) {
    const entry = pageOf(page);
    if (entry.consoleErrors.some((problem) => problem.includes(text))) return;
    try {
      for await (const [problem] of on(entry.heard, "problem", { signal: AbortSignal.timeout(timeout) })) {
        if (problem.includes(text)) return;
      }
    } catch (error) {
      if (error.name !== "AbortError") throw error;
      throw new Error(`no problem containing "${text}" reported in ${timeout} ms`, { cause: error });
    }
  },
  events({ page }) {   // what happened since the last call
    const entry = pageOf(page);
    const events = { consoleErrors: entry.consoleErrors, requests: entry.requests };
    entry.consoleErrors = [];
    entry.requests = [];
    return events;
  },
};

function reply(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

reply({ id: 0, value: await browser.version() });   // launched: the Python side waits for this line

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const request = JSON.parse(line);
  try {
    const value = await OPS[request.op](request);
    reply({ id: request.id, value: value === undefined ? null : value });
  } catch (error) {
    reply({ id: request.id, error: String(error?.message ?? error), notYet: error instanceof NotYet });
  }
}
await browser.close();
