// What a reader types, read the way the rule search reads it: words folded to lower case
// without accents, stemmed, stop words known; and rule numbers ("1.7.25", "SBG-A.2.4").

// Function words (the usual English list) and the words of a question.
export const STOP_WORDS = new Set(("a an the of to in on at for by with from as into onto upon about against between " +
  "through during before after above below up down out off over further once without within " +
  "is are was were be been being am do does did doing done have has had having can could may might must " +
  "shall should will would i me my mine myself you your yours he him his himself she her hers it its itself " +
  "we our us ourselves they them their theirs themselves this that these those what whats which who whom " +
  "whose when where why how if then than so too very and or but nor not no yes there here all both each " +
  "some such own just also now get gets got any many much happen happens happened " +
  "mean means meaning meant define defined definition explain explained per " +
  "rule rules mele sbg " +
  "isnt arent wasnt werent dont doesnt didnt cant wont couldnt wouldnt shouldnt hasnt havent hadnt").split(" "));
// Words that ask for a calculator rather than a rule.
export const ACTION_WORDS = new Set(
  "calculate calculator calculators calc compute chance chances odds probability likely percent".split(" "));
const IRREGULAR = { elves: "elf", dwarves: "dwarf", dwarfs: "dwarf", wolves: "wolf", men: "man", women: "woman",
  halves: "half", lives: "life", knives: "knife", thieves: "thief", leaves: "leave", feet: "foot",
  // Short words the suffix rules would leave apart from their base word.
  used: "use", using: "use", going: "go", goes: "go", dying: "die", tying: "tie", lying: "lie",
  // Irregular verbs, to their base word.
  struck: "strike", lost: "lose", won: "win", took: "take", taken: "take", left: "leave", gave: "give",
  given: "give", went: "go", ran: "run", fought: "fight", drew: "draw", chose: "choose", chosen: "choose",
  held: "hold", kept: "keep", made: "make", found: "find", brought: "bring", bore: "bear", borne: "bear",
  rode: "ride", ridden: "ride", slain: "slay", slew: "slay", fallen: "fall", paid: "pay",
  // British spellings, as players (and the SBG texts) write them, meet the rulebook's American ones.
  cancelled: "cancel", cancelling: "cancel", travelled: "travel", travelling: "travel", armour: "armor",
  armours: "armor", armoured: "armor" };

// Lower case without accents, one character for one, so offsets still point into the text.
export function fold(text) {
  let lower = text.toLowerCase();
  if (lower.length !== text.length) {
    lower = text.split("").map((c) => (c.toLowerCase().length === 1 ? c.toLowerCase() : c)).join("");
  }
  // eslint-disable-next-line no-control-regex -- the range is every ASCII character
  return lower.replace(/[^\u0000-\u007f]/gu, foldChar);
}

function foldChar(c) {
  if (c === "\u2019" || c === "\u2018") return "'";
  const plain = c.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return plain.length === 1 ? plain : c;
}

// A light English stemmer: plurals, -ed, -ing, and a final -e or -y, so that "strikes",
// "striking" and "strike" meet, as do "companies" and "company".
const stemmed = new Map();

export function stem(word) {
  let known = stemmed.get(word);
  if (known === undefined) {
    known = stemWord(word);
    if (stemmed.size < 50000) stemmed.set(word, known);
  }
  return known;
}

function stemWord(word) {
  if (IRREGULAR[word]) return stemWord(IRREGULAR[word]);
  if (word.length <= 3 || /^\d/.test(word)) return word;
  let w = word;
  if (/ies$|ied$/.test(w)) w = w.length === 4 ? w.slice(0, -1) : w.slice(0, -3) + "i";
  else if (/sses$/.test(w)) w = w.slice(0, -2);
  else if (/(ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (/[^su]s$/.test(w) && !/is$/.test(w)) w = w.slice(0, -1);
  if (/ing$/.test(w) && w.length >= 6) w = undouble(w.slice(0, -3));
  else if (/ed$/.test(w) && w.length >= 5) w = undouble(w.slice(0, -2));
  if (/y$/.test(w) && w.length > 3) w = w.slice(0, -1) + "i";
  if (/e$/.test(w) && w.length > 3) w = w.slice(0, -1);
  return w;
}

function undouble(w) {
  return /([^aeiouls])\1$/.test(w) ? w.slice(0, -1) : w;
}

// Words of a text with where each one is: [{word, stem, start, end}]. Hyphens and slashes
// separate words ("automatic-attack" is "automatic attack"); "opponent's" is "opponent".
export function tokenize(text) {
  const folded = fold(text);
  const re = /[a-z0-9]+(?:'[a-z]+)*/g;
  const tokens = [];
  let match;
  while ((match = re.exec(folded)) !== null) {
    const possessive = match[0].replace(/'s$/, "");
    const word = possessive.replace(/'/g, "");
    if (word) tokens.push({ word, stem: stem(word), start: match.index, end: match.index + possessive.length });
  }
  return tokens;
}

export function stems(text) {
  return tokenize(text).map((t) => t.stem);
}

// --- what is read of a query ---------------------------------------------------------------

// Characters of a query read: a table question is a line, and a long paste (a ruling's
// citations) is searched by its beginning rather than ranked word by word on every key.
export const MAX_QUERY = 200;

// The query as searched: {text, cut}, cut back to the last word that fits when it is longer.
export function readQuery(query) {
  if (query.length <= MAX_QUERY) return { text: query, cut: false };
  const text = query.slice(0, MAX_QUERY);
  const space = text.search(/\s\S*$/);
  return { text: space > MAX_QUERY / 2 ? text.slice(0, space) : text, cut: true };
}

// --- rule numbers --------------------------------------------------------------------------

const MELE_NUMBER = /^(?:mele\s*)?#?r?(\d{1,2})(?:(?:[.-]|\s+)(\d{1,2}))?(?:(?:[.-]|\s+)(\d{1,3}))?([.-]?)$/;
const SBG_NUMBER = /^#?r?sbg[\s-]*([a-z])(?:(?:[.-]|\s+)(\d{1,2}))?(?:(?:[.-]|\s+)(\d{1,3}))?[.-]?$/;
const CITATION = /^\s*((?:mele\s+)?\d{1,2}\.\d{1,2}\.\d{1,3}|sbg-[ab]\.\d{1,2}\.\d{1,3})\s+(?:[\u2014\u2013-]|https?:)/;

// "1.7.25", "1.7", "1.", "r1-7-25", "MELE 1.7.25", "SBG-A.2.4", "rsbg-a-2-4", a pasted citation:
// {prefix: "1" or "SBG-A", section, rule} (missing parts undefined); null for anything else.
export function parseRuleNumber(query) {
  let text = fold(query).trim();
  const cited = CITATION.exec(text);
  if (cited) text = cited[1];
  const sbg = SBG_NUMBER.exec(text);
  if (sbg) return { prefix: "SBG-" + sbg[1].toUpperCase(), section: sbg[2], rule: sbg[3] };
  const mele = MELE_NUMBER.exec(text);
  if (mele && (mele[2] !== undefined || mele[4])) return { prefix: mele[1], section: mele[2], rule: mele[3] };
  return null;
}

export function numberText(number) {
  return [number.prefix, number.section, number.rule].filter((p) => p !== undefined).join(".");
}
