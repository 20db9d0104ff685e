"""Strategy Battle Game Passengers: Hitting Passengers and the Mounting roll."""

from fractions import Fraction as F

import pytest

from calculators.errors import InputError
from calculators.passenger import MountInput, PassengerHitInput, mount, passenger_hit


def test_passenger_hit_distribution():
    result = passenger_hit(PassengerHitInput())
    assert result.outcomes == {"passenger": F(1, 2), "rider": F(1, 2)}
    assert result.faces == {
        "1": "passenger",
        "2": "passenger",
        "3": "passenger",
        "4": "rider",
        "5": "rider",
        "6": "rider",
    }
    assert {step.rule.line for step in result.explain} == {49}


@pytest.mark.parametrize("roll, outcome", [(1, "passenger"), (3, "passenger"), (4, "rider"), (6, "rider")])
def test_passenger_hit_roll(roll, outcome):
    result = passenger_hit(PassengerHitInput(), roll)
    assert (result.mode, result.outcome) == ("roll", outcome)
    assert result.outcomes == {name: F(int(name == outcome)) for name in ("passenger", "rider")}


def test_mount_distribution():
    result = mount(MountInput())
    assert result.outcomes == {"fails": F(1, 6), "mounts": F(2, 3), "mounts_cavalry_may_activate": F(1, 6)}
    assert result.faces == {
        "1": "fails",
        "2": "mounts",
        "3": "mounts",
        "4": "mounts",
        "5": "mounts",
        "6": "mounts_cavalry_may_activate",
    }
    lines = {step.rule.line for step in result.explain}
    assert lines == {41, 53}


@pytest.mark.parametrize(
    "roll, outcome", [(1, "fails"), (2, "mounts"), (5, "mounts"), (6, "mounts_cavalry_may_activate")]
)
def test_mount_roll(roll, outcome):
    result = mount(MountInput(), roll)
    assert result.outcome == outcome
    assert result.explain[-1].text.startswith(f"Roll {roll}:")


@pytest.mark.parametrize("calculate", [passenger_hit, mount])
def test_roll_mode_over_the_six_faces_is_the_distribution(calculate):
    chances = calculate().outcomes
    total = {name: F(0) for name in chances}
    for face in range(1, 7):
        for name, value in calculate(None, face).outcomes.items():
            total[name] += value / 6
    assert total == chances and sum(chances.values()) == 1


@pytest.mark.parametrize("calculate", [passenger_hit, mount])
@pytest.mark.parametrize("roll", [0, 7, True, "3"])
def test_bad_roll(calculate, roll):
    with pytest.raises(InputError) as caught:
        calculate(None, roll)
    assert caught.value.field == "roll"


def test_to_dict():
    data = mount(MountInput(), 6).to_dict()
    assert data["calculator"] == "mount" and data["mode"] == "roll" and data["input"] == {}
    assert data["outcomes"]["mounts_cavalry_may_activate"] == "1"
    assert all(step["rule"].startswith("SBG-A") for step in data["explain"])
