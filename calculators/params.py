"""Turning loose option values (CLI strings, JSON from the browser) into inputs.

Every calculator is declared here once: its name, a one-line summary, its
option table and the reader that turns a params dict (keyed like the options:
``strike_prowess``) into a function that computes the result. The command line
(``cli.py``) and ``api.run`` are built from ``CALCULATORS``. Every problem is
an InputError naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .audience import AUDIENCE_OPTIONS, AudienceInput
from .control_sheet import CHARACTERS, ControlSheetInput, SheetCharacter
from .corruption import CHECK_OPTIONS, CHECK_ROLLS, REMOVAL_OPTIONS, CorruptionInput, RemovalInput
from .errors import InputError
from .hazard_limit import HAZARD_LIMIT_OPTIONS, HazardLimitInput
from .influence import INFLUENCE_OPTIONS, INFLUENCE_ROLL, InfluenceInput
from .keying import KEYING_OPTIONS, KeyingInput
from .options import Option, OptionTable
from .passenger import D6_ROLL_OPTIONS
from .strike import STRIKE_OPTIONS, STRIKE_ROLLS, STRIKES, AttackInput, StrikeInput
from .swim import SWIM_OPTIONS, SWIM_ROLL, SwimInput


class Params:
    """Reads typed values out of a params dict by their options, remembering what was used."""

    def __init__(self, calculator: str, values):
        if not isinstance(values, dict):
            raise InputError("params", "The options must be an object of name: value pairs.")
        self.calculator = calculator
        self.values = {key.replace("-", "_"): value for key, value in values.items()
                       if value is not None}
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
            raise InputError(option.name, f"Give {option.label[0].lower()}{option.label[1:]} as a list.")
        rows = []
        for entry in value:
            row = Params(self.calculator, entry)
            rows.append(row.read_all(option.item))
            row.reject_unknown()
        return rows

    def reject_unknown(self) -> None:
        for key in self.values:
            if key not in self.used:
                raise InputError(key, f"Unknown option {key!r} for the {self.calculator} calculator.")


def _required_message(option: Option) -> str:
    label = option.label[0].upper() + option.label[1:]
    if option.kind == "choice":
        return f"{label} is required: one of {', '.join(option.choices)}."
    return f"{label} is required."


# --- one reader per calculator ------------------------------------------------------------

def strike_from_params(p: Params):
    from .strike import resolve_strike, strike_chances

    strike = StrikeInput(**p.read_all(STRIKE_OPTIONS))
    roll, body_roll = (p.read(option) for option in STRIKE_ROLLS)
    if roll is None:
        if body_roll is not None:
            raise InputError("body_roll", "A body check roll needs the strike roll too.")
        return lambda: strike_chances(strike)
    return lambda: resolve_strike(strike, roll, body_roll)


def attack_from_params(p: Params):
    from .strike import attack

    attack_input = AttackInput(tuple(StrikeInput(**row) for row in p.read(STRIKES)))
    return lambda: attack(attack_input)


def corruption_from_params(p: Params):
    from .corruption import corruption_chances, removal_chances, resolve_corruption, resolve_removal

    rolls = p.read(CHECK_ROLLS)
    if p.has("remove"):
        for option in CHECK_OPTIONS:
            if p.has(option.name) and option.name != "ringwraith" \
                    and (option.required or p.read(option) != option.default):
                raise InputError(option.name, "A removal roll uses only the removal number and the -3 for "
                                              "not tapping; corruption points, modifiers and several "
                                              "checks are for corruption checks.")
        if p.read(CHECK_OPTIONS["ringwraith"]):
            raise InputError("ringwraith", "Corruption cards may not be played on Ringwraiths, so "
                                           "there is nothing to remove.")
        removal = RemovalInput(**p.read_all(REMOVAL_OPTIONS))
        if not rolls:
            return lambda: removal_chances(removal)
        if len(rolls) != 1:
            raise InputError("roll", "A removal attempt takes one roll.")
        return lambda: resolve_removal(removal, rolls[0])
    if p.read(REMOVAL_OPTIONS["no_tap"]):
        raise InputError("no_tap", "Not tapping (-3) only applies to removing a corruption card "
                                   "(use remove).")
    check = CorruptionInput(**p.read_all(CHECK_OPTIONS))
    if not rolls:
        return lambda: corruption_chances(check)
    return lambda: resolve_corruption(check, rolls)


def influence_from_params(p: Params):
    from .influence import influence_chances, resolve_influence

    check = InfluenceInput(**p.read_all(INFLUENCE_OPTIONS))
    roll = p.read(INFLUENCE_ROLL)
    if roll is None:
        return lambda: influence_chances(check)
    return lambda: resolve_influence(check, roll)


def keying_from_params(p: Params):
    from .keying import keying

    keys = KeyingInput(**p.read_all(KEYING_OPTIONS))
    return lambda: keying(keys)


def hazard_limit_from_params(p: Params):
    from .hazard_limit import hazard_limit

    company = HazardLimitInput(**p.read_all(HAZARD_LIMIT_OPTIONS))
    return lambda: hazard_limit(company)


def audience_from_params(p: Params):
    from .audience import audience

    meeting = AudienceInput(**p.read_all(AUDIENCE_OPTIONS))
    return lambda: audience(meeting)


def control_sheet_from_params(p: Params):
    from .control_sheet import control_sheet

    sheet = ControlSheetInput(tuple(SheetCharacter(**row) for row in p.read(CHARACTERS)))
    return lambda: control_sheet(sheet)


def swim_from_params(p: Params):
    from .swim import resolve_swim, swim_chances

    swim = SwimInput(**p.read_all(SWIM_OPTIONS))
    roll = p.read(SWIM_ROLL)
    if roll is None:
        return lambda: swim_chances(swim)
    return lambda: resolve_swim(swim, roll)


def passenger_hit_from_params(p: Params):
    from .passenger import PassengerHitInput, passenger_hit

    roll = p.read(D6_ROLL_OPTIONS["roll"])
    return lambda: passenger_hit(PassengerHitInput(), roll)


def mount_from_params(p: Params):
    from .passenger import MountInput, mount

    roll = p.read(D6_ROLL_OPTIONS["roll"])
    return lambda: mount(MountInput(), roll)


# --- every calculator ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Calculator:
    name: str
    summary: str                 # one line for --help
    options: OptionTable         # every option it reads, in the order --help lists them
    read: Callable[[Params], Callable]
    command_line: bool = True    # lists of strikes or characters are for api.run only


CALCULATORS = {calculator.name: calculator for calculator in (
    Calculator("strike", "One strike against one character, with its body checks.",
               OptionTable(*STRIKE_OPTIONS, *STRIKE_ROLLS), strike_from_params),
    Calculator("corruption", "Corruption checks, or removing a corruption card.",
               OptionTable(*CHECK_OPTIONS, *REMOVAL_OPTIONS, CHECK_ROLLS), corruption_from_params),
    Calculator("influence", "An influence check to bring a faction into play.",
               OptionTable(*INFLUENCE_OPTIONS, INFLUENCE_ROLL), influence_from_params),
    Calculator("keying", "Which creature keyings a move allows.", KEYING_OPTIONS, keying_from_params),
    Calculator("hazard-limit", "A company's hazard limit.", HAZARD_LIMIT_OPTIONS, hazard_limit_from_params),
    Calculator("audience", "Marshalling points at the Audience with Sauron.", AUDIENCE_OPTIONS,
               audience_from_params),
    Calculator("attack", "One attack: its strikes, each against a different character.", OptionTable(STRIKES),
               attack_from_params, command_line=False),
    Calculator("control-sheet", "Who controls whom, and the general and direct influence left.",
               OptionTable(CHARACTERS), control_sheet_from_params, command_line=False),
    Calculator("swim", "Strategy Battle Game: a Swim Test (or the article's Swimming chart roll).",
               OptionTable(*SWIM_OPTIONS, SWIM_ROLL), swim_from_params),
    Calculator("passenger-hit", "Strategy Battle Game: does a shot at the rider hit the Passenger?",
               D6_ROLL_OPTIONS, passenger_hit_from_params),
    Calculator("mount", "Strategy Battle Game: the D6 roll to Mount a Cavalry model as a Passenger.",
               D6_ROLL_OPTIONS, mount_from_params),
)}


def compute(name: str, params: dict):
    """The result object for calculator ``name``; raises InputError."""
    key = name.replace("_", "-") if isinstance(name, str) else name
    if key not in CALCULATORS:
        raise InputError("name", f"Unknown calculator {name!r}; use one of " + ", ".join(CALCULATORS) + ".")
    p = Params(key, params)
    calculate = CALCULATORS[key].read(p)
    p.reject_unknown()
    return calculate()
