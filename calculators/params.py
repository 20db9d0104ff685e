"""Turning loose option values (CLI strings, JSON from the browser) into inputs.

Each ``*_from_params`` takes a dict keyed like the CLI options with
underscores (``strike_prowess``) and returns a function that computes the
result. Every problem is an InputError naming the field.
"""

from .audience import AudienceInput
from .control_sheet import ControlSheetInput, SheetCharacter
from .corruption import CorruptionInput, RemovalInput
from .errors import InputError
from .hazard_limit import HazardLimitInput
from .influence import InfluenceInput
from .keying import KeyingInput
from .strike import AttackInput, StrikeInput, Weapon
from .swim import SwimInput

MISSING = object()


class Params:
    """Reads typed values out of a params dict, remembering what was used."""

    def __init__(self, calculator: str, values):
        if not isinstance(values, dict):
            raise InputError("params", "The options must be an object of name: value pairs.")
        self.calculator = calculator
        self.values = {key.replace("-", "_"): value for key, value in values.items()
                       if value is not None}
        self.used = set()

    def has(self, key: str) -> bool:
        return key in self.values

    def raw(self, key: str, default=MISSING):
        self.used.add(key)
        if key in self.values:
            return self.values[key]
        if default is MISSING:
            raise InputError(key, f"{label_of(key)} is required.")
        return default

    def int(self, key: str, default=MISSING):
        value = self.raw(key, default)
        return value if value is default else to_int(key, value)

    def optional_int(self, key: str):
        value = self.raw(key, None)
        if value is None or (isinstance(value, str) and value.strip() in ("", "-")):
            return None
        return to_int(key, value)

    def bool(self, key: str) -> bool:
        value = self.raw(key, False)
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "1", "yes", "on"):
            return True
        if isinstance(value, str) and value.lower() in ("false", "0", "no", "off", ""):
            return False
        raise InputError(key, f"{label_of(key)} must be true or false; you gave {value!r}.")

    def int_list(self, key: str) -> tuple:
        value = self.raw(key, ())
        if isinstance(value, str):
            value = [part for part in value.replace(" ", ",").split(",") if part]
        if isinstance(value, (int, bool)):
            value = [value]
        if not isinstance(value, (list, tuple)):
            raise InputError(key, f"{label_of(key)} must be a list of whole numbers such as 7,8.")
        return tuple(to_int(key, item) for item in value)

    def reject_unknown(self) -> None:
        for key in self.values:
            if key not in self.used:
                raise InputError(key, f"Unknown option {key!r} for the {self.calculator} calculator.")


def label_of(key: str) -> str:
    return key.replace("_", " ").capitalize()


def to_int(key: str, value) -> int:
    if isinstance(value, bool):
        raise InputError(key, f"{label_of(key)} must be a whole number; you gave {value!r}.")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        try:
            return int(text)
        except ValueError:
            pass
    raise InputError(key, f"{label_of(key)} must be a whole number; you gave {value!r}.")


def names_list(value) -> tuple[str, ...]:
    """"Orc, Troll" or ["Orc", "Troll"] -> ("Orc", "Troll")."""
    if isinstance(value, str):
        value = value.split(",")
    return tuple(str(name).strip() for name in value if str(name).strip())


def parse_weapon(value) -> Weapon | None:
    """"2:8", "+2:8", "2", {"bonus": 2, "maximum": 8} or [2, 8]."""
    if value is None:
        return None
    if isinstance(value, Weapon):
        return value
    if isinstance(value, dict):
        return Weapon(to_int("weapon", value.get("bonus")),
                      None if value.get("maximum") is None else to_int("weapon", value["maximum"]))
    if isinstance(value, (list, tuple)) and len(value) in (1, 2):
        parts = list(value)
    elif isinstance(value, str):
        parts = value.split(":")
    else:
        parts = [value]
    if len(parts) > 2 or not str(parts[0]).strip():
        raise InputError("weapon", f"Write the weapon as BONUS:MAX, e.g. 2:8; you gave {value!r}.")
    try:
        bonus = to_int("weapon", parts[0])
        maximum = to_int("weapon", parts[1]) if len(parts) == 2 and str(parts[1]).strip() else None
    except InputError:
        raise InputError("weapon", f"Write the weapon as BONUS:MAX, e.g. 2:8; you gave {value!r}.") from None
    return Weapon(bonus, maximum)


# --- one reader per calculator ------------------------------------------------------------

def strike_input(p: Params) -> StrikeInput:
    return StrikeInput(
        prowess=p.int("prowess"),
        strike_prowess=p.int("strike_prowess"),
        state=p.raw("state", "untapped"),
        no_tap=p.bool("no_tap"),
        excess=p.int("excess", 0),
        support=p.int("support", 0),
        modifier=p.int("modifier", 0),
        weapon=parse_weapon(p.raw("weapon", None)),
        strike_body=p.optional_int("strike_body"),
        body=p.optional_int("body"),
        discard_on=p.int_list("discard_on"),
        detainment=p.bool("detainment"),
        ringwraith=p.bool("ringwraith"),
    )


def strike_from_params(p: Params):
    from .strike import resolve_strike, strike_chances

    strike = strike_input(p)
    roll, body_roll = p.optional_int("roll"), p.optional_int("body_roll")
    if roll is None:
        if body_roll is not None:
            raise InputError("body_roll", "A body check roll needs the strike roll too.")
        return lambda: strike_chances(strike)
    return lambda: resolve_strike(strike, roll, body_roll)


def attack_from_params(p: Params):
    from .strike import attack

    strikes = p.raw("strikes")
    if not isinstance(strikes, (list, tuple)):
        raise InputError("strikes", "Give the attack's strikes as a list of strike options.")
    inputs = []
    for options in strikes:
        inner = Params("strike", options)
        inputs.append(strike_input(inner))
        inner.reject_unknown()
    attack_input = AttackInput(tuple(inputs))
    return lambda: attack(attack_input)


def corruption_from_params(p: Params):
    from .corruption import (corruption_chances, removal_chances, resolve_corruption,
                             resolve_removal)

    roll = p.raw("roll", None)
    if p.has("remove"):
        for key, default in (("points", None), ("modifier", 0), ("checks", 1)):
            if p.has(key) and (default is None or to_int(key, p.raw(key)) != default):
                raise InputError(key, "A removal roll uses only the removal number and the -3 for "
                                      "not tapping; corruption points, modifiers and several "
                                      "checks are for corruption checks.")
            p.raw(key, None)
        if p.bool("ringwraith"):
            raise InputError("ringwraith", "Corruption cards may not be played on Ringwraiths, so "
                                           "there is nothing to remove.")
        removal = RemovalInput(p.int("remove"), p.bool("no_tap"))
        if roll is None:
            return lambda: removal_chances(removal)
        return lambda: resolve_removal(removal, to_int("roll", roll))
    if p.bool("no_tap"):
        raise InputError("no_tap", "Not tapping (-3) only applies to removing a corruption card "
                                   "(use remove).")
    check = CorruptionInput(p.int("points"), p.int("modifier", 0), p.int("checks", 1), p.bool("ringwraith"))
    if roll is None:
        return lambda: corruption_chances(check)
    rolls = p.int_list("roll")
    return lambda: resolve_corruption(check, rolls)


def influence_from_params(p: Params):
    from .influence import influence_chances, resolve_influence

    modifiers = p.int_list("modifier")
    check = InfluenceInput(p.int("required"), p.int("direct_influence", 0),
                           p.int("followers_mind", 0), modifiers)
    roll = p.optional_int("roll")
    if roll is None:
        return lambda: influence_chances(check)
    return lambda: resolve_influence(check, roll)


def keying_from_params(p: Params):
    from .keying import keying

    keys = KeyingInput(
        path=p.raw("path", ""),
        site=p.raw("site", None),
        not_moving=p.bool("not_moving"),
        geann_a_lisch=p.bool("geann_a_lisch"),
        doors_of_night=p.bool("doors_of_night"),
        fell_winter=p.bool("fell_winter"),
    )
    return lambda: keying(keys)


def hazard_limit_from_params(p: Params):
    from .hazard_limit import hazard_limit

    company = HazardLimitInput(p.int("size"), p.int("orc_scouts", 0), p.bool("halved"))
    return lambda: hazard_limit(company)


def audience_from_params(p: Params):
    from .audience import audience

    meeting = AudienceInput(
        me=p.raw("me", {}),
        opponent=p.raw("opponent", {}),
        revealed_against_me=p.int("revealed_against_me", 0),
        revealed_against_opponent=p.int("revealed_against_opponent", 0),
        starter=p.bool("starter"),
    )
    return lambda: audience(meeting)


def control_sheet_from_params(p: Params):
    from .control_sheet import control_sheet

    entries = p.raw("characters")
    if not isinstance(entries, (list, tuple)):
        raise InputError("characters", "Give the characters as a list.")
    characters = []
    for entry in entries:
        inner = Params("control-sheet", entry)
        characters.append(SheetCharacter(
            name=inner.raw("name"),
            mind=inner.optional_int("mind"),
            direct_influence=inner.int("direct_influence", 0),
            controller=inner.raw("controller", None),
            race=inner.raw("race", None),
            bracket_influence=inner.int("bracket_influence", 0),
            bracket_races=names_list(inner.raw("bracket_races", ())),
            site=inner.raw("site", None),
        ))
        inner.reject_unknown()
    sheet = ControlSheetInput(tuple(characters))
    return lambda: control_sheet(sheet)


def swim_from_params(p: Params):
    from .swim import resolve_swim, swim_chances

    if not p.has("edition"):
        p.raw("edition", None)
        raise InputError("edition", "The edition is required: advanced (the newer Advanced Rules) "
                                    "or article (the older boats article).")
    edition = p.raw("edition")
    swim = SwimInput(
        edition=edition.strip().lower() if isinstance(edition, str) else edition,
        cavalry=p.bool("cavalry"),
        heavy_armour=p.bool("heavy_armour"),
        shield=p.bool("shield"),
        banner=p.bool("banner"),
        prone_in_deep=p.bool("prone_in_deep"),
        no_armour=p.bool("no_armour"),
    )
    roll = p.optional_int("roll")
    if roll is None:
        return lambda: swim_chances(swim)
    return lambda: resolve_swim(swim, roll)


def passenger_hit_from_params(p: Params):
    from .passenger import PassengerHitInput, passenger_hit

    roll = p.optional_int("roll")
    return lambda: passenger_hit(PassengerHitInput(), roll)


def mount_from_params(p: Params):
    from .passenger import MountInput, mount

    roll = p.optional_int("roll")
    return lambda: mount(MountInput(), roll)


READERS = {
    "strike": strike_from_params,
    "corruption": corruption_from_params,
    "influence": influence_from_params,
    "keying": keying_from_params,
    "hazard-limit": hazard_limit_from_params,
    "audience": audience_from_params,
    "attack": attack_from_params,
    "control-sheet": control_sheet_from_params,
    "swim": swim_from_params,
    "passenger-hit": passenger_hit_from_params,
    "mount": mount_from_params,
}


def compute(name: str, params: dict):
    """The result object for calculator ``name``; raises InputError."""
    key = name.replace("_", "-") if isinstance(name, str) else name
    if key not in READERS:
        raise InputError("name", f"Unknown calculator {name!r}; use one of " + ", ".join(READERS) + ".")
    p = Params(key, params)
    calculate = READERS[key](p)
    p.reject_unknown()
    return calculate()
