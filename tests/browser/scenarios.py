"""Inputs for the agreement tests: at least three per calculator, the rulebook's
worked examples among them (tests/calculators/test_worked_examples.py)."""

from __future__ import annotations

import copy

from tests.support.browser import defaults
from tests.support.example_inputs import example_inputs


def values(view: str, changes: dict | None = None, rows: list[dict] | None = None) -> dict:
    """The rulebook's examples' inputs, changed."""
    result = {**defaults(view), **copy.deepcopy(example_inputs(view))}
    result.update(changes or {})
    if rows is not None:
        blank = {name: value for name, value in defaults(view)["rows"][0].items()}
        blank = {name: "" if name == "name" else value for name, value in blank.items()}
        result["rows"] = [
            {**blank, "state": "untapped", "no_tap": "", "modifier": "0", **row}
            if view == "attack"
            else {**_sheet_blank(), **row}
            for row in rows
        ]
    return result


def _sheet_blank() -> dict:
    return {
        "name": "",
        "mind": "",
        "direct_influence": "0",
        "controller": "",
        "race": "",
        "bracket_influence": "0",
        "bracket_races": "",
    }


# (id, view, values, what the book or the rules say the result must show)
SCENARIOS = [
    # Lagduf (WE-08): taps against the Huorn, rolls 8: 13 > 10, the strike is defeated.
    ("lagduf-huorn", "strike", values("strike", {"roll": "8"}), {"outcome": "defeated"}),
    # Lagduf, tapped, against the Slayer's second strike: roll 3, body check 8 -> discarded.
    (
        "lagduf-slayer",
        "strike",
        values("strike", {"state": "tapped", "strike_prowess": "11", "roll": "3", "body_roll": "8"}),
        {"outcome": "discarded"},
    ),
    ("lagduf-tapped-chances", "strike", values("strike", {"state": "tapped", "strike_prowess": "11"}), {}),
    (
        "spear-wounded-supported",
        "strike",
        values(
            "strike",
            {
                "prowess": "7",
                "weapon": "2:8",
                "state": "wounded",
                "support": "1",
                "strike_body": "6",
                "discard_on": "",
                "detainment": "1",
            },
        ),
        {},
    ),
    # Example of Combat (WE-10): the Orc-warband's five strikes of 7.
    ("orc-warband", "attack", values("attack"), {}),
    (
        "landroval-two-strikes",
        "attack",
        values(
            "attack",
            {"strike_prowess": "12", "strike_body": "6"},
            rows=[
                {"name": "Gorbag", "prowess": "6", "body": "8"},
                {"name": "Muzgash", "prowess": "4", "body": "8", "support": "3"},
            ],
        ),
        {},
    ),
    (
        "detainment",
        "attack",
        values(
            "attack",
            {"detainment": "1"},
            rows=[
                {"prowess": "3", "body": ""},
                {"prowess": "5", "body": "", "state": "wounded"},
                {"prowess": "2", "body": "", "no_tap": "1"},
            ],
        ),
        {},
    ),
    # Layos (WE-12): 5 corruption points, three checks rolled 7, 12, 4 -> he taps.
    ("layos-three-checks", "corruption", values("corruption", {"checks": "3", "roll": "7,12,4"}), {"outcome": "taps"}),
    # Layos at the end: 7 points, roll 5 -> eliminated.
    ("layos-eliminated", "corruption", values("corruption", {"points": "7", "roll": "5"}), {"outcome": "eliminated"}),
    ("corruption-chances", "corruption", values("corruption", {"points": "7", "modifier": "1", "checks": "2"}), {}),
    # Tarcil (WE-11): Lure of the Senses (> 6), taps, roll 8 -> removed.
    ("tarcil-senses", "removal", values("removal", {"roll": "8"}), {"outcome": "removed"}),
    # Lure of Nature (> 4), already tapped (-3), roll 6 -> stays.
    ("tarcil-nature", "removal", values("removal", {"remove": "4", "no_tap": "1", "roll": "6"}), {"outcome": "kept"}),
    ("removal-chances", "removal", values("removal", {"no_tap": "1"}), {}),
    # Ice-orcs (WE-13), with the bullets' modifiers: roll 5 -> 12 > 10 success; roll 3 -> 10, failure.
    ("ice-orcs-5", "influence", values("influence", {"roll": "5"}), {"outcome": "success"}),
    ("ice-orcs-3", "influence", values("influence", {"roll": "3"}), {"outcome": "failure"}),
    (
        "influence-chances",
        "influence",
        values("influence", {"required": "12", "direct_influence": "4", "followers_mind": "2", "modifier": "-1"}),
        {},
    ),
    # Wendy's characters (WE-02): 5 general influence unused.
    ("wendy-sheet", "control-sheet", values("control-sheet"), {"text": "5 unused"}),
    (
        "sheet-too-many-followers",
        "control-sheet",
        values(
            "control-sheet",
            rows=[
                {"name": "Tarcil", "mind": "6", "direct_influence": "2"},
                {"name": "Ciryaher", "mind": "5", "direct_influence": "2", "controller": "Tarcil"},
            ],
        ),
        {"text": "not legal"},
    ),
    (
        "sheet-ringwraith",
        "control-sheet",
        values(
            "control-sheet",
            rows=[
                {"name": "Indûr", "direct_influence": "5", "race": "Ringwraith"},
                {"name": "Ciryaher", "mind": "5", "direct_influence": "2", "controller": "Indûr"},
                {"name": "Orc Captain", "mind": "5", "direct_influence": "0"},
            ],
        ),
        {},
    ),
    # Dol Guldur to the Lonely Mountain (WE-05/06): d w w, a Ruins & Lairs -> d, w, ww; R.
    (
        "dol-guldur-lonely-mountain",
        "keying",
        values("keying"),
        {"text": "Region keyingsd Dark-domain, w Wilderness, ww double Wilderness"},
    ),
    ("minas-morgul-dol-guldur", "keying", values("keying", {"path": "s d d s d", "site": "DH"}), {}),
    (
        "keyed-to-shadow-hold-at-ruins",
        "keying",
        values("keying", {"keyed_to": "shadow-hold"}),
        {"text": "Can be played: no"},
    ),
    (
        "doors-of-night-fell-winter",
        "keying",
        values("keying", {"path": "s w f b", "site": "B", "doors_of_night": "1", "fell_winter": "1"}),
        {"text": "Effective site path: s w f b -> s w b w"},
    ),
    ("hazard-five", "hazard-limit", values("hazard-limit", {"characters": "5"}), {"text": "Hazard limit 5"}),
    ("hazard-minimum", "hazard-limit", values("hazard-limit", {"characters": "1"}), {"text": "Hazard limit 2"}),
    ("hazard-halved-scouts", "hazard-limit", values("hazard-limit", {"orc_scouts": "2", "halved": "1"}), {}),
    # The Standard audience (WE-18): Wendy 22, Nick 14.
    ("standard-audience", "audience", values("audience"), {"text": "Me 22, opponent 14: I win"}),
    (
        "hillmen-counterfactual",
        "audience",
        values("audience", {"opponent_faction": "4"}),
        {"text": "Me 17, opponent 22"},
    ),
    ("starter-audience", "audience", values("audience", {"starter": "1", "revealed_against_me": "0"}), {}),
]

# The Strategy Battle Game page: the Swim Test in each edition, and the two plain D6 rolls.
SBG_SCENARIOS = [
    ("swim-advanced-defaults", "swim", values("swim"), {"text": "Swim Test, Advanced Rules: D6 +0"}),
    (
        "swim-advanced-cavalry-shield-banner",
        "swim",
        values("swim", {"cavalry": "1", "shield": "1", "banner": "1"}),
        {"text": "D6 -1"},
    ),
    # Knocked Prone in Deep Water in heavy armour: 2 - 2 = 0, counted as 1: sinks.
    (
        "swim-advanced-prone-heavy-roll-2",
        "swim",
        values("swim", {"heavy_armour": "1", "prone_in_deep": "1", "roll": "2"}),
        {"outcome": "sink"},
    ),
    (
        "swim-advanced-cavalry-roll-5",
        "swim",
        values("swim", {"cavalry": "1", "roll": "5"}),
        {"outcome": "swim_strongly"},
    ),
    ("swim-article-plain", "swim", values("swim", {"edition": "article"}), {"text": "Swimming chart is missing"}),
    # The article's combined row: a shield and heavy armour, -2.
    (
        "swim-article-shield-heavy",
        "swim",
        values("swim", {"edition": "article", "shield": "1", "heavy_armour": "1"}),
        {"text": "D6 -2"},
    ),
    ("swim-article-no-armour", "swim", values("swim", {"edition": "article", "no_armour": "1"}), {"text": "D6 +1"}),
    (
        "swim-article-shield-roll-4",
        "swim",
        values("swim", {"edition": "article", "shield": "1", "roll": "4"}),
        {"outcome": "3"},
    ),
    ("passenger-hit-chances", "passenger-hit", values("passenger-hit"), {}),
    ("passenger-hit-3", "passenger-hit", values("passenger-hit", {"roll": "3"}), {"outcome": "passenger"}),
    ("passenger-hit-4", "passenger-hit", values("passenger-hit", {"roll": "4"}), {"outcome": "rider"}),
    ("mount-chances", "mount", values("mount"), {}),
    ("mount-1", "mount", values("mount", {"roll": "1"}), {"outcome": "fails"}),
    ("mount-6", "mount", values("mount", {"roll": "6"}), {"outcome": "mounts_cavalry_may_activate"}),
]
SCENARIOS += SBG_SCENARIOS
