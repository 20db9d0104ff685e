"""Classify one line of rulebook text by what it looks like."""

from __future__ import annotations

import re

BOX_LABEL = re.compile(r"^(Note|Clarification|Example|Suggestion|Exception):\s*")
TITLED_EXAMPLE = re.compile(r"^(Example of \w+)\s+(?=\S)")
BULLET = re.compile(r"^(\s*)[•·]\s+")
NUMBERED_ITEM = re.compile(r"^(\s*)(\d+)\.\s+")
SECTION_HEADING = re.compile(r"^(\d+) · (.+?)\s*$")
PART_BANNER = re.compile(r"^· PART ([IVX]+) ·$")
_MINOR_HEADING = re.compile(r"^[A-Z\"][^:.!?]*[^:.!?,\s]$")

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}


def is_caps_heading(text: str) -> bool:
    """ALL CAPS sub-headings such as 'BODY CHECKS' or 'UNIQUE & "MAY NOT BE DUPLICATED" CARDS'."""
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 4 and all(c.isupper() for c in letters) and not text[0].isdigit()


def is_minor_heading(text: str) -> bool:
    """Title-case minor headings such as 'Resolving Strikes': short, no sentence punctuation."""
    return bool(_MINOR_HEADING.match(text)) and len(text.split()) <= 12 and " - " not in text


def box_label(text: str) -> tuple[str, str, int] | None:
    """(kind, title, where the box's own text starts) for a boxed paragraph's first line."""
    if m := BOX_LABEL.match(text):
        return m.group(1).lower(), m.group(1), m.end()
    if m := TITLED_EXAMPLE.match(text):
        return "example", m.group(1), m.end()
    return None
