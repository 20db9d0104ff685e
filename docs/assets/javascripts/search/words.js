// What a reader types, read the way the rule search reads it: words folded to lower case
// without accents, stemmed, stop words known; and rule numbers ("1.7.25", "SBG-A.2.4").
// Loaded by the search worker before engine.js (and required by it in Node).
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.RuleSearchWords = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // Function words (the usual English list) and the words of a question.
  var STOP_WORDS = new Set(("a an the of to in on at for by with from as into onto upon about against between " +
    "through during before after above below up down out off over under again further once without within " +
    "is are was were be been being am do does did doing done have has had having can could may might must " +
    "shall should will would i me my mine myself you your yours he him his himself she her hers it its itself " +
    "we our us ourselves they them their theirs themselves this that these those what whats which who whom " +
    "whose when where why how if then than so too very and or but nor not no yes there here all both each " +
    "some such own just also now get gets got any many much happen happens happened " +
    "rule rules mele sbg").split(" "));
  // Words that ask for a calculator rather than a rule.
  var ACTION_WORDS = new Set("calculate calculator calculators calc compute chance chances odds probability likely percent"
    .split(" "));
  var IRREGULAR = { elves: "elf", dwarves: "dwarf", dwarfs: "dwarf", wolves: "wolf", men: "man", women: "woman",
    halves: "half", lives: "life", knives: "knife", thieves: "thief", leaves: "leave", feet: "foot" };

  // Lower case without accents, one character for one, so offsets still point into the text.
  function fold(text) {
    var lower = text.toLowerCase();
    if (lower.length !== text.length) lower = text.split("").map(function (c) {
      var l = c.toLowerCase();
      return l.length === 1 ? l : c;
    }).join("");
    return lower.replace(/[^\x00-\x7f]/g, foldChar);
  }

  function foldChar(c) {
    if (c === "\u2019" || c === "\u2018") return "'";
    var plain = c.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    return plain.length === 1 ? plain : c;
  }

  // A light English stemmer: plurals, -ed, -ing, and a final -e or -y, so that "strikes",
  // "striking" and "strike" meet, as do "companies" and "company".
  var stemmed = new Map();

  function stem(word) {
    var known = stemmed.get(word);
    if (known === undefined) {
      known = stemWord(word);
      if (stemmed.size < 50000) stemmed.set(word, known);
    }
    return known;
  }

  function stemWord(word) {
    if (IRREGULAR[word]) return IRREGULAR[word];
    if (word.length <= 3 || /^\d/.test(word)) return word;
    var w = word;
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
  function tokenize(text) {
    var folded = fold(text);
    var re = /[a-z0-9]+(?:'[a-z]+)*/g;
    var tokens = [];
    var match;
    while ((match = re.exec(folded)) !== null) {
      var raw = match[0];
      var word = raw.replace(/'s$/, "");
      var end = match.index + word.length;
      word = word.replace(/'/g, "");
      if (word) tokens.push({ word: word, stem: stem(word), start: match.index, end: end });
    }
    return tokens;
  }

  function stems(text) {
    return tokenize(text).map(function (t) { return t.stem; });
  }

  // --- rule numbers --------------------------------------------------------------------------

  var MELE_NUMBER = /^(?:mele\s*)?#?r?(\d{1,2})(?:(?:[.\-]|\s+)(\d{1,2}))?(?:(?:[.\-]|\s+)(\d{1,3}))?([.\-]?)$/;
  var SBG_NUMBER = /^#?r?sbg[\s\-]*([a-z])(?:(?:[.\-]|\s+)(\d{1,2}))?(?:(?:[.\-]|\s+)(\d{1,3}))?[.\-]?$/;
  var CITATION = /^\s*((?:mele\s+)?\d{1,2}\.\d{1,2}\.\d{1,3}|sbg-[ab]\.\d{1,2}\.\d{1,3})\s+(?:[\u2014\u2013-]|https?:)/;

  // "1.7.25", "1.7", "1.", "r1-7-25", "MELE 1.7.25", "SBG-A.2.4", "rsbg-a-2-4", a pasted citation:
  // {prefix: "1" or "SBG-A", section, rule} (missing parts undefined); null for anything else.
  function parseRuleNumber(query) {
    var text = fold(query).trim();
    var cited = CITATION.exec(text);
    if (cited) text = cited[1];
    var m = SBG_NUMBER.exec(text);
    if (m) return { prefix: "SBG-" + m[1].toUpperCase(), section: m[2], rule: m[3] };
    m = MELE_NUMBER.exec(text);
    if (m && (m[2] !== undefined || m[4])) return { prefix: m[1], section: m[2], rule: m[3] };
    return null;
  }

  function numberText(number) {
    return [number.prefix, number.section, number.rule].filter(function (p) { return p !== undefined; }).join(".");
  }

  return { STOP_WORDS: STOP_WORDS, ACTION_WORDS: ACTION_WORDS, fold: fold, stem: stem, tokenize: tokenize,
    stems: stems, parseRuleNumber: parseRuleNumber, numberText: numberText };
});
