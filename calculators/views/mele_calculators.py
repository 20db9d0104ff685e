"""The card game's calculator views: what each calculator asks for, as data.

A view names its engine calculator and its renderer (results.py), and lists its
fields, its "I rolled…" fields, and for a list of characters its rows. Every view
opens at neutral values (no modifier, no weapon, no discard-on result, untapped: see
fields.py); `example` is the rulebook's worked example that "Load the rulebook
example" fills in: the rule it is, and the values that differ from the defaults.
"""

from __future__ import annotations

from calculators.audience import AUDIENCE_OPTIONS as AUDIENCE
from calculators.audience import MP_TYPES
from calculators.control_sheet import CHARACTER_OPTIONS as CHARACTER
from calculators.control_sheet import CHARACTERS, SHEET_OPTIONS
from calculators.corruption import CHECK_OPTIONS, CHECK_ROLLS, REMOVAL_OPTIONS, REMOVAL_ROLL
from calculators.hazard_limit import HAZARD_LIMIT_OPTIONS as HAZARD
from calculators.influence import INFLUENCE_OPTIONS as INFLUENCE
from calculators.influence import INFLUENCE_ROLL
from calculators.keying import KEYED_TO, SITE_NAMES, keying_name
from calculators.keying import KEYING_OPTIONS as KEYING
from calculators.strike import STRIKE_OPTIONS as STRIKE
from calculators.strike import STRIKE_ROLLS, STRIKES
from calculators.views.fields import field, label_field

STATE_LABELS = {"untapped": "Untapped", "tapped": "Tapped (−1)", "wounded": "Wounded (−2)"}
SITE_LABELS = {"": "None / not given", **{code: f"{name} ({code})" for code, name in SITE_NAMES.items()}}
# Each keying by its name and kind, with its symbol as the rulebook writes it ("s s", "S").
KEYED_TO_LABELS = {
    "": "– (list every keying)",
    **{
        value: f"{keying_name(code)} ({'site' if code in SITE_NAMES else 'region'}, {' '.join(code) if code.islower() else code})"
        for value, code in KEYED_TO.items()
    },
}

STRIKE_OUTCOMES = {
    "defeated": "Strike fails and is defeated",
    "failed": "Strike fails, not defeated (its body check)",
    "ineffectual": "Ineffectual (a tie)",
    "detained": "Detained: he taps",
    "wounded": "Wounded, survives",
    "discarded": "Wounded, then discarded",
    "eliminated": "Wounded, then eliminated",
    "returned_to_hand": "Ringwraith returns to hand",
}
STRIKE_TOTALS = {"wounded": "Wounded (in all)", "out_of_play": "Out of play (discarded or eliminated)"}
RINGWRAITH_TOTALS = {**STRIKE_TOTALS, "out_of_play": "Out of play (discarded, eliminated or back to hand)"}

_character_fields = [
    field(
        STRIKE["prowess"],
        "Character's prowess",
        "His printed prowess with lasting bonuses; the modifiers are added for you.",
        start=5,
    ),
    field(
        STRIKE["body"],
        "Character's body",
        "Used for his body check if the strike wounds him. Leave empty only for a detainment attack.",
        start=8,
    ),
    field(
        STRIKE["state"], "Character's state", "Tapped −1 prowess, wounded −2 (not both).", choice_labels=STATE_LABELS
    ),
]
_no_tap = field(
    STRIKE["no_tap"], "He doesn't tap: −3 prowess", "An untapped character may take −3 to stay untapped.", more=True
)

MELE_VIEWS = {
    "strike": {
        "engine": "strike",
        "render": "chances",
        "title": "One strike and its body checks",
        "least_label": "Natural roll that makes the strike fail",
        "outcomes": STRIKE_OUTCOMES,
        "totals": STRIKE_TOTALS,
        "ringwraith_totals": RINGWRAITH_TOTALS,
        "fields": _character_fields
        + [
            field(
                STRIKE["strike_prowess"],
                "Strike's prowess",
                "The attack's prowess for this strike, with its modifiers.",
                start=10,
            ),
            field(STRIKE["strike_body"], "Strike's body", "Leave empty for “–”: a strike that fails is then defeated."),
            _no_tap,
            field(
                STRIKE["excess"],
                "Excess strikes on him",
                "−1 prowess for each excess strike allocated to him.",
                more=True,
            ),
            field(
                STRIKE["support"],
                "Supporting characters",
                "Standard Rules: +1 prowess for each untapped character (or ally) in his company, "
                "not itself the target of a strike, who taps to support him.",
                more=True,
            ),
            field(
                STRIKE["modifier"],
                "Other prowess modifiers",
                "From cards, signed: −1 for Weariness of the Heart.",
                more=True,
            ),
            field(
                STRIKE["weapon"],
                "Weapon: bonus and maximum",
                "Written BONUS:MAX, e.g. 2:8 for +2 to a maximum of 8; applied first.",
                placeholder="2:8",
                more=True,
            ),
            field(
                STRIKE["discard_on"],
                "Discarded on body check results",
                "Results printed on his card, e.g. 7,8 (Lagduf: 8).",
                placeholder="7,8",
                more=True,
            ),
            field(
                STRIKE["detainment"],
                "Detainment attack",
                "A successful strike never wounds him; it taps him if he is untapped.",
                more=True,
            ),
            field(
                STRIKE["ringwraith"],
                "He is a Ringwraith",
                "Standard Rules: a body check of exactly 7 or 8 returns him to hand.",
                more=True,
            ),
            field(STRIKE["starter"], "Starter Rules", "No support, and no return to hand for a Ringwraith.", more=True),
        ],
        "game_field": "starter",
        "roll_fields": [
            field(STRIKE_ROLLS["roll"], "Strike roll", "The defender's natural 2D6."),
            field(STRIKE_ROLLS["body_roll"], "Body check roll", "The attacker's natural 2D6, if he was wounded."),
        ],
        "example": {
            "rule": "1.7.45",
            "label": "Lagduf (5/8, discarded on an 8) rolls 8 against the Huorn's strike of 10",
            "values": {"prowess": "5", "body": "8", "discard_on": "8", "strike_prowess": "10", "roll": "8"},
        },
    },
    "attack": {
        "engine": "attack",
        "render": "attack",
        "title": "One attack against several characters",
        "outcomes": {"defeated": "Attack defeated (every strike defeated)", "not_defeated": "Attack not defeated"},
        "totals": {"wounded": "At least one wounded", "out_of_play": "At least one out of play"},
        "strike_outcomes": STRIKE_OUTCOMES,
        "strike_totals": STRIKE_TOTALS,
        "fields": [
            field(
                STRIKE["strike_prowess"],
                "Each strike's prowess",
                "Orc-warband: 4, +3 against a company that faced an Orc attack.",
                start=9,
            ),
            field(STRIKE["strike_body"], "Each strike's body", "Leave empty for “–”."),
            field(
                STRIKE["detainment"],
                "Detainment attack",
                "A detainment attack from a creature is never defeated.",
                more=True,
            ),
            field(STRIKE["starter"], "Starter Rules", "No support.", more=True),
        ],
        "game_field": "starter",
        "rows": {
            "param": STRIKES.name,
            "label": "Characters facing a strike",
            "min": STRIKES.low,
            "max": STRIKES.high,
            "shared": ["strike_prowess", "strike_body", "detainment", "starter"],
            "fields": [
                label_field("name", "Name", "Only labels the result.", max_length=40),
                *_character_fields,
                _no_tap,
                field(STRIKE["support"], "Support", "+1 each (Standard Rules).", more=True),
                field(STRIKE["modifier"], "Other modifiers", "Signed.", more=True),
            ],
            "more_label": "Modifiers",
            "defaults": [{}, {}],
        },
        "example": {
            "rule": "1.7.57",
            "label": "the Orc-warband's five strikes of 7 against your company",
            "values": {"strike_prowess": "7"},
            "rows": [
                {"name": "Bróin", "prowess": "3", "body": "8", "state": "tapped", "modifier": "-1"},
                {"name": "Nevido Smôd", "prowess": "4", "body": "8"},
                {"name": "Dôgrib", "prowess": "4", "body": "7", "no_tap": "1"},
                {"name": "Threlin", "prowess": "4", "body": "7"},
                {"name": "Jerrek", "prowess": "5", "body": "8"},
            ],
        },
    },
    "corruption": {
        "engine": "corruption",
        "render": "chances",
        "title": "Corruption check",
        "least_label": "Natural roll that passes (not eliminated)",
        "outcomes": {
            "nothing": "Nothing happens",
            "taps": "Taps (if untapped), passes",
            "eliminated": "Fails: eliminated",
        },
        "totals": {"survives": "Survives (nothing happens, or he taps)"},
        "fields": [
            field(
                CHECK_OPTIONS["points"],
                "Corruption points",
                "The total of the unsigned corruption point values on his cards.",
                start=5,
            ),
            field(
                CHECK_OPTIONS["modifier"],
                "Check modifier",
                "Signed modifiers to the roll, e.g. +1.",
                term="corruption_modifier",
            ),
            field(
                CHECK_OPTIONS["checks"], "Checks in a row", "How many checks he makes, one after another.", more=True
            ),
            field(
                CHECK_OPTIONS["ringwraith"],
                "He is a Ringwraith",
                "Ringwraiths never make corruption checks.",
                more=True,
            ),
        ],
        "roll_fields": [
            field(CHECK_ROLLS, "Your rolls", "One natural 2D6 per check, e.g. 7,12,4.", placeholder="7,12,4"),
        ],
        "example": {
            "rule": "1.8.21",
            "label": "Layos (5 corruption points) makes three checks and rolls 7, 12 and 4",
            "values": {"points": "5", "checks": "3", "roll": "7,12,4"},
        },
    },
    "removal": {
        "engine": "corruption",
        "render": "chances",
        "title": "Removing a corruption card",
        "least_label": "Natural roll that removes the card",
        "outcomes": {"removed": "Card removed", "kept": "Card stays"},
        "fields": [
            field(
                REMOVAL_OPTIONS["remove"],
                "Removal number",
                "The card's number: the roll must be greater. Lure of the Senses: 6.",
                start=6,
            ),
            field(
                REMOVAL_OPTIONS["no_tap"],
                "Doesn't tap, or is already tapped or wounded: −3",
                "Only one such attempt per card each turn.",
                term="removal_no_tap",
            ),
        ],
        "roll_fields": [field(REMOVAL_ROLL, "Removal roll", "Your natural 2D6.")],
        "example": {
            "rule": "1.8.20",
            "label": "Tarcil taps to remove Lure of the Senses (6) and rolls 8",
            "values": {"remove": "6", "roll": "8"},
        },
    },
    "influence": {
        "engine": "influence",
        "render": "chances",
        "title": "Influence check for a faction",
        "least_label": "Natural roll that brings the faction in",
        "outcomes": {"success": "Faction comes into play", "failure": "Faction discarded"},
        "fields": [
            field(INFLUENCE["required"], "Faction's number", "The roll must be greater. Ice-orcs: 10.", start=10),
            field(
                INFLUENCE["direct_influence"],
                "Character's direct influence",
                "The tapped character's direct influence.",
                start=2,
            ),
            field(
                INFLUENCE["modifier"],
                "Modifiers",
                "Signed, separated by commas: his own bonus (only if he is "
                "the one tapped) and standard modifications, e.g. 3,2.",
                placeholder="3,2",
                term="influence_modifier",
            ),
            field(
                INFLUENCE["followers_mind"],
                "His followers' total mind",
                "Subtracted to give his unused direct influence.",
                more=True,
            ),
        ],
        "roll_fields": [field(INFLUENCE_ROLL, "Influence roll", "Your natural 2D6.")],
        "example": {
            "rule": "1.9.10",
            "label": "the Lieutenant of Morgul (direct influence 2, his own +3, the "
            "standard +2) rolls 5 for the Ice-orcs (10)",
            "values": {"required": "10", "direct_influence": "2", "modifier": "3,2", "roll": "5"},
        },
    },
    "control-sheet": {
        "engine": "control-sheet",
        "render": "sheet",
        "title": "General and direct influence",
        "fields": [field(SHEET_OPTIONS["starter"], "Starter Rules", "No Ringwraith followers.", more=True)],
        "game_field": "starter",
        "rows": {
            "param": CHARACTERS.name,
            "label": "Your characters",
            "min": CHARACTERS.low,
            "max": CHARACTERS.high,
            "shared": [],
            "fields": [
                field(CHARACTER["name"], "Name", "Each name once.", start=""),
                field(CHARACTER["mind"], "Mind", "Empty for a Ringwraith (no mind).", start=""),
                field(CHARACTER["direct_influence"], "Direct influence", "His printed DI.", start=0),
                field(
                    CHARACTER["controller"],
                    "Controlled by",
                    "One of the other characters here; none for general influence.",
                    start="",
                    control="controller",
                )
                | {"options": [["", "– none: general influence"]]},  # then the sheet's other characters
                field(CHARACTER["race"], "Race", "e.g. Orc, Troll, Ringwraith.", start="", more=True),
                field(
                    CHARACTER["bracket_influence"],
                    "Bracketed DI",
                    "The […] value, only for followers of the races below.",
                    start=0,
                    more=True,
                ),
                field(
                    CHARACTER["bracket_races"], "Bracket races", "e.g. Orc, Troll.", term="race", start="", more=True
                ),
            ],
            "more_label": "Race and bracketed influence",
            "defaults": [
                {"name": "Character 1", "mind": "5", "direct_influence": "2"},
                {"name": "Character 2", "mind": "3"},
            ],
        },
        "example": {
            "rule": "1.5.30",
            "label": "Wendy's characters: 5 general influence left unused",
            "rows": [
                {
                    "name": "Troll-chief",
                    "mind": "6",
                    "race": "Troll",
                    "bracket_influence": "3",
                    "bracket_races": "Orc, Troll",
                },
                {"name": "Troll Lout", "mind": "3", "race": "Troll", "controller": "Troll-chief"},
                {
                    "name": "Shagrat",
                    "mind": "6",
                    "race": "Orc",
                    "bracket_influence": "4",
                    "bracket_races": "Orc, Troll",
                },
                {"name": "Grishnákh", "mind": "3", "race": "Orc", "controller": "Shagrat"},
                {"name": "Orc Tracker", "mind": "3", "race": "Orc"},
                {"name": "Dwar", "mind": "", "direct_influence": "5", "race": "Ringwraith"},
            ],
        },
    },
    "keying": {
        "engine": "keying",
        "render": "keying",
        "title": "Creature keying",
        "fields": [
            field(
                KEYING["keyed_to"],
                "Creature keyed to",
                "The region or site type the creature is played keyed to.",
                start="wilderness",
                choice_labels=KEYED_TO_LABELS,
            ),
            field(
                KEYING["path"],
                "Site path",
                "Region letters in order: c f b w s d. Type them or tap the symbols.",
                start="w",
                control="path",
                placeholder="d w w",
            ),
            field(
                KEYING["site"],
                "Site type",
                "The new site's type (or the current one if not moving).",
                start="",
                choice_labels=SITE_LABELS,
            ),
            field(
                KEYING["doors_of_night"],
                "Doors of Night is in play",
                "With it in play, Fell Winter changes region types.",
            ),
            field(
                KEYING["fell_winter"],
                "Fell Winter is in play",
                "With Doors of Night, changes region types.",
                term="doors_of_night",
            ),
            field(
                KEYING["not_moving"], "The company did not move", "Only the current site can be keyed to.", more=True
            ),
            field(
                KEYING["geann_a_lisch"],
                "The site is Geann a-Lisch",
                "Creatures keyed to Ruins & Lairs may be played against it too.",
                term="site",
                more=True,
            ),
        ],
        "example": {
            "rule": "1.10.14",
            "label": "Nick's company moves from Minas Morgul to Dunharrow (s w f b, "
            "a Border-hold) under Doors of Night and Fell Winter",
            "values": {"path": "s w f b", "site": "B", "doors_of_night": "1", "fell_winter": "1"},
        },
    },
    "hazard-limit": {
        "engine": "hazard-limit",
        "render": "hazard",
        "title": "Hazard limit",
        "fields": [
            field(
                HAZARD["characters"],
                "Characters, not counting Orc scouts",
                "Every character in the company but its Orc scouts; allies don't count.",
                start=3,
            ),
            field(
                HAZARD["orc_scouts"],
                "Orc scouts",
                "Standard Rules: Orc scouts count half towards the company's size, rounded up over all of them "
                "(erratum B19); the Starter game has no such rule.",
            ),
            field(
                HAZARD["halved"],
                "Halved",
                "Standard Rules: the hazard player brought cards from his sideboard at the end of your untap phase, "
                "with your Ringwraith in play; every company's limit is halved.",
                more=True,
            ),
            field(HAZARD["starter"], "Starter Rules", "Orc scouts count as whole characters; no sideboard.", more=True),
        ],
        "game_field": "starter",
        "example": {
            "rule": "1.7.57",
            "label": "the Example of Combat's company of five characters",
            "values": {"characters": "5"},
        },
    },
    "audience": {
        "engine": "audience",
        "render": "audience",
        "title": "Audience with Sauron",
        "fields": [
            *[
                field(
                    AUDIENCE["me"],
                    f"My {kind} points",
                    f"My {kind} marshalling points, after the corruption checks.",
                    entry=kind,
                    start=0,
                    term="me",
                )
                for kind in MP_TYPES
            ],
            *[
                field(
                    AUDIENCE["opponent"],
                    f"Opponent's {kind} points",
                    f"The opponent's {kind} marshalling points.",
                    entry=kind,
                    start=0,
                    term="opponent",
                )
                for kind in MP_TYPES
            ],
            field(
                AUDIENCE["revealed_against_me"],
                "Cards revealed against me",
                "Unique cards in the opponent's hand matching mine in play: −1 each.",
                term="revealed",
                more=True,
            ),
            field(
                AUDIENCE["revealed_against_opponent"],
                "Cards I reveal",
                "Mine matching the opponent's in play: −1 each to them.",
                term="revealed",
                more=True,
            ),
            field(AUDIENCE["starter"], "Starter Rules", "No doubling, cap or reveals.", more=True),
        ],
        "game_field": "starter",
        "example": {
            "rule": "2.1.12",
            "label": "Wendy (me) and Nick at the Standard Audience",
            "values": {
                **{f"me_{kind}": str(points) for kind, points in zip(MP_TYPES, (7, 4, 5, 2, 0, 2), strict=True)},
                **{f"opponent_{kind}": str(points) for kind, points in zip(MP_TYPES, (11, 5, 0, 2, 0, 0), strict=True)},
                "revealed_against_me": "3",
            },
        },
    },
}
