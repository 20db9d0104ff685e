"""How one form input is described. Values are strings, as in the form and the URL
("" = empty, "1" = ticked). The description goes into the page as JSON, so its keys
are what the page script (values.js) reads."""

from __future__ import annotations

from .glossary_links import GLOSSARY


def field(name, kind, label, default="", hint="", *, term=None, glossary=GLOSSARY, unit="", minimum=None,
          maximum=None, optional=False, options=(), pattern="", placeholder="", send=True, param=None, roll=False):
    """One input; `glossary` is the game's table that turns `term` (or `name`) into an entry id."""
    return {"name": name, "kind": kind, "label": label, "default": str(default), "hint": hint,
            "term": glossary.get(term or name), "unit": unit,
            "min": minimum, "max": maximum, "optional": optional, "options": [list(o) for o in options],
            "pattern": pattern, "placeholder": placeholder, "send": send, "param": param or [name],
            "roll": roll}


def number(name, label, default, hint, *, minimum, maximum, **kw):
    return field(name, "int", label, default, hint, minimum=minimum, maximum=maximum, **kw)


def flag(name, label, hint, default="", **kw):
    return field(name, "bool", label, default, hint, **kw)


def roll_field(name, label, hint, **kw):
    """A natural 2D6 roll for "I rolled…"."""
    return field(name, "int", label, "", hint, unit="2D6", minimum=2, maximum=12, optional=True, roll=True,
                 term=kw.pop("term", "roll"), **kw)


def d6_roll_field(name, label, hint, **kw):
    """A natural D6 roll for "I rolled…"."""
    return field(name, "int", label, "", hint, unit="D6", minimum=1, maximum=6, optional=True, roll=True, **kw)
