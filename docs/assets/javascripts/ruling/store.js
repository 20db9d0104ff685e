// The reader's own ruling, kept in local storage so it survives other pages, reloads
// and instant navigation: the rules in order, the question, the answer, the calculator link
// and that case's inputs and headline chances. Other tabs see changes through the storage
// event. Without local storage (a private window that refuses it) the ruling lives as long as
// the page. A kept ruling that cannot be read (damaged, or written by something else) is
// cleared, once, and the page is told (takeRepairNote).

const KEY = "mele-rules.ruling";
const emptyRuling = () => ({ rules: [], question: "", answer: "", calculator: "", inputs: "", chances: "" });
const listeners = new Set();
let memory = null;          // used when local storage is refused
let repairNote = "";        // said once: the kept ruling could not be read and was cleared
export let persistent = true;

function read() {
  if (memory) return memory;
  let saved;
  try {
    saved = localStorage.getItem(KEY);
  } catch {
    persistent = false;
    return (memory = emptyRuling());
  }
  if (saved === null) return emptyRuling();
  let parsed;
  try {
    parsed = JSON.parse(saved);
  } catch {
    parsed = null;
  }
  if (readable(parsed)) return normalised(parsed);
  repairNote = "The ruling kept on this device could not be read, so it was cleared.";
  const empty = emptyRuling();
  try {
    localStorage.setItem(KEY, JSON.stringify(empty));
  } catch {
    persistent = false;
    memory = empty;
  }
  return empty;
}

// Whether a kept value is a ruling: an object whose rules, if any, are a list.
function readable(saved) {
  return Boolean(saved) && typeof saved === "object" && !Array.isArray(saved)
    && (saved.rules === undefined || Array.isArray(saved.rules));
}

// What to tell the reader about the kept ruling, once: "" when there is nothing to say.
export function takeRepairNote() {
  read();
  const note = repairNote;
  repairNote = "";
  return note;
}

function normalised(saved) {
  if (!saved || typeof saved !== "object") return emptyRuling();
  const text = (value) => (typeof value === "string" ? value : "");
  const rules = Array.isArray(saved.rules) ? saved.rules.filter((id) => typeof id === "string") : [];
  return { rules: [...new Set(rules)], question: text(saved.question), answer: text(saved.answer),
    calculator: text(saved.calculator), inputs: text(saved.inputs), chances: text(saved.chances) };
}

function write(ruling) {
  if (!memory) {
    try {
      localStorage.setItem(KEY, JSON.stringify(ruling));
    } catch {
      persistent = false;
      memory = ruling;
    }
  } else {
    memory = ruling;
  }
  for (const listener of listeners) listener(ruling);
}

export function current() {
  return read();
}

/** Calls `listener(ruling)` on every change, from this page or another tab; returns an unsubscribe. */
export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

addEventListener("storage", (event) => {
  if (event.key !== KEY && event.key !== null) return;
  const ruling = read();
  for (const listener of listeners) listener(ruling);
});

export function replace(ruling) {
  write(normalised(ruling));
}

export function update(changes) {
  write({ ...read(), ...changes });
}

/** Takes the odds out of the ruling: the calculator link and its case's words. */
export function removeOdds() {
  update({ calculator: "", inputs: "", chances: "" });
}

export function has(id) {
  return read().rules.includes(id);
}

/** Adds the rule at the end, or takes it out; returns true if it is now in the ruling. */
export function toggle(id) {
  const rules = read().rules;
  const added = !rules.includes(id);
  update({ rules: added ? [...rules, id] : rules.filter((r) => r !== id) });
  return added;
}

export function remove(id) {
  update({ rules: read().rules.filter((r) => r !== id) });
}

/** Moves the rule one place up (-1) or down (+1). */
export function move(id, step) {
  const rules = [...read().rules];
  const from = rules.indexOf(id), to = from + step;
  if (from < 0 || to < 0 || to >= rules.length) return;
  [rules[from], rules[to]] = [rules[to], rules[from]];
  update({ rules });
}

export function clear() {
  write(emptyRuling());
}
