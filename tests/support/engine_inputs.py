"""Each calculator's inputs far from its defaults, for the checks that run the engine outside
the browser (the snapshot's warm-up, the wheel's bytecode, the engine's time budget) and for
the engine benchmark (benchmarks/engine_bench.py), which times the same calls; and a complete
set of good params per calculator, close to its defaults, against which the message tests try
each bad value."""

ENGINE_INPUTS = {
    "strike": {
        "prowess": 7,
        "strike_prowess": 11,
        "state": "wounded",
        "weapon": "2:8",
        "support": 1,
        "strike_body": 6,
        "body": 8,
        "discard_on": "7,8",
        "ringwraith": False,
    },
    "corruption": {"points": 7, "modifier": -1, "checks": 3},
    "influence": {"required": 10, "direct_influence": 2, "modifier": [3, 2]},
    "keying": {"path": "s w f b", "site": "B", "doors_of_night": True, "fell_winter": True},
    "hazard-limit": {"characters": 3, "orc_scouts": 2, "halved": True},
    "audience": {
        "me": "character=7,item=4,faction=5,ally=2,kill=0,misc=2",
        "opponent": "character=11,item=5,faction=0,ally=2",
        "revealed_against_me": 3,
    },
    "swim": {
        "edition": "advanced",
        "cavalry": True,
        "heavy_armour": True,
        "shield": True,
        "banner": True,
        "prone_in_deep": True,
    },
    "passenger-hit": {},
    "mount": {},
}

# A complete set of good params per calculator: the message tests try each bad value against it.
GOOD = {
    "strike": {"prowess": 5, "strike_prowess": 9, "body": 8},
    "corruption": {"points": 5},
    "influence": {"required": 10},
    "keying": {"path": "w"},
    "hazard-limit": {"characters": 3},
    "audience": {},
    "attack": {"strikes": [{"prowess": 5, "strike_prowess": 9, "body": 8}]},
    "control-sheet": {"characters": [{"name": "Shagrat", "mind": 6}]},
    "swim": {"edition": "advanced"},
    "passenger-hit": {},
    "mount": {},
}
# Options only one mode reads (a removal roll reads only the removal options): tried in it.
MODE = {("corruption", "remove"): {"points": None}, ("corruption", "no_tap"): {"remove": 6, "points": None}}
