"""Influence checks: bringing a faction into play."""

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from calculators import citations as rules
from calculators.dice import chance_above, least_roll
from calculators.errors import InputError
from calculators.options import REQUIRED, Option, OptionTable, int_list, roll_option
from calculators.result import Step, check_distribution, result_dict
from calculators.text import signed

OUTCOMES = ("success", "failure")

INFLUENCE_OPTIONS = OptionTable(
    Option("required", "int", "The faction's required value", "the faction's number", REQUIRED, 0, 40, metavar="R"),
    Option("direct_influence", "int", "Direct influence", "the character's direct influence", 0, 0, 30, metavar="DI"),
    Option("followers_mind", "int", "The followers' total mind", "his followers' total mind", 0, 0, 60, metavar="F"),
    int_list(
        "modifier",
        "Each influence modifier",
        "a modifier, signed; repeat for several",
        -20,
        20,
        field="modifiers",
        metavar="M",
        syntax="Give each influence modifier as a whole number, separated by commas, e.g. +3,+2",
    ),
)
INFLUENCE_ROLL = roll_option("roll", "The influence check roll", "resolve this roll")


@dataclass(frozen=True)
class InfluenceInput:
    required: int
    direct_influence: int = 0
    followers_mind: int = 0
    modifiers: tuple[int, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "modifiers", tuple(self.modifiers))
        INFLUENCE_OPTIONS.check(self)

    @property
    def unused_direct_influence(self) -> int:
        return max(0, self.direct_influence - self.followers_mind)

    @property
    def bonus(self) -> int:
        return self.unused_direct_influence + sum(self.modifiers)


@dataclass(frozen=True)
class InfluenceResult:
    calculator: ClassVar[str] = "influence"

    input: InfluenceInput
    unused_direct_influence: int
    total_modifier: int
    outcomes: dict
    least_roll: int | None
    explain: tuple
    mode: str = "chances"
    roll: int | None = None
    outcome: str | None = None

    def to_dict(self) -> dict:
        return result_dict(
            self,
            (
                "mode",
                "input",
                "unused_direct_influence",
                "total_modifier",
                "outcomes",
                "least_roll",
                "roll",
                "outcome",
                "explain",
            ),
        )


def _steps(check: InfluenceInput) -> list[Step]:
    di, f = check.direct_influence, check.followers_mind
    steps = [
        Step(
            f"Unused direct influence: {di} - {f} (followers' mind) = {di - f}"
            + (", but never below 0: 0." if f > di else "."),
            rules.UNUSED_DIRECT_INFLUENCE,
        )
    ]
    if f > di:
        steps.append(
            Step(
                "His followers' total mind may not exceed his direct influence, as it does here.",
                rules.FOLLOWERS_MIND_LIMIT,
            )
        )
    if check.modifiers:
        listed = " ".join(signed(m) for m in check.modifiers)
        steps.append(
            Step(
                f"Modifiers: {listed}.",
                rules.INFLUENCE_MODIFICATIONS,
            )
        )
        steps.append(
            Step(
                "Certain characters have special modifications to influence checks; one counts only if it "
                "belongs to the character tapped for the check.",
                rules.OWN_INFLUENCE_BONUS,
            )
        )
    steps.append(
        Step(
            f"Roll 2D6 {signed(check.bonus)}; the faction comes into play if the result is greater "
            f"than {check.required}, otherwise it is discarded.",
            rules.INFLUENCE_CHECK_RESULT,
        )
    )
    steps.append(Step("A faction that comes into play taps the site.", rules.FACTION_TAPS_SITE))
    steps.append(
        Step(
            "In the rulebook's example, a failed check discards the faction card and the site does not tap.",
            rules.FAILED_INFLUENCE_SITE_UNTAPPED,
            "This site takes the example as the general case: a site taps when a faction is played there "
            "(1.4.14, 1.10.19), and a discarded faction was not played.",
        )
    )
    return steps


def influence_chances(check: InfluenceInput) -> InfluenceResult:
    bonus = check.bonus
    succeed = chance_above(bonus, check.required)
    outcomes = check_distribution({"success": succeed, "failure": 1 - succeed})
    first = least_roll(lambda r: r + bonus > check.required)
    steps = _steps(check)
    steps.append(
        Step(
            "Least natural roll that succeeds: " + (str(first) if first else "none") + ".",
            rules.INFLUENCE_CHECK,
        )
    )
    return InfluenceResult(check, check.unused_direct_influence, bonus, outcomes, first, tuple(steps))


def resolve_influence(check: InfluenceInput, roll: int) -> InfluenceResult:
    if not isinstance(roll, int) or isinstance(roll, bool):
        raise InputError("roll", "An influence check takes one roll.")
    INFLUENCE_ROLL.check(roll)
    total = roll + check.bonus
    outcome = "success" if total > check.required else "failure"
    steps = _steps(check)
    steps.append(
        Step(
            f"Roll {roll} {signed(check.bonus)} = {total} "
            + (f"> {check.required}: success." if outcome == "success" else f"<= {check.required}: failure."),
            rules.INFLUENCE_CHECK_RESULT,
        )
    )
    outcomes = {name: Fraction(int(name == outcome)) for name in OUTCOMES}
    return InfluenceResult(
        check, check.unused_direct_influence, check.bonus, outcomes, None, tuple(steps), "roll", roll, outcome
    )
