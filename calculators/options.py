"""Each calculator's options, declared once: name, kind, default, range, label and help.

In the spirit of pymdown-extensions' config tables. Everything that reads or
checks an option is derived from its declaration here:

* the command line (``cli.py``): one flag per option, with its help and metavar;
* the readers of loose values (``params.py``): CLI strings, JSON, URL text;
* the inputs' checks (each input's ``__post_init__`` calls ``check``);
* the site's form fields and the page's link checks (``to_dict`` goes into the
  page; calculators/views/fields.py and values.js read it).

So a limit is stated once: change ``high`` here and the CLI, ``api.run`` and
the page all accept the new value.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from calculators.dice import D6_FACES, ROLLS
from calculators.errors import InputError
from calculators.validate import (
    MOST_TEXT,
    quoted,
    read_whole,
    require_bool,
    require_choice,
    require_int,
    require_range,
)


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED = _Required()  # the option has no default: it must be given

KINDS = ("int", "bool", "choice", "text", "ints", "points", "rows")
# "7,8", "7 8", "+3, -1": a comma (spaces around it or not) or spaces between two numbers. Each
# separator matches one way only, so a text that fails is refused at once (with "\s*[, ]\s*", a
# run of spaces split many ways, and "1   1   1   1   1   1   1   1   1   1   1   1   1   1   x"
# took seconds).
INT_LIST = r"^\s*[+-]?[0-9]+(?:(?:\s*,\s*|\s+)[+-]?[0-9]+)*\s*$"
NUMBER_IN_LIST = re.compile(r"[+-]?[0-9]+")
MOST_NUMBERS = 20  # numbers an "ints" option takes: one roll for each of the most checks in a row
TRUE_WORDS = ("true", "1", "yes", "on")
FALSE_WORDS = ("false", "0", "no", "off", "")


@dataclass(frozen=True)
class Requires:
    """An option that applies only while another option of its table has one of ``values``:
    the Boats article has no banner modifier, the Starter game no reveals. Set while it does not
    apply, the option is refused with ``reason``; the page disables its input and shows the reason."""

    option: str
    values: tuple
    reason: str

    def met_by(self, value) -> bool:
        return value in self.values

    def to_dict(self) -> dict:
        return {"option": self.option, "values": list(self.values), "reason": self.reason}


GAME = "starter"  # the game option's name: true for the Starter game, false for the Standard game
GAMES = ("starter", "standard")


@dataclass(frozen=True)
class OneGame:
    """An option that belongs to one game (``"starter"`` or ``"standard"``): set while its table's
    game option names the other game, it is refused with ``reason``, and the page disables its
    input and shows the reason. It is a ``Requires`` on the game option, stated once, on the option."""

    game: str
    reason: str

    def __post_init__(self):
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}; use one of {GAMES}")

    def requirement(self) -> Requires:
        return Requires(GAME, (self.game == "starter",), self.reason)


def standard_only(reason: str) -> OneGame:
    return OneGame("standard", reason)


@dataclass(frozen=True)
class Option:
    """One option of a calculator.

    ``name`` is the key everywhere (``strike_prowess``: ``--strike-prowess`` on
    the command line, ``strike_prowess`` in ``api.run``'s params). ``low`` and
    ``high`` bound an ``int``, each number of an ``ints`` list, each entry of
    ``points``, the count of ``rows``, and the length of a ``text``.
    """

    name: str
    kind: str
    label: str  # names the value in messages ("The strike's prowess")
    help: str  # one line for --help
    default: Any = None  # REQUIRED, None (may be left out) or the value used when left out
    low: int | None = None
    high: int | None = None
    choices: tuple = ()  # for "choice"; for "points", the entries' names
    metavar: str = ""
    dice: str = ""  # "2D6" or "D6": a natural roll, whose range is the dice's
    note: str = ""  # why the range is what it is, added to the range message
    pattern: str = ""  # the text form the engine reads (a regular expression, also used in JS)
    syntax: str = ""  # how to write it, for the message when the pattern does not match
    parts: tuple = ()  # the numbers in a text, each an Option (BONUS:MAX): the page checks their ranges
    item: tuple = ()  # for "rows": each row's options
    field: str = ""  # the input's attribute, when it is not `name`
    parse: Callable | None = None  # text -> the value the input takes (a Weapon)
    requires: tuple = ()  # Requires: when the option may be set away from its default
    game: OneGame | None = None  # the one game the option belongs to, if it belongs to one

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: unknown kind {self.kind!r}")

    @property
    def requirements(self) -> tuple:
        """Every ``Requires`` of the option: its game's first, then its own."""
        return ((self.game.requirement(),) if self.game else ()) + tuple(self.requires)

    @property
    def attribute(self) -> str:
        return self.field or self.name

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    # --- checking a typed value ---------------------------------------------------------------

    def check(self, value, label: str | None = None):
        """Raise InputError unless ``value`` (already typed) is allowed; return it."""
        label = label or self.label
        if value is None and self.default is None:
            return value
        if self.kind == "int":
            return self._check_number(value, label)
        if self.kind == "ints":
            for number in value:
                self._check_number(number, label)
            return value
        if self.kind == "bool":
            return require_bool(self.name, label, value)
        if self.kind == "choice":
            return require_choice(self.name, label, value, self.choices)
        if self.kind == "rows":
            self.check_count(len(value), label)
            return value
        if self.kind == "points":
            owner = label.removesuffix("marshalling points")  # "My character points"
            for entry, number in value.items():
                self._check_number(number, f"{owner}{entry} points")
            return value
        if self.kind == "text" and isinstance(value, str):
            self._check_text(value, label)
        return value

    def check_count(self, count: int, label: str | None = None) -> None:
        """A list of rows must have between ``low`` and ``high`` entries: checked before any is read."""
        if not self.low <= count <= self.high:
            label = label or self.label
            raise InputError(self.name, f"{label} must number between {self.low} and {self.high}; you gave {count:,}.")

    def _check_text(self, text: str, label: str) -> None:
        if self.low and not text:
            raise InputError(self.name, f"{label} must not be empty.")
        if self.high is not None and not (self.low or 0) <= len(text) <= self.high:
            raise InputError(self.name, f"{label} must be at most {self.high} characters long; you gave {len(text):,}.")
        if not self.matches(text):
            self.reject_syntax(text)

    def _check_number(self, value, label: str) -> int:
        require_int(self.name, label, value)
        if self.low <= value <= self.high:
            return value
        if self.dice:
            raise InputError(
                self.name,
                f"{label} is a {self.dice} roll, so it must be between {self.low} and {self.high}; you gave {quoted(value)}.",
            )
        note = f" ({self.note})" if self.note else ""
        return require_range(self.name, label + note, value, self.low, self.high)

    def matches(self, text: str) -> bool:
        return not self.pattern or bool(re.fullmatch(self.pattern, text))

    def reject_syntax(self, value):
        raise InputError(self.name, f"{self.syntax}; you gave {quoted(value)}.")

    # --- reading a loose value -----------------------------------------------------------------

    def convert(self, value):
        """A CLI string, JSON value or URL text -> the typed value (its range is checked later).
        Lengths and counts are checked first, so nothing long is read only to be refused."""
        if self.kind == "int":
            if self.default is None and isinstance(value, str) and value.strip() in ("", "-"):
                return None
            return read_whole(self.name, self.label, value, self.low, self.high)
        if isinstance(value, str) and len(value) > MOST_TEXT:
            raise InputError(self.name, f"{self.label} is far too long: {len(value):,} characters.")
        if self.kind == "bool":
            return to_bool(self.name, self.label, value)
        if self.kind == "ints":
            return self._int_list(value)
        if self.kind == "choice" and isinstance(value, str):
            wanted = value.strip().lower()
            return next((choice for choice in self.choices if choice.lower() == wanted), value)
        if self.kind == "text":
            return self._text(value)
        return value

    def _text(self, value):
        """Text, checked (its length first), then read by the option's parser if it has one. A parser
        may also take a list (a site path's letters) or an object (a weapon's bonus and maximum);
        an option without one takes text alone."""
        if isinstance(value, str):
            text = value.strip()
            if self.high is not None and len(text) > self.high:
                self._check_text(text, self.label)
            parsed = self.parse(text) if self.parse else text  # a parser's own message is the more precise
            self._check_text(text, self.label)
            return parsed
        if not self.parse:
            raise InputError(self.name, f"{self.label} must be text; you gave {quoted(value)}.")
        if isinstance(value, (list, tuple)) and len(value) > (self.high or MOST_NUMBERS):
            raise InputError(
                self.name,
                f"{self.label} must have at most {self.high or MOST_NUMBERS} entries; you gave {len(value):,}.",
            )
        return self.parse(value)

    def _int_list(self, value) -> tuple:
        """ "7,8", ["7,8", "4"] (a repeated CLI flag), [7, 8] or 7 -> the numbers; "" -> ()."""
        items = [value] if isinstance(value, (str, int)) else value
        if not isinstance(items, (list, tuple)):
            self.reject_syntax(value)
        if len(items) > MOST_NUMBERS:
            self._too_many(len(items))
        numbers = []
        for item in items:
            if not isinstance(item, str):
                numbers.append(read_whole(self.name, self.label, item, self.low, self.high))
            elif item.strip() and not self.matches(item):
                self.reject_syntax(item)
            else:
                found = NUMBER_IN_LIST.findall(item)
                if len(numbers) + len(found) > MOST_NUMBERS:
                    self._too_many(len(numbers) + len(found))
                numbers += [read_whole(self.name, self.label, number, self.low, self.high) for number in found]
        return tuple(numbers)

    def _too_many(self, count: int):
        lowered = self.label[0].lower() + self.label[1:]
        raise InputError(self.name, f"Give at most {MOST_NUMBERS} numbers for {lowered}; you gave {count:,}.")

    # --- for the page ----------------------------------------------------------------------------

    def to_dict(self) -> dict:
        """JSON for the page: what its form fields and link checks need to know."""
        data = {
            "name": self.name,
            "kind": self.kind,
            "label": self.label,
            "default": None if self.required else self.default,
            "required": self.required,
            "min": self.low,
            "max": self.high,
            "choices": list(self.choices),
            "dice": self.dice,
            "pattern": self.pattern,
            "requires": [rule.to_dict() for rule in self.requirements],
            "game": self.game.game if self.game else None,
        }
        if self.kind == "text":  # a text's limits are on its length
            data.update({"min": None, "max": None, "minLength": self.low, "maxLength": self.high})
        if self.kind == "ints":
            data["numbers"] = [[self.low, self.high]]
        elif self.parts:
            data["numbers"] = [[part.low, part.high] for part in self.parts]
        return data


def roll_option(name: str, label: str, help: str, dice: str = "2D6", **kw) -> Option:
    """A natural roll given to resolve one roll ("I rolled..."): 2D6 or one D6."""
    faces = ROLLS if dice == "2D6" else D6_FACES
    return Option(name, "int", label, help, None, faces[0], faces[-1], dice=dice, metavar="R", **kw)


def int_list(name: str, label: str, help: str, low: int, high: int, *, syntax: str, **kw) -> Option:
    """Whole numbers written "7,8" (or repeated flags), each between low and high."""
    return Option(name, "ints", label, help, (), low, high, pattern=INT_LIST, syntax=syntax, **kw)


class OptionTable(tuple):
    """A calculator's options, in order; ``table["prowess"]`` finds one by name. An option that
    requires another (its game's option too) must find it in the same table."""

    def __new__(cls, *options: Option):
        table = super().__new__(cls, options)
        names = {option.name for option in options}
        for option in options:
            for rule in option.requirements:
                if rule.option not in names:
                    raise ValueError(f"option {option.name} requires {rule.option!r}, which its table lacks")
        return table

    def __getitem__(self, key):
        if isinstance(key, str):
            for option in self:
                if option.name == key:
                    return option
            raise KeyError(key)
        return super().__getitem__(key)

    def check(self, instance, label_of: Callable[[Option], str] | None = None) -> None:
        """Check each of ``instance``'s attributes that an option of this table describes
        (``label_of`` names an option in the messages when its label is not enough)."""
        names = {f.name for f in fields(instance)}
        for option in self:
            if option.attribute in names:
                option.check(getattr(instance, option.attribute), label_of(option) if label_of else None)
        for option in self:
            if option.attribute in names and getattr(instance, option.attribute) != option.default:
                for rule in option.requirements:
                    if not rule.met_by(getattr(instance, self[rule.option].attribute)):
                        raise InputError(option.name, rule.reason)

    def unmet(self, option: Option, values: dict) -> Requires | None:
        """The first of ``option``'s requirements that ``values`` (typed, by option name) do not meet."""
        return next(
            (
                rule
                for rule in option.requirements
                if not rule.met_by(values.get(rule.option, self[rule.option].default))
            ),
            None,
        )


def game_option(help: str = "the Starter game (Starter Rules only)") -> Option:
    """The option that says which game the result is for: false (the default) for the Standard
    game, true for the Starter game. The page fills it from the header's "Reading as" setting."""
    return Option(GAME, "bool", "Starter", help, False)


# --- loose values -----------------------------------------------------------------------------


def to_int(key: str, label: str, value) -> int:
    return read_whole(key, label, value)


def to_bool(key: str, label: str, value) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in TRUE_WORDS:
        return True
    if isinstance(value, str) and value.strip().lower() in FALSE_WORDS:
        return False
    raise InputError(key, f"{label} must be true or false; you gave {quoted(value)}.")
