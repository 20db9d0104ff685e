"""Turning loose option values (CLI strings, JSON from the browser) into inputs.

Every calculator is declared here once: its name, a one-line summary, its
option table and the reader that turns a params dict (keyed like the options:
``strike_prowess``) into a function that computes the result. The command line
(``cli.py``) and ``api.run`` are built from ``CALCULATORS``. Every problem is
an InputError naming the field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from calculators.audience import AUDIENCE_OPTIONS, AudienceInput, audience
from calculators.control_sheet import CHARACTERS, SHEET_OPTIONS, ControlSheetInput, SheetCharacter, control_sheet
from calculators.corruption import (
    CHECK_OPTIONS,
    CHECK_ROLLS,
    REMOVAL_OPTIONS,
    CorruptionInput,
    RemovalInput,
    corruption_chances,
    removal_chances,
    resolve_corruption,
    resolve_removal,
)
from calculators.errors import InputError
from calculators.hazard_limit import HAZARD_LIMIT_OPTIONS, HazardLimitInput, hazard_limit
from calculators.influence import (
    INFLUENCE_OPTIONS,
    INFLUENCE_ROLL,
    InfluenceInput,
    influence_chances,
    resolve_influence,
)
from calculators.keying import KEYING_OPTIONS, KeyingInput, keying
from calculators.options import Option, OptionTable
from calculators.passenger import D6_ROLL_OPTIONS, MountInput, PassengerHitInput, mount, passenger_hit
from calculators.strike import (
    STRIKE_OPTIONS,
    STRIKE_ROLLS,
    STRIKES,
    AttackInput,
    StrikeInput,
    attack,
    resolve_strike,
    strike_chances,
)
from calculators.swim import SWIM_OPTIONS, SWIM_ROLL, SwimInput, resolve_swim, swim_chances
from calculators.validate import quoted


class Params:
    """Reads typed values out of a params dict by their options, remembering what was used."""

    def __init__(self, calculator: str, values):
        if not isinstance(values, dict):
            raise InputError("params", "The options must be an object of name: value pairs.")
        unnamed = next((key for key in values if not isinstance(key, str)), None)
        if unnamed is not None:
            raise InputError("params", f"An option's name must be text; you gave {quoted(unnamed)}.")
        self.calculator = calculator
        self.values = {key.replace("-", "_"): value for key, value in values.items() if value is not None}
        self.used = set()

    def has(self, key: str) -> bool:
        return key in self.values

    def read(self, option: Option):
        """The option's typed value, or its default when it is left out."""
        self.used.add(option.name)
        if option.name not in self.values:
            if option.required:
                raise InputError(option.name, _required_message(option))
            return option.default
        value = self.values[option.name]
        return self._rows(option, value) if option.kind == "rows" else option.convert(value)

    def read_all(self, table: OptionTable) -> dict:
        """The table's values as keyword arguments for its input."""
        return {option.attribute: self.read(option) for option in table}

    def _rows(self, option: Option, value) -> list[dict]:
        if not isinstance(value, (list, tuple)):
            raise InputError(option.name, f"{option.label} must be a list, one entry each; you gave {quoted(value)}.")
        option.check_count(len(value))
        rows = []
        for entry in value:
            row = Params(self.calculator, entry)
            rows.append(row.read_all(option.item))
            row.reject_unknown()
        return rows

    def reject_unknown(self) -> None:
        for key in self.values:
            if key not in self.used:
                raise InputError(key, f"Unknown option {quoted(key)} for the {self.calculator} calculator.")


def _required_message(option: Option) -> str:
    label = option.label[0].upper() + option.label[1:]
    if option.kind == "choice":
        return f"{label} must be given: one of {', '.join(option.choices)}."
    return f"{label} must be given."


# --- one reader per calculator ------------------------------------------------------------


def reader(
    make_input,
    table: OptionTable,
    chances: Callable,
    roll_option: Option | None = None,
    resolve: Callable | None = None,
):
    """The reader of a calculator whose options make one input: its chances, or, when a roll is
    given, that roll resolved."""

    def read(p: Params):
        given = make_input(**p.read_all(table))
        roll = p.read(roll_option) if roll_option else None
        if roll is None:
            return lambda: chances(given)
        return lambda: resolve(given, roll)

    return read


def strike_from_params(p: Params):
    strike = StrikeInput(**p.read_all(STRIKE_OPTIONS))
    roll, body_roll = (p.read(option) for option in STRIKE_ROLLS)
    if roll is None:
        if body_roll is not None:
            raise InputError("body_roll", "A body check roll needs the strike roll too.")
        return lambda: strike_chances(strike)
    return lambda: resolve_strike(strike, roll, body_roll)


def attack_from_params(p: Params):
    attack_input = AttackInput(tuple(StrikeInput(**row) for row in p.read(STRIKES)))
    return lambda: attack(attack_input)


def corruption_from_params(p: Params):
    rolls = p.read(CHECK_ROLLS)
    if p.has("remove"):
        for option in CHECK_OPTIONS:
            if (
                p.has(option.name)
                and option.name != "ringwraith"
                and (option.required or p.read(option) != option.default)
            ):
                raise InputError(
                    option.name,
                    "A removal roll uses only the removal number and the -3 for "
                    "not tapping; corruption points, modifiers and several "
                    "checks are for corruption checks.",
                )
        if p.read(CHECK_OPTIONS["ringwraith"]):
            raise InputError(
                "ringwraith", "Corruption cards may not be played on Ringwraiths, so there is nothing to remove."
            )
        removal = RemovalInput(**p.read_all(REMOVAL_OPTIONS))
        if not rolls:
            return lambda: removal_chances(removal)
        if len(rolls) != 1:
            raise InputError("roll", "A removal attempt takes one roll.")
        return lambda: resolve_removal(removal, rolls[0])
    if p.read(REMOVAL_OPTIONS["no_tap"]):
        raise InputError("no_tap", "Not tapping (-3) only applies to removing a corruption card (use remove).")
    check = CorruptionInput(**p.read_all(CHECK_OPTIONS))
    if not rolls:
        return lambda: corruption_chances(check)
    return lambda: resolve_corruption(check, rolls)


def control_sheet_from_params(p: Params):
    sheet = ControlSheetInput(
        tuple(SheetCharacter(**row) for row in p.read(CHARACTERS)), p.read(SHEET_OPTIONS["starter"])
    )
    return lambda: control_sheet(sheet)


# --- every calculator ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Calculator:
    name: str
    summary: str  # one line for --help
    options: OptionTable  # every option it reads, in the order --help lists them
    read: Callable[[Params], Callable]
    command_line: bool = True  # lists of strikes or characters are for api.run only


CALCULATORS = {
    calculator.name: calculator
    for calculator in (
        Calculator(
            "strike",
            "One strike against one character, with its body checks.",
            OptionTable(*STRIKE_OPTIONS, *STRIKE_ROLLS),
            strike_from_params,
        ),
        Calculator(
            "corruption",
            "Corruption checks, or removing a corruption card.",
            OptionTable(*CHECK_OPTIONS, *REMOVAL_OPTIONS, CHECK_ROLLS),
            corruption_from_params,
        ),
        Calculator(
            "influence",
            "An influence check to bring a faction into play.",
            OptionTable(*INFLUENCE_OPTIONS, INFLUENCE_ROLL),
            reader(InfluenceInput, INFLUENCE_OPTIONS, influence_chances, INFLUENCE_ROLL, resolve_influence),
        ),
        Calculator(
            "keying",
            "Which creature keyings a move allows.",
            KEYING_OPTIONS,
            reader(KeyingInput, KEYING_OPTIONS, keying),
        ),
        Calculator(
            "hazard-limit",
            "A company's hazard limit.",
            HAZARD_LIMIT_OPTIONS,
            reader(HazardLimitInput, HAZARD_LIMIT_OPTIONS, hazard_limit),
        ),
        Calculator(
            "audience",
            "Marshalling points at the Audience with Sauron.",
            AUDIENCE_OPTIONS,
            reader(AudienceInput, AUDIENCE_OPTIONS, audience),
        ),
        Calculator(
            "attack",
            "One attack: its strikes, each against a different character.",
            OptionTable(STRIKES),
            attack_from_params,
            command_line=False,
        ),
        Calculator(
            "control-sheet",
            "Who controls whom, and the general and direct influence left.",
            SHEET_OPTIONS,
            control_sheet_from_params,
            command_line=False,
        ),
        Calculator(
            "swim",
            "Strategy Battle Game: a Swim Test (or the article's Swimming chart roll).",
            OptionTable(*SWIM_OPTIONS, SWIM_ROLL),
            reader(SwimInput, SWIM_OPTIONS, swim_chances, SWIM_ROLL, resolve_swim),
        ),
        Calculator(
            "passenger-hit",
            "Strategy Battle Game: does a shot at the rider hit the Passenger?",
            D6_ROLL_OPTIONS,
            reader(PassengerHitInput, OptionTable(), passenger_hit, D6_ROLL_OPTIONS["roll"], passenger_hit),
        ),
        Calculator(
            "mount",
            "Strategy Battle Game: the D6 roll to Mount a Cavalry model as a Passenger.",
            D6_ROLL_OPTIONS,
            reader(MountInput, OptionTable(), mount, D6_ROLL_OPTIONS["roll"], mount),
        ),
    )
}


def compute(name: str, params: dict):
    """The result object for calculator ``name``; raises InputError."""
    key = name.replace("_", "-") if isinstance(name, str) else None
    if key not in CALCULATORS:
        raise InputError("name", f"Unknown calculator {quoted(name)}; use one of " + ", ".join(CALCULATORS) + ".")
    p = Params(key, params)
    calculate = CALCULATORS[key].read(p)
    p.reject_unknown()
    return calculate()
