// Glossary marks (build_scripts/markdown/glossary_terms.py) and their definition card.
//
// Which marks are shown is the reader's setting, "Underline glossary terms: first mention /
// every mention / off", kept in localStorage and applied at once (no reload). Shown marks
// are keyboard stops (Tab reaches them, Enter or Space opens the card).
//
// The card meets WCAG 2.2 1.4.13: a mouse hover opens it and the pointer can move onto it;
// it stays until the pointer leaves both, Esc dismisses it without moving focus, and a
// card opened by a tap, click or Enter stays until Esc, a tap outside, or another term.
// It never overflows the screen. Definitions come from one file for the whole site
// (assets/glossary.json), fetched the first time a card needs it.
//
// Material's instant navigation swaps pages without reloading: events are delegated to
// the document once, and the setting is applied again to each new page.
import { onEveryPage } from "./material-events.js";

const STORAGE_KEY = "mele-glossary-marks";
const MODES = [
  ["first", "First mention"],
  ["every", "Every mention"],
  ["off", "Off"],
];
const DEFAULT_MODE = "first";
const HOVER_OPEN_MS = 250;
const HOVER_CLOSE_MS = 300;
const EDGE = 8; // px kept free between the card and the screen's edges
const DEFINITIONS_URL = new URL("../glossary.json", import.meta.url).href;

let card = null; // the one card: {element, term, pinned}
let hoverTimer = null;
let definitions = null; // a promise of {id: {term, game, definition}}

// --- the setting ---------------------------------------------------------------------------

function readMode() {
  let stored = null;
  try { stored = localStorage.getItem(STORAGE_KEY); } catch { stored = null; }
  return MODES.some(function (m) { return m[0] === stored; }) ? stored : DEFAULT_MODE;
}

function saveMode(mode) {
  try { localStorage.setItem(STORAGE_KEY, mode); } catch { /* private browsing: this page only */ }
}

// A term where a rule defines it shows as a first mention does (glossary_terms.py: gloss--defines).
function isShown(mark, mode) {
  return mode === "every"
    || (mode === "first" && (mark.classList.contains("gloss--first") || mark.classList.contains("gloss--defines")));
}

function applyMode(mode) {
  document.documentElement.dataset.gloss = mode;
  document.querySelectorAll("abbr.gloss").forEach(function (mark) {
    if (isShown(mark, mode)) {
      mark.setAttribute("tabindex", "0");
      mark.setAttribute("role", "button");
      mark.setAttribute("aria-haspopup", "dialog");
      mark.setAttribute("aria-expanded", card && card.term === mark ? "true" : "false");
    } else {
      ["tabindex", "role", "aria-haspopup", "aria-expanded"].forEach(function (name) { mark.removeAttribute(name); });
    }
  });
  if (card && !isShown(card.term, mode)) closeCard();
  document.querySelectorAll(".gloss-setting input").forEach(function (input) { input.checked = input.value === mode; });
}

// The setting sits at the end of every page that has marks.
function addSettingControl() {
  const article = document.querySelector("article.md-content__inner");
  if (!article || !article.querySelector("abbr.gloss") || article.querySelector(".gloss-setting")) return;
  const box = document.createElement("fieldset");
  box.className = "gloss-setting";
  const legend = document.createElement("legend");
  legend.textContent = "Underline glossary terms";
  box.appendChild(legend);
  MODES.forEach(function (m) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "gloss-setting";
    input.value = m[0];
    label.append(input, " " + m[1]);
    box.appendChild(label);
  });
  box.addEventListener("change", function (event) {
    saveMode(event.target.value);
    applyMode(event.target.value);
  });
  article.appendChild(box);
}

function setUpPage() {
  closeCard();
  addSettingControl();
  applyMode(readMode());
}

// Another tab changed the setting.
window.addEventListener("storage", function (event) {
  if (event.key === STORAGE_KEY) applyMode(readMode());
});

// --- the card --------------------------------------------------------------------------------

function loadDefinitions() {
  if (!definitions) {
    definitions = fetch(DEFINITIONS_URL).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    }).then(function (data) { return data.terms; });
    definitions.catch(function () { definitions = null; }); // try again next time
  }
  return definitions;
}

function pageGame() {
  const marker = document.querySelector("article [data-glossary]");
  return marker ? marker.getAttribute("data-glossary") : "MELE";
}

// Each game has its own glossary page; find its address in the site navigation.
function glossaryUrl(termId, game) {
  const sbg = game === "SBG";
  const links = Array.prototype.slice.call(document.querySelectorAll('a.md-nav__link[href$="glossary/"]'));
  const nav = links.filter(function (a) { return /sbg\/glossary\/$/.test(a.getAttribute("href")) === sbg; })[0];
  const base = nav ? nav.href : new URL(sbg ? "sbg/glossary/" : "glossary/", document.baseURI).href;
  return base + "#g-" + termId;
}

function buildCard(term) {
  const element = document.createElement("div");
  element.id = "gloss-card";
  element.setAttribute("role", "dialog");
  element.setAttribute("aria-labelledby", "gloss-card-name");
  const head = document.createElement("div");
  head.className = "gloss-card__head";
  const name = document.createElement("strong");
  name.id = "gloss-card-name";
  name.textContent = term.textContent;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "gloss-card__close";
  close.setAttribute("aria-label", "Close");
  close.textContent = "×";
  head.append(name, close);
  const text = document.createElement("p");
  text.className = "gloss-card__text";
  text.textContent = "Loading the definition…";
  const more = document.createElement("a");
  more.className = "gloss-card__more";
  more.href = glossaryUrl(term.dataset.term, pageGame());
  more.textContent = "Glossary entry →";
  element.append(head, text, more);
  return element;
}

function fillCard(element, term) {
  loadDefinitions().then(function (terms) {
    const entry = terms[term.dataset.term];
    if (!card || card.element !== element) return;
    if (!entry) {
      element.querySelector(".gloss-card__text").textContent = "No definition found for this term.";
      return;
    }
    element.querySelector("#gloss-card-name").textContent = entry.term;
    element.querySelector(".gloss-card__text").textContent = entry.definition;
    showStandard(element, entry.standard || []);
    element.querySelector(".gloss-card__more").href = glossaryUrl(term.dataset.term, entry.game);
    place(element, term);
  }, function () {
    if (card && card.element === element) {
      element.querySelector(".gloss-card__text").textContent =
        "The definition could not be loaded. The glossary entry has it.";
    }
  });
}

// The Standard rules that change the rules defining the term (the change map, via glossary.json):
// a few links on the card, the rest in the glossary entry.
const STANDARD_SHOWN = 3;
const SITE_ROOT = new URL("../", DEFINITIONS_URL).href;

function showStandard(element, changes) {
  if (!changes.length) return;
  const line = document.createElement("p");
  line.className = "gloss-card__standard";
  const label = document.createElement("strong");
  label.textContent = "Standard game: ";
  line.appendChild(label);
  changes.slice(0, STANDARD_SHOWN).forEach(function (change, index) {
    if (index) line.appendChild(document.createTextNode(" · "));
    const link = document.createElement("a");
    link.href = new URL(change.url, SITE_ROOT).href;
    link.textContent = change.rule + " — " + change.summary;
    line.appendChild(link);
  });
  if (changes.length > STANDARD_SHOWN) {
    line.appendChild(document.createTextNode(" and " + (changes.length - STANDARD_SHOWN) + " more"));
  }
  element.insertBefore(line, element.querySelector(".gloss-card__more"));
}

// Below the term, or above it when there is no room below; always inside the screen.
function place(element, term) {
  const box = term.getClientRects()[0] || term.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  const cardWidth = element.offsetWidth;
  const cardHeight = element.offsetHeight;
  const left = Math.max(EDGE, Math.min(box.left, width - cardWidth - EDGE));
  const below = box.bottom + 6;
  const top = below + cardHeight <= height - EDGE || box.top - cardHeight - 6 < EDGE ? below : box.top - cardHeight - 6;
  element.style.left = left + window.scrollX + "px";
  element.style.top = top + window.scrollY + "px";
}

function openCard(term, pinned) {
  if (card && card.term === term) {
    card.pinned = card.pinned || pinned;
    return;
  }
  closeCard();
  const element = buildCard(term);
  document.body.appendChild(element);
  card = { element: element, term: term, pinned: pinned };
  term.setAttribute("aria-expanded", "true");
  term.setAttribute("aria-controls", "gloss-card");
  place(element, term);
  fillCard(element, term);
}

function closeCard() {
  clearTimeout(hoverTimer);
  if (!card) return;
  const closing = card;
  card = null;
  const hadFocus = closing.element.contains(document.activeElement);
  closing.element.remove();
  closing.term.setAttribute("aria-expanded", "false");
  closing.term.removeAttribute("aria-controls");
  if (hadFocus) closing.term.focus(); // focus stays where the reader was, not lost with the card
}

function shownMark(target) {
  const mark = target && target.closest && target.closest("abbr.gloss");
  return mark && isShown(mark, readModeCached()) ? mark : null;
}

function readModeCached() {
  return document.documentElement.dataset.gloss || DEFAULT_MODE;
}

function focusables(element) {
  return Array.prototype.slice.call(element.querySelectorAll("a[href], button"));
}

// --- events ----------------------------------------------------------------------------------

document.addEventListener("click", function (event) {
  const mark = shownMark(event.target);
  if (mark) {
    event.preventDefault();
    if (card && card.term === mark && card.pinned) closeCard();
    else openCard(mark, true);
    return;
  }
  if (!card) return;
  if (event.target.closest && event.target.closest(".gloss-card__close")) closeCard();
  else if (!card.element.contains(event.target)) closeCard();
});

document.addEventListener("keydown", function (event) {
  if (event.key === "Escape" && card) {
    closeCard();
    return;
  }
  const mark = shownMark(event.target);
  if (mark && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    openCard(mark, true);
    return;
  }
  if (event.key !== "Tab" || !card) return;
  // The card is at the end of the page: Tab goes from its term into it and back out after it.
  const inside = focusables(card.element);
  if (mark === card.term && !event.shiftKey) {
    event.preventDefault();
    inside[0].focus();
  } else if (event.target === inside[0] && event.shiftKey) {
    event.preventDefault();
    card.term.focus();
  } else if (event.target === inside[inside.length - 1] && !event.shiftKey) {
    const term = card.term;
    closeCard();
    term.focus(); // the browser's Tab then moves on from the term
  }
});

document.addEventListener("focusin", function (event) {
  if (card && event.target !== card.term && !card.element.contains(event.target)) closeCard();
});

function hoverOpen(mark) {
  clearTimeout(hoverTimer);
  hoverTimer = setTimeout(function () { openCard(mark, false); }, HOVER_OPEN_MS);
}

function hoverClose() {
  clearTimeout(hoverTimer);
  if (card && !card.pinned) hoverTimer = setTimeout(closeCard, HOVER_CLOSE_MS);
}

document.addEventListener("pointerover", function (event) {
  if (event.pointerType !== "mouse") return;
  const mark = shownMark(event.target);
  if (mark) {
    if (card && card.term === mark) clearTimeout(hoverTimer);
    else if (!card || !card.pinned) hoverOpen(mark);
  } else if (card && card.element.contains(event.target)) {
    clearTimeout(hoverTimer);
  }
});

document.addEventListener("pointerout", function (event) {
  if (event.pointerType !== "mouse") return;
  const from = shownMark(event.target) || (card && card.element.contains(event.target) ? card.element : null);
  if (!from) return;
  const to = event.relatedTarget;
  if (to && card && (to === card.term || card.element.contains(to))) return;
  if (to && from.contains(to)) return;
  hoverClose();
});

// A phone turned on its side: the card follows its term and stays on the screen.
window.addEventListener("resize", function () {
  if (card) place(card.element, card.term);
});

onEveryPage(setUpPage);
