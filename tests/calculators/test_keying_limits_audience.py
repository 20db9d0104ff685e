import pytest

from calculators.audience import AudienceInput, audience, cap_one_type
from calculators.control_sheet import ControlSheetInput, SheetCharacter, control_sheet
from calculators.errors import InputError
from calculators.hazard_limit import HazardLimitInput, hazard_limit
from calculators.keying import KeyingInput, keying, ringwraith_may_move, site_path_for_move


def test_three_of_a_type_allow_the_triple():
    assert keying(KeyingInput(path="w w w w")).region_keyings == ("w", "ww", "www")


def test_compact_and_comma_paths():
    assert keying(KeyingInput(path="sddsd")).path == ("s", "d", "d", "s", "d")
    assert keying(KeyingInput(path=["s", "d"])).path == ("s", "d")


def test_unknown_region_letter():
    with pytest.raises(InputError) as error:
        KeyingInput(path="s x d")
    assert error.value.field == "path"
    assert "'x'" in error.value.message


def test_not_moving_has_no_region_keyings():
    result = keying(KeyingInput(site="S", not_moving=True))
    assert result.region_keyings == ()
    assert result.site_keyings == ("S",)
    assert result.detainment == {"S": "always"}
    assert result.outcomes == {"not_moving": 1}


def test_moving_needs_a_path():
    with pytest.raises(InputError) as error:
        KeyingInput(site="R")
    assert error.value.field == "path"


def test_geann_a_lisch_adds_ruins_and_lairs():
    result = keying(KeyingInput(path="w w", geann_a_lisch=True))
    assert result.site_keyings == ("DH", "R")
    with pytest.raises(InputError):
        KeyingInput(path="w", site="B", geann_a_lisch=True)


def test_doors_of_night_alone_changes_nothing():
    assert keying(KeyingInput(path="f b", doors_of_night=True)).path == ("f", "b")
    assert keying(KeyingInput(path="f b", fell_winter=True)).path == ("f", "b")


def test_dark_holds_and_shadow_holds_detain():
    assert keying(KeyingInput(path="w", site="D")).detainment["D"] == "always"
    assert keying(KeyingInput(path="w", site="F")).detainment["F"] == "no"


def test_ringwraith_may_not_cross_coastal_seas():
    result = ringwraith_may_move("darkhaven-to-darkhaven", "w c w")
    assert not result.allowed
    with pytest.raises(InputError):
        site_path_for_move("site-to-site")


def test_hazard_limit_minimum_two():
    assert hazard_limit(HazardLimitInput(1)).hazard_limit == 2
    assert hazard_limit(HazardLimitInput(0, orc_scouts=2)).company_size == 1


def test_the_hazard_limit_counts_the_characters_and_the_orc_scouts_a_player_names():
    """ "3 characters and 2 Orc scouts": five in all, a size of 4 in the Standard game (the scouts
    count half, rounded up over all) and of 5 in the Starter game, which has no such rule."""
    standard = hazard_limit(HazardLimitInput(3, orc_scouts=2))
    assert (standard.company_size, standard.hazard_limit) == (4, 4)
    starter = hazard_limit(HazardLimitInput(3, orc_scouts=2, starter=True))
    assert (starter.company_size, starter.hazard_limit) == (5, 5)
    assert [step.rule.id for step in starter.explain] == ["1.10.48", "1.10.48"]


def test_hazard_limit_bad_input():
    with pytest.raises(InputError) as error:
        HazardLimitInput(0, orc_scouts=0)
    assert error.value.field == "characters"
    with pytest.raises(InputError):
        HazardLimitInput(-1)


def test_cap_is_the_sum_of_the_other_types():
    assert cap_one_type({"character": 11, "item": 5, "ally": 2})["character"] == 7
    assert cap_one_type({"character": 5, "item": 5})["character"] == 5


def test_kill_and_misc_never_double():
    result = audience(AudienceInput("kill=3,misc=2,item=1", "character=1"))
    assert result.me.doubled == {"character": 0, "item": 2, "faction": 0, "ally": 0, "kill": 3, "misc": 2}


def test_tie():
    result = audience(AudienceInput("character=3", "character=3"))
    assert result.winner == "tie"
    assert result.outcomes == {"me": 0, "opponent": 0, "tie": 1}


def test_points_given_as_text_in_a_mapping_count_like_numbers():
    as_text = audience(AudienceInput({"character": "7", "faction": "+5"}, {"character": "3"}))
    as_numbers = audience(AudienceInput({"character": 7, "faction": 5}, {"character": 3}))
    assert as_text.to_dict()["me"] == as_numbers.to_dict()["me"]
    assert as_text.winner == as_numbers.winner == "me"


@pytest.mark.parametrize(
    "kwargs, field",
    [
        (dict(me={"character": "seven"}), "me"),
        (dict(me="wizard=3"), "me"),
        (dict(me="character"), "me"),
        (dict(opponent="item=x"), "opponent"),
        (dict(revealed_against_me=-1), "revealed_against_me"),
        (dict(starter=True, revealed_against_opponent=2), "revealed_against_opponent"),
    ],
)
def test_audience_bad_input(kwargs, field):
    with pytest.raises(InputError) as error:
        AudienceInput(**kwargs)
    assert error.value.field == field


def test_control_sheet_finds_every_broken_rule():
    sheet = ControlSheetInput(
        (
            SheetCharacter("A", 9, 2, site="Carn Dûm"),
            SheetCharacter("B", 9, 3, controller="A", site="Bree"),
            SheetCharacter("C", 4, 0, controller="B"),
            SheetCharacter("D", 12, 0),
            SheetCharacter("E", None, 5),
            SheetCharacter("F", None, 5, controller="D"),
        )
    )
    result = control_sheet(sheet)
    messages = " | ".join(v.message for v in result.violations)
    assert "more than the 20" in messages  # A 9 + D 12
    assert "can't have followers" in messages
    assert "A's followers need 9" in messages
    assert "Ringwraith follower" in messages
    assert "B is at Bree but his controller A is at Carn Dûm" in messages
    assert not result.legal


def test_control_sheet_general_influence_over_20():
    result = control_sheet(ControlSheetInput((SheetCharacter("A", 12), SheetCharacter("B", 10))))
    assert result.unused_general_influence == -2
    assert any("more than the 20" in v.message for v in result.violations)


def test_control_sheet_bad_input():
    with pytest.raises(InputError):
        ControlSheetInput((SheetCharacter("A", 3, controller="Nobody"),))
    with pytest.raises(InputError):
        ControlSheetInput((SheetCharacter("A", 3), SheetCharacter("A", 4)))


@pytest.mark.parametrize("starter", [False, True])
def test_the_control_sheet_s_ringwraith_steps_show_only_with_a_ringwraith_on_it(starter):
    """A sheet once showed "Your Ringwraith has no mind…" and the Ringwraith followers' step
    without a Ringwraith."""
    without = control_sheet(ControlSheetInput((SheetCharacter("A", 5, 2), SheetCharacter("B", 3)), starter=starter))
    assert not [step.text for step in without.explain if "Ringwraith" in step.text]
    with_one = control_sheet(
        ControlSheetInput((SheetCharacter("A", 5, 2), SheetCharacter("Dwar", None, 5)), starter=starter)
    )
    assert len([step for step in with_one.explain if "Ringwraith" in step.text]) == 2


# --- keying answers the question


@pytest.mark.parametrize(
    ("inputs", "playable", "because"),
    [
        (dict(path="w s d", site="R", keyed_to="shadow-hold"), False, "is a Ruins & Lairs (R), not a Shadow-hold (S)"),
        (dict(path="w s d", site="S", keyed_to="shadow-hold"), True, "moved to is a Shadow-hold (S)"),
        (dict(path="w s d", site="S", keyed_to="shadow-land"), True, "has one Shadow-land region (s)"),
        (
            dict(path="w s d", keyed_to="double-wilderness"),
            False,
            "one Wilderness region (w); double Wilderness needs two",
        ),
        (dict(path="w b b w", keyed_to="double-wilderness"), True, "has two Wilderness regions (w)"),
        (dict(path="w s d", keyed_to="free-domain"), False, "has no Free-domain regions (f)"),
        (dict(not_moving=True, site="DH", keyed_to="wilderness"), False, "did not move"),
        (dict(not_moving=True, site="DH", geann_a_lisch=True, keyed_to="ruins-lairs"), True, "Geann a-Lisch"),
    ],
)
def test_keying_says_whether_a_creature_keyed_so_can_be_played_and_why(inputs, playable, because):
    result = keying(KeyingInput(**inputs))
    assert result.playable is playable
    assert because in result.answer[0].text
    # Where its keying does not allow it, the card's own text may (1.10.55, 1.10.56): a "no" says so.
    # A company that stayed has no site of origin or new site (1.6.5, L356), which 1.10.56 names.
    may_still = ["1.10.55"] if inputs.get("not_moving") else ["1.10.55", "1.10.56"]
    assert [step.rule.id for step in result.answer[1:]] == ([] if playable else may_still)
    # A "yes" meets one criterion of 1.10.54 ("can occur only if"): the rest still apply, as its note says.
    assert ("the hazard limit and the card's own text still apply" in result.answer[0].note) is playable


def test_keying_to_a_site_type_needs_the_site():
    with pytest.raises(InputError) as error:
        KeyingInput(path="w", keyed_to="shadow-hold")
    assert error.value.field == "site"


def test_region_keyings_keep_the_order_of_the_path():
    """ "w s d" listed "d, s, w": the path's own order is the player's."""
    assert keying(KeyingInput(path="w s d s")).region_keyings == ("w", "s", "ss", "d")
