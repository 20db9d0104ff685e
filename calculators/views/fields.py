"""How one form input is described. Values are strings, as in the form and the URL
("" = empty, "1" = ticked). The page script reads the same description (its name,
kind and neutral value) from the calculator block's data.

An input for an engine option takes its kind, limits, choices and whether it may be
left empty from the engine's option table (calculators/options.py); a view only adds
what the reader sees: the label, the hint, the choices' words, and whether the input
is one of the "More modifiers".

Neutral values: an input that changes the answer only when set (a modifier, a weapon,
a discard-on result, a state other than untapped) opens at its option's default, its
*neutral* value, and the page marks it when it differs. An input that asks the
question itself (prowess, a site path) has no neutral value and opens at `start`.
"""

from __future__ import annotations

from calculators.options import Option
from calculators.views.glossary_links import GLOSSARY

CONTROLS = {"int": "int", "bool": "bool", "choice": "choice", "text": "text", "ints": "text", "points": "int"}


def form_value(value) -> str:
    """An engine value as the form writes it."""
    if value is None or value is False or value == () or value == {}:
        return ""
    if value is True:
        return "1"
    return str(value)


def field(
    option: Option,
    label: str,
    hint: str = "",
    *,
    start=None,
    name=None,
    entry=None,
    term=None,
    glossary=GLOSSARY,
    choice_labels=None,
    control=None,
    placeholder="",
    more=False,
) -> dict:
    """The input for `option`. An input given a `start` value asks the question (it has no neutral
    value); any other opens at its option's default. `entry` picks one entry of a points option
    (`me` -> `me_character`); `more` puts it under "More modifiers"."""
    kind = control or CONTROLS[option.kind]
    name = name or (f"{option.name}_{entry}" if entry else option.name)
    neutral = None if option.required or start is not None else form_value(option.default)
    spec = {
        "name": name,
        "kind": kind,
        "label": label,
        "hint": hint,
        "unit": option.dice,
        "default": form_value(start) if neutral is None else neutral,
        "neutral": neutral,
        "more": more,
        "term": glossary.get(term or name),
        "optional": not option.required,
        "options": [],
        "placeholder": placeholder,
        "send": True,
        "param": [option.name, entry] if entry else [option.name],
        "roll": bool(option.dice),
        "requires": [
            {"field": rule.option, "values": [form_value(value) for value in rule.values], "reason": rule.reason}
            for rule in option.requirements
        ],
        "game": option.game.game if option.game else None,
    }
    limits = option.to_dict()  # only what this kind of input is checked against
    keys = ("min", "max") if kind == "int" else ("minLength", "maxLength", "numbers", "pattern")
    spec |= {key: limits[key] for key in keys if limits.get(key) not in (None, "")}
    if option.kind == "choice":
        labels = choice_labels or {}
        empty = [["", labels.get("", "–")]] if option.default is None else []
        spec["options"] = empty + [[choice, labels.get(choice, choice)] for choice in option.choices]
    return spec


def label_field(name: str, label: str, hint: str, *, max_length: int) -> dict:
    """A text input that only labels the result (a character's name in an attack): never sent to
    the engine, so the form alone limits it."""
    return {
        "name": name,
        "kind": "text",
        "label": label,
        "hint": hint,
        "unit": "",
        "default": "",
        "neutral": None,
        "more": False,
        "term": None,
        "optional": True,
        "maxLength": max_length,
        "options": [],
        "placeholder": "",
        "send": False,
        "param": [name],
        "roll": False,
        "requires": [],
        "game": None,
    }


def unmet(spec: dict, values: dict) -> str | None:
    """Why the input does not apply to `values` (the form's), or None when it does: the reason of
    its option's first requirement the other inputs do not meet (calculators/options.py: Requires).
    The page script asks the same of the form (calculators/form.js: applyRequirements)."""
    for rule in spec.get("requires", ()):
        if values.get(rule["field"], "") not in rule["values"]:
            return rule["reason"]
    return None
