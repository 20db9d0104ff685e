"""A company's hazard limit."""

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from calculators import citations as rules
from calculators.errors import InputError
from calculators.options import REQUIRED, Option, OptionTable, game_option, standard_only
from calculators.result import Step, result_dict

MINIMUM_HAZARD_LIMIT = 2

HAZARD_LIMIT_OPTIONS = OptionTable(
    Option(
        "characters",
        "int",
        "The number of characters other than Orc scouts",
        "characters in the company besides its Orc scouts (allies don't count)",
        REQUIRED,
        0,
        50,
        metavar="N",
    ),
    Option(
        "orc_scouts",
        "int",
        "The number of Orc scouts",
        "Orc scouts in the company (each counts half in the Standard Rules)",
        0,
        0,
        50,
        metavar="K",
    ),
    Option(
        "halved",
        "bool",
        "Halved",
        "halved: at the end of your untap phase, with your Ringwraith in play, the hazard player "
        "brought cards from his sideboard (Standard Rules)",
        False,
        game=standard_only(
            "The hazard limit is halved when, at the end of your untap phase with your Ringwraith in play, "
            f"the hazard player brings cards from his sideboard ({rules.SIDEBOARD_AGAINST_A_RINGWRAITH}, "
            f"{rules.HAZARD_LIMIT_HALVED}), and the sideboard is a Standard Rules addition "
            f"({rules.SIDEBOARD}); the Starter game has none.",
        ),
    ),
    game_option("the Starter game: Orc scouts count in full, no halving"),
)


def half_round_up(number: int) -> int:
    return -(-number // 2)


@dataclass(frozen=True)
class HazardLimitInput:
    """``characters`` characters besides ``orc_scouts`` Orc scouts (allies don't count)."""

    characters: int
    orc_scouts: int = 0
    halved: bool = False
    starter: bool = False

    def __post_init__(self):
        HAZARD_LIMIT_OPTIONS.check(self)
        if self.characters + self.orc_scouts == 0:
            raise InputError("characters", "Give the company's characters: at least one character or Orc scout.")

    @property
    def in_all(self) -> int:
        return self.characters + self.orc_scouts


@dataclass(frozen=True)
class HazardLimitResult:
    calculator: ClassVar[str] = "hazard-limit"

    input: HazardLimitInput
    company_size: int
    hazard_limit: int
    outcomes: dict
    explain: tuple

    def to_dict(self) -> dict:
        return result_dict(self, ("input", "company_size", "hazard_limit", "outcomes", "explain"))


def hazard_limit(company: HazardLimitInput) -> HazardLimitResult:
    steps = []
    scouts, others = company.orc_scouts, company.characters
    if scouts and not company.starter:
        size = others + half_round_up(scouts)
        steps.append(
            Step(
                f"Orc scouts only count half towards the company's size, rounded up (Standard Rules): "
                f"{others} + half of {scouts} = {size}.",
                rules.ORC_SCOUTS,
                "The rule does not say whether each scout's half is rounded up or the scouts' half together. "
                "Rounding each scout up would make each count 1, as a whole character, and the rule would "
                "change nothing; so this site rounds up half of all the scouts together.",
            )
        )
        steps.append(Step(f"Company size: {size} (allies don't count).", rules.COMPANY_SIZE))
    elif scouts:
        size = company.in_all
        steps.append(
            Step(
                f"Company size: the number of characters in it, {others} + {scouts} Orc scouts = {size} "
                "(allies don't count).",
                rules.COMPANY_SIZE,
                f"Orc scouts counting half is a Standard Rules change ({rules.ORC_SCOUTS}); in the Starter game "
                "this site counts each as the character it is.",
            )
        )
    else:
        size = others
        steps.append(Step(f"Company size: {size} (allies don't count).", rules.COMPANY_SIZE))
    limit = max(MINIMUM_HAZARD_LIMIT, size)
    steps.append(Step(f"Hazard limit: the greater of 2 and the size = {limit}.", rules.HAZARD_LIMIT))
    if company.halved:
        halved = half_round_up(limit)
        steps.append(
            Step(
                "Standard Rules: at the end of your untap phase, with your Ringwraith in play, the hazard player "
                "brought hazard cards from his sideboard.",
                rules.SIDEBOARD_AGAINST_A_RINGWRAITH,
            )
        )
        steps.append(
            Step(
                f"So the hazard limit is reduced to half for the rest of the turn, rounding up: {limit} -> {halved}.",
                rules.HAZARD_LIMIT_HALVED,
            )
        )
        limit = halved
    return HazardLimitResult(company, size, limit, {str(limit): Fraction(1)}, tuple(steps))
