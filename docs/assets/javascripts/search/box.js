// The site's search box (overrides/partials/rule-search.html): opens from the header button or
// the theme's keys ("/", "s", "f"), loads the rule search and its index when the reader first
// goes to it (and again at the next key if that failed), ranks the text once each time it
// changes and shows the results at once. Arrow keys move between the box and the results,
// Enter follows the first result, Escape closes. The results are ranked for the game the reader
// reads as (game/setting.js), again when it changes. The header is kept across instant
// navigation, so this runs once.
import { currentGame, onGameChange } from "../game/setting.js";
import { countText, resultAddress, resultItem } from "./results.js";

const FIRST = 4;   // the results a phone shows above its keyboard: drawn with the character
const SHORTCUTS = new Set(["/", "s", "f"]);

const root = document.querySelector("[data-rule-search]");
if (root) mount(root);

function mount(root) {
  const form = root.querySelector("form");
  const input = form.elements.namedItem("query");
  const list = root.querySelector(".rule-search__list");
  const meta = root.querySelector(".rule-search__meta");
  const opener = document.querySelector("[data-rule-search-open]");
  const placeholder = root.dataset.placeholder;
  const indexUrl = new URL(root.dataset.index, location.href);
  const siteRoot = new URL("../", indexUrl);
  let search = null;
  let loading = null;
  let drawn = 0;

  const isOpen = () => root.hasAttribute("data-open");

  function open() {
    if (isOpen()) return;
    root.setAttribute("data-open", "");
    document.documentElement.classList.add("rule-search-open");
    if (opener) opener.setAttribute("aria-expanded", "true");
    load();
  }

  function close() {
    if (!isOpen()) return;
    root.removeAttribute("data-open");
    document.documentElement.classList.remove("rule-search-open");
    if (opener) opener.setAttribute("aria-expanded", "false");
  }

  // Escape or the back arrow: on a phone back to the header button, on a wider screen the box keeps the focus.
  function closeAndReturn() {
    close();
    if (opener && opener.offsetParent !== null) opener.focus();
  }

  function load() {
    if (loading) return;
    loading = Promise.all([import("./rank.js"), fetchIndex()]).then(([engine, index]) => {
      search = engine.createSearch(index);
      show(input.value);
    }, (error) => {
      loading = null;   // the next key typed tries again
      meta.textContent = `Search is not available: its index did not load (${error.message}). ` +
        "Type again to retry.";
    });
  }

  async function fetchIndex() {
    let response;
    try {
      response = await fetch(indexUrl);
    } catch {
      throw new Error("no connection, and no copy saved on this device");
    }
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    return response.json();
  }

  function items(results, from, to) {
    let html = "";
    for (let rank = from; rank < to; rank++) html += resultItem(results[rank], resultAddress(results[rank].location, siteRoot));
    return html;
  }

  // The first results go in with the character; the rest after the frame that shows them,
  // unless the text has changed by then.
  function show(text) {
    const turn = ++drawn;
    if (!text.trim()) {
      list.replaceChildren();
      meta.textContent = placeholder;
      return;
    }
    const results = search.search(text, { game: currentGame() });
    meta.textContent = countText(results);
    list.innerHTML = items(results, 0, Math.min(FIRST, results.length));
    if (results.length <= FIRST) return;
    requestAnimationFrame(() => setTimeout(() => {
      if (turn === drawn) list.insertAdjacentHTML("beforeend", items(results, FIRST, results.length));
    }));
  }

  function links() {
    return Array.from(list.querySelectorAll("a[href]"));
  }

  onGameChange(() => {   // the reading setting changed (here or in another tab): rank again
    if (search) show(input.value);
  });
  input.addEventListener("focus", open);
  input.addEventListener("click", open);
  input.addEventListener("input", () => {
    open();
    if (search) show(input.value);
    else load();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const first = links()[0];
    if (first) first.click();
  });
  root.querySelector("[data-rule-search-clear]").addEventListener("click", () => {
    input.value = "";
    if (search) show("");
    input.focus();
  });
  root.addEventListener("click", (event) => {
    if (event.target.closest("[data-rule-search-close]")) closeAndReturn();
    else if (event.target.closest(".rule-search__link")) close();   // the page follows the link
  });
  root.addEventListener("focusout", (event) => {
    const next = event.relatedTarget;
    if (next && !root.contains(next)) close();
  });
  if (opener) {
    opener.addEventListener("click", () => {
      open();
      input.focus();
    });
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!isOpen()) {
      if (SHORTCUTS.has(event.key) && !typingIn(event.target)) {
        event.preventDefault();
        open();
        input.focus();
        input.select();
      }
      return;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      closeAndReturn();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const stops = [input, ...links()];
      const at = Math.max(0, stops.indexOf(document.activeElement));
      stops[(at + stops.length + (event.key === "ArrowUp" ? -1 : 1)) % stops.length].focus();
    } else if (event.key.length === 1 && document.activeElement !== input && root.contains(document.activeElement)) {
      input.focus();   // typing on a result goes on in the box
    }
  });
}

// Where a key is typing, not a shortcut.
function typingIn(element) {
  if (!(element instanceof Element)) return false;
  if (element instanceof HTMLInputElement) return !["checkbox", "radio", "button", "submit", "reset"].includes(element.type);
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement || element.isContentEditable;
}
