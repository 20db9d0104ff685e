// A small search index in the shape build_scripts/search/index.py writes, for the engine's
// tests: real rule texts where a test reads them, numbered filler elsewhere so that rule
// numbers, section sizes and the number of pages are about as the site has them (a word's
// weight depends on how many records hold it).

const PARTS = { 0: "Front Matter", 1: "Starter Rules", 2: "Standard Rules" };

const SECTIONS = [
  ["0.3", "Brief Player Turn Summary", "rules/0-3-brief-player-turn-summary/"],
  ["1.2", "The Cards and Decks", "rules/1-2-the-cards-and-decks/"],
  ["1.5", "Characters & Companies", "rules/1-5-characters-companies/"],
  ["1.7", "Combat", "rules/1-7-combat/"],
  ["1.10", "Playing and Drawing Cards", "rules/1-10-playing-and-drawing-cards/"],
  ["2.5", "Characters & Companies", "rules/2-5-characters-companies/"],
  ["2.7", "Combat", "rules/2-7-combat/"],
  ["SBG-A.1", "Water Features", "rules/sbg-advanced-rules/#water-features", "SBG Advanced Rules"],
  ["SBG-B.6", "Models in the Water", "rules/sbg-boats-article/#models-in-the-water", "SBG Boats and Water"],
];

// id -> [heading, text, extra fields]
const RULES = {
  "0.3.4": ["", "Untap Phase: untap your tapped cards."],
  "1.2.15": ["", "Marshalling Point Pile (MP pile) - In addition to marshalling points from cards in play, you gain " +
    "marshalling points when certain cards become inactive."],
  "1.2.16": ["", "Note: Marshalling Point Pile (MP pile) - In addition to marshalling points from cards in play, " +
    "you gain marshalling points when certain cards become inactive.", { block: "note" }],
  "1.5.46": ["HEALING", "Each of your characters at a Darkhaven may heal during the untap phase of your turn. Such a " +
    "character moves from a wounded position to a tapped position."],
  "1.5.43": ["Limitations on Company Composition", "Unless at a Darkhaven, a Ringwraith may not be in a company " +
    "with other characters.", { game: "starter", replacedBy: ["2.5.28"] }],
  "1.5.47": ["RINGWRAITH EFFECTS", "After being revealed, a Ringwraith operates like any other character except that " +
    "it may only be in a company with other characters if it is at a Darkhaven.",
  { game: "starter", replacedBy: ["2.5.24"] }],
  "1.5.50": ["RINGWRAITH EFFECTS", "· Ringwraiths never make corruption checks and corruption cards may not be played " +
    "on Ringwraiths.", { twins: ["2.5.27"] }],
  "1.7.4": ["", "· When any other card indicates that a company must face an attack.", { block: "bullet" }],
  "1.7.5": ["ATTACKS & STRIKES", "Combat consists of one or more attacks that must be resolved one at a time. An attack " +
    "consists of one or more strikes:"],
  "1.7.6": ["ATTACKS & STRIKES", "· Each strike can target one and only one character in the attacked company.",
    { block: "bullet" }],
  "1.7.15": ["Strike Modifications", "· An unwounded, tapped character must modify his prowess by -1.",
    { block: "bullet" }],
  "1.7.23": ["Resolving Strikes", "Strikes are resolved one at a time as decided by the defending player. To resolve " +
    "a strike, the defending player makes a roll (2D6) and adds his character's modified prowess:"],
  "1.7.24": ["Resolving Strikes", "· If this result is greater than the strike's prowess, the strike fails. Such a " +
    "strike is defeated if its body attribute is \"-\" or if it has a body attribute and fails a body check."],
  "1.7.25": ["Resolving Strikes", "· If this result is equal to the strike's prowess, the strike was ineffectual " +
    "(i.e., the strike is avoided but not defeated)."],
  "1.7.26": ["Resolving Strikes", "· Otherwise, the strike was successful (i.e., the character was defeated). The " +
    "target character is wounded and must make a body check."],
  "1.7.27": ["BODY CHECKS", "If a strike against a character is successful, the character is wounded and must make a " +
    "body check. To make a body check, the attacker makes a roll (2D6)."],
  "1.7.36": ["\"DETAINMENT\" ATTACKS", "Certain attacks detain targets rather than wound them. When a strike from " +
    "a detainment attack is successful, an untapped target is tapped instead of being wounded."],
  "1.7.45": ["DEFEATING AN ATTACK", "Example: Lagduf faces a strike from a Huorn with a prowess of 10 and a body of " +
    "\"-\"; a roll equal to the strike's prowess is ineffectual.", { block: "example" }],
  "1.7.57": ["THE STRIKE SEQUENCE", "Example of Combat: You control Bróin, Threlin and his follower Dôgrib, Jerrek, " +
    "and a fifth character with a Shadow-cloak. They are en route from Carn Dûm to a Shadow-hold when your opponent " +
    "plays a creature with four strikes against them; you assign the strikes, tap characters, play cards and roll " +
    "for each strike in turn, and after the attack Dôgrib uses Foul Smelling Paste to heal, while Nevido Smôd " +
    "keeps watch.", { block: "example" }],
  "1.8.10": ["CORRUPTION CHECKS", "When a card indicates that one of your characters must make a corruption check, " +
    "you must make a roll (2D6) and add any appropriate modifications."],
  "1.10.3": ["", "Clarification: An automatic-attack at a company's new site may be targeted by a hazard during the " +
    "company's movement/hazard phase."],
  "1.10.13": ["EVENTS", "Automatic attacks at a site are not events."],
  "1.10.42": ["Rings", "· Any gold ring in one of your companies at Barad-dûr at the start of the end-of-turn phase is " +
    "automatically tested."],
  "1.10.61": ["Creature Cards", "If a creature satisfies more than one of these conditions, you must choose one " +
    "of these conditions that the attack is \"keyed to.\""],
  "1.10.48": ["THE HAZARD LIMIT", "During your opponent's movement/hazard phase, the number of hazard cards that you " +
    "may play on one of your opponent's companies is that company's hazard limit."],
  "1.10.49": ["THE HAZARD LIMIT", "A hazard limit can be modified by the play of certain cards. Tapping a " +
    "Nazgûl permanent-event does count against the hazard limit."],
  "2.5.24": ["RINGWRAITH EFFECTS", "· A Ringwraith may only be in a company with non-Ringwraith characters if he is " +
    "at a Darkhaven.", { game: "standard", replaces: ["1.5.47"], block: "bullet" }],
  "2.5.28": ["RINGWRAITH EFFECTS", "· Unless at a Darkhaven, a Ringwraith may not be in a company with " +
    "non-Ringwraith characters.", { game: "standard", replaces: ["1.5.43"], block: "bullet" }],
  "2.5.27": ["RINGWRAITH EFFECTS", "· Ringwraiths never make corruption checks and corruption cards may not be played " +
    "on Ringwraiths.", { twins: ["1.5.50"] }],
  "2.7.4": ["CANCELING AN AUTOMATIC-ATTACK", "A character at one of his home sites may tap to cancel one " +
    "automatic-attack at that home site."],
  "SBG-A.1.2": ["SHALLOW WATER", "Models treat Shallow Water as Difficult Terrain. A model that begins its Activation " +
    "Prone within Shallow Water must take a Swim Test."],
  "SBG-A.1.3": ["DEEP WATER", "A model in Deep Water must take a Swim Test when it Activates."],
  "SBG-B.6.1": ["", "Warriors and Heroes may attempt to swim through deep water."],
};

// How many rules each section holds: the numbers the book has, the texts filler where not above.
const SIZES = { "0.3": 6, "1.2": 28, "1.5": 51, "1.7": 57, "1.10": 86, "2.5": 39, "2.7": 8, "SBG-A.1": 4, "SBG-B.6": 4 };

const GLOSSARY = [
  { id: "hazard-limit", game: "MELE", title: "hazard limit", aliases: [], rules: ["1.10.48", "1.10.49"],
    text: "The number of hazard cards an opponent may play on a company." },
  { id: "marshalling-point-pile", game: "MELE", title: "marshalling point pile", aliases: ["MP pile"],
    rules: ["1.2.15"], text: "Where stored items and defeated creatures go." },
  { id: "keyed-to", game: "MELE", title: "keyed to", aliases: [], rules: ["1.10.61"],
    text: "The condition a creature is played under." },
  { id: "strike", game: "MELE", title: "strike", aliases: ["strikes"], rules: ["1.7.5", "1.7.23", "1.7.24", "1.7.25", "1.7.26"],
    text: "One blow of an attack." },
  { id: "sbg-swim-test", game: "SBG", title: "Swim Test", aliases: [], rules: ["SBG-A.1.2"],
    text: "A D6 roll on the Swim Table." },
];

const PAGES = [
  { kind: "calculator", title: "Strike and body check", location: "calculators/strike/",
    text: "The defender rolls 2D6 and adds his modified prowess: more than the strike's prowess and the strike " +
      "fails; equal, it is ineffectual; less, it is successful and wounds him, and the attacker makes a body check " +
      "(1.7.23, 1.7.27). Modifiers, weapons and discard-on results are under More modifiers. Character's prowess: " +
      "his printed prowess with lasting bonuses. Character's body: used for his body check if the strike wounds " +
      "him. Strike's prowess. Strike's body: leave empty for a strike with no body." },
  { kind: "calculator", title: "Corruption check", location: "calculators/corruption/",
    text: "A corruption check: a roll of 2D6 against the character's corruption points." },
  { kind: "page", title: "Full Player Turn Summary", location: "turn-summary/",
    text: "Untap phase, organization phase, long-event phase, movement/hazard phase: the hazard limit." },
];

function anchor(id) {
  return "r" + id.toLowerCase().replace(/\./g, "-");
}

export function searchIndex() {
  const docs = [];
  for (const [id, title, location, part] of SECTIONS) {
    docs.push({ kind: "section", id, title, part: part || PARTS[id.split(".")[0]], location, text: "" });
  }
  for (const [section, , location] of SECTIONS) {
    const page = location.split("#")[0];
    for (let n = 1; n <= SIZES[section]; n++) {
      const id = `${section}.${n}`;
      const [heading, text, extra] = RULES[id] || ["", `Filler ${id}.`];
      docs.push({ kind: "rule", id, section, heading, block: "paragraph", location: `${page}#${anchor(id)}`, text,
        ...extra });
    }
  }
  for (const term of GLOSSARY) {
    const page = term.game === "SBG" ? "sbg/glossary/" : "glossary/";
    docs.push({ kind: "glossary", ...term, location: `${page}#g-${term.id}` });
  }
  docs.push(...PAGES);
  for (let n = 1; n <= 36; n++) docs.push({ kind: "page", title: `Page ${n}`, location: `page-${n}/`, text: `Filler page ${n}.` });
  return {
    format: 3,
    synonyms: [[["tie", "tied", "ties"], ["equal", "ineffectual"]], [["DH"], ["Darkhaven"]]],
    help: { missing: "rules/errata-and-coverage/#what-the-source-lacks" },
    docs,
  };
}
