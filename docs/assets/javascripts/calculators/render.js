// Builds a result's HTML from the engine's to_dict(). Mirrors render_result in
// build_scripts/calculators_ui/result_html.py (a browser test compares the two).
import {
  barWidth, fractionText, isZero, percentText, signed, twoD6AtLeast, twoD6Exactly,
} from "./format.js";

const AUDIENCE_WINNER = { me: "I win", opponent: "The opponent wins", tie: "A tie" };

function el(parent, tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (parent) parent.appendChild(node);
  return node;
}

function ruleLink(parent, ruleId, ruleHref) {
  return el(parent, "a", { class: "rule-ref", href: ruleHref(ruleId), "aria-label": `Rule ${ruleId}` }, ruleId);
}

export function renderResult(config, result, names, ruleHref) {
  const out = el(null, "div", { class: "calc-output", "data-calculator": result.calculator });
  RENDERERS[config.render](out, config, result, names, ruleHref);
  const explain = el(out, "ol", { class: "calc-explain", "aria-label": "Steps" });
  for (const step of result.explain) {
    const item = el(explain, "li", {}, `${step.text} `);
    ruleLink(item, step.rule, ruleHref);
  }
  return out;
}

function outcomeTable(parent, labels, outcomes, caption = "Chances") {
  const table = el(parent, "table", { class: "calc-outcomes" });
  el(table, "caption", {}, caption);
  const body = el(table, "tbody");
  for (const [name, chance] of Object.entries(outcomes)) {
    if (isZero(chance)) continue;
    const row = el(body, "tr", { "data-outcome": name });
    el(row, "th", { scope: "row" }, labels[name] ?? name);
    const cell = el(row, "td", { class: "calc-bar" });
    el(el(cell, "span", { class: "calc-bar__track" }), "span", { class: "calc-bar__fill", style: `width: ${barWidth(chance)}` });
    el(row, "td", { class: "calc-pct" }, percentText(chance));
    el(row, "td", { class: "calc-frac" }, chance);
  }
}

function chanceText([num, den]) {
  const text = fractionText(num, den);
  return `${text} (${percentText(text)})`;
}

function neededRoll(parent, label, least) {
  const box = el(parent, "details", { class: "calc-needed" });
  if (least === null || least === undefined) {
    el(box, "summary", {}, `${label}: none`);
    el(box, "p", {}, "No natural roll is enough.");
    return;
  }
  const atLeast = twoD6AtLeast(least);
  el(box, "summary", {}, `${label}: ${least} or more · ${fractionText(...atLeast)} (${percentText(fractionText(...atLeast))})`);
  const table = el(box, "table", { class: "calc-rolls" });
  el(table, "caption", {}, "2D6: exactly and at least each natural roll");
  const head = el(el(table, "thead"), "tr");
  for (const title of ["Roll", "Exactly", "At least"]) el(head, "th", { scope: "col" }, title);
  const body = el(table, "tbody");
  for (let roll = 2; roll <= 12; roll += 1) {
    const row = el(body, "tr", { class: roll >= least ? "calc-rolls__ok" : "calc-rolls__short", "data-roll": roll });
    el(row, "th", { scope: "row" }, roll);
    el(row, "td", {}, chanceText(twoD6Exactly(roll)));
    el(row, "td", {}, chanceText(twoD6AtLeast(roll)));
  }
}

function rollOutcome(parent, labels, result) {
  const line = el(parent, "p", { class: "calc-outcome", "data-outcome": result.outcome });
  el(line, "strong", {}, "Outcome: ");
  line.append(labels[result.outcome] ?? result.outcome);
}

function fact(parent, label, value, chance) {
  const row = el(parent, "div", { class: "calc-fact" });
  el(row, "dt", {}, label);
  el(row, "dd", {}, chance === undefined ? value : `${percentText(chance)} (${chance})`);
}

function chancesHeadline(result) {
  const data = result.input;
  if (result.calculator === "strike") {
    const body = data.strike_body === null ? "–" : data.strike_body;
    return `Modified prowess ${result.modified_prowess} against a strike of ${data.strike_prowess}/${body}`;
  }
  if (result.calculator === "influence") {
    return `2D6 ${signed(result.total_modifier)} must be greater than ${data.required} `
      + `(unused direct influence ${result.unused_direct_influence})`;
  }
  if (result.kind === "removal") {
    const how = data.no_tap ? "not tapping: −3" : "tapping";
    return `Remove on a roll greater than ${data.need_greater_than} (${how})`;
  }
  const checks = data.checks > 1 ? `, ${data.checks} checks` : "";
  return `${data.points} corruption points, modifier ${signed(data.modifier)}${checks}`;
}

function renderChances(out, config, result) {
  el(out, "p", { class: "calc-headline" }, chancesHeadline(result));
  if (result.mode === "roll") {
    rollOutcome(out, config.outcomes, result);
  } else {
    outcomeTable(out, config.outcomes, result.outcomes);
    neededRoll(out, config.leastLabel, result.least_roll);
  }
  if (result.survives_all !== null && result.survives_all !== undefined) {
    const facts = el(out, "dl", { class: "calc-facts" });
    fact(facts, "Survives every check", null, result.survives_all);
  }
}

function renderAttack(out, config, result, names) {
  const first = result.strikes[0].input;
  const body = first.strike_body === null ? "–" : first.strike_body;
  el(out, "p", { class: "calc-headline" }, `${result.strikes.length} strike(s) of ${first.strike_prowess}/${body}`);
  outcomeTable(out, config.outcomes, result.outcomes, "The attack");
  const facts = el(out, "dl", { class: "calc-facts" });
  fact(facts, "Expected wounded characters", result.expected_wounded);
  fact(facts, "At least one eliminated", null, result.at_least_one_eliminated);
  result.strikes.forEach((strike, index) => {
    const name = names[index] || `Character ${index + 1}`;
    const box = el(out, "details", { class: "calc-strike", "data-strike": index });
    const defeated = strike.outcomes.defeated;
    el(box, "summary", {}, `${name}: prowess ${strike.modified_prowess}, defeats the strike ${percentText(defeated)} (${defeated})`);
    outcomeTable(box, config.strikeOutcomes, strike.outcomes, name);
  });
}

function badges(parent, kind, codes) {
  if (!codes.length) el(parent, "span", {}, "none");
  for (const code of codes) {
    const symbol = kind === "region" ? code[0] : code;
    el(parent, "span", { class: `badge badge--${kind} badge--${symbol.toLowerCase()}` }, code);
    parent.append(" ");
  }
}

function renderKeying(out, config, result) {
  el(out, "p", { class: "calc-headline" }, `Site path: ${result.path.join(" ") || "none"}`);
  const facts = el(out, "dl", { class: "calc-facts" });
  for (const [label, kind, codes] of [["Region keyings", "region", result.region_keyings],
    ["Site keyings", "site", result.site_keyings]]) {
    const row = el(facts, "div", { class: "calc-fact", "data-fact": label });
    el(row, "dt", {}, label);
    badges(el(row, "dd"), kind, codes);
  }
  const table = el(out, "table", { class: "calc-detainment" });
  el(table, "caption", {}, "Detainment when keyed to");
  const body = el(table, "tbody");
  for (const [keyed, when] of Object.entries(result.detainment)) {
    const row = el(body, "tr", { "data-keyed": keyed });
    el(row, "th", { scope: "row" }, keyed);
    el(row, "td", {}, when);
  }
}

function renderHazard(out, config, result) {
  el(out, "p", { class: "calc-headline calc-big" }, `Hazard limit ${result.hazard_limit}`);
  const facts = el(out, "dl", { class: "calc-facts" });
  fact(facts, "Company size", result.company_size);
}

function renderAudience(out, config, result) {
  const [me, them] = [result.me, result.opponent];
  el(out, "p", { class: "calc-headline" }, `Me ${me.final_total}, opponent ${them.final_total}: ${AUDIENCE_WINNER[result.winner]}`);
  const table = el(out, "table", { class: "calc-audience" });
  el(table, "caption", {}, "Marshalling points after doubling and the one-type cap");
  const head = el(el(table, "thead"), "tr");
  for (const title of ["", "Me", "Opponent"]) el(head, "th", { scope: "col" }, title);
  const body = el(table, "tbody");
  const rows = Object.entries(me.capped).map(([kind, points]) => [kind, points, them.capped[kind]]).concat([
    ["raw total", me.raw_total, them.raw_total],
    ["doubled total", me.doubled_total, them.doubled_total],
    ["capped total", me.capped_total, them.capped_total],
    ["revealed against", -me.revealed_against, -them.revealed_against],
    ["final total", me.final_total, them.final_total],
  ]);
  for (const [label, mine, theirs] of rows) {
    const row = el(body, "tr", { "data-row": label });
    el(row, "th", { scope: "row" }, label);
    el(row, "td", {}, mine);
    el(row, "td", {}, theirs);
  }
}

function renderSheet(out, config, result, names, ruleHref) {
  const legal = result.legal ? "legal" : "not legal";
  el(out, "p", { class: "calc-headline" },
    `General influence: ${result.used_general_influence} used, ${result.unused_general_influence} unused; the sheet is ${legal}`);
  if (result.violations.length) {
    const problems = el(out, "ul", { class: "calc-violations" });
    for (const violation of result.violations) {
      const item = el(problems, "li", {}, `${violation.message} `);
      ruleLink(item, violation.rule, ruleHref);
    }
  }
  const table = el(out, "table", { class: "calc-sheet" });
  el(table, "caption", {}, "Direct influence");
  const head = el(el(table, "thead"), "tr");
  for (const title of ["Character", "Followers", "Unused DI", "Unused [DI]"]) el(head, "th", { scope: "col" }, title);
  const body = el(table, "tbody");
  for (const entry of result.influence) {
    const row = el(body, "tr", { "data-character": entry.name });
    el(row, "th", { scope: "row" }, entry.name);
    el(row, "td", {}, entry.followers.join(", ") || "–");
    el(row, "td", {}, entry.unused_direct_influence);
    el(row, "td", {}, entry.unused_bracket_influence);
  }
}

// --- the Strategy Battle Game: one D6 each --------------------------------------------------------

const SWIM_EDITIONS = { advanced: "Swim Test, Advanced Rules", article: "Swimming chart, boats article" };
const CHART_MISSING = "The boats article's Swimming chart is missing from the source, so this shows the "
  + "modified D6 result only, not what it means for the model.";

function renderSwim(out, config, result) {
  el(out, "p", { class: "calc-headline" }, `${SWIM_EDITIONS[result.input.edition]}: D6 ${signed(result.modifier)}`);
  if (result.chart_missing) el(out, "p", { class: "calc-missing" }, CHART_MISSING);
  if (result.mode === "roll") {
    rollOutcome(out, config.outcomes, result);
    const facts = el(out, "dl", { class: "calc-facts" });
    fact(facts, "Natural roll", result.roll);
    fact(facts, "Modified result", result.modified_roll);
  } else {
    outcomeTable(out, config.outcomes, result.outcomes, result.chart_missing ? "Modified D6 result" : "Chances");
  }
}

function renderD6(out, config, result) {
  el(out, "p", { class: "calc-headline" }, "One D6, no modifiers");
  if (result.mode === "roll") {
    rollOutcome(out, config.outcomes, result);
    return;
  }
  outcomeTable(out, config.outcomes, result.outcomes);
  const table = el(out, "table", { class: "calc-faces" });
  el(table, "caption", {}, "Each natural roll");
  const head = el(el(table, "thead"), "tr");
  for (const title of ["Roll", "Result"]) el(head, "th", { scope: "col" }, title);
  const body = el(table, "tbody");
  for (const [face, outcome] of Object.entries(result.faces)) {
    const row = el(body, "tr", { "data-roll": face });
    el(row, "th", { scope: "row" }, face);
    el(row, "td", {}, config.outcomes[outcome] ?? outcome);
  }
}

const RENDERERS = {
  chances: renderChances, attack: renderAttack, keying: renderKeying,
  hazard: renderHazard, audience: renderAudience, sheet: renderSheet,
  swim: renderSwim, d6: renderD6,
};
