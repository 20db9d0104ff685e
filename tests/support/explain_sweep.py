"""Inputs that between them reach every explanation step of every calculator (each branch of
each step's wording), for the checks of what a step says against the rule it cites
(tests/calculators/test_explain_evidence.py) and of how a step's editor's note is shown
(tests/calculators/views/test_games_in_forms.py)."""

from __future__ import annotations

from calculators.api import run

STRIKE = {"prowess": 5, "strike_prowess": 10, "body": 8}
RINGWRAITH = {**STRIKE, "body": 9, "ringwraith": True}
WENDY = [  # rule 1.5.30
    {"name": "Troll-chief", "mind": 6, "race": "Troll", "bracket_influence": 3, "bracket_races": "Orc, Troll"},
    {"name": "Troll Lout", "mind": 3, "race": "Troll", "controller": "Troll-chief"},
    {"name": "Orc Tracker", "mind": 3, "race": "Orc"},
    {"name": "Dwar", "direct_influence": 5, "race": "Ringwraith"},
]
BROKEN_SHEET = [
    {"name": "Dwar", "direct_influence": 5},
    {"name": "Indur"},
    {"name": "Uvatha", "controller": "Shagrat"},
    {"name": "Shagrat", "mind": 6, "direct_influence": 2, "site": "Carn Dum"},
    {"name": "Grishnakh", "mind": 3, "controller": "Shagrat", "site": "Moria"},
    {"name": "Orc Tracker", "mind": 3, "controller": "Grishnakh"},
    {"name": "Troll", "mind": 9},
    {"name": "Troll 2", "mind": 9},
    {"name": "Troll 3", "mind": 9},
]
MELE_AUDIENCE = {
    "me": "character=7,item=4,faction=5,ally=2,misc=2",
    "opponent": "character=11,item=5,ally=2",
    "revealed_against_me": 3,
}

SWEEP = [
    # strike: each modifier, each body, detainment, a Ringwraith in each game, each roll's outcome
    ("strike", STRIKE),
    ("strike", {**STRIKE, "weapon": "2"}),
    ("strike", {**STRIKE, "weapon": "2:8"}),
    ("strike", {**STRIKE, "prowess": 9, "weapon": "2:8"}),
    ("strike", {**STRIKE, "state": "tapped"}),
    ("strike", {**STRIKE, "state": "wounded"}),
    ("strike", {**STRIKE, "no_tap": True, "excess": 2, "support": 2, "modifier": -1}),
    ("strike", {**STRIKE, "strike_body": 6, "discard_on": "7,8"}),
    ("strike", {**STRIKE, "prowess": 30}),
    ("strike", {**STRIKE, "prowess": -20}),
    ("strike", {**STRIKE, "detainment": True}),
    ("strike", {**STRIKE, "state": "tapped", "detainment": True}),
    ("strike", RINGWRAITH),
    ("strike", {**RINGWRAITH, "state": "wounded"}),
    ("strike", {**RINGWRAITH, "starter": True}),
    ("strike", {**STRIKE, "starter": True}),
    ("strike", {**STRIKE, "roll": 12}),
    ("strike", {**STRIKE, "strike_body": 6, "roll": 12}),
    ("strike", {**STRIKE, "strike_body": 6, "roll": 12, "body_roll": 7}),
    ("strike", {**STRIKE, "strike_body": 6, "roll": 12, "body_roll": 5}),
    ("strike", {**STRIKE, "roll": 5}),
    ("strike", {**STRIKE, "roll": 2}),
    ("strike", {**STRIKE, "discard_on": "8", "roll": 2, "body_roll": 8}),
    ("strike", {**STRIKE, "roll": 2, "body_roll": 9}),
    ("strike", {**STRIKE, "roll": 2, "body_roll": 4}),
    ("strike", {**RINGWRAITH, "roll": 2, "body_roll": 8}),
    ("strike", {**RINGWRAITH, "starter": True, "roll": 2, "body_roll": 10}),
    ("strike", {**STRIKE, "detainment": True, "roll": 2}),
    ("attack", {"strikes": [STRIKE, {**STRIKE, "prowess": 3}]}),
    ("attack", {"strikes": [{**STRIKE, "detainment": True}]}),
    # corruption checks and removal
    ("corruption", {"points": 5}),
    ("corruption", {"points": 5, "modifier": 1, "checks": 3}),
    ("corruption", {"points": 5, "checks": 3, "roll": "7,12,4"}),
    ("corruption", {"points": 8, "modifier": -1, "checks": 3, "roll": "2,12,12"}),
    ("corruption", {"points": 5, "roll": "5"}),
    ("corruption", {"points": 5, "ringwraith": True}),
    ("corruption", {"remove": 6}),
    ("corruption", {"remove": 4, "no_tap": True}),
    ("corruption", {"remove": 6, "roll": "8"}),
    ("corruption", {"remove": 4, "no_tap": True, "roll": "7"}),
    # influence
    ("influence", {"required": 10, "direct_influence": 2}),
    ("influence", {"required": 10, "direct_influence": 2, "followers_mind": 5, "modifier": "3,2"}),
    ("influence", {"required": 10, "direct_influence": 2, "modifier": "3,2", "roll": 5}),
    ("influence", {"required": 10, "direct_influence": 2, "roll": 3}),
    # keying
    ("keying", {"path": "s w f b", "site": "B", "doors_of_night": True, "fell_winter": True}),
    ("keying", {"path": "s w f b", "fell_winter": True}),
    ("keying", {"path": "s w f b", "doors_of_night": True}),
    ("keying", {"path": "d w w", "site": "R"}),
    ("keying", {"path": "w w w s", "site": "S"}),
    ("keying", {"not_moving": True, "site": "DH", "geann_a_lisch": True}),
    ("keying", {"path": "w s d", "site": "R", "keyed_to": "shadow-hold"}),
    ("keying", {"path": "w s d", "site": "S", "keyed_to": "shadow-hold"}),
    ("keying", {"path": "w s w", "keyed_to": "double-wilderness"}),
    ("keying", {"path": "w s d", "keyed_to": "double-wilderness"}),
    ("keying", {"path": "w s d", "keyed_to": "free-domain"}),
    ("keying", {"path": "s", "keyed_to": "shadow-land"}),
    ("keying", {"not_moving": True, "site": "DH", "keyed_to": "wilderness"}),
    ("keying", {"not_moving": True, "site": "DH", "geann_a_lisch": True, "keyed_to": "ruins-lairs"}),
    # hazard limit
    ("hazard-limit", {"characters": 5}),
    ("hazard-limit", {"characters": 3, "orc_scouts": 2, "halved": True}),
    ("hazard-limit", {"characters": 3, "starter": True}),
    ("hazard-limit", {"characters": 3, "orc_scouts": 2, "starter": True}),
    # the Audience
    ("audience", MELE_AUDIENCE),
    ("audience", {"me": "character=4", "opponent": "character=4"}),
    ("audience", {"me": "character=7,item=4", "opponent": "character=11,item=5", "starter": True}),
    # control sheet
    ("control-sheet", {"characters": WENDY}),
    ("control-sheet", {"characters": [{"name": "A", "mind": 5, "direct_influence": 2}, {"name": "B", "mind": 3}]}),
    ("control-sheet", {"characters": BROKEN_SHEET}),
    ("control-sheet", {"characters": BROKEN_SHEET, "starter": True}),
    # Strategy Battle Game
    ("swim", {"edition": "advanced"}),
    ("swim", {"edition": "advanced", "cavalry": True, "heavy_armour": True, "shield": True, "banner": True}),
    ("swim", {"edition": "advanced", "prone_in_deep": True, "roll": 1}),
    ("swim", {"edition": "advanced", "roll": 4}),
    ("swim", {"edition": "advanced", "cavalry": True, "roll": 6}),
    ("swim", {"edition": "article"}),
    ("swim", {"edition": "article", "no_armour": True}),
    ("swim", {"edition": "article", "heavy_armour": True, "shield": True, "roll": 1}),
    ("swim", {"edition": "article", "heavy_armour": True}),
    ("swim", {"edition": "article", "shield": True, "roll": 6}),
    ("passenger-hit", {}),
    ("passenger-hit", {"roll": 2}),
    ("mount", {}),
    ("mount", {"roll": 1}),
    ("mount", {"roll": 3}),
    ("mount", {"roll": 6}),
]


def results() -> list[tuple[str, dict, dict]]:
    """(calculator, params, its result's to_dict()) for each input of the sweep."""
    found = []
    for name, params in SWEEP:
        result = run(name, params)
        if "error" in result:
            raise AssertionError(f"{name} {params}: {result['error']}")
        found.append((name, params, result))
    return found


def cited_texts(result: dict) -> list[dict]:
    """Every text of a result that cites a rule: its steps, the keying's facts, the sheet's broken rules
    (each as {"text", "rule", "note"})."""
    texts = list(result.get("answer", ())) + list(result["explain"]) + list(result.get("facts", ()))
    texts += [{"text": v["message"], "rule": v["rule"], "note": v["note"]} for v in result.get("violations", ())]
    for strike in result.get("strikes", ()):
        texts += cited_texts(strike)
    return texts
