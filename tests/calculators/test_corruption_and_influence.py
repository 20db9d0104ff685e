from fractions import Fraction as F

import pytest

from calculators.corruption import (
    CorruptionInput,
    RemovalInput,
    corruption_chances,
    removal_chances,
    resolve_corruption,
)
from calculators.dice import chance_of
from calculators.errors import InputError
from calculators.influence import InfluenceInput, influence_chances, resolve_influence


def test_one_check_bands():
    result = corruption_chances(CorruptionInput(5, modifier=1))
    # modified > 5 -> roll >= 5; 4..5 modified -> roll 3..4; modified <= 3 -> roll 2
    assert result.outcomes == {
        "nothing": chance_of(range(5, 13)),
        "taps": chance_of((3, 4)),
        "eliminated": chance_of((2,)),
    }
    assert result.least_roll == 3
    assert result.least_roll_nothing_happens == 5
    assert result.survives_all is None


def test_several_checks():
    one = corruption_chances(CorruptionInput(6)).outcomes
    result = corruption_chances(CorruptionInput(6, checks=3))
    assert result.outcomes["eliminated"] == 1 - (1 - one["eliminated"]) ** 3
    assert result.outcomes["nothing"] == one["nothing"] ** 3
    assert result.survives_all == result.outcomes["nothing"] + result.outcomes["taps"]
    assert sum(result.outcomes.values()) == 1
    assert "survives_all" in result.to_dict()


def test_checks_stop_at_elimination():
    result = resolve_corruption(CorruptionInput(8, checks=3), (2, 12, 12))
    assert result.outcome == "eliminated"
    assert any("later checks" in s.note for s in result.explain)  # a reading: an editor's note


def test_ringwraiths_never_make_corruption_checks():
    result = corruption_chances(CorruptionInput(12, ringwraith=True))
    assert result.outcomes == {"nothing": 1, "taps": 0, "eliminated": 0}
    assert "never make corruption checks" in result.explain[0].text


def test_negative_corruption_points_are_rejected():
    with pytest.raises(InputError) as error:
        CorruptionInput(-1)
    assert error.value.field == "points"
    assert "can't be negative" in error.value.message


def test_one_roll_per_check():
    with pytest.raises(InputError) as error:
        resolve_corruption(CorruptionInput(5, checks=3), (7, 8))
    assert error.value.field == "roll"


def test_removal():
    assert removal_chances(RemovalInput(6)).outcomes == {
        "removed": chance_of(range(7, 13)),
        "kept": chance_of(range(2, 7)),
    }
    assert removal_chances(RemovalInput(12)).least_roll is None
    assert removal_chances(RemovalInput(12)).outcomes["removed"] == 0


def test_influence_unused_direct_influence_never_below_zero():
    check = InfluenceInput(required=8, direct_influence=2, followers_mind=5)
    assert check.unused_direct_influence == 0
    result = influence_chances(check)
    assert result.outcomes["success"] == chance_of(range(9, 13))
    assert any("may not exceed his direct influence" in s.text for s in result.explain)


def test_influence_modifiers_are_summed():
    check = InfluenceInput(required=10, direct_influence=3, followers_mind=1, modifiers=(2, -1, 1))
    assert check.bonus == 4
    assert influence_chances(check).least_roll == 7
    assert resolve_influence(check, 6).outcome == "failure"
    assert resolve_influence(check, 7).outcome == "success"


@pytest.mark.parametrize(
    "kwargs, field",
    [
        (dict(required=-1), "required"),
        (dict(required=10, direct_influence=-2), "direct_influence"),
        (dict(required=10, modifiers=(50,)), "modifier"),
    ],
)
def test_influence_bad_input(kwargs, field):
    with pytest.raises(InputError) as error:
        InfluenceInput(**kwargs)
    assert error.value.field == field


def test_fractions_are_exact():
    assert corruption_chances(CorruptionInput(7)).outcomes["eliminated"] == F(10, 36)
