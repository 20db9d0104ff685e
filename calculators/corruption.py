"""Corruption checks (one or several in a row) and removing a corruption card."""

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from calculators import citations as rules
from calculators.dice import OUTCOMES_PER_ROLL, ROLLS, WAYS, chance_above, least_roll
from calculators.errors import InputError
from calculators.options import REQUIRED, Option, OptionTable, int_list, roll_option
from calculators.result import Step, check_distribution, result_dict
from calculators.text import signed
from calculators.validate import quoted

CHECK_OUTCOMES = ("nothing", "taps", "eliminated")
REMOVAL_OUTCOMES = ("removed", "kept")
NOT_TAPPING_PENALTY = -3

CHECK_OPTIONS = OptionTable(
    Option("points", "int", "The corruption point total", "corruption point total", REQUIRED, 0, 40, metavar="CP"),
    Option(
        "modifier", "int", "The corruption check modifier", "corruption check modifier, signed", 0, -20, 20, metavar="M"
    ),
    Option("checks", "int", "The number of checks", "number of checks in a row", 1, 1, 20, metavar="K"),
    Option("ringwraith", "bool", "Ringwraith", "the character is a Ringwraith", False),
)
REMOVAL_OPTIONS = OptionTable(
    Option(
        "remove",
        "int",
        "The removal number (roll greater than N)",
        "remove a card needing a roll greater than N",
        REQUIRED,
        0,
        20,
        metavar="N",
        field="need_greater_than",
    ),
    Option("no_tap", "bool", "Not tapping", "remove without tapping (-3)", False),
)
CHECK_ROLLS = int_list(
    "roll",
    "A corruption check roll",
    "resolve this roll (one per check: 7,12,4)",
    2,
    12,
    dice="2D6",
    metavar="R",
    syntax="Give each corruption check roll as a whole number, separated by commas, one per check, e.g. 7,12,4",
)
REMOVAL_ROLL = roll_option("roll", "The removal roll", "resolve this removal roll")


@dataclass(frozen=True)
class CorruptionInput:
    points: int
    modifier: int = 0
    checks: int = 1
    ringwraith: bool = False

    def __post_init__(self):
        if isinstance(self.points, int) and not isinstance(self.points, bool) and self.points < 0:
            raise InputError(
                "points",
                f"A corruption point total can't be negative; you gave {quoted(self.points)}. "
                "Signed values (+1, -2) are modifiers, not points.",
            )
        CHECK_OPTIONS.check(self)


@dataclass(frozen=True)
class RemovalInput:
    """Removing a corruption card that needs a roll greater than ``need_greater_than``."""

    need_greater_than: int
    no_tap: bool = False

    def __post_init__(self):
        REMOVAL_OPTIONS.check(self)


@dataclass(frozen=True)
class CorruptionResult:
    calculator: ClassVar[str] = "corruption"

    input: object
    outcomes: dict
    least_roll: int | None
    explain: tuple
    mode: str = "chances"
    rolls: tuple = ()
    outcome: str | None = None
    survives_all: Fraction | None = None
    least_roll_nothing_happens: int | None = None

    @property
    def kind(self) -> str:
        return "removal" if isinstance(self.input, RemovalInput) else "check"

    @property
    def totals(self) -> dict:
        """A check's question: does he survive (nothing happens, or he only taps)?"""
        if self.kind == "removal":
            return {}
        return {"survives": self.outcomes["nothing"] + self.outcomes["taps"]}

    def to_dict(self) -> dict:
        return result_dict(
            self,
            (
                "mode",
                "kind",
                "input",
                "outcomes",
                "totals",
                "least_roll",
                "least_roll_nothing_happens",
                "survives_all",
                "rolls",
                "outcome",
                "explain",
            ),
        )


# --- corruption checks -------------------------------------------------------------


def check_result(modified: int, points: int) -> str:
    if modified > points:
        return "nothing"
    if modified >= points - 1:
        return "taps"
    return "eliminated"


def _check_steps(check: CorruptionInput) -> list[Step]:
    cp, mod = check.points, check.modifier
    steps = [
        Step(
            f"Corruption point total: {cp} (the sum of the unsigned corruption point values).",
            rules.CORRUPTION_POINT_TOTAL,
        ),
        Step(f"Roll 2D6 {signed(mod)} (signed corruption check modifiers).", rules.CORRUPTION_MODIFIERS),
        Step(f"Greater than {cp}: nothing happens.", rules.CORRUPTION_NOTHING),
        Step(
            f"Equal to {cp} or {cp - 1}: he does not fail the check, and taps if he is untapped.",
            rules.CORRUPTION_TAPS,
        ),
        Step(
            f"{cp - 2} or less: he fails, is eliminated, and his non-follower cards are discarded.",
            rules.CORRUPTION_ELIMINATED,
        ),
    ]
    return steps


def _later_checks_step() -> Step:
    return Step(
        "A character eliminated by a corruption check is removed from active play.",
        rules.CORRUPTION_ELIMINATED_LEAVES_PLAY,
        "So he makes none of the later checks.",
    )


def _ringwraith_result(check: CorruptionInput, mode: str, rolls: tuple) -> CorruptionResult:
    outcomes = {"nothing": Fraction(1), "taps": Fraction(0), "eliminated": Fraction(0)}
    steps = (Step("Ringwraiths never make corruption checks, so nothing happens.", rules.RINGWRAITH_NO_CORRUPTION),)
    survives = Fraction(1) if check.checks > 1 else None
    return CorruptionResult(
        check, outcomes, None, steps, mode, rolls, "nothing" if mode == "roll" else None, survives, None
    )


def corruption_chances(check: CorruptionInput) -> CorruptionResult:
    if check.ringwraith:
        return _ringwraith_result(check, "chances", ())
    ways = dict.fromkeys(CHECK_OUTCOMES, 0)
    for roll in ROLLS:
        ways[check_result(roll + check.modifier, check.points)] += WAYS[roll]
    one = {name: Fraction(count, OUTCOMES_PER_ROLL) for name, count in ways.items()}
    passes = least_roll(lambda r: r + check.modifier >= check.points - 1)
    untouched = least_roll(lambda r: r + check.modifier > check.points)
    steps = _check_steps(check)
    steps.append(
        Step(
            "Least natural roll that passes (not eliminated): "
            + (str(passes) if passes else "none")
            + "; least roll for which nothing happens: "
            + (str(untouched) if untouched else "none")
            + ".",
            rules.CORRUPTION_CHECK,
        )
    )
    survives_all = None
    if check.checks == 1:
        outcomes = one
    else:
        k = check.checks
        not_eliminated = 1 - one["eliminated"]
        all_nothing = one["nothing"] ** k
        survives_all = not_eliminated**k
        outcomes = {"nothing": all_nothing, "taps": survives_all - all_nothing, "eliminated": 1 - survives_all}
        steps.append(
            Step(
                f"{k} checks in a row: failing any one of them eliminates him.",
                rules.CORRUPTION_ELIMINATED,
                'Here "eliminated" is failing any one check, "taps" is passing every check with at least one '
                'equal to his total or one less, and "nothing" is every check greater than his total; '
                "surviving all is nothing or taps.",
            )
        )
        steps.append(_later_checks_step())
    return CorruptionResult(
        check,
        check_distribution(outcomes),
        passes,
        tuple(steps),
        survives_all=survives_all,
        least_roll_nothing_happens=untouched,
    )


def resolve_corruption(check: CorruptionInput, rolls) -> CorruptionResult:
    """Resolve given rolls: one roll, or one per check when ``checks`` > 1."""
    rolls = (rolls,) if isinstance(rolls, int) else tuple(rolls)
    if len(rolls) != check.checks:
        raise InputError(
            "roll",
            f"Give one roll per check: {check.checks} check(s) but {len(rolls)} roll(s).",
        )
    CHECK_ROLLS.check(rolls)
    if check.ringwraith:
        return _ringwraith_result(check, "roll", rolls)
    steps = _check_steps(check)
    outcome = "nothing"
    for number, roll in enumerate(rolls, start=1):
        modified = roll + check.modifier
        result = check_result(modified, check.points)
        shown = f"{roll} {signed(check.modifier)} = {modified}" if check.modifier else f"{roll}"
        label = f"Check {number}: " if len(rolls) > 1 else ""
        rule = {
            "nothing": rules.CORRUPTION_NOTHING,
            "taps": rules.CORRUPTION_TAPS,
            "eliminated": rules.CORRUPTION_ELIMINATED,
        }[result]
        text = {
            "nothing": f"{label}{shown} > {check.points}: nothing happens.",
            "taps": f"{label}{shown} is {check.points} or one less: he taps if untapped.",
            "eliminated": f"{label}{shown} is {check.points - 2} or less: he is eliminated.",
        }[result]
        steps.append(Step(text, rule))
        if result == "eliminated":
            outcome = "eliminated"
            if number < len(rolls):
                steps.append(_later_checks_step())
            break
        if result == "taps":
            outcome = "taps"
    outcomes = {name: Fraction(int(name == outcome)) for name in CHECK_OUTCOMES}
    survives = Fraction(int(outcome != "eliminated")) if check.checks > 1 else None
    return CorruptionResult(check, outcomes, None, tuple(steps), "roll", rolls, outcome, survives)


# --- removing a corruption card ------------------------------------------------------------


def _removal_modifier(removal: RemovalInput) -> int:
    return NOT_TAPPING_PENALTY if removal.no_tap else 0


def _removal_steps(removal: RemovalInput) -> list[Step]:
    steps = [
        Step(f"The card is removed on a roll greater than {removal.need_greater_than}.", rules.REMOVAL_GREATER_THAN)
    ]
    if removal.no_tap:
        steps.append(
            Step(
                "Not tapping (or already tapped or wounded): -3 to the roll.",
                rules.REMOVAL_NOT_TAPPING,
            )
        )
        steps.append(
            Step("With the -3 he may make only one removal attempt at this card each turn.", rules.REMOVAL_ONE_ATTEMPT)
        )
        steps.append(
            Step(
                "Having tried without tapping, he cannot make another attempt, even by tapping (the Layos example).",
                rules.REMOVAL_NO_RETRY_EXAMPLE,
                'The example does not say for how long; with 1.8.19\'s "each turn", this site reads it as for '
                "the rest of the turn.",
            )
        )
    else:
        steps.append(Step("He taps to make the attempt, as the card says: no modifier.", rules.REMOVAL_TAPS))
    return steps


def removal_chances(removal: RemovalInput) -> CorruptionResult:
    mod = _removal_modifier(removal)
    removed = chance_above(mod, removal.need_greater_than)
    outcomes = check_distribution({"removed": removed, "kept": 1 - removed})
    first = least_roll(lambda r: r + mod > removal.need_greater_than)
    steps = _removal_steps(removal)
    steps.append(
        Step(
            "Least natural roll that removes it: " + (str(first) if first else "none") + ".",
            rules.REMOVAL_GREATER_THAN,
        )
    )
    return CorruptionResult(removal, outcomes, first, tuple(steps))


def resolve_removal(removal: RemovalInput, roll: int) -> CorruptionResult:
    if not isinstance(roll, int) or isinstance(roll, bool):
        raise InputError("roll", "A removal attempt takes one roll.")
    REMOVAL_ROLL.check(roll)
    mod = _removal_modifier(removal)
    steps = _removal_steps(removal)
    net = roll + mod
    shown = f"{roll} - 3 = {net}" if mod else f"{roll}"
    outcome = "removed" if net > removal.need_greater_than else "kept"
    steps.append(
        Step(
            f"Roll {shown} {'>' if outcome == 'removed' else '<='} {removal.need_greater_than}: "
            + ("the card is removed." if outcome == "removed" else "the card stays."),
            rules.REMOVAL_GREATER_THAN,
        )
    )
    outcomes = {name: Fraction(int(name == outcome)) for name in REMOVAL_OUTCOMES}
    return CorruptionResult(removal, outcomes, None, tuple(steps), "roll", (roll,), outcome)
