"""Rebuild the source texts' tables from their flattened form.

Each row format is a function from the table's lines (and its layout hint) to a
Table. A line that does not fit its format fails the build: a hint in
layout.yaml has gone stale.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from build_scripts.model.document import Span, Table
from build_scripts.model.symbols import code_for
from build_scripts.parse.layout import TableHint

Line = tuple[int, str]  # (line number, shown text)


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
    return Span(text, 0)  # a column label added by the site, not from the source


_INFLUENCE = re.compile(r"^(?P<name>.+?)\s*\((?P<mind>[^·)]*)·(?P<di>[^)]*)\)$")


def influence_listing(lines: list[Line], header: list[Line], hint: TableHint) -> Table:
    rows = tuple(_groups(_match(_INFLUENCE, ln, "influence-listing"), ln[0], ("name", "mind", "di")) for ln in lines)
    return Table(caption=(), columns=(_label("Character"), _label("Mind"), _label("Direct influence")), rows=rows)


_SYMBOL = re.compile(r"^(?P<name>.+?) \[(?P<desc>[^\]]+)\]$")


def symbol_description(lines: list[Line], header: list[Line], hint: TableHint) -> Table:
    rows = []
    for ln in lines:
        m = _match(_SYMBOL, ln, "symbol-description")
        rows.append(_groups(m, ln[0], ("name", "desc")) + (_label(_require_code(hint.kind, m.group("name"), ln)),))
    return Table(
        caption=tuple(Span(t, n) for n, t in header),
        columns=(_label("Type"), _label("Symbol on the card"), _label("Code")),
        rows=tuple(rows),
        symbol_kind=hint.kind,
        code_column=2,
    )


_TYPE_CODE = re.compile(r"^(?P<name>.+?) \[(?P<code>\w+)\]: (?P<desc>.+)$")


def type_code_description(lines: list[Line], header: list[Line], hint: TableHint) -> Table:
    rows = tuple(
        _groups(_match(_TYPE_CODE, ln, "type-code-description"), ln[0], ("name", "code", "desc")) for ln in lines
    )
    return Table(
        caption=(),
        columns=(_label("Type"), _label("Code"), _label("Description")),
        rows=rows,
        symbol_kind=hint.kind,
        code_column=1,
    )


_CONDITION = re.compile(r"(?P<cond>\S.*?)\s*\.\.\.\s*(?P<mod>-\d+|varies)")


def condition_modifier(lines: list[Line], header: list[Line], hint: TableHint) -> Table:
    rows = []
    for number, text in lines:
        found = list(_CONDITION.finditer(text))
        if not found or "".join(m.group(0) for m in found).replace(" ", "") != text.replace(" ", ""):
            raise TableError(f"line {number} does not fit the condition-modifier table format: {text!r}")
        rows.extend(_groups(m, number, ("cond", "mod")) for m in found)  # one line may hold two rows
    return Table(
        caption=tuple(Span(t, n) for n, t in header),
        columns=(_label("Condition"), _label("Modification")),
        rows=tuple(rows),
    )


_NAME_SHAPE = re.compile(r"^(?P<name>.+) - (?P<shape>[^-]+)$")


def name_shape(lines: list[Line], header: list[Line], hint: TableHint) -> Table:
    # The first row ran onto the header line after " · " (rulebook l.788).
    ((number, text),) = header
    lead, sep, first = text.partition(" · ")
    if not sep:
        raise TableError(f"line {number}: expected the first row after ' · ': {text!r}")
    first_offset = len(lead) + len(sep)
    m = _match(_NAME_SHAPE, (number, first), "name-shape")
    rows = [tuple(Span(s.text, number, s.offset + first_offset) for s in _groups(m, number, ("name", "shape")))]
    rows += [_groups(_match(_NAME_SHAPE, ln, "name-shape"), ln[0], ("name", "shape")) for ln in lines]
    return Table(caption=(Span(lead, number),), columns=(_label("Type"), _label("Shape")), rows=tuple(rows))


_MP_ROW = re.compile(r"^(?P<card>.+?):? (?P<initial>-?\d+) - (?P<modified>-?\d+)$")


def mp_listing(lines: list[Line], header: list[Line], hint: TableHint) -> Table:
    ((number, text),) = header
    columns, offset = [], 0
    for part in text.split(" - "):
        columns.append(Span(part, number, offset))
        offset += len(part) + 3
    rows = tuple(_groups(_match(_MP_ROW, ln, "mp-listing"), ln[0], ("card", "initial", "modified")) for ln in lines)
    return Table(caption=(), columns=tuple(columns), rows=rows)


_ROLL_KEYS = re.compile(r"^(?P<keys>\d+(?:-\d+)?(?: \d+(?:-\d+)?)*) (?P<result>Result) ")
_ROLL_KEY = re.compile(r"\d+(?:-\d+)?")


def roll_chart(lines: list[Line], header: list[Line], hint: TableHint) -> Table:
    """A dice chart flattened onto one line: '1 2-5 6 Result <cell> <cell> <cell>'.
    Cell boundaries are lost, so the hint names the phrase each result cell begins with."""
    ((number, text),) = lines
    m = _match(_ROLL_KEYS, (number, text), "roll-chart")
    keys = list(_ROLL_KEY.finditer(m.group("keys")))
    starts = _phrase_starts(number, text, hint.cells, m.end())
    if len(keys) != len(starts):
        raise TableError(f"line {number}: {len(keys)} rolls but {len(starts)} result cells")
    ends = starts[1:] + [len(text)]
    rows = tuple(
        (Span(k.group(0), number, k.start()), Span(text[s:e].rstrip(), number, s))
        for k, s, e in zip(keys, starts, ends, strict=True)
    )
    if header:
        ((head_number, head_text),) = header
        first_column = Span(head_text, head_number)
    else:
        first_column = _label(hint.columns[0])
    return Table(caption=(), columns=(first_column, Span(m.group("result"), number, m.start("result"))), rows=rows)


def _phrase_starts(number: int, text: str, phrases: tuple[str, ...], pos: int) -> list[int]:
    starts = []
    for phrase in phrases:
        at = text.find(phrase, pos)
        if at < 0 or (not starts and text[pos:at].strip()):
            raise TableError(f"line {number}: chart cell {phrase!r} not found where expected (column {pos})")
        starts.append(at)
        pos = at + len(phrase)
    return starts


_IF_MODIFIER = re.compile(r"(?P<cond>If [^,]+), (?P<mod>apply an? [+-]\d+ modifier\.)")


def if_modifier(lines: list[Line], header: list[Line], hint: TableHint) -> Table:
    """Modifiers written as sentences: '<caption> If <circumstance>, apply a -1 modifier. If ...'"""
    ((number, text),) = lines
    found = list(_IF_MODIFIER.finditer(text))
    if not found or "".join(m.group(0) for m in found).replace(" ", "") != text[found[0].start() :].replace(" ", ""):
        raise TableError(f"line {number} does not fit the if-modifier table format: {text!r}")
    caption = text[: found[0].start()].rstrip()
    return Table(
        caption=(Span(caption, number),) if caption else (),
        columns=tuple(map(_label, hint.columns)),
        rows=tuple(_groups(m, number, ("cond", "mod")) for m in found),
    )


def tab_separated(lines: list[Line], header: list[Line], hint: TableHint) -> Table:
    rows = []
    for number, text in lines:
        cells, offset = [], 0
        for cell in text.split("\t"):
            cells.append(Span(cell, number, offset))
            offset += len(cell) + 1
        if len(cells) != len(hint.columns):
            raise TableError(f"line {number}: {len(cells)} tab-separated cells for {len(hint.columns)} columns")
        rows.append(tuple(cells))
    return Table(
        caption=tuple(Span(t, n) for n, t in header), columns=tuple(map(_label, hint.columns)), rows=tuple(rows)
    )


def placed(table: Table, line: int, offset: int) -> Table:
    """A table parsed from the part of `line` that starts at `offset`, with its spans moved there."""

    def move(span: Span) -> Span:
        return replace(span, offset=span.offset + offset) if span.line == line else span

    return replace(
        table,
        caption=tuple(map(move, table.caption)),
        columns=tuple(map(move, table.columns)),
        rows=tuple(tuple(map(move, row)) for row in table.rows),
    )


def _require_code(kind: str, name: str, line: Line) -> str:
    code = code_for(kind, name)
    if not code:
        raise TableError(f"line {line[0]}: '{name}' is not a known {kind} type")
    return code


ROW_FORMATS: dict[str, Callable[[list[Line], list[Line], TableHint], Table]] = {
    "influence-listing": influence_listing,
    "symbol-description": symbol_description,
    "type-code-description": type_code_description,
    "condition-modifier": condition_modifier,
    "name-shape": name_shape,
    "mp-listing": mp_listing,
    "roll-chart": roll_chart,
    "if-modifier": if_modifier,
    "tab-separated": tab_separated,
}
