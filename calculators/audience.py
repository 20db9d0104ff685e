"""The Audience with Sauron: marshalling points and the winner."""

from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from calculators import citations as rules
from calculators.errors import InputError
from calculators.options import Option, OptionTable, game_option, standard_only
from calculators.result import Step, result_dict
from calculators.validate import quoted, read_whole

MP_TYPES = ("character", "item", "faction", "ally", "kill", "misc")  # the six types, in the book's order
DOUBLING_TYPES = ("character", "item", "faction", "ally")
SIDES = ("me", "opponent")
OUTCOMES = ("me", "opponent", "tie")


SIDE_POINTS = {"me": "My", "opponent": "The opponent's"}  # how a message names a side's points


def parse_points(field_name: str, value) -> dict:
    """ "character=7,item=4" or {"character": 7} -> all six types, missing ones 0."""
    side = SIDE_POINTS.get(field_name, "The")
    if isinstance(value, str):
        pairs = {}
        for part in filter(None, (p.strip() for p in value.split(","))):
            if "=" not in part:
                raise InputError(
                    field_name,
                    f"Write {side[0].lower()}{side[1:]} marshalling points as "
                    f"type=number, e.g. character=7; you gave {quoted(part)}.",
                )
            name, _, number = part.partition("=")
            pairs[_point_type(field_name, name.strip())] = number
        value = pairs
    if not isinstance(value, dict):
        raise InputError(
            field_name,
            f"Give {side[0].lower()}{side[1:]} marshalling points as type=number pairs, e.g. character=7,item=4.",
        )
    points = dict.fromkeys(MP_TYPES, 0)
    for name, number in value.items():
        # values from a URL or a form arrive as text, like every other option's
        points[_point_type(field_name, name)] = read_whole(field_name, f"{side} {name} points", number)
    return points


def _point_type(field_name: str, name) -> str:
    if name not in MP_TYPES:
        raise InputError(field_name, f"Unknown marshalling point type {quoted(name)}; use " + ", ".join(MP_TYPES) + ".")
    return name


STANDARD_ONLY = standard_only(
    f"Revealing matching unique cards is a Standard Rules modification ({rules.MP_REVEALS}); the Starter Rules have none."
)

AUDIENCE_OPTIONS = OptionTable(
    Option(
        "me",
        "points",
        "My marshalling points",
        "e.g. character=7,item=4,faction=5",
        {},
        -100,
        500,
        choices=MP_TYPES,
        metavar="POINTS",
    ),
    Option(
        "opponent",
        "points",
        "The opponent's marshalling points",
        "the opponent's points, same form",
        {},
        -100,
        500,
        choices=MP_TYPES,
        metavar="POINTS",
    ),
    Option(
        "revealed_against_me",
        "int",
        "Cards revealed against me",
        "cards the opponent reveals",
        0,
        0,
        50,
        metavar="N",
        game=STANDARD_ONLY,
    ),
    Option(
        "revealed_against_opponent",
        "int",
        "Cards revealed against the opponent",
        "cards I reveal",
        0,
        0,
        50,
        metavar="N",
        game=STANDARD_ONLY,
    ),
    game_option("the Starter game: no marshalling point modifications"),
)


@dataclass(frozen=True)
class AudienceInput:
    me: dict = field(default_factory=dict)
    opponent: dict = field(default_factory=dict)
    revealed_against_me: int = 0
    revealed_against_opponent: int = 0
    starter: bool = False

    def __post_init__(self):
        object.__setattr__(self, "me", parse_points("me", self.me))
        object.__setattr__(self, "opponent", parse_points("opponent", self.opponent))
        AUDIENCE_OPTIONS.check(self)


@dataclass(frozen=True)
class SideTotals:
    raw: dict
    doubled: dict
    capped: dict
    raw_total: int
    doubled_total: int
    capped_total: int
    revealed_against: int
    final_total: int


@dataclass(frozen=True)
class AudienceResult:
    calculator: ClassVar[str] = "audience"

    input: AudienceInput
    me: SideTotals
    opponent: SideTotals
    winner: str
    outcomes: dict
    explain: tuple

    def to_dict(self) -> dict:
        return result_dict(self, ("input", "me", "opponent", "winner", "outcomes", "explain"))


def double(points: dict, opposing: dict) -> dict:
    return {t: 2 * n if t in DOUBLING_TYPES and opposing[t] <= 0 else n for t, n in points.items()}


def cap_one_type(points: dict) -> dict:
    """No type may be more than all the other types together (the book's example)."""
    capped = dict(points)
    for t, n in points.items():
        others = sum(points.values()) - n
        if n > others:
            capped[t] = max(others, 0)
    return capped


def audience(meeting: AudienceInput) -> AudienceResult:
    steps = []
    sides = {"me": meeting.me, "opponent": meeting.opponent}
    reveals = {"me": meeting.revealed_against_me, "opponent": meeting.revealed_against_opponent}
    totals = {}
    if meeting.starter:
        steps.append(
            Step(
                "Starter Rules: the marshalling point modifications at the Audience are one of the Standard "
                "Rules' differences, so the raw totals are compared.",
                rules.STANDARD_VICTORY_CHANGES,
            )
        )
    for side, points in sides.items():
        other = sides["opponent" if side == "me" else "me"]
        if meeting.starter:
            doubled = capped = dict(points)
        else:
            doubled = double(points, other)
            capped = cap_one_type(doubled)
        final = sum(capped.values()) - reveals[side]
        totals[side] = SideTotals(
            points,
            doubled,
            capped,
            sum(points.values()),
            sum(doubled.values()),
            sum(capped.values()),
            reveals[side],
            final,
        )
    if not meeting.starter:
        steps += _standard_steps(totals)
    me, opponent = totals["me"].final_total, totals["opponent"].final_total
    winner = "me" if me > opponent else "opponent" if opponent > me else "tie"
    steps.append(
        Step(
            f"Final totals: me {me}, opponent {opponent}: "
            + {"me": "I win.", "opponent": "the opponent wins.", "tie": "a tie."}[winner],
            rules.AUDIENCE_TIE if winner == "tie" else rules.AUDIENCE_WINNER,
        )
    )
    outcomes = {name: Fraction(int(name == winner)) for name in OUTCOMES}
    return AudienceResult(meeting, totals["me"], totals["opponent"], winner, outcomes, tuple(steps))


def _standard_steps(totals: dict) -> list[Step]:
    steps = []
    for side, label in (("me", "My"), ("opponent", "The opponent's")):
        t = totals[side]
        changed = [k for k in MP_TYPES if t.doubled[k] != t.raw[k]]
        if changed:
            listed = ", ".join(f"{k} {t.raw[k]} -> {t.doubled[k]}" for k in changed)
            steps.append(
                Step(
                    f"{label} points doubled where the other side has zero or less (Standard Rules; "
                    f"never kill or misc): {listed}; total {t.doubled_total}.",
                    rules.MP_DOUBLING,
                )
            )
    steps.append(
        Step(
            "One-type cap (Standard Rules): no more than half (round up) of your final marshalling points can "
            "come from any one type.",
            rules.MP_HALF_CAP,
            "The rule and its worked example disagree (Nick keeps 7 of his 11 character points, where half of 15, "
            "rounded up, would be 8); this site follows the example: no type may be worth more than all the "
            "other types together.",
        )
    )
    for side, label in (("me", "My"), ("opponent", "The opponent's")):
        t = totals[side]
        capped = [k for k in MP_TYPES if t.capped[k] != t.doubled[k]]
        if capped:
            listed = ", ".join(f"{k} {t.doubled[k]} -> {t.capped[k]}" for k in capped)
            steps.append(
                Step(
                    f"{label} one-type cap, as the example applies it: {listed}; total {t.capped_total}.",
                    rules.MP_HALF_CAP_EXAMPLE,
                )
            )
    for side, label in (("me", "My"), ("opponent", "The opponent's")):
        t = totals[side]
        if t.revealed_against:
            steps.append(
                Step(
                    f"{label} total loses {t.revealed_against} for matching unique cards "
                    f"revealed against it (Standard Rules): {t.capped_total} -> {t.final_total}.",
                    rules.MP_REVEALS,
                )
            )
    return steps
