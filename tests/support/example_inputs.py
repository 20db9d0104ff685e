"""The inputs of the rulebook's worked examples that differ from the calculators' neutral
defaults (rows: the whole list), for the agreement scenarios (tests/browser/scenarios.py)."""

from __future__ import annotations

_BROIN_AND_COMPANY = [  # the Example of Combat's characters (rule 1.7.57)
    {"name": "Bróin", "prowess": "3", "body": "8", "state": "tapped", "no_tap": "", "support": "0", "modifier": "-1"},
    {
        "name": "Nevido Smôd",
        "prowess": "4",
        "body": "8",
        "state": "untapped",
        "no_tap": "",
        "support": "0",
        "modifier": "0",
    },
    {
        "name": "Dôgrib",
        "prowess": "4",
        "body": "7",
        "state": "untapped",
        "no_tap": "1",
        "support": "0",
        "modifier": "0",
    },
    {
        "name": "Threlin",
        "prowess": "4",
        "body": "7",
        "state": "untapped",
        "no_tap": "",
        "support": "0",
        "modifier": "0",
    },
    {"name": "Jerrek", "prowess": "5", "body": "8", "state": "untapped", "no_tap": "", "support": "0", "modifier": "0"},
]

_WENDYS_CHARACTERS = [  # rule 1.5.30
    {
        "name": "Troll-chief",
        "mind": "6",
        "direct_influence": "0",
        "controller": "",
        "race": "Troll",
        "bracket_influence": "3",
        "bracket_races": "Orc, Troll",
    },
    {
        "name": "Troll Lout",
        "mind": "3",
        "direct_influence": "0",
        "controller": "Troll-chief",
        "race": "Troll",
        "bracket_influence": "0",
        "bracket_races": "",
    },
    {
        "name": "Shagrat",
        "mind": "6",
        "direct_influence": "0",
        "controller": "",
        "race": "Orc",
        "bracket_influence": "4",
        "bracket_races": "Orc, Troll",
    },
    {
        "name": "Grishnákh",
        "mind": "3",
        "direct_influence": "0",
        "controller": "Shagrat",
        "race": "Orc",
        "bracket_influence": "0",
        "bracket_races": "",
    },
    {
        "name": "Orc Tracker",
        "mind": "3",
        "direct_influence": "0",
        "controller": "",
        "race": "Orc",
        "bracket_influence": "0",
        "bracket_races": "",
    },
    {
        "name": "Dwar",
        "mind": "",
        "direct_influence": "5",
        "controller": "",
        "race": "Ringwraith",
        "bracket_influence": "0",
        "bracket_races": "",
    },
]

# view -> the examples' inputs that differ from the defaults (rows: the whole list).
EXAMPLE_INPUTS = {
    "strike": {"discard_on": "8"},
    "attack": {"strike_prowess": "7", "rows": _BROIN_AND_COMPANY},
    "influence": {"modifier": "3,2"},
    "control-sheet": {"rows": _WENDYS_CHARACTERS},
    "keying": {"path": "d w w", "site": "R"},
    "hazard-limit": {"characters": "5"},
    "audience": {
        "me_character": "7",
        "me_item": "4",
        "me_faction": "5",
        "me_ally": "2",
        "me_misc": "2",
        "opponent_character": "11",
        "opponent_item": "5",
        "opponent_ally": "2",
        "revealed_against_me": "3",
    },
}


def example_inputs(view_id: str) -> dict:
    return EXAMPLE_INPUTS.get(view_id, {})
