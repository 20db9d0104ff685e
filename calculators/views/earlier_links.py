"""Links made before the calculators opened with neutral inputs.

Until then the address bar kept only the inputs that differed from the defaults, and the
defaults were the rulebook's examples. Such a link names some inputs and means the old
defaults for the rest. A link made now names every input (Copy link always did), so a
link that leaves inputs out is one of those, and its other inputs are these values.
Frozen history: never change them with the views' defaults or examples.

Inputs renamed since are read as they were meant (`earlier_inputs`): until the hazard limit asked
for the characters and the Orc scouts apart, it asked for the company's size, Orc scouts included.
"""

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

# view -> the earlier defaults that differ from today's (rows: the whole list).
EARLIER_DEFAULTS = {
    "strike": {"discard_on": "8"},
    "attack": {"strike_prowess": "7", "rows": _BROIN_AND_COMPANY},
    "influence": {"modifier": "3,2"},
    "control-sheet": {"rows": _WENDYS_CHARACTERS},
    "keying": {"path": "d w w", "site": "R", "keyed_to": ""},  # no question asked before it could be
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


_EARLIER_HAZARD_SIZE = "5"  # the size a link that left it out meant, before the neutral defaults


def _size_to_characters(inputs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A hazard limit link's `size` (the whole company) as `characters` besides its Orc scouts."""
    named = dict(inputs)
    if "characters" in named:
        return inputs
    size, scouts = named.get("size", _EARLIER_HAZARD_SIZE).strip(), named.get("orc_scouts", "0").strip() or "0"
    # Scouts beyond the size were refused then; none of its characters is left besides them.
    characters = str(max(int(size) - int(scouts), 0)) if size.isdigit() and scouts.isdigit() else size
    return [(name, raw) for name, raw in inputs if name != "size"] + [("characters", characters)]


RENAMED = {"hazard-limit": _size_to_characters}


def earlier_inputs(view_id: str, inputs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A link's inputs (names without the view's prefix) with any input renamed since read as it was meant."""
    rename = RENAMED.get(view_id)
    return rename(inputs) if rename and inputs else inputs


def names_every_input(view: dict, names: set[str]) -> bool:
    """Whether a link's input names (without the view's prefix) cover the whole form."""
    wanted = {spec["name"] for spec in view["fields"] + view.get("roll_fields", [])}
    if view.get("rows"):
        wanted.add("rows")
    return wanted <= names


def earlier_defaults(view_id: str) -> dict:
    return EARLIER_DEFAULTS.get(view_id, {})
