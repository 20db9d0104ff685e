"""Properties that hold for every valid input."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.corruption import (
    CorruptionInput,
    RemovalInput,
    corruption_chances,
    removal_chances,
    resolve_corruption,
    resolve_removal,
)
from calculators.dice import ROLLS, WAYS
from calculators.influence import InfluenceInput, influence_chances, resolve_influence
from calculators.strike import StrikeInput, Weapon, resolve_strike, strike_chances

settings.register_profile("engine", max_examples=150, deadline=None)
settings.load_profile("engine")

weapons = st.one_of(st.none(), st.builds(Weapon, st.integers(1, 5), st.one_of(st.none(), st.integers(0, 12))))


@st.composite
def strikes(draw, prowess=st.integers(-20, 40), body=st.integers(0, 20)):  # noqa: B008 (Hypothesis's own idiom)
    state = draw(st.sampled_from(["untapped", "tapped", "wounded"]))
    ringwraith = draw(st.booleans())
    return StrikeInput(
        prowess=draw(prowess),
        strike_prowess=draw(st.integers(-20, 40)),
        state=state,
        no_tap=draw(st.booleans()) if state == "untapped" else False,
        excess=draw(st.integers(0, 3)),
        support=draw(st.integers(0, 3)),
        modifier=draw(st.integers(-5, 5)),
        weapon=None if ringwraith else draw(weapons),
        strike_body=draw(st.one_of(st.none(), st.integers(0, 12))),
        body=draw(body),
        discard_on=tuple(draw(st.lists(st.integers(2, 13), max_size=2))),
        detainment=draw(st.booleans()),
        ringwraith=ringwraith,
    )


def replace(strike, **changes):
    return StrikeInput(**{**strike.__dict__, **changes})


@given(strikes())
def test_strike_outcomes_sum_to_one(strike):
    outcomes = strike_chances(strike).outcomes
    assert sum(outcomes.values()) == 1
    assert all(isinstance(p, Fraction) and 0 <= p <= 1 for p in outcomes.values())


@given(strikes(prowess=st.integers(-20, 39)))
def test_more_prowess_never_lowers_defeated(strike):
    stronger = replace(strike, prowess=strike.prowess + 1)
    assert strike_chances(stronger).outcomes["defeated"] >= strike_chances(strike).outcomes["defeated"]


@given(strikes(body=st.integers(0, 19)))
def test_more_body_never_raises_eliminated(strike):
    tougher = replace(strike, body=strike.body + 1)
    assert strike_chances(tougher).outcomes["eliminated"] <= strike_chances(strike).outcomes["eliminated"]


@given(strikes())
@settings(max_examples=40)
def test_strike_roll_mode_sums_to_the_distribution(strike):
    total = {name: Fraction(0) for name in strike_chances(strike).outcomes}
    for roll in ROLLS:
        for body_roll in ROLLS:
            outcome = resolve_strike(strike, roll, body_roll).outcome
            total[outcome] += Fraction(WAYS[roll] * WAYS[body_roll], 36 * 36)
    assert total == strike_chances(strike).outcomes


@given(strikes())
@settings(max_examples=40)
def test_strike_roll_mode_without_body_roll_sums_to_the_distribution(strike):
    total = {name: Fraction(0) for name in strike_chances(strike).outcomes}
    for roll in ROLLS:
        for name, chance in resolve_strike(strike, roll).outcomes.items():
            total[name] += Fraction(WAYS[roll], 36) * chance
    assert total == strike_chances(strike).outcomes


checks = st.builds(CorruptionInput, st.integers(0, 40), st.integers(-20, 20), st.integers(1, 5), st.booleans())


@given(checks)
def test_corruption_outcomes_sum_to_one(check):
    assert sum(corruption_chances(check).outcomes.values()) == 1


@given(st.builds(CorruptionInput, st.integers(0, 39), st.integers(-20, 20), st.integers(1, 5)))
def test_more_corruption_points_never_lower_eliminated(check):
    more = CorruptionInput(check.points + 1, check.modifier, check.checks)
    assert corruption_chances(more).outcomes["eliminated"] >= corruption_chances(check).outcomes["eliminated"]


@given(st.builds(CorruptionInput, st.integers(0, 40), st.integers(-20, 20), st.just(1), st.booleans()))
def test_corruption_roll_mode_sums_to_the_distribution(check):
    total = {name: Fraction(0) for name in ("nothing", "taps", "eliminated")}
    for roll in ROLLS:
        total[resolve_corruption(check, roll).outcome] += Fraction(WAYS[roll], 36)
    assert total == corruption_chances(check).outcomes


@given(st.builds(CorruptionInput, st.integers(0, 20), st.integers(-5, 5), st.just(2)))
def test_two_checks_roll_mode_sums_to_the_distribution(check):
    total = {name: Fraction(0) for name in ("nothing", "taps", "eliminated")}
    for first in ROLLS:
        for second in ROLLS:
            outcome = resolve_corruption(check, (first, second)).outcome
            total[outcome] += Fraction(WAYS[first] * WAYS[second], 36 * 36)
    assert total == corruption_chances(check).outcomes


@given(st.builds(RemovalInput, st.integers(0, 20), st.booleans()))
def test_removal_roll_mode_sums_to_the_distribution(removal):
    total = {"removed": Fraction(0), "kept": Fraction(0)}
    for roll in ROLLS:
        total[resolve_removal(removal, roll).outcome] += Fraction(WAYS[roll], 36)
    assert total == removal_chances(removal).outcomes


influence = st.builds(
    InfluenceInput,
    st.integers(0, 40),
    st.integers(0, 30),
    st.integers(0, 60),
    st.lists(st.integers(-20, 20), max_size=3).map(tuple),
)


@given(influence)
def test_influence_roll_mode_sums_to_the_distribution(check):
    result = influence_chances(check)
    assert sum(result.outcomes.values()) == 1
    total = {"success": Fraction(0), "failure": Fraction(0)}
    for roll in ROLLS:
        total[resolve_influence(check, roll).outcome] += Fraction(WAYS[roll], 36)
    assert total == result.outcomes
    if result.least_roll is not None:
        assert resolve_influence(check, result.least_roll).outcome == "success"
        if result.least_roll > 2:
            assert resolve_influence(check, result.least_roll - 1).outcome == "failure"
