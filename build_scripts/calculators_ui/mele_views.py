"""The card game's calculator views: what each calculator asks for, as data.

A view names its engine calculator and its renderer (result_html.py), and lists
its fields, its "I rolled…" fields, and for a list of characters its rows.
"""

from __future__ import annotations

from ..symbols import SITE_TYPES
from .fields import field, flag, number, roll_field

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

MELE_VIEWS = {
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

