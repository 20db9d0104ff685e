"""Rebuild the rulebook's tables from their flattened one-line-per-row form.

Each row format is a function from the table's lines to a Table. A line that
does not fit its format fails the build: a hint in layout.yaml has gone stale.
"""

from __future__ import annotations

import re
from typing import Callable

from ..model import Span, Table
from ..symbols import code_for

Line = tuple[int, str]   # (line number, shown text)


class TableError(ValueError):
    pass


def _groups(match: re.Match, line: int, names: tuple[str, ...]) -> tuple[Span, ...]:
    return tuple(Span(match.group(n).strip(), line, match.start(n)) for n in names)


def _match(pattern: re.Pattern, line: Line, fmt: str) -> re.Match:
    number, text = line
    match = pattern.match(text)
    if not match:
        raise TableError(f"line {number} does not fit the {fmt} table format: {text!r}")
    return match


def _label(text: str) -> Span:
    return Span(text, 0)   # a column label added by the site, not from the source


_INFLUENCE = re.compile(r"^(?P<name>.+?)\s*\((?P<mind>[^·)]*)·(?P<di>[^)]*)\)$")


def influence_listing(lines: list[Line], header: list[Line], kind: str) -> Table:
    rows = tuple(_groups(_match(_INFLUENCE, ln, "influence-listing"), ln[0], ("name", "mind", "di")) for ln in lines)
    return Table(caption=(), columns=(_label("Character"), _label("Mind"), _label("Direct influence")), rows=rows)


_SYMBOL = re.compile(r"^(?P<name>.+?) \[(?P<desc>[^\]]+)\]$")


def symbol_description(lines: list[Line], header: list[Line], kind: str) -> Table:
    rows = []
    for ln in lines:
        m = _match(_SYMBOL, ln, "symbol-description")
        rows.append(_groups(m, ln[0], ("name", "desc")) + (_label(_require_code(kind, m.group("name"), ln)),))
    return Table(
        caption=tuple(Span(t, n) for n, t in header),
        columns=(_label("Type"), _label("Symbol on the card"), _label("Code")),
        rows=tuple(rows), symbol_kind=kind, code_column=2,
    )


_TYPE_CODE = re.compile(r"^(?P<name>.+?) \[(?P<code>\w+)\]: (?P<desc>.+)$")


def type_code_description(lines: list[Line], header: list[Line], kind: str) -> Table:
    rows = tuple(_groups(_match(_TYPE_CODE, ln, "type-code-description"), ln[0], ("name", "code", "desc")) for ln in lines)
    return Table(caption=(), columns=(_label("Type"), _label("Code"), _label("Description")),
                 rows=rows, symbol_kind=kind, code_column=1)


_CONDITION = re.compile(r"(?P<cond>\S.*?)\s*\.\.\.\s*(?P<mod>-\d+|varies)")


def condition_modifier(lines: list[Line], header: list[Line], kind: str) -> Table:
    rows = []
    for number, text in lines:
        found = list(_CONDITION.finditer(text))
        if not found or "".join(m.group(0) for m in found).replace(" ", "") != text.replace(" ", ""):
            raise TableError(f"line {number} does not fit the condition-modifier table format: {text!r}")
        rows.extend(_groups(m, number, ("cond", "mod")) for m in found)   # one line may hold two rows
    return Table(caption=tuple(Span(t, n) for n, t in header),
                 columns=(_label("Condition"), _label("Modification")), rows=tuple(rows))


_NAME_SHAPE = re.compile(r"^(?P<name>.+) - (?P<shape>[^-]+)$")


def name_shape(lines: list[Line], header: list[Line], kind: str) -> Table:
    # The first row ran onto the header line after " · " (rulebook l.788).
    (number, text), = header
    lead, sep, first = text.partition(" · ")
    if not sep:
        raise TableError(f"line {number}: expected the first row after ' · ': {text!r}")
    first_offset = len(lead) + len(sep)
    m = _match(_NAME_SHAPE, (number, first), "name-shape")
    rows = [tuple(Span(s.text, number, s.offset + first_offset) for s in _groups(m, number, ("name", "shape")))]
    rows += [_groups(_match(_NAME_SHAPE, ln, "name-shape"), ln[0], ("name", "shape")) for ln in lines]
    return Table(caption=(Span(lead, number),), columns=(_label("Type"), _label("Shape")), rows=tuple(rows))


_MP_ROW = re.compile(r"^(?P<card>.+?):? (?P<initial>-?\d+) - (?P<modified>-?\d+)$")


def mp_listing(lines: list[Line], header: list[Line], kind: str) -> Table:
    (number, text), = header
    columns, offset = [], 0
    for part in text.split(" - "):
        columns.append(Span(part, number, offset))
        offset += len(part) + 3
    rows = tuple(_groups(_match(_MP_ROW, ln, "mp-listing"), ln[0], ("card", "initial", "modified")) for ln in lines)
    return Table(caption=(), columns=tuple(columns), rows=rows)


def _require_code(kind: str, name: str, line: Line) -> str:
    code = code_for(kind, name)
    if not code:
        raise TableError(f"line {line[0]}: '{name}' is not a known {kind} type")
    return code


ROW_FORMATS: dict[str, Callable[[list[Line], list[Line], str], Table]] = {
    "influence-listing": influence_listing,
    "symbol-description": symbol_description,
    "type-code-description": type_code_description,
    "condition-modifier": condition_modifier,
    "name-shape": name_shape,
    "mp-listing": mp_listing,
}
