// The reading setting on each page (Material's instant navigation included): the header's
// "Reading as" button, the Standard rules folded under their headings when reading as the
// Starter game, and any button that chooses a game (data-set-game). What is dimmed, quoted or
// hidden otherwise (replaced Starter rules, the turn summary's Standard steps) follows
// <html data-game> in game.css alone.
import { onEveryPage } from "../material-events.js";
import { show } from "../message-area.js";
import { currentGame, GAME_NAMES, onGameChange, otherGame, setGame } from "./setting.js";

const FOLDED = "stdFolded";      // data-std-folded on a rule the Starter reading folds away

function say(text) {
  show(text, { id: "reading-as", urgent: true });
}

function showButton(game) {
  const button = document.getElementById("reading-as");
  if (!button) return;
  // The name starts with the words the button shows ("Reading: Standard game"), as a spoken command finds it.
  button.setAttribute("aria-label", `Reading: ${GAME_NAMES[game]}. Switch to the ${GAME_NAMES[otherGame(game)]}.`);
  button.title = `Reading as the ${GAME_NAMES[game]} (tap for the ${GAME_NAMES[otherGame(game)]})`;
}

function rangeOf(rules) {
  const first = rules[0].dataset.rule, last = rules[rules.length - 1].dataset.rule;
  return first === last ? first : `${first}–${last}`;
}

function foldLabel(rules, open) {
  const count = rules.length === 1 ? "Standard rule" : `${rules.length} Standard rules`;
  return open ? `Fold away the ${count} (${rangeOf(rules)})` : `Show the ${count} (${rangeOf(rules)})`;
}

/** Above the first fold: why the page is folded, and the way back to every rule. */
function foldNote(first) {
  const note = document.createElement("p");
  note.className = "game-note std-fold std-fold__note";
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.setGame = "standard";
  button.textContent = "Read as the Standard game";
  note.append("Reading as the Starter game: the Standard Rules here are folded under their headings. ", button);
  first.before(note);
}

/** Consecutive Standard rules of the page, as groups: a heading or any other block ends a group. */
function standardGroups(article) {
  const groups = [];
  let group = null;
  for (const child of article.children) {
    if (child.matches(".rule[data-game='standard']")) {
      if (!group) groups.push((group = []));
      group.push(child);
    } else if (!child.matches(".std-fold")) {
      group = null;
    }
  }
  return groups;
}

function unfold(article) {
  for (const fold of article.querySelectorAll(".std-fold")) fold.remove();
  for (const rule of article.querySelectorAll("[data-std-folded]")) delete rule.dataset[FOLDED];
}

function setFolded(rules, button, folded) {
  for (const rule of rules) {
    if (folded) rule.dataset[FOLDED] = "true";
    else delete rule.dataset[FOLDED];
  }
  button.setAttribute("aria-expanded", String(!folded));
  button.textContent = foldLabel(rules, !folded);
}

function fold(article) {
  unfold(article);
  if (currentGame() !== "starter") return;
  const groups = standardGroups(article);
  for (const rules of groups) {
    const box = document.createElement("div");
    box.className = "std-fold";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "std-fold__button";
    button.setAttribute("aria-controls", rules.map((rule) => rule.id).join(" "));
    button.addEventListener("click", () => setFolded(rules, button, button.getAttribute("aria-expanded") === "true"));
    box.append(button);
    rules[0].before(box);
    setFolded(rules, button, true);
  }
  if (groups.length) foldNote(article.querySelector(".std-fold"));
}

/** The rule a link led to is never left folded away: its group opens and it comes into view. */
function revealTarget() {
  let target;
  try {
    target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  } catch {
    return;
  }
  const rule = target && target.closest("[data-std-folded]");
  if (!rule) return;
  const box = [...document.querySelectorAll("div.std-fold")].find((fold) =>
    fold.querySelector("button").getAttribute("aria-controls").split(" ").includes(rule.id));
  if (box) box.querySelector("button").click();
  target.scrollIntoView({ block: "start" });
}

function onPage() {
  showButton(currentGame());
  const article = document.querySelector("article.md-content__inner");
  if (!article) return;
  fold(article);
  revealTarget();
}

document.addEventListener("click", (event) => {
  const reading = event.target.closest && event.target.closest("#reading-as");
  const chooser = event.target.closest && event.target.closest("[data-set-game]");
  if (reading) {
    setGame(otherGame(currentGame()));
    say(`Reading as the ${GAME_NAMES[currentGame()]}`);
  } else if (chooser) {
    setGame(chooser.dataset.setGame);
    say(`Reading as the ${GAME_NAMES[currentGame()]}`);
  }
});

onGameChange(() => onPage());
addEventListener("hashchange", revealTarget);
onEveryPage(onPage);
