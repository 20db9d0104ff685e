"""Parse the MELE rulebook text into the document model.

Structure: front matter sections named
by the printed contents; `· PART I ·` banners; numbered sections `7 · COMBAT`;
ALL CAPS and Title Case sub-headings; boxed paragraphs that start with a label
(`Note:`, `Clarification:`, ...); bullets, numbered items, flattened tables.

Numbering (README, "Reading the rules"): every block gets `P.S.N`. P: 0 front matter, 1 Starter
Rules, 2 Standard Rules. S: section number (front matter: its order; a part's
text before its section 1 is section 0). N: block order within the section.

Other texts (the Strategy Battle Game chapters) go through the same parser:
their layout names the lines that open sections, and an id prefix such as
`SBG-A` takes the place of the part number.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace
from pathlib import Path

from build_scripts.model.document import Block, Bullet, Document, Heading, Paragraph, Part, Section, Span, Table
from build_scripts.model.errata import Erratum, Mark, apply_errata
from build_scripts.model.tables import ROW_FORMATS, placed
from build_scripts.parse import lines as classify
from build_scripts.parse.layout import Layout, TableHint
from build_scripts.parse.source_lines import SourceLine, read_source

# One bullet's text: up to the next " · " or "<Name> Phase - " that follows a full stop.
_MERGED_BULLETS = re.compile(r"(.+?)(?:(?<=\.) · |(?<=\.) (?=[A-Z][\w/-]* Phase - )|$)")


class ParseError(ValueError):
    pass


@dataclass(frozen=True)
class ShownLine:
    number: int
    text: str  # errata applied
    original: str  # trailing whitespace trimmed, otherwise as in the file
    marks: tuple[Mark, ...]


def parse_rulebook(
    path: Path, errata: list[Erratum], layout: Layout, id_prefix: str = "", first_part: str = "Front Matter"
) -> Document:
    return parse_rulebook_lines(path.name, read_source(path), errata, layout, id_prefix, first_part)


def parse_rulebook_lines(
    name: str,
    source: list[SourceLine],
    errata: list[Erratum],
    layout: Layout,
    id_prefix: str = "",
    first_part: str = "Front Matter",
) -> Document:
    """`id_prefix` replaces the part number in rule ids; `first_part` titles part 0,
    which holds everything before the first `· PART I ·` banner."""
    errata_here = [e for e in errata if e.source == name]
    _check_errata_lines(errata_here, source, name)
    shown = [_shown(line, errata_here) for line in source]
    return _Parser(name, shown, layout, id_prefix, first_part).parse()


def _check_errata_lines(errata: list[Erratum], source: list[SourceLine], name: str) -> None:
    for erratum in errata:
        if not 1 <= erratum.line <= len(source):
            raise ParseError(f"erratum {erratum.id}: {name} has no line {erratum.line}")


def _shown(line: SourceLine, errata: list[Erratum]) -> ShownLine | None:
    if line.blank:
        return None
    text, marks = apply_errata(line.number, line.text, errata)
    return ShownLine(line.number, text, line.text, tuple(marks))


class _Parser:
    def __init__(
        self, source_name: str, shown: list[ShownLine | None], layout: Layout, id_prefix: str, first_part: str
    ):
        self.source_name = source_name
        self.shown = shown
        self.layout = layout
        self.id_prefix = id_prefix
        self.first_part = first_part
        self.parts: list[Part] = []
        self.section: Section | None = None
        self.heading = ""

    # -- lines -------------------------------------------------------------
    def line(self, number: int) -> ShownLine | None:
        return self.shown[number - 1] if 1 <= number <= len(self.shown) else None

    def next_nonblank(self, number: int) -> int | None:
        for n in range(number + 1, len(self.shown) + 1):
            if self.line(n):
                return n
        return None

    # -- structure ----------------------------------------------------------
    def parse(self) -> Document:
        first, last = self.layout.contents or (0, 0)
        contents = [Span(ln.text, ln.number) for n in range(first, last + 1) if (ln := self.line(n))]
        front_titles = self._front_titles(contents)
        self._open_part(0, self.first_part)

        number = last + 1
        while number <= len(self.shown):
            ln = self.line(number)
            if ln is None:
                number += 1
                continue
            number = self._take(ln, front_titles) + 1
        for section in self.sections():
            _number_blocks(section, self.id_prefix)
        self._check_splits()
        marks = {ln.number: list(ln.marks) for ln in self.shown if ln and ln.marks}
        return Document(
            source=self.source_name,
            parts=self.parts,
            contents=contents,
            marks=marks,
            shown_lines={ln.number: ln.text for ln in self.shown if ln},
        )

    def sections(self) -> list[Section]:
        return [s for p in self.parts for s in p.sections]

    @staticmethod
    def _front_titles(contents: list[Span]) -> list[str]:
        titles = []
        for span in contents:
            entry = span.text.lstrip("• ").strip()
            if entry.startswith("Part"):
                break
            if span.text.startswith("•"):
                titles.append(entry)
        return titles

    def _open_part(self, number: int, title: str) -> None:
        self.parts.append(Part(number, title))
        self.section = None

    def _open_section(self, number: int, title: str, line: int) -> None:
        part = self.parts[-1]
        self.section = Section(part.number, number, title, line)
        part.sections.append(self.section)
        self.heading = ""

    def _current_section(self, line: int) -> Section:
        if self.section is None:  # text before a part's section 1
            part = self.parts[-1]
            self._open_section(0, f"Part {_roman(part.number)}: {part.title}", line)
        return self.section

    def _take(self, ln: ShownLine, front_titles: list[str]) -> int:
        """Consume the construct starting at `ln`; return its last line number."""
        text = ln.text
        if start := self.layout.sections.get(ln.number):
            self._open_section(start.number, start.title, ln.number)
            if classify.is_caps_heading(text):
                return ln.number  # the heading names the section; otherwise the line is its first rule
        if m := classify.PART_BANNER.match(text):
            title_line = self.next_nonblank(ln.number)
            self._open_part(classify.ROMAN[m.group(1)], self.line(title_line).text)
            return title_line
        if self.parts[-1].number == 0 and text in front_titles:
            self._open_section(front_titles.index(text) + 1, text, ln.number)
            return ln.number
        if m := classify.SECTION_HEADING.match(text):
            self._open_section(int(m.group(1)), m.group(2).title(), ln.number)
            return ln.number
        section = self._current_section(ln.number)
        if hint := self.layout.table_at(ln.number):
            pieces, last = self._table_pieces(hint)
            self._add_block(section, "table", pieces, hint.first, last)
            return last
        if label := classify.box_label(text):
            return self._take_box(section, ln, label)
        if classify.is_caps_heading(text) or self._is_minor_heading(ln):
            level = 2 if classify.is_caps_heading(text) else 3
            section.items.append(Heading(text, ln.number, level))
            self.heading = text
            return ln.number
        if any(m.erratum.splits for m in ln.marks):
            self._take_split_line(section, ln)
            return ln.number
        piece, kind = self._line_piece(ln, 0)
        self._add_block(section, kind, piece, ln.number, ln.number)
        return ln.number

    def _take_split_line(self, section: Section, ln: ShownLine) -> None:
        """A line that a format erratum splits (the extraction joined two rules): one block
        per part. A later part keeps the first part's bullet level when it has no mark of its own,
        and takes the erratum's `new_rule` id."""
        splits = sorted((m for m in ln.marks if m.erratum.splits), key=lambda m: m.start)
        cuts = [0, *(m.start for m in splits), len(ln.text)]
        original_cuts = [0, *(_original_start(m.erratum, ln.original) for m in splits), len(ln.original)]
        first_piece = None
        for n, (start, end) in enumerate(itertools.pairwise(cuts)):
            text = ln.text[start:end].rstrip()
            part = ShownLine(
                ln.number,
                text,
                ln.original[original_cuts[n] : original_cuts[n + 1]].rstrip(),
                tuple(m for m in ln.marks if start <= m.start < end),
            )
            pieces, kind = self._line_piece(part, 0)
            pieces = [_shifted(piece, start) for piece in pieces]
            if first_piece is not None and kind == "paragraph" and isinstance(first_piece, Bullet):
                pieces, kind = [Bullet(Span(text, ln.number, start), first_piece.level)], "bullet"
            first_piece = first_piece or pieces[0]
            self._add_block(
                section, kind, pieces, ln.number, ln.number, id=splits[n - 1].erratum.new_rule if n else "", shown=part
            )

    def _check_splits(self) -> None:
        wanted = {m.erratum.new_rule: m.erratum for ln in self.shown if ln for m in ln.marks if m.erratum.splits}
        made = {b.id for s in self.sections() for b in s.blocks}
        for new_rule, erratum in wanted.items():
            if new_rule not in made:
                raise ParseError(
                    f"erratum {erratum.id}: line {erratum.line} is not a plain line or bullet, "
                    f"so it cannot be split into rule {new_rule}"
                )

    def _is_minor_heading(self, ln: ShownLine) -> bool:
        before, after = self.line(ln.number - 1), self.line(ln.number + 1)
        return before is None and after is not None and classify.is_minor_heading(ln.text)

    def _take_box(self, section: Section, ln: ShownLine, label: tuple[str, str, int]) -> int:
        kind, title, start = label
        last = self.layout.box_ends.get(ln.number)
        if last is None:
            last = ln.number
            while self.line(last + 1):
                last += 1
        pieces: list = [Paragraph((Span(ln.text[start:], ln.number, start),))] if ln.text[start:] else []
        number = ln.number + 1
        while number <= last:
            inner = self.line(number)
            if inner is None:
                number += 1
                continue
            if hint := self.layout.table_at(number):
                found, table_last = self._table_pieces(hint)
                pieces.extend(found)
                number = table_last + 1
                continue
            piece, _ = self._line_piece(inner, 0)
            pieces.extend(piece)
            number += 1
        self._add_block(section, kind, pieces, ln.number, last, title=title)
        return last

    def _line_piece(self, ln: ShownLine, _depth: int) -> tuple[list, str]:
        text = ln.text
        if m := classify.BULLET.match(text):
            level = 2 if len(m.group(1)) >= 2 else 1
            return self._bullets(ln, m.end(), level), "bullet"
        if m := classify.NUMBERED_ITEM.match(text):
            level = 2 if len(m.group(1)) >= 2 else 1
            return [Bullet(Span(text[m.end() :], ln.number, m.end()), level, f"{m.group(2)}.")], "item"
        return [Paragraph((Span(text, ln.number),))], "paragraph"

    @staticmethod
    def _bullets(ln: ShownLine, start: int, level: int) -> list[Bullet]:
        """A bullet line. Two bullets merged onto one line stay in one block but are
        shown as two: after a sentence, either a second bullet mark or a second phase
        entry such as "... etc. End-of-Turn Phase - Your turn ends.". (The rulebook's
        two such lines, 93 and 931, are split into rules of their own by format errata.)"""
        return [
            Bullet(Span(m.group(1), ln.number, start + m.start(1)), level)
            for m in _MERGED_BULLETS.finditer(ln.text[start:])
        ]

    def _table_pieces(self, hint: TableHint) -> tuple[list, int]:
        """The table, and whatever follows it on its last line (another table or the
        rest of a paragraph); returns them with the last line they use."""
        table, end = self._table(hint)
        if end is None:
            return [table], hint.last
        if follower := self.layout.table_at(hint.last, start=hint.end):
            rest, last = self._table_pieces(follower)
            return [table, *rest], last
        text = self.line(hint.last).text
        return [table, Paragraph((Span(text[end:], hint.last, end),))], hint.last

    def _table(self, hint: TableHint) -> tuple[Table, int | None]:
        """The table, and where on its last line it stops (None: at the line's end)."""
        numbered = [(n, ln.text) for n in range(hint.first, hint.last + 1) if (ln := self.line(n))]
        where = f"{self.source_name}: table at lines {hint.first}-{hint.last}"
        start = self._phrase(numbered[0], hint.start, where) if hint.start else 0
        end = self._phrase(numbered[-1], hint.end, where) if hint.end else None
        numbered[-1] = (numbered[-1][0], numbered[-1][1][:end].rstrip())
        numbered[0] = (numbered[0][0], numbered[0][1][start:])
        header, rows = numbered[: hint.header], numbered[hint.header :]
        try:
            table = ROW_FORMATS[hint.rows](rows, header, hint)
        except (KeyError, ValueError) as error:
            raise ParseError(f"{where}: {error}") from error
        return placed(table, hint.first, start), end

    @staticmethod
    def _phrase(line: tuple[int, str], phrase: str, where: str) -> int:
        number, text = line
        if text.count(phrase) != 1:
            raise ParseError(f"{where}: {phrase!r} must occur once on line {number}: {text!r}")
        return text.index(phrase)

    def _add_block(
        self,
        section: Section,
        kind: str,
        pieces: list,
        first: int,
        last: int,
        title: str = "",
        id: str = "",
        shown: ShownLine | None = None,
    ) -> None:
        """`shown`: the part of a split line this block holds, instead of whole lines."""
        lines = [shown] if shown else [ln for n in range(first, last + 1) if (ln := self.line(n))]
        section.items.append(
            Block(
                id=id,
                kind=kind,
                pieces=pieces,
                first_line=first,
                last_line=last,
                heading=self.heading,
                title=title,
                text="\n".join(ln.text for ln in lines),
                original_text="\n".join(ln.original for ln in lines),
                errata=[m.erratum.id for ln in lines for m in ln.marks],
            )
        )


def _number_blocks(section: Section, id_prefix: str) -> None:
    """Blocks are numbered in order; a block split off by an erratum already has its id,
    which must come after every ordinary number of its section (so none of those moves)."""
    stem = f"{id_prefix or section.part}.{section.number}."
    ordinary = [b for b in section.blocks if not b.id]
    for n, block in enumerate(ordinary, start=1):
        block.id = f"{stem}{n}"
    split_off = [b.id for b in section.blocks if b not in ordinary]
    for rule_id in split_off:
        number = rule_id.removeprefix(stem)
        if (
            not rule_id.startswith(stem)
            or not number.isdigit()
            or int(number) <= len(ordinary)
            or split_off.count(rule_id) > 1
        ):
            raise ParseError(
                f"rule {rule_id} (split off by an erratum) must be numbered {stem}N with N "
                f"above {len(ordinary)}, and only once"
            )


def _original_start(erratum: Erratum, original: str) -> int:
    if original.count(erratum.text) != 1:
        raise ParseError(f"erratum {erratum.id}: {erratum.text!r} must occur once on line {erratum.line}")
    return original.index(erratum.text)


def _shifted(piece, by: int):
    """A piece parsed from part of a line, placed back at its column in the whole line."""
    if isinstance(piece, Bullet):
        return replace(piece, span=replace(piece.span, offset=piece.span.offset + by))
    return replace(piece, spans=tuple(replace(s, offset=s.offset + by) for s in piece.spans))


def _roman(number: int) -> str:
    return {v: k for k, v in classify.ROMAN.items()}[number]
