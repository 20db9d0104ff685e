"""A printed PDF (Chromium's page.pdf) read back with pypdf: each page's text fragments with where
they stand, the page's body (inside its margins) apart from its margin boxes (running heads,
page numbers), for the checks of the printed books (tests/browser/test_print_books.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader

MM = 72 / 25.4  # points per millimetre
RULE_NUMBER = re.compile(r"^\s*(?:\d+|SBG-[AB])\.\d+\.\d+\s*$")


@dataclass(frozen=True)
class Fragment:
    text: str
    x: float  # where its text starts, in points from the page's left edge
    y: float  # its baseline, in points from the page's bottom edge
    size: float  # its font size in points


@dataclass(frozen=True)
class PrintedPage:
    width: float
    height: float
    fragments: tuple[Fragment, ...]


def read_pdf(path: Path) -> list[PrintedPage]:
    pages = []
    for page in PdfReader(path).pages:
        found: list[Fragment] = []

        def visit(text, cm, tm, _font, size, found=found):
            if text.strip():
                x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
                y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
                found.append(Fragment(text, x, y, size * abs(cm[3] * tm[3] or cm[0] * tm[0])))

        page.extract_text(visitor_text=visit)
        box = page.mediabox
        pages.append(PrintedPage(float(box.width), float(box.height), tuple(found)))
    return pages


@dataclass(frozen=True)
class Margins:
    """A page's margins in points: top, right, bottom, left (CSS order)."""

    top: float
    right: float
    bottom: float
    left: float

    @staticmethod
    def from_css(value: str) -> Margins:
        """'16mm 15mm 16mm 15mm' -> the four margins."""
        top, right, bottom, left = (float(part.removesuffix("mm")) * MM for part in value.split())
        return Margins(top, right, bottom, left)


TOLERANCE = 1.5  # points: glyphs' side bearings and rounding


def in_body(fragment: Fragment, page: PrintedPage, margins: Margins) -> bool:
    """Whether the fragment's line stands between the top and the bottom margin."""
    return margins.bottom - TOLERANCE <= fragment.y and fragment.y + 0.7 * fragment.size <= (
        page.height - margins.top + TOLERANCE
    )


def outside_the_page_area(page: PrintedPage, margins: Margins) -> list[Fragment]:
    """Body fragments that start left of the left margin or right of the right one: text the page
    cut, or pushed into a margin."""
    return [
        f
        for f in page.fragments
        if in_body(f, page, margins) and not (margins.left - TOLERANCE <= f.x <= page.width - margins.right + TOLERANCE)
    ]


def margin_text(page: PrintedPage, margins: Margins) -> list[str]:
    """The texts in the top and bottom margins (the running head, the foot, the page number)."""
    return [f.text for f in page.fragments if not in_body(f, page, margins)]


LINE_GAP = 3.0  # points: fragments whose baselines are this close stand on one line (a badge, a number)


def reading_order(fragments: list[Fragment], page: PrintedPage, columns: int) -> list[Fragment]:
    """The fragments as a reader reads them: column by column, line by line from the top, each line
    from the left. The order they were drawn in is not it: Chromium draws a positioned element (a
    rule's number, a box's title, a summary) after the rest of its page."""
    width = page.width / columns
    ordered = []
    for column in range(columns):
        found = sorted((f for f in fragments if int(f.x // width) == column), key=lambda f: -f.y)
        lines: list[list[Fragment]] = []
        for fragment in found:
            if lines and lines[-1][0].y - fragment.y <= LINE_GAP:
                lines[-1].append(fragment)
            else:
                lines.append([fragment])
        ordered += [f for line in lines for f in sorted(line, key=lambda f: f.x)]
    return ordered


def body_text(page: PrintedPage, margins: Margins, without_rule_numbers: bool = False, columns: int = 1) -> str:
    """The page's body text in reading order; a rule's number (set apart from its words) left out
    when asked, so that a rule running onto the next page reads on."""
    inside = [
        f
        for f in page.fragments
        if in_body(f, page, margins) and not (without_rule_numbers and RULE_NUMBER.match(f.text))
    ]
    return " ".join(f.text for f in reading_order(inside, page, columns))
