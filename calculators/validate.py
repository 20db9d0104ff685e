"""Checks shared by the input dataclasses, and the one reader of whole numbers. Each raises
InputError, whose message repeats a bad value in at most QUOTED_AT_MOST characters."""

import re

from calculators.errors import InputError

QUOTED_AT_MOST = 40  # characters of a bad value a message repeats
MOST_DIGITS = 9  # digits a whole number may have (leading zeros aside): far beyond every field's range
MOST_TEXT = 400  # characters any option's text may have, checked before it is read
# ASCII digits only, as in the page's JavaScript: Python's int() also takes "٣", "1_0" and "²".
WHOLE = re.compile(r"\s*([+-]?)0*([0-9]+)\s*")
NOT_SHOWN = re.compile(r"[^\S ]|[\x00-\x1f\x7f-\x9f\u2028\u2029]")  # line breaks, tabs and control characters


def cut(text: str, most: int = QUOTED_AT_MOST) -> str:
    """`text` as a message repeats it: on one line, and at most `most` characters."""
    text = NOT_SHOWN.sub(" ", text[: most + 1])
    return text if len(text) <= most else text[: most - 1] + "…"


def quoted(value) -> str:
    """A bad value as a message repeats it: text in quotes, cut; a number too long to print, a
    long list or an object by its size. Never longer than QUOTED_AT_MOST characters and quotes."""
    if isinstance(value, str):
        text = cut(value)
        mark = '"' if "'" in text and '"' not in text else "'"
        return f"{mark}{text}{mark}"
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return str(value) if abs(value) < 10**MOST_DIGITS else f"a number of more than {MOST_DIGITS} digits"
    if isinstance(value, float):
        return cut(repr(value))
    if isinstance(value, (list, tuple)):
        inner = ", ".join(quoted(item) for item in value[:4])
        shown = f"[{inner}]"
        return shown if len(value) <= 4 and len(shown) <= QUOTED_AT_MOST else f"a list of {entries(len(value))}"
    if isinstance(value, dict):
        return f"an object of {entries(len(value))}"
    return f"a {type(value).__name__}"


def entries(count: int) -> str:
    return "1 entry" if count == 1 else f"{count:,} entries"


def whole_number(text: str) -> int | None:
    """The whole number `text` writes ("7", " +3", "-1", "007"), in ASCII digits and at most
    MOST_DIGITS of them; None for anything else."""
    if len(text) > MOST_TEXT:
        return None
    match = WHOLE.fullmatch(text)
    if not match or len(match[2]) > MOST_DIGITS:
        return None
    return -int(match[2]) if match[1] == "-" else int(match[2])


def read_whole(field: str, label: str, value, low: int | None = None, high: int | None = None) -> int:
    """The one reader of a whole number, for every field: an int (not a bool), a float that is
    one, or text that writes one (whole_number). Text of more digits than any field takes is
    refused here, before it is converted, with the field's range when it is given."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        number = whole_number(value)
        if number is not None:
            return number
        match = WHOLE.fullmatch(value)
        if match:
            wanted = "" if low is None or high is None else f" between {low} and {high}"
            raise InputError(
                field, f"{label} must be a whole number{wanted}; you gave one of {len(match[2]):,} digits."
            )
    raise InputError(field, f"{label} must be a whole number; you gave {quoted(value)}.")


CHOICES_IN_FULL = 80  # characters of a choice list said whole; a longer one is named by its ends


def require_int(field: str, label: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(field, f"{label} must be a whole number; you gave {quoted(value)}.")
    return value


def require_range(field: str, label: str, value, low: int, high: int) -> int:
    require_int(field, label, value)
    if not low <= value <= high:
        raise InputError(field, f"{label} must be between {low} and {high}; you gave {quoted(value)}.")
    return value


def require_choice(field: str, label: str, value, choices) -> str:
    if not isinstance(value, str) or value not in choices:
        options = ", ".join(choices)
        if len(options) > CHOICES_IN_FULL:
            listed = list(choices)
            options = f"its {len(listed)} choices ({', '.join(listed[:3])}, …, {listed[-1]})"
        raise InputError(field, f"{label} must be one of {options}; you gave {quoted(value)}.")
    return value


def require_bool(field: str, label: str, value) -> bool:
    if not isinstance(value, bool):
        raise InputError(field, f"{label} must be true or false; you gave {quoted(value)}.")
    return value
