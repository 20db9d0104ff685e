// How a rule of rules.json is cited and described on a ruling: its citation, its
// address, its section, and the corrections and editor's notes that touch it.
import { calculatorPath } from "./link.js";
import { SITE_ROOT, siteUrl } from "./site.js";

const CORRECTED_KINDS = new Set(["typo", "name", "format"]);   // build_scripts/model/errata.py

export function citation(rule, data) {
  const source = data.sources[rule.source];
  return source ? `${source.cite} ${rule.id}` : rule.id;
}

// A list item's text starts with the source's bullet ("· " or "• "); a citation does not need it.
const BULLET = /^[·•]\s*/;

/** Where the rule's own words start in its rules.json text (after a list item's bullet). */
export function wordsStart(rule) {
  const bullet = BULLET.exec(rule.text);
  return bullet ? bullet[0].length : 0;
}

export function wordsOf(rule) {
  return rule.text.slice(wordsStart(rule));
}

/** The rule's address: rules.json's url resolved against the site's root. */
export function ruleAddress(rule) {
  return siteUrl(rule.url);
}

/** "Combat (1.7), Resolving Strikes": the section by name and number, and the heading above the rule. */
export function placeOf(rule, data) {
  const name = data.sections[rule.section];
  const section = name ? `${name} (${rule.section})` : `Section ${rule.section}`;
  return rule.heading ? `${section}, ${titleCase(rule.heading)}` : section;
}

/** The errata that touch the rule, in the order of its text: where each sits, and what it says. */
export function errataOf(rule, data) {
  return (data.marks[rule.id] || []).map(([id, start, end]) => {
    const erratum = data.errata[id];
    return { id, start, end, ...erratum, corrects: CORRECTED_KINDS.has(erratum.kind) };
  });
}

function titleOf(rule, data) {
  return data.sources[rule.source]?.title || rule.source;
}

// Sub-headings are printed in capitals in the rulebook (THE AUDIENCE WITH SAURON).
const SMALL_WORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"]);

function titleCase(heading) {
  if (heading !== heading.toUpperCase()) return heading;
  return heading.toLowerCase().replace(/[\p{L}']+/gu, (word, at) =>
    (at && SMALL_WORDS.has(word) ? word : word[0].toUpperCase() + word.slice(1)));
}

/** What a ruling's calculator link shows: "The odds: <the calculator>", or null if it is not one of the site's. */
export function oddsOf(path, data) {
  const found = path ? calculatorPath(path, SITE_ROOT, data.calculators) : null;
  if (!found) return null;
  const page = data.calculators[found.page];
  return { title: page.views[found.view] || page.title, address: siteUrl(found.path) };
}

/** Where the cited rules come from, and which edition and build of this site shows them. */
export function attribution(cited, data, version) {
  const books = [...new Set(cited.map((rule) => titleOf(rule, data)))];
  return books.length
    ? `Rules from ${books.join("; ")}, as published on this site, ${data.edition}, build ${version || "unknown"}.`
    : "";
}
