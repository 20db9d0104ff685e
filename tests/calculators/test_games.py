"""The Starter and the Standard game, in every calculator: an option that belongs to one game says
so in one field of its option table (Option.game), and from it alone the engine, the command line
and a link refuse it in the other game with its reason, and the page disables it with the reason
beside it (tests/calculators/views/test_games_in_forms.py). The walk below sets every option of every MELE
calculator in the Starter game: a Standard-only option without the field shows up there, citing a
Standard rule ("He is a Ringwraith" once applied 2.5.32 in the Starter game)."""

from __future__ import annotations

import dataclasses

import pytest

from build_scripts.model.evidence import is_standard_only
from calculators import hazard_limit as hazard_module
from calculators import strike as strike_module
from calculators.api import run
from calculators.options import GAME, Option, OptionTable, standard_only
from calculators.params import CALCULATORS
from calculators.strike import StrikeInput, resolve_strike
from tests.support.cli import run_cli
from tests.support.explain_sweep import cited_texts

SBG = ("swim", "passenger-hit", "mount")
STARTER_WORDS = ("Starter Rules:", "Starter game:")  # a step that says what the Starter game lacks
MELE = [name for name in CALCULATORS if name not in SBG]
# The params each option is set against, per calculator: a good input with nothing set.
BASE = {
    "strike": {"prowess": 5, "strike_prowess": 10, "body": 9},
    "attack": {"strikes": [{"prowess": 5, "strike_prowess": 10, "body": 9}]},
    "corruption": {"points": 5},
    "influence": {"required": 10},
    "keying": {"path": "w"},
    "hazard-limit": {"characters": 3},
    "audience": {"me": "character=7,item=4", "opponent": "character=11"},
    "control-sheet": {"characters": [{"name": "Shagrat", "mind": 6, "direct_influence": 4}, {"name": "Gorbag"}]},
}
# An option set away from its default, where the kind's own choice would not do.
SET_TO = {
    ("strike", "weapon"): "2:8",
    ("strike", "discard_on"): "7,8",
    ("strike", "state"): "wounded",
    ("strike", "body_roll"): 8,
    ("corruption", "roll"): "4",
    ("keying", "path"): "d d s",
    ("keying", "site"): "S",
    ("control-sheet", "name"): "Gorbag the Orc",
    ("control-sheet", "controller"): "Shagrat",
    ("control-sheet", "race"): "Orc",
    ("control-sheet", "bracket_races"): "Orc",
    ("control-sheet", "site"): "Carn Dum",
}
ALSO = {  # what an option needs besides its own value
    ("strike", "body_roll"): {"roll": 2},
    ("strike", "roll"): {"body_roll": 8},
    ("corruption", "remove"): {"points": None},
    ("corruption", "no_tap"): {"remove": 6, "points": None},
    ("keying", "site"): {"not_moving": True, "path": ""},
    ("keying", "keyed_to"): {"site": "R"},  # a creature keyed to a site type needs the site
}


def set_value(name: str, option: Option):
    name = "strike" if name == "attack" else name  # an attack's rows are strikes
    if (name, option.name) in SET_TO:
        return SET_TO[(name, option.name)]
    if option.kind == "bool":
        return True
    if option.kind == "int":
        start = option.default if isinstance(option.default, int) else option.low
        return start + 1 if start + 1 <= option.high else start - 1
    if option.kind == "choice":
        return next(choice for choice in reversed(option.choices) if choice != option.default)
    if option.kind == "points":
        return f"{option.choices[-1]}=1"
    if option.kind == "ints":
        return str(option.low + 1)
    raise AssertionError(f"{name} {option.name}: say in SET_TO what to set it to")


def options_of(name: str):
    """(the option, where it goes: None for the calculator's own, else its rows' option) for each option
    of the calculator, its rows' too; the game option itself is what each is set against."""
    for option in CALCULATORS[name].options:
        if option.kind == "rows":
            yield from ((item, option.name) for item in option.item if item.name != GAME)
        elif option.name != GAME:
            yield option, None


def with_option(name: str, option: Option, rows: str | None, starter: bool) -> dict:
    """BASE with `option` set (on the last row, for a row's option), in the game asked for."""
    params = {
        key: ([dict(row) for row in value] if isinstance(value, list) else value) for key, value in BASE[name].items()
    }
    value = set_value(name, option)
    if rows:
        params[rows][-1][option.name] = value
    else:
        params.update({option.name: value, **ALSO.get((name, option.name), {})})
    if starter:
        if name == "attack":
            for row in params[rows or "strikes"]:
                row[GAME] = True
        else:
            params[GAME] = True
    return {key: value for key, value in params.items() if value is not None}


WALK = [(name, option, rows) for name in MELE for option, rows in options_of(name)]
WALK_IDS = [f"{name}-{option.name}" for name, option, _ in WALK]
ONE_GAME = [(name, option, rows) for name, option, rows in WALK if option.game]


def has_game(name: str) -> bool:
    calculator = CALCULATORS[name]
    tables = [calculator.options] + [option.item for option in calculator.options if option.kind == "rows"]
    return any(GAME in {option.name for option in table} for table in tables)


def standard_rules_cited(result: dict, rule_texts: dict) -> list[str]:
    """The Standard rules the result applies: those its texts cite, but for a text about the Starter
    game itself ("Starter game: Ringwraith followers are an exception of the Standard Rules.")."""
    return sorted(
        {
            t["rule"]
            for t in cited_texts(result)
            if is_standard_only(t["rule"], rule_texts[t["rule"]]) and not t["text"].startswith(STARTER_WORDS)
        }
    )


# --- the walk -----------------------------------------------------------------------------------


def test_the_options_that_belong_to_one_game():
    assert {(name, option.name) for name, option, _ in ONE_GAME} == {
        ("strike", "support"),
        ("attack", "support"),
        ("hazard-limit", "halved"),
        ("audience", "revealed_against_me"),
        ("audience", "revealed_against_opponent"),
    }
    assert all(option.game.game == "standard" for _, option, _ in ONE_GAME)


def test_every_mele_calculator_whose_answer_depends_on_the_game_has_the_game_option():
    """Corruption checks, influence checks and keying read the same in both games (their rules are
    all Starter rules, and Part II has no change to them)."""
    assert {name for name in MELE if has_game(name)} == {
        "strike",
        "attack",
        "hazard-limit",
        "audience",
        "control-sheet",
    }


@pytest.mark.parametrize("name, option, rows", WALK, ids=WALK_IDS)
def test_an_option_set_in_the_starter_game_cites_no_standard_rule(name, option, rows, rule_texts):
    """A Standard-only option without its game field would be accepted here and cite its Standard
    rule; a calculator without a game option must cite none at all."""
    answer = run(name, with_option(name, option, rows, starter=has_game(name)))
    if option.game:
        assert answer.get("error", {}).get("field") == option.name, answer
        return
    assert "error" not in answer, answer
    assert standard_rules_cited(answer, rule_texts) == []


@pytest.mark.parametrize("name", MELE)
def test_the_defaults_in_the_starter_game_cite_no_standard_rule(name, rule_texts):
    params = dict(BASE[name], **({GAME: True} if has_game(name) and name != "attack" else {}))
    if name == "attack":
        params = {"strikes": [dict(row, **{GAME: True}) for row in BASE[name]["strikes"]]}
    answer = run(name, params)
    assert "error" not in answer, answer
    assert standard_rules_cited(answer, rule_texts) == []


@pytest.mark.parametrize("name, option, rows", ONE_GAME, ids=[f"{n}-{o.name}" for n, o, _ in ONE_GAME])
def test_a_standard_only_option_rests_on_a_standard_rule_in_the_standard_game(name, option, rows, rule_texts):
    answer = run(name, with_option(name, option, rows, starter=False))
    assert "error" not in answer, answer
    assert standard_rules_cited(answer, rule_texts), f"{name} {option.name}: no Standard rule is cited"


# --- refused in the other game, with its reason, from the one field --------------------------


@pytest.mark.parametrize("name, option, rows", ONE_GAME, ids=[f"{n}-{o.name}" for n, o, _ in ONE_GAME])
def test_the_api_refuses_an_option_in_the_other_game_with_its_reason(name, option, rows):
    answer = run(name, with_option(name, option, rows, starter=True))
    assert answer["error"] == {"field": option.name, "message": option.game.reason}


CLI_ONE_GAME = [(n, o) for n, o, rows in ONE_GAME if CALCULATORS[n].command_line]


@pytest.mark.parametrize("name, option", CLI_ONE_GAME, ids=[f"{n}-{o.name}" for n, o in CLI_ONE_GAME])
def test_the_command_line_refuses_an_option_in_the_other_game_with_its_reason(capsys, name, option):
    params = with_option(name, option, None, starter=True)
    argv = [name]
    for key, value in params.items():
        flag = "--" + key.replace("_", "-")
        argv += [flag] if value is True else [flag, str(value)]
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and out == ""
    assert option.game.reason in err


def test_the_requirement_comes_from_the_game_field_alone():
    """The derived Requires names the game option and the value of the option's own game."""
    support = CALCULATORS["strike"].options["support"]
    assert support.requires == ()
    (rule,) = support.requirements
    assert (rule.option, rule.values, rule.reason) == (GAME, (False,), support.game.reason)
    assert support.to_dict()["game"] == "standard"


# --- a planted bad entry is caught ------------------------------------------------------------


def test_a_table_without_the_game_option_cannot_hold_an_option_of_one_game():
    with pytest.raises(ValueError, match="requires 'starter'"):
        OptionTable(Option("support", "int", "Support", "", 0, 0, 20, game=standard_only("Standard only.")))


def test_the_walk_catches_a_standard_only_option_planted_without_its_field(monkeypatch, rule_texts):
    planted = OptionTable(
        *(dataclasses.replace(o, game=None) if o.name == "support" else o for o in strike_module.STRIKE_OPTIONS)
    )
    monkeypatch.setattr(strike_module, "STRIKE_OPTIONS", planted)
    answer = run("strike", with_option("strike", planted["support"], None, starter=True))
    assert "error" not in answer  # accepted in the Starter game ...
    assert standard_rules_cited(answer, rule_texts) == ["2.7.1", "2.7.2"]  # ... and the walk sees its Standard rules


def test_the_walk_catches_an_option_of_one_game_that_its_input_does_not_check(monkeypatch):
    monkeypatch.setattr(hazard_module.HazardLimitInput, "__post_init__", lambda self: None)
    option = CALCULATORS["hazard-limit"].options["halved"]
    answer = run("hazard-limit", with_option("hazard-limit", option, None, starter=True))
    assert answer.get("error", {}).get("field") != option.name  # what the walk's assertion fails on


# --- the strike's Ringwraith in each game (items 2 and 10) -----------------------------------


def test_a_ringwraith_in_the_starter_game_is_just_wounded_on_a_body_check_of_8_not_above_his_body():
    """L482-483: a body check that does not exceed his body leaves him just wounded; 2.5.32 (7 or 8
    returns him to hand) is a Standard rule."""
    ringwraith = {"prowess": 5, "strike_prowess": 10, "body": 9, "ringwraith": True}
    assert resolve_strike(StrikeInput(**ringwraith, starter=True), 2, 8).outcome == "wounded"
    assert resolve_strike(StrikeInput(**ringwraith), 2, 8).outcome == "returned_to_hand"
    starter = run("strike", {**ringwraith, "starter": True})
    assert starter["outcomes"]["returned_to_hand"] == "0"
    assert "2.5.32" not in {step["rule"] for step in starter["explain"]}


@pytest.mark.parametrize("starter", [False, True])
def test_an_eliminated_ringwraith_losing_the_game_cites_the_victory_condition(starter):
    """The claim rests on 1.1.2 (L114), not on the elimination rule 1.7.29 it once cited."""
    steps = run("strike", {"prowess": 5, "strike_prowess": 10, "body": 9, "ringwraith": True, "starter": starter})
    losing = [step for step in steps["explain"] if "your opponent wins" in step["text"]]
    assert [step["rule"] for step in losing] == ["1.1.2"]
    assert all("game" not in step["text"] for step in steps["explain"] if step["rule"] == "1.7.29")


def test_the_control_sheet_s_ringwraith_follower_is_standard_only():
    """2.5.20's cost of 1 direct influence is a Standard rule; in the Starter game a Ringwraith
    under another character's control is a broken rule, citing the note that makes followers Standard."""
    sheet = [{"name": "Dwar", "direct_influence": 5}, {"name": "Indur", "controller": "Dwar"}]
    standard = run("control-sheet", {"characters": sheet})
    starter = run("control-sheet", {"characters": sheet, "starter": True})
    cost = next(step for step in standard["explain"] if step["rule"] == "2.5.20")
    assert "(Standard Rules)" in cost["text"]
    assert standard["legal"] and standard["influence"][0]["unused_direct_influence"] == 4
    assert "2.5.20" not in {step["rule"] for step in starter["explain"]}
    assert [v["rule"] for v in starter["violations"]] == ["1.5.38"]


def test_the_coastal_seas_limit_on_a_ringwraith_s_path_is_a_standard_rule():
    """2.5.29 is in Part II's list of Ringwraith effects; the Starter list (L342-346) has no such limit."""
    from calculators.keying import ringwraith_may_move

    standard = ringwraith_may_move("darkhaven-to-darkhaven", "w c w")
    assert not standard.allowed and [step.rule.id for step in standard.explain][-1] == "2.5.29"
    starter = ringwraith_may_move("darkhaven-to-darkhaven", "w c w", starter=True)
    assert starter.allowed and "2.5.29" not in {step.rule.id for step in starter.explain}


def test_the_halving_option_says_which_sideboard_move_halves_the_limit():
    """l.858 halves the hazard limit only after a move "in this fashion", the one of l.857: at the end of
    your untap phase, with your Ringwraith in play. A Nazgûl hazard's fetch counts against the limit
    instead (l.853), and the other sideboard moves (l.846, l.849-850) leave it alone."""
    halved = CALCULATORS["hazard-limit"].options["halved"]
    for words in (halved.help, halved.game.reason):
        assert "end of your untap phase" in words and "Ringwraith in play" in words, words
    assert "2.2.8" in halved.game.reason and "2.2.9" in halved.game.reason
