"""`calculator` blocks (pymdown-extensions Blocks API): a calculator's form and
its result for the default inputs, computed by the engine while the site builds.

    /// calculator | strike
    ///

renders the labelled form for the view ``strike`` and the engine's result for
its defaults, so the page is useful before Pyodide is ready and with
JavaScript off. The view's description (fields, defaults, outcome labels, rule
links) goes into the page as JSON; the page script
(docs/assets/javascripts/calculators/) reads it to rebuild the same result
live. The two renderers must agree: a browser test compares them.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as etree
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from markdown.util import AtomicString
from pymdownx.blocks import BlocksExtension
from pymdownx.blocks.block import Block

from calculators import citations
from calculators.api import run

from ..engine_wheel import wheel_site_path
from ..symbols import REGION_TYPES, SITE_TYPES
from .rule_marks import rule_urls

# Field name -> glossary id (anchor `g-<id>` on glossary.md). One table, so the
# links are easy to check against sources/glossary.yaml (a test does).
GLOSSARY = {
    "prowess": "prowess", "strike_prowess": "strike", "strike_body": "body", "body": "body",
    "state": "wounded", "no_tap": "tapped", "excess": "excess-strikes", "support": "support",
    "modifier": "prowess", "weapon": "weapon", "discard_on": "body-check", "detainment": "detainment-attack",
    "ringwraith": "ringwraith", "roll": "dice-roll", "body_roll": "body-check",
    "points": "corruption-points", "corruption_modifier": "corruption-check-modifier",
    "checks": "corruption-check", "remove": "removing-corruption-cards", "removal_no_tap": "removing-corruption-cards",
    "required": "influence-check", "direct_influence": "direct-influence", "followers_mind": "follower",
    "influence_modifier": "standard-modifications", "mind": "mind", "controller": "follower",
    "race": "race", "bracket_influence": "direct-influence", "path": "site-path", "site": "site-type",
    "not_moving": "keyed-to", "doors_of_night": "doors-of-night", "size": "company-size",
    "orc_scouts": "orc-scouts", "halved": "hazard-limit", "me": "marshalling-points",
    "opponent": "marshalling-points", "revealed": "marshalling-point-modifications", "starter": "starter-rules",
}


# --- the views: what each calculator asks for -------------------------------------------

def field(name, kind, label, default="", hint="", *, term=None, unit="", minimum=None, maximum=None,
          optional=False, options=(), pattern="", placeholder="", send=True, param=None, roll=False):
    """One input. Values are strings, as in the form and the URL ("" = empty, "1" = ticked)."""
    return {"name": name, "kind": kind, "label": label, "default": str(default), "hint": hint,
            "term": GLOSSARY.get(term or name), "unit": unit,
            "min": minimum, "max": maximum, "optional": optional, "options": [list(o) for o in options],
            "pattern": pattern, "placeholder": placeholder, "send": send, "param": param or [name],
            "roll": roll}


def number(name, label, default, hint, *, minimum, maximum, **kw):
    return field(name, "int", label, default, hint, minimum=minimum, maximum=maximum, **kw)


def flag(name, label, hint, default="", **kw):
    return field(name, "bool", label, default, hint, **kw)


def roll_field(name, label, hint, **kw):
    return field(name, "int", label, "", hint, unit="2D6", minimum=2, maximum=12, optional=True, roll=True,
                 term=kw.pop("term", "roll"), **kw)


STATES = (("untapped", "Untapped"), ("tapped", "Tapped (−1)"), ("wounded", "Wounded (−2)"))
SITE_CHOICES = (("", "None / not given"),) + tuple((code, f"{name} ({code})") for code, name in SITE_TYPES.items())
REGION_LETTERS = "cfbwsd"
MP_TYPES = ("character", "item", "faction", "ally", "kill", "misc")
INT_LIST = r"^\s*-?\d+(\s*[, ]\s*-?\d+)*\s*$"
SIGNED_LIST = r"^\s*[+-]?\d+(\s*[, ]\s*[+-]?\d+)*\s*$"

STRIKE_OUTCOMES = {
    "defeated": "Strike fails and is defeated", "failed": "Strike fails, not defeated (its body check)",
    "ineffectual": "Ineffectual (a tie)", "detained": "Detained: he taps", "wounded": "Wounded, survives",
    "discarded": "Wounded, then discarded", "eliminated": "Wounded, then eliminated",
    "returned_to_hand": "Ringwraith returns to hand",
}

_character_fields = [
    number("prowess", "Character's prowess", 5, "His printed prowess with lasting bonuses; the modifiers "
           "below are added for you.", minimum=-20, maximum=40),
    number("body", "Character's body", 8, "Used for his body check if the strike wounds him. Leave empty "
           "only for a detainment attack.", optional=True, minimum=0, maximum=20),
    field("state", "choice", "Character's state", "untapped", "Tapped −1 prowess, wounded −2 (not both).",
          options=STATES),
    flag("no_tap", "He doesn't tap: −3 prowess", "An untapped character may take −3 to stay untapped."),
]

VIEWS = {
    "strike": {
        "engine": "strike", "render": "chances", "title": "One strike and its body checks",
        "least_label": "Natural roll that makes the strike fail",
        "outcomes": STRIKE_OUTCOMES,
        "fields": _character_fields + [
            number("strike_prowess", "Strike's prowess", 10, "The attack's prowess for this strike, with "
                   "its modifiers.", minimum=0, maximum=40),
            number("strike_body", "Strike's body", "", "Leave empty for “–”: a strike that fails is then "
                   "defeated.", optional=True, minimum=0, maximum=20),
            number("excess", "Excess strikes on him", 0, "−1 prowess for each excess strike allocated to him.",
                   minimum=0, maximum=20),
            number("support", "Supporting characters", 0, "+1 prowess for each untapped character who taps "
                   "to support him.", minimum=0, maximum=20),
            number("modifier", "Other prowess modifiers", 0, "From cards, signed: −1 for Weariness of the "
                   "Heart.", minimum=-20, maximum=20),
            field("weapon", "text", "Weapon: bonus and maximum", "", "Written BONUS:MAX, e.g. 2:8 for +2 to "
                  "a maximum of 8; applied first.", optional=True, pattern=r"^\s*[+-]?\d+\s*(:\s*\d+\s*)?$",
                  placeholder="2:8"),
            field("discard_on", "text", "Discarded on body check results", "8", "Results printed on his card, "
                  "e.g. 7,8. Lagduf is discarded on an 8.", optional=True, pattern=INT_LIST, placeholder="7,8"),
            flag("detainment", "Detainment attack", "A successful strike taps him instead of wounding him."),
            flag("ringwraith", "He is a Ringwraith", "A body check of 7 or 8 returns him to hand."),
        ],
        "roll_fields": [
            roll_field("roll", "Strike roll", "The defender's natural 2D6."),
            roll_field("body_roll", "Body check roll", "The attacker's natural 2D6, if he was wounded.",
                       term="body_roll"),
        ],
    },
    "attack": {
        "engine": "attack", "render": "attack", "title": "One attack against several characters",
        "outcomes": {"defeated": "Attack defeated (every strike defeated)", "not_defeated": "Attack not defeated"},
        "strike_outcomes": STRIKE_OUTCOMES,
        "fields": [
            number("strike_prowess", "Each strike's prowess", 7, "Orc-warband: 4, +3 against a company that "
                   "faced an Orc attack.", minimum=0, maximum=40),
            number("strike_body", "Each strike's body", "", "Leave empty for “–”.", optional=True,
                   minimum=0, maximum=20),
            flag("detainment", "Detainment attack", "A detainment attack is never defeated."),
        ],
        "rows": {
            "param": "strikes", "label": "Characters facing a strike", "min": 1, "max": 8,
            "shared": ["strike_prowess", "strike_body", "detainment"],
            "fields": [
                field("name", "text", "Name", "", "Only labels the result.", optional=True, send=False,
                      pattern=r"^[^<>]{0,40}$"),
                *_character_fields,
                number("support", "Support", 0, "+1 each.", minimum=0, maximum=20),
                number("modifier", "Other modifiers", 0, "Signed.", minimum=-20, maximum=20),
            ],
            "defaults": [
                {"name": "Bróin", "prowess": "3", "body": "8", "state": "tapped", "modifier": "-1"},
                {"name": "Nevido Smôd", "prowess": "4", "body": "8"},
                {"name": "Dôgrib", "prowess": "4", "body": "7", "no_tap": "1"},
                {"name": "Threlin", "prowess": "4", "body": "7"},
                {"name": "Jerrek", "prowess": "5", "body": "8"},
            ],
        },
    },
    "corruption": {
        "engine": "corruption", "render": "chances", "title": "Corruption check",
        "least_label": "Natural roll that passes (not eliminated)",
        "outcomes": {"nothing": "Nothing happens", "taps": "Taps (if untapped), passes", "eliminated": "Fails: eliminated"},
        "fields": [
            number("points", "Corruption points", 5, "The total of the unsigned corruption point values on "
                   "his cards.", minimum=0, maximum=40),
            number("modifier", "Check modifier", 0, "Signed modifiers to the roll, e.g. +1.", minimum=-20,
                   maximum=20, term="corruption_modifier"),
            number("checks", "Checks in a row", 1, "How many checks he makes, one after another.", minimum=1,
                   maximum=10),
            flag("ringwraith", "He is a Ringwraith", "Ringwraiths never make corruption checks."),
        ],
        "roll_fields": [
            field("roll", "text", "Your rolls", "", "One natural 2D6 per check, e.g. 7,12,4.", optional=True,
                  pattern=INT_LIST, placeholder="7,12,4", roll=True, unit="2D6"),
        ],
    },
    "removal": {
        "engine": "corruption", "render": "chances", "title": "Removing a corruption card",
        "least_label": "Natural roll that removes the card",
        "outcomes": {"removed": "Card removed", "kept": "Card stays"},
        "fields": [
            number("remove", "Removal number", 6, "The card's number: the roll must be greater. Lure of the "
                   "Senses: 6.", minimum=0, maximum=20),
            flag("no_tap", "Doesn't tap, or is already tapped or wounded: −3", "Only one such attempt per card "
                 "each turn.", term="removal_no_tap"),
        ],
        "roll_fields": [roll_field("roll", "Removal roll", "Your natural 2D6.")],
    },
    "influence": {
        "engine": "influence", "render": "chances", "title": "Influence check for a faction",
        "least_label": "Natural roll that brings the faction in",
        "outcomes": {"success": "Faction comes into play", "failure": "Faction discarded"},
        "fields": [
            number("required", "Faction's number", 10, "The roll must be greater. Ice-orcs: 10.", minimum=0,
                   maximum=30),
            number("direct_influence", "Character's direct influence", 2, "The tapped character's direct "
                   "influence.", minimum=0, maximum=20),
            number("followers_mind", "His followers' total mind", 0, "Subtracted to give his unused direct "
                   "influence.", minimum=0, maximum=40),
            field("modifier", "text", "Modifiers", "3,2", "Signed, separated by commas: his own bonus (only "
                  "if he is the one tapped) and standard modifications.", optional=True, pattern=SIGNED_LIST,
                  placeholder="3,2", term="influence_modifier"),
        ],
        "roll_fields": [roll_field("roll", "Influence roll", "Your natural 2D6.")],
    },
    "control-sheet": {
        "engine": "control-sheet", "render": "sheet", "title": "General and direct influence",
        "fields": [],
        "rows": {
            "param": "characters", "label": "Your characters", "min": 1, "max": 12, "shared": [],
            "fields": [
                field("name", "text", "Name", "", "Each name once.", pattern=r"^[^<>]{1,40}$"),
                number("mind", "Mind", "", "Empty for a Ringwraith (no mind).", optional=True, minimum=0,
                       maximum=20),
                number("direct_influence", "Direct influence", 0, "His printed DI.", minimum=0, maximum=20),
                field("controller", "text", "Controlled by", "", "A character's name; empty for general "
                      "influence.", optional=True, pattern=r"^[^<>]{0,40}$"),
                field("race", "text", "Race", "", "e.g. Orc, Troll, Ringwraith.", optional=True,
                      pattern=r"^[^<>]{0,40}$"),
                number("bracket_influence", "Bracketed DI", 0, "The […] value, only for followers of the "
                       "races below.", minimum=0, maximum=20),
                field("bracket_races", "text", "Bracket races", "", "e.g. Orc, Troll.", optional=True,
                      pattern=r"^[^<>]{0,80}$", term="race"),
            ],
            "defaults": [
                {"name": "Troll-chief", "mind": "6", "race": "Troll", "bracket_influence": "3",
                 "bracket_races": "Orc, Troll"},
                {"name": "Troll Lout", "mind": "3", "race": "Troll", "controller": "Troll-chief"},
                {"name": "Shagrat", "mind": "6", "race": "Orc", "bracket_influence": "4",
                 "bracket_races": "Orc, Troll"},
                {"name": "Grishnákh", "mind": "3", "race": "Orc", "controller": "Shagrat"},
                {"name": "Orc Tracker", "mind": "3", "race": "Orc"},
                {"name": "Dwar", "mind": "", "direct_influence": "5", "race": "Ringwraith"},
            ],
        },
    },
    "keying": {
        "engine": "keying", "render": "keying", "title": "Creature keying",
        "fields": [
            field("path", "path", "Site path", "d w w", "Region letters in order: c f b w s d. Type them or "
                  "tap the symbols.", optional=True, pattern=r"^[cfbwsdCFBWSD\s,]{0,40}$", placeholder="d w w"),
            field("site", "choice", "Site type", "R", "The new site's type (or the current one if not "
                  "moving).", options=SITE_CHOICES, optional=True),
            flag("not_moving", "The company did not move", "Only the current site can be keyed to."),
            flag("geann_a_lisch", "The site is Geann a-Lisch", "It can be keyed to as a Free-hold too.",
                 term="site"),
            flag("doors_of_night", "Doors of Night is in play", "Changes some region types."),
            flag("fell_winter", "Fell Winter is in play", "Changes some region types.", term="doors_of_night"),
        ],
    },
    "hazard-limit": {
        "engine": "hazard-limit", "render": "hazard",
        "title": "Hazard limit",
        "fields": [
            number("size", "Company size", 5, "Characters in the company; allies don't count.", minimum=1,
                   maximum=20),
            number("orc_scouts", "Orc scouts among them", 0, "Each counts half (Standard Rules).", minimum=0,
                   maximum=20),
            flag("halved", "Halved", "The hazard player uses the sideboard against a revealed Ringwraith."),
        ],
    },
    "audience": {
        "engine": "audience", "render": "audience", "title": "Audience with Sauron",
        "fields": [
            *[number(f"me_{kind}", f"My {kind} points", value, f"My {kind} marshalling points, after the "
                     "corruption checks.", term="me", param=["me", kind], minimum=-99, maximum=99)
              for kind, value in zip(MP_TYPES, (7, 4, 5, 2, 0, 2))],
            *[number(f"opponent_{kind}", f"Opponent's {kind} points", value, f"The opponent's {kind} "
                     "marshalling points.", term="opponent", param=["opponent", kind], minimum=-99, maximum=99)
              for kind, value in zip(MP_TYPES, (11, 5, 0, 2, 0, 0))],
            number("revealed_against_me", "Cards revealed against me", 3, "Unique cards in the opponent's "
                   "hand matching mine in play: −1 each.", term="revealed", minimum=0, maximum=40),
            number("revealed_against_opponent", "Cards I reveal", 0, "Mine matching the opponent's in play: "
                   "−1 each to them.", term="revealed", minimum=0, maximum=40),
            flag("starter", "Starter Rules", "No doubling, cap or reveals."),
        ],
    },
}


# --- values -> engine params (the page script does the same) ----------------------------------

def default_values(view: dict) -> dict:
    values = {f["name"]: f["default"] for f in view["fields"] + view.get("roll_fields", [])}
    rows = view.get("rows")
    if rows:
        values["rows"] = [{f["name"]: row.get(f["name"], f["default"]) for f in rows["fields"]}
                          for row in rows["defaults"]]
    return values


_WHOLE = re.compile(r"[+-]?\d+")


def _put(params: dict, spec: dict, value: str) -> None:
    if not spec["send"] or value.strip() == "":
        return
    if spec["kind"] == "bool":
        if value != "1":
            return
        converted = True
    elif spec["kind"] == "int" and _WHOLE.fullmatch(value.strip()):
        converted = int(value.strip())
    else:
        converted = value.strip()
    target = params
    for key in spec["param"][:-1]:
        target = target.setdefault(key, {})
    target[spec["param"][-1]] = converted


def engine_params(view: dict, values: dict) -> dict:
    params: dict = dict(view.get("params", {}))
    rows = view.get("rows")
    shared = set(rows["shared"]) if rows else set()
    for spec in view["fields"] + view.get("roll_fields", []):
        if spec["name"] not in shared:
            _put(params, spec, values.get(spec["name"], ""))
    if rows:
        common: dict = {}
        for spec in view["fields"]:
            if spec["name"] in shared:
                _put(common, spec, values.get(spec["name"], ""))
        params[rows["param"]] = []
        for row in values["rows"]:
            entry = dict(common)
            for spec in rows["fields"]:
                _put(entry, spec, row.get(spec["name"], ""))
            params[rows["param"]].append(entry)
    return params


# --- formatting (format.js mirrors these) ------------------------------------------------------

def percent_text(chance: str) -> str:
    value = Fraction(chance)
    if value == 0:
        return "0%"
    if value == 1:
        return "100%"
    tenths = (2 * value.numerator * 1000 + value.denominator) // (2 * value.denominator)  # half up
    if tenths == 0:
        return "<0.1%"
    if tenths == 1000:
        return ">99.9%"
    return f"{tenths // 10}.{tenths % 10}%"


def bar_width(chance: str) -> str:
    return f"width: {float(Fraction(chance)) * 100:.2f}%"


def signed(number: int) -> str:
    return f"+{number}" if number >= 0 else f"−{-number}"


def two_d6_exactly(roll: int) -> Fraction:
    return Fraction(6 - abs(roll - 7), 36)


def two_d6_at_least(roll: int) -> Fraction:
    return sum((two_d6_exactly(r) for r in range(max(roll, 2), 13)), Fraction(0))


def fraction_text(value: Fraction) -> str:
    return str(value)


# --- the result, as elements (render.js mirrors this) ------------------------------------------

class Html:
    """Small element builder; all text is atomic so no Markdown pattern touches it."""

    def __init__(self, rule_url):
        self.rule_url = rule_url

    @staticmethod
    def el(parent, tag, attrs=None, text=None):
        node = etree.SubElement(parent, tag, {k: str(v) for k, v in (attrs or {}).items()}) \
            if parent is not None else etree.Element(tag, {k: str(v) for k, v in (attrs or {}).items()})
        if text is not None:
            node.text = AtomicString(str(text))
        return node

    @staticmethod
    def tail(node, text):
        node.tail = AtomicString((node.tail or "") + text)

    def rule_link(self, parent, rule_id):
        link = self.el(parent, "a", {"class": "rule-ref", "href": self.rule_url(rule_id),
                                     "aria-label": f"Rule {rule_id}"}, rule_id)
        return link


def render_result(html: Html, parent, view: dict, result: dict, names: list[str]) -> None:
    out = html.el(parent, "div", {"class": "calc-output", "data-calculator": result["calculator"]})
    RENDERERS[view["render"]](html, out, view, result, names)
    explain = html.el(out, "ol", {"class": "calc-explain", "aria-label": "Steps"})
    for step in result["explain"]:
        item = html.el(explain, "li", None, step["text"] + " ")
        html.rule_link(item, step["rule"])


def outcome_table(html, parent, labels, outcomes, caption="Chances"):
    table = html.el(parent, "table", {"class": "calc-outcomes"})
    html.el(table, "caption", None, caption)
    body = html.el(table, "tbody")
    for name, chance in outcomes.items():
        if Fraction(chance) == 0:
            continue
        row = html.el(body, "tr", {"data-outcome": name})
        html.el(row, "th", {"scope": "row"}, labels.get(name, name))
        cell = html.el(row, "td", {"class": "calc-bar"})
        html.el(html.el(cell, "span", {"class": "calc-bar__track"}), "span",
                {"class": "calc-bar__fill", "style": bar_width(chance)})
        html.el(row, "td", {"class": "calc-pct"}, percent_text(chance))
        html.el(row, "td", {"class": "calc-frac"}, chance)


def needed_roll(html, parent, label, least):
    box = html.el(parent, "details", {"class": "calc-needed"})
    if least is None:
        html.el(box, "summary", None, f"{label}: none")
        html.el(box, "p", None, "No natural roll is enough.")
        return
    html.el(box, "summary", None, f"{label}: {least} or more · {fraction_text(two_d6_at_least(least))} "
                                  f"({percent_text(str(two_d6_at_least(least)))})")
    table = html.el(box, "table", {"class": "calc-rolls"})
    html.el(table, "caption", None, "2D6: exactly and at least each natural roll")
    head = html.el(html.el(table, "thead"), "tr")
    for title in ("Roll", "Exactly", "At least"):
        html.el(head, "th", {"scope": "col"}, title)
    body = html.el(table, "tbody")
    for roll in range(2, 13):
        row = html.el(body, "tr", {"class": "calc-rolls__ok" if roll >= least else "calc-rolls__short",
                                   "data-roll": roll})
        html.el(row, "th", {"scope": "row"}, roll)
        for chance in (two_d6_exactly(roll), two_d6_at_least(roll)):
            html.el(row, "td", None, f"{fraction_text(chance)} ({percent_text(str(chance))})")


def roll_outcome(html, parent, labels, result):
    line = html.el(parent, "p", {"class": "calc-outcome", "data-outcome": result["outcome"]})
    html.el(line, "strong", None, "Outcome: ")
    html.tail(line[-1], labels.get(result["outcome"], result["outcome"]))


def fact(html, parent, label, value, chance=None):
    row = html.el(parent, "div", {"class": "calc-fact"})
    html.el(row, "dt", None, label)
    html.el(row, "dd", None, value if chance is None else f"{percent_text(chance)} ({chance})")


def chances_headline(result) -> str:
    data = result["input"]
    if result["calculator"] == "strike":
        body = "–" if data["strike_body"] is None else data["strike_body"]
        return f"Modified prowess {result['modified_prowess']} against a strike of {data['strike_prowess']}/{body}"
    if result["calculator"] == "influence":
        return (f"2D6 {signed(result['total_modifier'])} must be greater than {data['required']} "
                f"(unused direct influence {result['unused_direct_influence']})")
    if result["kind"] == "removal":
        how = "not tapping: −3" if data["no_tap"] else "tapping"
        return f"Remove on a roll greater than {data['need_greater_than']} ({how})"
    checks = f", {data['checks']} checks" if data["checks"] > 1 else ""
    return f"{data['points']} corruption points, modifier {signed(data['modifier'])}{checks}"


def render_chances(html, out, view, result, names):
    html.el(out, "p", {"class": "calc-headline"}, chances_headline(result))
    if result.get("mode") == "roll":
        roll_outcome(html, out, view["outcomes"], result)
    else:
        outcome_table(html, out, view["outcomes"], result["outcomes"])
        needed_roll(html, out, view["least_label"], result.get("least_roll"))
    if result.get("survives_all") is not None:
        facts = html.el(out, "dl", {"class": "calc-facts"})
        fact(html, facts, "Survives every check", None, result["survives_all"])


def render_attack(html, out, view, result, names):
    first = result["strikes"][0]["input"]
    body = "–" if first["strike_body"] is None else first["strike_body"]
    html.el(out, "p", {"class": "calc-headline"},
            f"{len(result['strikes'])} strike(s) of {first['strike_prowess']}/{body}")
    outcome_table(html, out, view["outcomes"], result["outcomes"], "The attack")
    facts = html.el(out, "dl", {"class": "calc-facts"})
    fact(html, facts, "Expected wounded characters", result["expected_wounded"])
    fact(html, facts, "At least one eliminated", None, result["at_least_one_eliminated"])
    for index, strike in enumerate(result["strikes"]):
        name = names[index] if index < len(names) and names[index] else f"Character {index + 1}"
        box = html.el(out, "details", {"class": "calc-strike", "data-strike": index})
        defeated = strike["outcomes"]["defeated"]
        html.el(box, "summary", None, f"{name}: prowess {strike['modified_prowess']}, defeats the strike "
                                      f"{percent_text(defeated)} ({defeated})")
        outcome_table(html, box, view["strike_outcomes"], strike["outcomes"], name)


def badges(html, parent, codes):
    if not codes:
        html.el(parent, "span", None, "none")
    for code in codes:
        letter = code[0] if code[0] in REGION_LETTERS else code
        kind = "region" if code[0] in REGION_LETTERS else "site"
        html.el(parent, "span", {"class": f"badge badge--{kind} badge--{letter.lower()}"}, code)
        html.tail(parent[-1], " ")


def render_keying(html, out, view, result, names):
    html.el(out, "p", {"class": "calc-headline"}, "Site path: " + (" ".join(result["path"]) or "none"))
    facts = html.el(out, "dl", {"class": "calc-facts"})
    for label, codes in (("Region keyings", result["region_keyings"]), ("Site keyings", result["site_keyings"])):
        row = html.el(facts, "div", {"class": "calc-fact", "data-fact": label})
        html.el(row, "dt", None, label)
        badges(html, html.el(row, "dd"), codes)
    table = html.el(out, "table", {"class": "calc-detainment"})
    html.el(table, "caption", None, "Detainment when keyed to")
    body = html.el(table, "tbody")
    for keyed, when in result["detainment"].items():
        row = html.el(body, "tr", {"data-keyed": keyed})
        html.el(row, "th", {"scope": "row"}, keyed)
        html.el(row, "td", None, when)


def render_hazard(html, out, view, result, names):
    html.el(out, "p", {"class": "calc-headline calc-big"}, f"Hazard limit {result['hazard_limit']}")
    facts = html.el(out, "dl", {"class": "calc-facts"})
    fact(html, facts, "Company size", result["company_size"])


AUDIENCE_WINNER = {"me": "I win", "opponent": "The opponent wins", "tie": "A tie"}


def render_audience(html, out, view, result, names):
    me, them = result["me"], result["opponent"]
    html.el(out, "p", {"class": "calc-headline"},
            f"Me {me['final_total']}, opponent {them['final_total']}: {AUDIENCE_WINNER[result['winner']]}")
    table = html.el(out, "table", {"class": "calc-audience"})
    html.el(table, "caption", None, "Marshalling points after doubling and the one-type cap")
    head = html.el(html.el(table, "thead"), "tr")
    for title in ("", "Me", "Opponent"):
        html.el(head, "th", {"scope": "col"}, title)
    body = html.el(table, "tbody")
    rows = [(kind, me["capped"][kind], them["capped"][kind]) for kind in MP_TYPES]
    rows += [("raw total", me["raw_total"], them["raw_total"]),
             ("doubled total", me["doubled_total"], them["doubled_total"]),
             ("capped total", me["capped_total"], them["capped_total"]),
             ("revealed against", -me["revealed_against"], -them["revealed_against"]),
             ("final total", me["final_total"], them["final_total"])]
    for label, mine, theirs in rows:
        row = html.el(body, "tr", {"data-row": label})
        html.el(row, "th", {"scope": "row"}, label)
        html.el(row, "td", None, mine)
        html.el(row, "td", None, theirs)


def render_sheet(html, out, view, result, names):
    legal = "legal" if result["legal"] else "not legal"
    html.el(out, "p", {"class": "calc-headline"},
            f"General influence: {result['used_general_influence']} used, "
            f"{result['unused_general_influence']} unused; the sheet is {legal}")
    if result["violations"]:
        problems = html.el(out, "ul", {"class": "calc-violations"})
        for violation in result["violations"]:
            item = html.el(problems, "li", None, violation["message"] + " ")
            html.rule_link(item, violation["rule"])
    table = html.el(out, "table", {"class": "calc-sheet"})
    html.el(table, "caption", None, "Direct influence")
    head = html.el(html.el(table, "thead"), "tr")
    for title in ("Character", "Followers", "Unused DI", "Unused [DI]"):
        html.el(head, "th", {"scope": "col"}, title)
    body = html.el(table, "tbody")
    for entry in result["influence"]:
        row = html.el(body, "tr", {"data-character": entry["name"]})
        html.el(row, "th", {"scope": "row"}, entry["name"])
        html.el(row, "td", None, ", ".join(entry["followers"]) or "–")
        html.el(row, "td", None, entry["unused_direct_influence"])
        html.el(row, "td", None, entry["unused_bracket_influence"])


RENDERERS = {"chances": render_chances, "attack": render_attack, "keying": render_keying,
             "hazard": render_hazard, "audience": render_audience, "sheet": render_sheet}


# --- the form ----------------------------------------------------------------------------------

def render_input(html, parent, view_id, spec, value, suffix=""):
    dom_id = f"calc-{view_id}-{spec['name']}{suffix}".replace("_", "-")
    name = spec["name"] + suffix.replace("-", ".")
    wrap = html.el(parent, "div", {"class": f"calc-field calc-field--{spec['kind']}", "data-field": spec["name"]})
    described = f"{dom_id}-hint {dom_id}-error"
    if spec["kind"] == "bool":
        box = html.el(wrap, "input", {"type": "checkbox", "id": dom_id, "name": name, "value": "1",
                                      "aria-describedby": described})
        if value == "1":
            box.set("checked", "checked")
        html.el(wrap, "label", {"for": dom_id}, spec["label"])
    else:
        html.el(wrap, "label", {"for": dom_id}, spec["label"] + (f" ({spec['unit']})" if spec["unit"] else ""))
        if spec["kind"] == "choice":
            control = html.el(wrap, "select", {"id": dom_id, "name": name, "aria-describedby": described})
            for option_value, option_label in spec["options"]:
                option = html.el(control, "option", {"value": option_value}, option_label)
                if option_value == value:
                    option.set("selected", "selected")
        else:
            attrs = {"id": dom_id, "name": name, "value": value, "aria-describedby": described,
                     "autocomplete": "off"}
            if spec["kind"] == "int":
                attrs.update({"type": "number", "step": "1", "min": spec["min"], "max": spec["max"]})
                if spec["min"] >= 0:   # phones' numeric keypads have no minus sign
                    attrs["inputmode"] = "numeric"
            else:
                attrs.update({"type": "text", "spellcheck": "false"})
                if spec["placeholder"]:
                    attrs["placeholder"] = spec["placeholder"]
            if spec["optional"] and not value:
                attrs["placeholder"] = attrs.get("placeholder", "–")
            html.el(wrap, "input", attrs)
            if spec["kind"] == "path":
                pad = html.el(wrap, "div", {"class": "calc-symbols", "role": "group",
                                            "aria-label": "Add a region type to the path"})
                for letter in REGION_LETTERS:
                    html.el(pad, "button", {"type": "button", "class": f"badge badge--region badge--{letter}",
                                            "data-symbol": letter, "title": REGION_TYPES[letter],
                                            "aria-label": f"Add {REGION_TYPES[letter]} ({letter})"}, letter)
                html.el(pad, "button", {"type": "button", "class": "calc-symbols__back", "data-symbol": "back",
                                        "aria-label": "Remove the last region"}, "⌫")
                html.el(pad, "button", {"type": "button", "class": "calc-symbols__clear", "data-symbol": "clear",
                                        "aria-label": "Clear the path"}, "Clear")
    hint = html.el(wrap, "p", {"class": "calc-hint", "id": f"{dom_id}-hint"}, spec["hint"] + " " if spec["hint"] else None)
    if spec["term"]:
        link = html.el(hint, "a", {"class": "calc-term", "href": f"/glossary.md#g-{spec['term']}"}, "Glossary")
        link.set("aria-label", f"Glossary: {spec['term'].replace('-', ' ')}")
    html.el(wrap, "p", {"class": "calc-error", "id": f"{dom_id}-error", "role": "alert", "hidden": "hidden"})


def render_rows(html, form, view_id, rows, values):
    group = html.el(form, "fieldset", {"class": "calc-rows", "data-rows": rows["param"]})
    html.el(group, "legend", None, rows["label"])
    holder = html.el(group, "div", {"class": "calc-rows__list"})
    for index, row in enumerate(values):
        render_row(html, holder, view_id, rows, row, index)
    template = html.el(group, "template", {"class": "calc-rows__template"})
    render_row(html, template, view_id, rows, {f["name"]: f["default"] for f in rows["fields"]}, "__i__")
    actions = html.el(group, "div", {"class": "calc-rows__actions"})
    html.el(actions, "button", {"type": "button", "class": "md-button calc-rows__add"}, "Add a character")


def render_row(html, parent, view_id, rows, row, index):
    box = html.el(parent, "fieldset", {"class": "calc-row", "data-row": index})
    html.el(box, "legend", {"class": "calc-row__legend"}, f"Character {index + 1}" if isinstance(index, int)
            else "Character")
    for spec in rows["fields"]:
        render_input(html, box, view_id, spec, row.get(spec["name"], spec["default"]), f"-{index}")
    html.el(box, "button", {"type": "button", "class": "calc-row__remove",
                            "aria-label": "Remove this character"}, "Remove")


def render_form(html, parent, view_id, view, values):
    form = html.el(parent, "form", {"class": "calc-form", "novalidate": "novalidate",
                                    "aria-label": view["title"]})
    html.el(form, "p", {"class": "calc-message", "role": "status", "hidden": "hidden"})
    grid = html.el(form, "div", {"class": "calc-fields"})
    for spec in view["fields"]:
        render_input(html, grid, view_id, spec, values[spec["name"]])
    if view.get("rows"):
        render_rows(html, form, view_id, view["rows"], values["rows"])
    if view.get("roll_fields"):
        rolled = html.el(form, "fieldset", {"class": "calc-roll"})
        html.el(rolled, "legend", None, "I rolled…")
        html.el(rolled, "p", {"class": "calc-hint"}, "Enter the dice you rolled to resolve that one roll; "
                                                      "leave empty to see the chances.")
        for spec in view["roll_fields"]:
            render_input(html, rolled, view_id, spec, values[spec["name"]])
    actions = html.el(form, "div", {"class": "calc-actions"})
    html.el(actions, "button", {"type": "button", "class": "md-button md-button--primary calc-copy"}, "Copy link")
    html.el(actions, "button", {"type": "button", "class": "md-button calc-reset"}, "Reset to defaults")
    html.el(actions, "span", {"class": "calc-copied", "role": "status"})


# --- links from the rulebook's pages ------------------------------------------------------------

CALCULATOR_LINKS = Path(__file__).resolve().parents[2] / "sources" / "calculator-links.yaml"


@lru_cache(maxsize=1)
def calculator_links() -> dict:
    import yaml

    return yaml.safe_load(CALCULATOR_LINKS.read_text(encoding="utf-8")) or {}


def calculator_link_lines(section_key: str) -> list[str]:
    """Markdown for a generated rules page (docs/rules/) whose section a calculator covers."""
    link = calculator_links().get(section_key)
    if not link:
        return []
    target = "../" + link["page"]
    return [f"[{link['label']}]({target}): {link['covers']}.", "{: .calc-link }", ""]


# --- the block ---------------------------------------------------------------------------------

_MELE_RULE = re.compile(r"^\d+\.\d+\.\d+$")


def engine_rule_ids() -> list[str]:
    """The MELE rules the engine can cite (the SBG rules belong to other calculators)."""
    return sorted({value.id for value in vars(citations).values()
                   if isinstance(value, citations.Rule) and _MELE_RULE.match(value.id)})


class CalculatorBlock(Block):
    NAME = "calculator"
    ARGUMENT = True

    def on_validate(self, parent) -> bool:
        return self.argument in VIEWS

    def on_create(self, parent):
        view_id = self.argument
        view = VIEWS[view_id]
        index = self.config["index"]
        rules = _rule_index(index)
        missing = [rule_id for rule_id in engine_rule_ids() if rule_id not in rules]
        if missing:
            raise ValueError(f"calculator {view_id}: the engine cites rules that do not exist: {missing}")
        html = Html(lambda rule_id: "/" + rule_urls(index)[rule_id])
        values = default_values(view)
        result = run(view["engine"], engine_params(view, values))
        if "error" in result:
            raise ValueError(f"calculator {view_id}: its defaults are rejected by the engine: {result['error']}")
        config = {
            "view": view_id, "engine": view["engine"], "render": view["render"], "title": view["title"],
            "fields": view["fields"], "rollFields": view.get("roll_fields", []), "rows": view.get("rows"),
            "outcomes": view.get("outcomes", {}), "strikeOutcomes": view.get("strike_outcomes", {}),
            "leastLabel": view.get("least_label", ""), "params": view.get("params", {}),
            "defaults": values, "ruleUrls": {rule_id: rules[rule_id] for rule_id in engine_rule_ids()},
            "wheel": wheel_site_path(),
        }
        box = html.el(parent, "div", {"class": "calculator no-glossary", "id": f"calc-{view_id}",
                                      "data-view": view_id, "data-config": json.dumps(config, ensure_ascii=False,
                                                                                     separators=(",", ":"))})
        status = html.el(box, "div", {"class": "calc-status", "role": "status", "aria-live": "polite"})
        html.el(status, "span", {"class": "calc-status__text"},
                "Showing the result for the default inputs, worked out when the site was built. "
                "Live updates need JavaScript.")
        html.el(status, "progress", {"class": "calc-status__progress", "max": "3", "hidden": "hidden",
                                     "aria-label": "Loading the engine"})
        render_form(html, box, view_id, view, values)
        section = html.el(box, "section", {"class": "calc-result", "aria-label": "Result", "aria-live": "polite"})
        names = [row.get("name", "") for row in values.get("rows", [])]
        render_result(html, section, view, result, names)
        return box


def _rule_index(index_path: str) -> dict[str, str]:
    """Rule id -> URL from the site root (rules/1-7-combat/#r1-7-24)."""
    path = Path(index_path)
    return _read_rule_index(str(path), path.stat().st_mtime)


@lru_cache(maxsize=4)
def _read_rule_index(index_path: str, mtime: float) -> dict[str, str]:
    entries = json.loads(Path(index_path).read_text(encoding="utf-8"))
    return {entry["id"]: entry["url"] for entry in entries}


class CalculatorBlocksExtension(BlocksExtension):
    def __init__(self, *args, **kwargs):
        self.config = {"index": ["build/rules-index.json", "the rules index written by prebuild"]}
        super().__init__(*args, **kwargs)

    def extendMarkdownBlocks(self, md, block_mgr):
        block_mgr.register(CalculatorBlock, self.getConfigs())


def makeExtension(*args, **kwargs):
    return CalculatorBlocksExtension(*args, **kwargs)
