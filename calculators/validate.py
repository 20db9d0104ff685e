"""Checks shared by the input dataclasses. Each raises InputError."""

from calculators.errors import InputError


def require_int(field: str, label: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(field, f"{label} must be a whole number; you gave {value!r}.")
    return value


def require_range(field: str, label: str, value, low: int, high: int) -> int:
    require_int(field, label, value)
    if not low <= value <= high:
        raise InputError(field, f"{label} must be between {low} and {high}; you gave {value}.")
    return value


def require_choice(field: str, label: str, value, choices) -> str:
    if value not in choices:
        options = ", ".join(choices)
        raise InputError(field, f"{label} must be one of {options}; you gave {value!r}.")
    return value


def require_bool(field: str, label: str, value) -> bool:
    if not isinstance(value, bool):
        raise InputError(field, f"{label} must be true or false; you gave {value!r}.")
    return value
