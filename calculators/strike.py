"""One strike against one character: prowess, the roll, and the body checks.

Also ``attack``: several strikes of one attack, each against its own target.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from calculators import citations as rules
from calculators.dice import OUTCOMES_PER_ROLL, ROLLS, WAYS, least_roll
from calculators.errors import InputError
from calculators.options import (
    REQUIRED,
    Option,
    OptionTable,
    game_option,
    int_list,
    roll_option,
    standard_only,
    to_int,
)
from calculators.result import Step, check_distribution, result_dict
from calculators.text import signed
from calculators.validate import quoted

STATES = ("untapped", "tapped", "wounded")
OUTCOMES = (
    "defeated",
    "failed",
    "ineffectual",
    "detained",
    "wounded",
    "discarded",
    "eliminated",
    "returned_to_hand",
)
OUT_OF_PLAY = ("discarded", "eliminated", "returned_to_hand")  # each follows a wound
RINGWRAITH_RETURN_RESULTS = (7, 8)
WEAPON_SYNTAX = "Write the weapon as BONUS:MAX, e.g. 2:8"
WEAPON_BONUS = Option("weapon", "int", "A weapon's prowess bonus", "", None, 1, 20)
WEAPON_MAXIMUM = Option("weapon", "int", "A weapon's maximum prowess", "", None, -20, 40)


@dataclass(frozen=True)
class Weapon:
    """A weapon's prowess bonus and, when printed, the maximum it allows."""

    bonus: int
    maximum: int | None = None

    def __post_init__(self):
        WEAPON_BONUS.check(self.bonus)
        WEAPON_MAXIMUM.check(self.maximum)

    def __str__(self) -> str:
        cap = "" if self.maximum is None else f" to a maximum of {self.maximum}"
        return f"{signed(self.bonus)} prowess{cap}"


def parse_weapon(value) -> Weapon | None:
    """ "2:8", "+2:8", "2", {"bonus": 2, "maximum": 8} or [2, 8]."""
    if value is None or isinstance(value, Weapon):
        return value
    if isinstance(value, dict):
        return Weapon(
            to_int("weapon", WEAPON_BONUS.label, value.get("bonus")),
            None if value.get("maximum") is None else to_int("weapon", WEAPON_MAXIMUM.label, value["maximum"]),
        )
    if isinstance(value, (list, tuple)) and len(value) in (1, 2):
        parts = list(value)
    elif isinstance(value, str):
        parts = value.split(":")
    else:
        parts = [value]
    given_maximum = len(parts) == 2 and not (isinstance(parts[1], str) and not parts[1].strip())
    try:
        bonus = to_int("weapon", WEAPON_BONUS.label, parts[0])
        maximum = to_int("weapon", WEAPON_MAXIMUM.label, parts[1]) if given_maximum else None
    except InputError:
        raise InputError("weapon", f"{WEAPON_SYNTAX}; you gave {quoted(value)}.") from None
    return Weapon(bonus, maximum)


# One strike's options: the command line, api.run and the form read these.
STRIKE_OPTIONS = OptionTable(
    Option("prowess", "int", "Prowess", "the character's prowess", REQUIRED, -20, 40, metavar="P"),
    Option("strike_prowess", "int", "The strike's prowess", "the strike's prowess", REQUIRED, -20, 40, metavar="S"),
    Option(
        "state",
        "choice",
        "The character's state",
        "untapped (default), tapped or wounded",
        "untapped",
        choices=STATES,
        metavar="STATE",
    ),
    Option("no_tap", "bool", "Not tapping", "take -3 so as not to tap", False),
    Option("excess", "int", "Excess strikes", "excess strikes allocated to him (-1 each)", 0, 0, 20, metavar="N"),
    Option(
        "support",
        "int",
        "Supporting characters",
        "supporting characters (+1 each; Standard Rules)",
        0,
        0,
        20,
        metavar="N",
        game=standard_only(
            "Supporting a character who faces a strike is one of the Standard Rules' additions "
            f"({rules.SUPPORT}); the Starter game has no support."
        ),
    ),
    Option(
        "modifier",
        "int",
        "The other prowess modifier",
        "other cards' prowess modifier, signed",
        0,
        -20,
        20,
        metavar="M",
    ),
    Option(
        "weapon",
        "text",
        "The weapon",
        "weapon bonus and maximum, e.g. 2:8",
        None,
        metavar="BONUS:MAX",
        pattern=r"^\s*[+-]?[0-9]+\s*(:\s*[+-]?[0-9]+\s*)?$",
        syntax=WEAPON_SYNTAX,
        parts=(WEAPON_BONUS, WEAPON_MAXIMUM),
        parse=parse_weapon,
    ),
    Option("strike_body", "int", "The strike's body", 'the strike\'s body (omit for "-")', None, 0, 20, metavar="B"),
    Option("body", "int", "The character's body", "the character's body", None, 0, 20, metavar="B"),
    int_list(
        "discard_on",
        "A discard-on result",
        "discard-on body check results, e.g. 7,8",
        2,
        13,
        note="a body check roll, 12 + 1 when already wounded",
        metavar="LIST",
        syntax="Give the discard-on results as whole numbers separated by commas, e.g. 7,8",
    ),
    Option("detainment", "bool", "Detainment", "a detainment attack", False),
    Option("ringwraith", "bool", "Ringwraith", "the target is a Ringwraith", False),
    game_option("the Starter game: no support, and a Ringwraith's body check is like any other"),
)
STRIKE_ROLLS = OptionTable(
    roll_option("roll", "The strike roll", "resolve this strike roll"),
    roll_option("body_roll", "The body check roll", "and this body check roll"),
)
STRIKES = Option(
    "strikes",
    "rows",
    "The attack's strikes",
    "one set of strike options per character",
    REQUIRED,
    1,
    8,
    item=STRIKE_OPTIONS,
)


@dataclass(frozen=True)
class StrikeInput:
    prowess: int
    strike_prowess: int
    state: str = "untapped"
    no_tap: bool = False
    excess: int = 0
    support: int = 0
    modifier: int = 0
    weapon: Weapon | None = None
    strike_body: int | None = None
    body: int | None = None
    discard_on: tuple[int, ...] = ()
    detainment: bool = False
    ringwraith: bool = False
    starter: bool = False

    def __post_init__(self):
        object.__setattr__(self, "discard_on", tuple(self.discard_on))
        STRIKE_OPTIONS.check(self)
        if self.weapon is not None and not isinstance(self.weapon, Weapon):
            raise InputError("weapon", f"{WEAPON_SYNTAX}.")
        object.__setattr__(self, "discard_on", tuple(sorted(set(self.discard_on))))
        if self.no_tap and self.state != "untapped":
            raise InputError(
                "no_tap",
                f"Only an untapped character can take -3 to stay untapped; this one is {self.state}.",
            )
        if self.ringwraith and self.weapon is not None:
            raise InputError(
                "weapon",
                f"A Ringwraith may carry items but not use them, so a weapon gives him no bonus ({rules.RINGWRAITH_NO_ITEMS}).",
            )

    @property
    def returns_to_hand(self) -> bool:
        """Whether a body check of 7 or 8 returns him to hand: a Ringwraith in the Standard game."""
        return self.ringwraith and not self.starter


@dataclass(frozen=True)
class StrikeResult:
    calculator: ClassVar[str] = "strike"

    input: StrikeInput
    modified_prowess: int
    outcomes: dict
    least_roll: int | None
    explain: tuple
    mode: str = "chances"
    roll: int | None = None
    body_roll: int | None = None
    outcome: str | None = None

    @property
    def totals(self) -> dict:
        """The questions a player asks, each summing several outcomes: is he wounded at all
        (then survives, or not), and does he leave play (discarded, eliminated or, for a
        Ringwraith in the Standard game, back to hand)?"""
        out_of_play = sum(self.outcomes[name] for name in OUT_OF_PLAY)
        return {"wounded": self.outcomes["wounded"] + out_of_play, "out_of_play": out_of_play}

    def to_dict(self) -> dict:
        return result_dict(
            self,
            (
                "mode",
                "input",
                "modified_prowess",
                "outcomes",
                "totals",
                "least_roll",
                "roll",
                "body_roll",
                "outcome",
                "explain",
            ),
        )


# --- prowess -----------------------------------------------------------------


def modified_prowess(strike: StrikeInput) -> tuple[int, list[Step]]:
    """The target's prowess against this strike, with one step per modifier."""
    prowess = strike.prowess
    steps = []
    if strike.weapon is not None:
        prowess, step = _apply_weapon(prowess, strike.weapon)
        steps.append(step)
    if strike.state == "tapped":
        prowess -= 1
        steps.append(Step("Tapped (and not wounded): -1 prowess.", rules.TAPPED_PROWESS))
    elif strike.state == "wounded":
        prowess -= 2
        steps.append(Step("Wounded: -2 prowess.", rules.WOUNDED_PROWESS))
    if strike.no_tap:
        prowess -= 3
        steps.append(
            Step(
                "Takes -3 so as not to be tapped after the strike (he may still be wounded).",
                rules.NOT_TAPPING_PROWESS,
            )
        )
    if strike.excess:
        prowess -= strike.excess
        steps.append(
            Step(
                f"{strike.excess} excess strike(s) allocated to this target: {signed(-strike.excess)}.",
                rules.EXCESS_STRIKES,
            )
        )
        steps.append(
            Step(
                "The attacker may not choose not to apply excess strike modifiers.",
                rules.EXCESS_STRIKES_ALL_PLACED,
                'With 1.7.53 (before each strike he "may decide to use any or all" of the remaining -1s), '
                "this site reads this as: he chooses the strikes they go on, but by the end of the attack "
                "every one has been placed.",
            )
        )
    if strike.support:
        prowess += strike.support
        steps.append(
            Step(
                f"{strike.support} untapped character(s) in his company who are not the target of a strike "
                f"tap to support him: {signed(strike.support)} (Standard Rules).",
                rules.SUPPORT,
            )
        )
        steps.append(Step("An ally may tap to support him in the same way.", rules.ALLY_SUPPORT))
    if strike.modifier:
        prowess += strike.modifier
        steps.append(
            Step(
                f"Other cards played on the strike: {signed(strike.modifier)}.",
                rules.CARD_PROWESS_MODIFIERS,
            )
        )
    steps.append(Step(f"Modified prowess against this strike: {prowess}.", rules.STRIKE_ROLL))
    return prowess, steps


def _apply_weapon(prowess: int, weapon: Weapon) -> tuple[int, Step]:
    if weapon.maximum is None:
        armed = prowess + weapon.bonus
        text = f"Weapon first ({weapon}): {prowess} {signed(weapon.bonus)} = {armed}."
    elif prowess >= weapon.maximum:
        return prowess, Step(
            f"Weapon first ({weapon}): base {prowess} is already at or above its maximum.",
            rules.WEAPON_FIRST,
            f"The rules do not say what a maximum does to a prowess already above it; this site reads it "
            f"as limiting the bonus only, so the weapon adds nothing and never lowers prowess: {prowess}.",
        )
    else:
        armed = min(prowess + weapon.bonus, weapon.maximum)
        text = f"Weapon first ({weapon}): {prowess} {signed(weapon.bonus)}, at most {weapon.maximum}: {armed}."
    return armed, Step(text, rules.WEAPON_FIRST)


# --- single results ------------------------------------------------------------


def strike_roll_result(total: int, strike_prowess: int) -> str:
    """'fails', 'ineffectual' or 'successful', from the strike's point of view."""
    if total > strike_prowess:
        return "fails"
    if total == strike_prowess:
        return "ineffectual"
    return "successful"


def strike_body_check(strike_body: int | None, body_roll: int | None) -> str:
    """After the strike fails: 'defeated' or 'failed' (the strike survives)."""
    if strike_body is None or body_roll > strike_body:
        return "defeated"
    return "failed"


def character_body_check(strike: StrikeInput, body_roll: int) -> str:
    modified = body_roll + (1 if strike.state == "wounded" else 0)
    if strike.returns_to_hand and modified in RINGWRAITH_RETURN_RESULTS:
        return "returned_to_hand"
    if modified in strike.discard_on:
        return "discarded"
    if modified > strike.body:
        return "eliminated"
    return "wounded"


# --- chances -----------------------------------------------------------------------


def strike_chances(strike: StrikeInput) -> StrikeResult:
    prowess, steps = modified_prowess(strike)
    fail_ways = tie_ways = success_ways = 0
    for roll in ROLLS:
        result = strike_roll_result(roll + prowess, strike.strike_prowess)
        if result == "fails":
            fail_ways += WAYS[roll]
        elif result == "ineffectual":
            tie_ways += WAYS[roll]
        else:
            success_ways += WAYS[roll]

    first_fail = least_roll(lambda roll: roll + prowess > strike.strike_prowess)
    steps += _roll_steps(strike, prowess, first_fail)

    ways = dict.fromkeys(OUTCOMES, 0)  # out of 36 * 36
    defeat_ways = sum(WAYS[b] for b in ROLLS if strike_body_check(strike.strike_body, b) == "defeated")
    ways["defeated"] = fail_ways * defeat_ways
    ways["failed"] = fail_ways * (OUTCOMES_PER_ROLL - defeat_ways)
    ways["ineffectual"] = tie_ways * OUTCOMES_PER_ROLL
    if fail_ways:
        steps.append(_strike_body_step(strike))

    if success_ways:
        if strike.detainment:
            ways["detained"] = success_ways * OUTCOMES_PER_ROLL
            steps.append(_detainment_step(strike))
        else:
            _require_body(strike)
            for body_roll in ROLLS:
                ways[character_body_check(strike, body_roll)] += success_ways * WAYS[body_roll]
            steps += _body_check_steps(strike)

    total = OUTCOMES_PER_ROLL * OUTCOMES_PER_ROLL
    outcomes = check_distribution({name: Fraction(count, total) for name, count in ways.items()})
    return StrikeResult(strike, prowess, outcomes, first_fail, tuple(steps))


def _roll_steps(strike: StrikeInput, prowess: int, first_fail: int | None) -> list[Step]:
    s = strike.strike_prowess
    if first_fail is None:
        fails = "no roll is enough"
    elif first_fail == 2:
        fails = "every roll is enough"
    else:
        fails = f"a natural {first_fail} or more"
    steps = [
        Step(
            f"The defender rolls 2D6 and adds {prowess}. The strike fails if the total is greater than {s}: {fails}.",
            rules.STRIKE_FAILS,
        )
    ]
    tie = s - prowess
    if 2 <= tie <= 12:
        steps.append(
            Step(
                f"A natural {tie} gives a total of {s}, equal to the strike's prowess: the strike is ineffectual.",
                rules.STRIKE_INEFFECTUAL,
            )
        )
    if s - prowess - 1 >= 2:
        top = min(12, s - prowess - 1)
        steps.append(
            Step(
                f"A natural {top} or less gives a total below {s}: the strike is successful.",
                rules.STRIKE_SUCCESSFUL,
            )
        )
    return steps


def _strike_body_step(strike: StrikeInput) -> Step:
    if strike.strike_body is None:
        return Step('The strike\'s body is "-", so a strike that fails is defeated.', rules.STRIKE_WITHOUT_BODY)
    return Step(
        f"The strike's body is {strike.strike_body}: a failed strike is defeated only if the "
        f"defender's body check roll is greater than {strike.strike_body}; otherwise it fails "
        "but is not defeated.",
        rules.STRIKE_BODY_CHECK,
    )


def _detainment_step(strike: StrikeInput) -> Step:
    if strike.state == "untapped":
        return Step(
            "Detainment attack: a successful strike taps the untapped target instead of wounding him.", rules.DETAINMENT
        )
    return Step(
        f"Detainment attack: a successful strike taps an untapped target instead of wounding him; this one is "
        f"{strike.state}.",
        rules.DETAINMENT,
        "The rules give a successful detainment strike no effect on a target already tapped or wounded, so "
        "this site counts him as detained and nothing more happens.",
    )


def _require_body(strike: StrikeInput) -> None:
    if strike.body is None:
        raise InputError(
            "body",
            "The character's body is needed: a successful strike wounds him and he must make a body check.",
        )


def _body_check_steps(strike: StrikeInput) -> list[Step]:
    steps = [Step("A successful strike wounds him, and the attacker makes a body check: 2D6.", rules.BODY_CHECK)]
    if strike.state == "wounded":
        steps.append(
            Step(
                "He was already wounded before this strike: +1 to the body check, never more than +1.",
                rules.WOUNDED_BONUS_ONCE,
            )
        )
    if strike.returns_to_hand:
        steps.append(
            Step(
                "Ringwraith (Standard Rules): a body check of exactly 7 or 8 returns him to your hand, "
                "and you do not lose the game.",
                rules.RINGWRAITH_BODY_CHECK,
                "The rule does not say whether the +1 for an already wounded Ringwraith counts; this site reads "
                'it on the modified roll, as a "discard on" result is (1.7.28), and before elimination.',
            )
        )
    if strike.discard_on:
        listed = " or ".join(str(v) for v in strike.discard_on)
        steps.append(Step(f"Discarded on a modified body check of {listed}.", rules.BODY_CHECK_DISCARD))
    # "Otherwise" only after a result the check is tested for first (discarded, back to hand).
    otherwise = "Otherwise, a" if strike.discard_on or strike.returns_to_hand else "A"
    steps.append(
        Step(
            f"{otherwise} modified body check greater than his body {strike.body} eliminates him.",
            rules.BODY_CHECK_ELIMINATED,
        )
    )
    steps.append(Step("Otherwise, he is just wounded.", rules.BODY_CHECK_WOUNDED))
    if strike.ringwraith:
        steps.append(Step("If your Ringwraith is eliminated, your opponent wins.", rules.RINGWRAITH_ELIMINATED_LOSES))
    return steps


# --- one roll ----------------------------------------------------------------------


def resolve_strike(strike: StrikeInput, roll: int, body_roll: int | None = None) -> StrikeResult:
    """Resolve one strike roll, and the body check roll if one is needed.

    Without ``body_roll`` where a body check follows, the outcomes are the
    chances over that body check.
    """
    STRIKE_ROLLS["roll"].check(roll)
    STRIKE_ROLLS["body_roll"].check(body_roll)
    prowess, steps = modified_prowess(strike)
    total = roll + prowess
    result = strike_roll_result(total, strike.strike_prowess)
    relation = {"fails": ">", "ineffectual": "=", "successful": "<"}[result]
    rule = {
        "fails": rules.STRIKE_FAILS,
        "ineffectual": rules.STRIKE_INEFFECTUAL,
        "successful": rules.STRIKE_SUCCESSFUL,
    }[result]
    steps.append(
        Step(
            f"Roll {roll} + {prowess} = {total} {relation} {strike.strike_prowess}: the strike "
            + {"fails": "fails.", "ineffectual": "is ineffectual.", "successful": "is successful."}[result],
            rule,
        )
    )

    if result == "ineffectual":
        return _one_outcome(strike, prowess, steps, roll, body_roll, "ineffectual")
    if result == "fails":
        if strike.strike_body is None:
            steps.append(_strike_body_step(strike))
            return _one_outcome(strike, prowess, steps, roll, body_roll, "defeated")

        def describe(b):
            return Step(
                f"Strike body check: {b} {'>' if b > strike.strike_body else '<='} {strike.strike_body}: "
                + ("the strike is defeated." if b > strike.strike_body else "the strike is not defeated."),
                rules.STRIKE_BODY_CHECK,
            )

        return _with_body_roll(
            strike,
            prowess,
            steps,
            roll,
            body_roll,
            lambda b: strike_body_check(strike.strike_body, b),
            describe,
            [_strike_body_step(strike)],
        )
    if strike.detainment:
        steps.append(_detainment_step(strike))
        return _one_outcome(strike, prowess, steps, roll, body_roll, "detained")
    _require_body(strike)
    return _with_body_roll(
        strike,
        prowess,
        steps,
        roll,
        body_roll,
        lambda b: character_body_check(strike, b),
        lambda b: Step(_describe_body_check(strike, b), BODY_CHECK_RULES[character_body_check(strike, b)]),
        _body_check_steps(strike),
    )


BODY_CHECK_RULES = {  # the rule each body check outcome comes from
    "returned_to_hand": rules.RINGWRAITH_BODY_CHECK,
    "discarded": rules.BODY_CHECK_DISCARD,
    "eliminated": rules.BODY_CHECK_ELIMINATED,
    "wounded": rules.BODY_CHECK_WOUNDED,
}


def _describe_body_check(strike: StrikeInput, body_roll: int) -> str:
    bonus = 1 if strike.state == "wounded" else 0
    modified = body_roll + bonus
    shown = f"{body_roll} + 1 = {modified}" if bonus else f"{modified}"
    outcome = character_body_check(strike, body_roll)
    return {
        "returned_to_hand": f"Body check {shown}: exactly 7 or 8 against a Ringwraith, so he returns to your hand.",
        "discarded": f"Body check {shown}: a discard-on result, so he is discarded.",
        "eliminated": f"Body check {shown} > body {strike.body}: he is eliminated.",
        "wounded": f"Body check {shown} <= body {strike.body}: he is just wounded.",
    }[outcome]


def _with_body_roll(strike, prowess, steps, roll, body_roll, check, describe, rule_steps):
    steps += list(rule_steps)
    if body_roll is not None:
        steps.append(describe(body_roll))
        return _one_outcome(strike, prowess, steps, roll, body_roll, check(body_roll))
    steps.append(Step("No body check roll given: these are the chances over that roll.", rules.MAKING_A_ROLL))
    ways = dict.fromkeys(OUTCOMES, 0)
    for b in ROLLS:
        ways[check(b)] += WAYS[b]
    outcomes = check_distribution({k: Fraction(v, OUTCOMES_PER_ROLL) for k, v in ways.items()})
    return StrikeResult(strike, prowess, outcomes, None, tuple(steps), "roll", roll, None, None)


def _one_outcome(strike, prowess, steps, roll, body_roll, outcome) -> StrikeResult:
    outcomes = {name: Fraction(int(name == outcome)) for name in OUTCOMES}
    return StrikeResult(strike, prowess, outcomes, None, tuple(steps), "roll", roll, body_roll, outcome)


# --- a whole attack -----------------------------------------------------------------


@dataclass(frozen=True)
class AttackInput:
    """The strikes of one attack, each assigned to a different character."""

    strikes: tuple = field(default_factory=tuple)

    def __post_init__(self):
        strikes = tuple(self.strikes)
        object.__setattr__(self, "strikes", strikes)
        STRIKES.check(strikes)
        for strike in strikes:
            if not isinstance(strike, StrikeInput):
                raise InputError("strikes", "Each strike must be a StrikeInput.")
        if len({s.detainment for s in strikes}) > 1:
            raise InputError(
                "detainment",
                "Detainment belongs to the whole attack: mark all its strikes or none.",
            )
        if len({s.starter for s in strikes}) > 1:
            raise InputError("starter", "The game belongs to the whole attack: mark all its strikes or none.")


@dataclass(frozen=True)
class AttackResult:
    calculator: ClassVar[str] = "attack"

    input: AttackInput
    strikes: tuple
    outcomes: dict
    defeated: Fraction
    expected_wounded: Fraction
    at_least_one_eliminated: Fraction
    explain: tuple

    @property
    def totals(self) -> dict:
        """The chance that at least one character is wounded, and that at least one leaves play
        (the strikes are independent)."""
        return {
            name: 1 - _product(1 - strike.totals[name] for strike in self.strikes)
            for name in ("wounded", "out_of_play")
        }

    def to_dict(self) -> dict:
        return result_dict(
            self,
            ("strikes", "outcomes", "totals", "defeated", "expected_wounded", "at_least_one_eliminated", "explain"),
        )


def _product(factors) -> Fraction:
    total = Fraction(1)
    for factor in factors:
        total *= factor
    return total


def attack(strikes: Iterable[StrikeInput] | AttackInput) -> AttackResult:
    """Chances for one attack whose strikes are resolved independently."""
    attack_input = strikes if isinstance(strikes, AttackInput) else AttackInput(tuple(strikes))
    results = tuple(strike_chances(s) for s in attack_input.strikes)
    detainment = attack_input.strikes[0].detainment
    defeated = Fraction(0) if detainment else Fraction(1)
    survive_all = Fraction(1)
    expected_wounded = Fraction(0)
    for result in results:
        if not detainment:
            defeated *= result.outcomes["defeated"]
        survive_all *= 1 - result.outcomes["eliminated"]
        expected_wounded += result.outcomes["wounded"]
    steps = [
        Step(
            f"The attack has {len(results)} strike(s); strikes are resolved one at a time.",
            rules.STRIKES_ONE_AT_A_TIME,
        )
    ]
    if detainment:
        steps.append(Step("A detainment attack from a creature is never defeated.", rules.ATTACK_NOT_DEFEATED))
    else:
        steps.append(
            Step(
                "An attack by a hazard creature that is not a detainment attack is defeated if all of its "
                "strikes assigned to the company are defeated.",
                rules.ATTACK_DEFEATED,
                "So one ineffectual, successful or undefeated strike leaves it undefeated (1.7.43 says so of an "
                "ineffectual one).",
            )
        )
    outcomes = check_distribution({"defeated": defeated, "not_defeated": 1 - defeated})
    return AttackResult(attack_input, results, outcomes, defeated, expected_wounded, 1 - survive_all, tuple(steps))
