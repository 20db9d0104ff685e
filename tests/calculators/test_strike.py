from fractions import Fraction as F

import pytest

from calculators.dice import PROBABILITY, chance_of
from calculators.errors import InputError
from calculators.strike import OUTCOMES, AttackInput, StrikeInput, Weapon, attack, resolve_strike, strike_chances


def test_outcome_names_are_fixed_and_sum_to_one():
    result = strike_chances(StrikeInput(5, 10, body=8))
    assert tuple(result.outcomes) == OUTCOMES
    assert sum(result.outcomes.values()) == 1


def test_modifiers_in_order():
    strike = StrikeInput(7, 10, state="untapped", no_tap=True, excess=2, support=3, modifier=-1, weapon=Weapon(2, 8))
    # 7 -> 8 (weapon, capped) - 3 - 2 + 3 - 1 = 5
    assert strike_chances(StrikeInput(**{**strike.__dict__, "body": 8})).modified_prowess == 5


def test_wounded_target_gets_minus_2_and_plus_1_on_the_body_check():
    strike = StrikeInput(5, 12, state="wounded", body=8)
    assert strike_chances(strike).modified_prowess == 3
    assert resolve_strike(strike, 2, 8).outcome == "eliminated"  # 8 + 1 = 9 > 8
    assert resolve_strike(strike, 2, 7).outcome == "wounded"
    result = strike_chances(strike)
    successful = chance_of(r for r in range(2, 13) if r + 3 < 12)
    assert result.outcomes["eliminated"] == successful * chance_of(range(8, 13))


def test_discard_on_is_checked_before_elimination():
    strike = StrikeInput(0, 20, body=6, discard_on=(7, 8))
    assert resolve_strike(strike, 2, 8).outcome == "discarded"
    assert resolve_strike(strike, 2, 9).outcome == "eliminated"
    assert resolve_strike(strike, 2, 6).outcome == "wounded"


def test_discard_on_13_only_happens_to_an_already_wounded_character():
    strike = StrikeInput(0, 20, state="wounded", body=6, discard_on=(13,))
    assert resolve_strike(strike, 2, 12).outcome == "discarded"


def test_ringwraith_returns_to_hand_on_exactly_7_or_8():
    rw = StrikeInput(8, 20, body=9, ringwraith=True)
    assert resolve_strike(rw, 2, 7).outcome == "returned_to_hand"
    assert resolve_strike(rw, 2, 8).outcome == "returned_to_hand"
    assert resolve_strike(rw, 2, 9).outcome == "wounded"
    assert resolve_strike(rw, 2, 10).outcome == "eliminated"
    result = strike_chances(rw)
    successful = chance_of(r for r in range(2, 13) if r + 8 < 20)
    assert result.outcomes["returned_to_hand"] == successful * chance_of((7, 8))


def test_wounded_ringwraith_uses_the_modified_roll_for_7_or_8():
    rw = StrikeInput(8, 20, state="wounded", body=9, ringwraith=True)
    assert resolve_strike(rw, 2, 6).outcome == "returned_to_hand"  # 6 + 1 = 7
    assert resolve_strike(rw, 2, 8).outcome == "wounded"  # 8 + 1 = 9, not > 9
    assert any("modified roll" in s.note for s in strike_chances(rw).explain)  # B20: a reading


def test_detainment_taps_instead_of_wounding():
    strike = StrikeInput(3, 10, detainment=True)
    result = strike_chances(strike)
    assert result.outcomes["detained"] == chance_of(r for r in range(2, 13) if r + 3 < 10)
    assert result.outcomes["wounded"] == 0
    assert resolve_strike(strike, 2).outcome == "detained"


def test_detainment_against_a_tapped_target_has_no_further_effect():
    result = strike_chances(StrikeInput(3, 10, state="tapped", detainment=True))
    assert any("nothing more happens" in s.note for s in result.explain)  # the rules are silent


def test_detainment_attack_is_never_defeated():
    strike = StrikeInput(30, 2, detainment=True)
    assert strike_chances(strike).outcomes["defeated"] == 1
    assert attack([strike]).defeated == 0


def test_least_roll():
    assert strike_chances(StrikeInput(5, 10, body=8)).least_roll == 6
    assert strike_chances(StrikeInput(20, 10, body=8)).least_roll == 2
    assert strike_chances(StrikeInput(0, 30, body=8)).least_roll is None


def test_roll_mode_without_body_roll_gives_chances_over_the_body_check():
    strike = StrikeInput(5, 11, state="tapped", body=8, discard_on=(8,))
    result = resolve_strike(strike, 3)
    assert result.outcome is None
    assert result.outcomes["discarded"] == PROBABILITY[8]
    assert result.outcomes["eliminated"] == chance_of(range(9, 13))


def test_body_is_required_only_when_a_body_check_can_happen():
    with pytest.raises(InputError) as error:
        strike_chances(StrikeInput(5, 10))
    assert error.value.field == "body"
    assert strike_chances(StrikeInput(20, 10)).outcomes["defeated"] == 1
    assert resolve_strike(StrikeInput(5, 10), 8).outcome == "defeated"


@pytest.mark.parametrize(
    "kwargs, field, words",
    [
        (dict(prowess=55, strike_prowess=10), "prowess", "Prowess must be between -20 and 40; you gave 55."),
        (dict(prowess=5, strike_prowess=10, state="asleep"), "state", "untapped, tapped, wounded"),
        (dict(prowess=5, strike_prowess=10, state="tapped", no_tap=True), "no_tap", "Only an untapped"),
        (dict(prowess=5, strike_prowess=10, discard_on=(14,)), "discard_on", "between 2 and 13"),
        (dict(prowess=5, strike_prowess=10, discard_on=(1,)), "discard_on", "between 2 and 13"),
        (dict(prowess=5, strike_prowess=10, excess=-1), "excess", "between 0 and 20"),
        (dict(prowess=5, strike_prowess=10, ringwraith=True, weapon=Weapon(2, 8)), "weapon", "Ringwraith"),
        (dict(prowess=5.5, strike_prowess=10), "prowess", "whole number"),
    ],
)
def test_bad_input(kwargs, field, words):
    with pytest.raises(ValueError) as error:
        StrikeInput(**kwargs)
    assert error.value.field == field
    assert words in str(error.value)


def test_bad_rolls():
    with pytest.raises(InputError) as error:
        resolve_strike(StrikeInput(5, 10, body=8), 13)
    assert error.value.field == "roll"
    with pytest.raises(InputError) as error:
        resolve_strike(StrikeInput(5, 10, body=8), 2, 1)
    assert error.value.field == "body_roll"


def test_attack_numbers():
    a = StrikeInput(5, 9, body=8)
    b = StrikeInput(3, 9, body=6, state="tapped")
    result = attack([a, b])
    ra, rb = strike_chances(a), strike_chances(b)
    assert result.defeated == ra.outcomes["defeated"] * rb.outcomes["defeated"]
    assert result.expected_wounded == ra.outcomes["wounded"] + rb.outcomes["wounded"]
    assert result.at_least_one_eliminated == 1 - (1 - ra.outcomes["eliminated"]) * (1 - rb.outcomes["eliminated"])
    assert result.outcomes == {"defeated": result.defeated, "not_defeated": 1 - result.defeated}


def test_attack_needs_consistent_detainment():
    with pytest.raises(InputError):
        AttackInput((StrikeInput(5, 9, detainment=True), StrikeInput(5, 9, body=8)))
    with pytest.raises(InputError):
        attack([])


def test_to_dict_uses_fraction_strings():
    data = strike_chances(StrikeInput(5, 10, body=8)).to_dict()
    assert data["outcomes"]["defeated"] == str(F(26, 36))
    assert data["outcomes"]["failed"] == "0"
    assert all(set(step) == {"text", "rule", "note"} for step in data["explain"])


def _step(steps, rule_id: str) -> str:
    [text] = [step.text for step in steps if step.rule.id == rule_id]
    return text


def test_the_roll_steps_compare_the_total_not_the_natural_roll():
    """Lagduf at prowess 4 against a strike of 11 (l.510): a natural 7 does not equal 11, his total does
    (l.476-477: "this result", the roll plus his modified prowess)."""
    steps = strike_chances(StrikeInput(4, 11, body=8)).explain
    assert (
        _step(steps, "1.7.25")
        == "A natural 7 gives a total of 11, equal to the strike's prowess: the strike is ineffectual."
    )
    assert _step(steps, "1.7.26") == "A natural 6 or less gives a total below 11: the strike is successful."


def test_the_support_step_says_who_may_support():
    """l.962: an untapped character "that is not the target of a strike" supports "a character in the same
    company"; one assigned a strike is still a target (l.966)."""
    text = _step(strike_chances(StrikeInput(5, 10, body=8, support=2)).explain, "2.7.1")
    assert "in his company" in text and "not the target of a strike" in text and "not facing" not in text


def test_the_attack_steps_keep_the_rules_qualifiers():
    """l.504 defines a defeated attack for a hazard creature's attack that is not a detainment attack, and
    l.505 says a detainment attack "from a creature" is never defeated."""
    defeated = attack([StrikeInput(5, 10, body=8)]).explain
    assert _step(defeated, "1.7.42").startswith("An attack by a hazard creature that is not a detainment attack")
    detained = attack([StrikeInput(5, 10, detainment=True)]).explain
    assert _step(detained, "1.7.43") == "A detainment attack from a creature is never defeated."
