// The ruling as plain text, for chat or e-mail: the question, the answer, each rule as
// "MELE 1.7.25: <its words>" with its link and any correction or editor's note, the
// odds (the case's headline chances and inputs, and the calculator's link), and where the
// rules come from.
import { attribution, citation, errataOf, ruleAddress, wordsOf } from "./facts.js";
import { TEXT_LIMIT } from "./link.js";
import { GAME_NAMES } from "../game/game-choice.js";

export function rulingText(ruling, rules, data, { version, address, odds }) {
  const lines = [];
  const paragraph = (...more) => lines.push(...more, "");
  if (ruling.question) paragraph("Question:", ruling.question.slice(0, TEXT_LIMIT));
  if (ruling.answer) paragraph("Answer:", ruling.answer.slice(0, TEXT_LIMIT));
  if (GAME_NAMES[ruling.game]) paragraph(`Game: the ${GAME_NAMES[ruling.game]}.`);
  const cited = ruling.rules.map((id) => rules.get(id)).filter(Boolean);
  for (const rule of cited) {
    const notes = errataOf(rule, data).map((erratum) => (erratum.corrects
      ? `(Corrected on this site, ${erratum.label.toLowerCase()} ${erratum.id}: the source reads "${erratum.source_text}".)`
      : `Editor's note (${erratum.label.toLowerCase()}, ${erratum.id}): ${erratum.note}`));
    const changes = (rule.changed_by || []).filter((change) => rules.has(change.rule)).map((change) =>
      `Standard game: ${citation(rules.get(change.rule), data)} — ${change.summary}`
      + `${change.how === "replaces" ? " (replaces it)" : ""}. ${ruleAddress(rules.get(change.rule))}`);
    paragraph(`${citation(rule, data)}: ${wordsOf(rule)}`, ruleAddress(rule), ...notes, ...changes);
  }
  if (odds && ruling.chances) {
    paragraph(`The odds: ${ruling.chances.slice(0, TEXT_LIMIT)}`,
      ...(ruling.inputs ? [`For: ${ruling.inputs.slice(0, TEXT_LIMIT)}`] : []),
      `From the calculator ${odds.title}: ${odds.address}`);
  } else if (odds) {
    paragraph(`The odds: ${odds.title}`, odds.address);
  }
  const source = attribution(cited, data, version);
  if (source) lines.push(source);
  if (address) lines.push(`This ruling: ${address}`);
  return lines.join("\n").trim() + "\n";
}
