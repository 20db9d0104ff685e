"""Strategy Battle Game Passengers (Advanced Rules): which model a shot at the rider
hits, and the D6 roll to Mount a Cavalry model as a Passenger.

Both are plain D6 rolls with no modifiers in the text (``sources/sbg-advanced-rules.txt``,
Hitting Passengers and Mounting).
"""

from dataclasses import dataclass
from fractions import Fraction

from calculators import citations as rules
from calculators.dice import D6_FACES
from calculators.options import OptionTable, roll_option
from calculators.result import Step, check_distribution, result_dict

FACES = D6_FACES
D6_ROLL_OPTIONS = OptionTable(roll_option("roll", "The roll", "resolve this D6 roll (1-6)", dice="D6"))

PASSENGER_HIT_OUTCOMES = ("passenger", "rider")
MOUNT_OUTCOMES = ("fails", "mounts", "mounts_cavalry_may_activate")


@dataclass(frozen=True)
class D6Result:
    """A D6 roll read off a fixed table: the chances, or one roll resolved."""

    calculator: str
    input: object
    outcomes: dict
    faces: dict  # natural roll -> outcome name
    explain: tuple
    mode: str = "chances"
    roll: int | None = None
    outcome: str | None = None

    def to_dict(self) -> dict:
        return result_dict(self, ("mode", "input", "outcomes", "faces", "roll", "outcome", "explain"))


def _d6_result(calculator: str, given, names: tuple, outcome_of, steps: list, roll: int | None, roll_step) -> D6Result:
    faces = {str(face): outcome_of(face) for face in FACES}
    if roll is None:
        ways = dict.fromkeys(names, 0)
        for name in faces.values():
            ways[name] += 1
        outcomes = check_distribution({name: Fraction(n, len(FACES)) for name, n in ways.items()})
        return D6Result(calculator, given, outcomes, faces, tuple(steps))
    D6_ROLL_OPTIONS["roll"].check(roll)
    outcome = outcome_of(roll)
    steps.append(roll_step(roll, outcome))
    outcomes = {name: Fraction(int(name == outcome)) for name in names}
    return D6Result(calculator, given, outcomes, faces, tuple(steps), "roll", roll, outcome)


# --- Hitting Passengers ------------------------------------------------------------------------


@dataclass(frozen=True)
class PassengerHitInput:
    """A shot that would hit the rider of a Cavalry model carrying a Passenger (no options)."""


def passenger_hit_outcome(roll: int) -> str:
    return "passenger" if roll <= 3 else "rider"


def passenger_hit(shot: PassengerHitInput | None = None, roll: int | None = None) -> D6Result:
    steps = [
        Step(
            "When a Shooting Attack hits a Cavalry model with a Passenger, any shot that would hit the rider "
            "rolls a further D6.",
            rules.SBG_PASSENGER_SHOTS,
            "So a shot that hits the Mount rolls no further D6; which of rider and Mount a shot hits is decided "
            "by the core shooting rules, which are not in this source.",
        ),
        Step(
            "1-3: the shot hits the Passenger. 4+: the shot hits the rider.",
            rules.SBG_PASSENGER_SHOT_ROLL,
            "The text gives this roll no modifiers.",
        ),
    ]

    def roll_step(face, outcome):
        return Step(f"Roll {face}: the shot hits the {outcome}.", rules.SBG_PASSENGER_SHOT_ROLL)

    return _d6_result(
        "passenger-hit",
        shot or PassengerHitInput(),
        PASSENGER_HIT_OUTCOMES,
        passenger_hit_outcome,
        steps,
        roll,
        roll_step,
    )


# --- Mounting ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MountInput:
    """A model in base contact with a Cavalry model tries to Mount it (no options)."""


def mount_outcome(roll: int) -> str:
    if roll == 1:
        return "fails"
    if roll == 6:
        return "mounts_cavalry_may_activate"
    return "mounts"


_MOUNT_TEXT = {
    "fails": ("the model fails to Mount; neither model may Move any further that turn.", rules.SBG_MOUNTING_FAILS),
    "mounts": (
        "the model Mounts and becomes a Passenger; neither model may Move any further that turn.",
        rules.SBG_MOUNTING_MOUNTS,
    ),
    "mounts_cavalry_may_activate": (
        "the model Mounts, and the Cavalry model can still Activate if it hasn't already done so that turn.",
        rules.SBG_MOUNTING_MOUNTS_ACTIVATE,
    ),
}


def mount(attempt: MountInput | None = None, roll: int | None = None) -> D6Result:
    steps = [
        Step(
            "Only in specific Narrative Scenarios: the model Moves into base contact with the "
            "Cavalry model and rolls a D6.",
            rules.SBG_MOUNTING_ROLL,
            "The text gives this roll no modifiers.",
        ),
        Step("In Matched Play the Mounting rules are never used.", rules.SBG_MATCHED_PLAY_NO_MOUNTING),
        Step("1: " + _MOUNT_TEXT["fails"][0], rules.SBG_MOUNTING_FAILS),
        Step("2-5: " + _MOUNT_TEXT["mounts"][0], rules.SBG_MOUNTING_MOUNTS),
        Step("6: " + _MOUNT_TEXT["mounts_cavalry_may_activate"][0], rules.SBG_MOUNTING_MOUNTS_ACTIVATE),
    ]

    def roll_step(face, outcome):
        text, rule = _MOUNT_TEXT[outcome]
        return Step(f"Roll {face}: {text}", rule)

    return _d6_result("mount", attempt or MountInput(), MOUNT_OUTCOMES, mount_outcome, steps, roll, roll_step)
