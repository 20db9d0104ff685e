import json

import pytest

from calculators import __version__
from calculators.api import CALCULATORS, run


def test_version():
    assert __version__ == "0.1.0"


EXAMPLES = {
    "strike": {"prowess": 5, "strike_prowess": 10, "body": 8, "discard_on": "8"},
    "corruption": {"points": 5, "checks": 3},
    "influence": {"required": 10, "direct_influence": 2, "modifier": [3, 2]},
    "keying": {"path": "s w f b", "site": "B", "doors_of_night": True, "fell_winter": True},
    "hazard-limit": {"characters": 3, "orc_scouts": 2},
    "audience": {
        "me": "character=7,item=4,faction=5,ally=2,kill=0,misc=2",
        "opponent": {"character": 11, "item": 5, "ally": 2},
        "revealed_against_me": 3,
    },
    "attack": {
        "strikes": [
            {"prowess": 5, "strike_prowess": 9, "body": 8},
            {"prowess": 4, "strike_prowess": 9, "body": 7, "state": "tapped"},
        ]
    },
    "control-sheet": {
        "characters": [
            {"name": "Dwar", "mind": None, "direct_influence": 5},
            {"name": "Orc Tracker", "mind": 3, "controller": "Dwar"},
        ]
    },
    "swim": {"edition": "advanced", "cavalry": True, "heavy_armour": True},
    "passenger-hit": {},
    "mount": {"roll": 6},
}


@pytest.mark.parametrize("name", CALCULATORS)
def test_every_calculator_returns_json_ready_results(name):
    data = run(name, EXAMPLES[name])
    assert "error" not in data, data
    assert data["calculator"] == name
    json.dumps(data)
    assert all(isinstance(v, str) for v in data["outcomes"].values())
    assert all(set(step) == {"text", "rule", "note"} for step in data["explain"])


def test_results_match_the_cli_examples():
    assert run("keying", EXAMPLES["keying"])["path"] == ["s", "w", "b", "w"]
    audience = run("audience", EXAMPLES["audience"])
    assert (audience["me"]["final_total"], audience["opponent"]["final_total"]) == (22, 14)
    assert audience["winner"] == "me"
    assert run("hazard_limit", {"characters": 3, "halved": True})["hazard_limit"] == 2


def test_roll_mode_through_params():
    data = run(
        "strike",
        {
            "prowess": 5,
            "strike_prowess": 11,
            "state": "tapped",
            "body": 8,
            "discard_on": [8],
            "roll": 3,
            "body_roll": 8,
        },
    )
    assert data["mode"] == "roll"
    assert data["outcome"] == "discarded"
    assert run("corruption", {"points": 5, "checks": 3, "roll": "7,12,4"})["outcome"] == "taps"
    assert run("corruption", {"remove": 6, "no_tap": True, "roll": 8})["outcome"] == "kept"
    assert (
        run("influence", {"required": 10, "direct_influence": 2, "modifier": "3,2", "roll": 5})["outcome"] == "success"
    )


def test_strings_from_a_url_query_are_accepted():
    data = run(
        "strike",
        {"prowess": "5", "strike_prowess": "+10", "strike_body": "-", "body": "8", "no_tap": "false", "weapon": "+2:8"},
    )
    assert data["modified_prowess"] == 7


@pytest.mark.parametrize(
    "name, params, field",
    [
        ("strike", {"prowess": 55, "strike_prowess": 10}, "prowess"),
        ("strike", {"strike_prowess": 10}, "prowess"),
        ("strike", {"prowess": 5, "strike_prowess": 10, "discard_on": "7,14", "body": 8}, "discard_on"),
        ("strike", {"prowess": 5, "strike_prowess": 10, "weapon": "two"}, "weapon"),
        ("strike", {"prowess": 5, "strike_prowess": 10, "colour": "red"}, "colour"),
        ("strike", {"prowess": 5, "strike_prowess": 10, "body_roll": 7}, "body_roll"),
        ("corruption", {"points": -3}, "points"),
        ("corruption", {"remove": 5, "points": 3}, "points"),
        ("corruption", {"remove": 5, "ringwraith": True}, "ringwraith"),
        ("corruption", {"points": 5, "no_tap": True}, "no_tap"),
        ("influence", {"required": "ten"}, "required"),
        ("keying", {"path": "s q"}, "path"),
        ("keying", {"path": "s", "site": "X"}, "site"),
        ("hazard-limit", {"characters": 2, "orc_scouts": 51}, "orc_scouts"),
        ("audience", {"me": "gold=5"}, "me"),
        ("nonsense", {}, "name"),
    ],
)
def test_bad_input_names_the_field(name, params, field):
    data = run(name, params)
    assert set(data) == {"error"}
    assert data["error"]["field"] == field
    assert data["error"]["message"].endswith(".")


def test_non_dict_params():
    assert run("strike", [1, 2])["error"]["field"] == "params"


def test_control_sheet_through_params():
    data = run(
        "control-sheet",
        {
            "characters": [
                {
                    "name": "Orc Captain",
                    "mind": 5,
                    "race": "Orc",
                    "bracket_influence": 3,
                    "bracket_races": "Orc, Troll",
                },
                {"name": "Orc Tracker", "mind": 3, "race": "Orc", "controller": "Orc Captain"},
            ]
        },
    )
    assert data["legal"] is True
    assert data["used_general_influence"] == 5 and data["unused_general_influence"] == 15
    assert data["influence"][0]["unused_bracket_influence"] == 0
