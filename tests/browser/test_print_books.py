"""The whole rulebook and the glossary on paper, from Chromium's own print path (page.pdf, no settings
changed), in A4 and US Letter: one print of each book per paper size, which every check shares.

- pages: within the budget below, none blank;
- every rule: its number printed, and every line of its words, in order, in the printed text (the
  page area clips a line too long for it, so a clipped line lacks its last words); every glossary
  term with its definition;
- nothing outside the page area: no text starts left of the left margin or right of the right one,
  and only the running head and the foot stand in the top and bottom margins;
- each page's head names its section, and its foot the edition and "Page n of N".

The PDFs, and PNG renderings of their first two pages where poppler's pdftoppm is installed, are
written to test-results/ (rulebook-a4.pdf, rulebook-a4-1.png, ...)."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from build_scripts.glossary.terms import load_terms
from build_scripts.model.load import load_rulebook
from build_scripts.render.section_pages import PART_NAMES
from build_scripts.render.whole_rulebook import CONTENTS_HEAD, GLOSSARY_HEAD, PAGE_MARGINS, section_heading
from calculators import __version__
from tests.support.browser import Guard, assert_guards_clean, guarded_page
from tests.support.printed import (
    RULE_NUMBER,
    Margins,
    PrintedPage,
    body_text,
    in_body,
    margin_text,
    outside_the_page_area,
    read_pdf,
)
from tests.support.site import ARTIFACTS, ROOT, normalise

BOOKS = {"rulebook": "rules/whole-rulebook/", "glossary": "glossary/"}
COLUMNS = {"rulebook": 1, "glossary": 2}  # print-book.css
# Pages at most, on either paper (measured: the rulebook 54 on A4 and 60 on Letter, each section
# starting a page; the glossary, in two columns, 36 and 38): a layout that grows by a tenth fails.
BUDGET = {"rulebook": 66, "glossary": 42}
MARGINS = Margins.from_css(PAGE_MARGINS)


@dataclass(frozen=True)
class PrintedBook:
    name: str
    paper: str
    pdf: Path
    pages: list[PrintedPage]


@pytest.fixture(scope="module", params=["A4", "Letter"])
def printed(request, browser, origin) -> dict[str, PrintedBook]:
    """Each book printed once on this paper."""
    paper = request.param
    guard = Guard()
    context = browser.new_context()
    guard.listen(context)
    ARTIFACTS.mkdir(exist_ok=True)
    books = {}
    try:
        page = guarded_page(context, guard, origin, None)
        for name, path in BOOKS.items():
            page.goto(f"{origin}/{path}")
            pdf = ARTIFACTS / f"{name}-{paper.lower()}.pdf"
            page.pdf(path=str(pdf), format=paper)
            books[name] = PrintedBook(name, paper, pdf, read_pdf(pdf))
            first_pages_as_png(pdf)
        assert_guards_clean([guard])
    finally:
        context.close()
    return books


def first_pages_as_png(pdf: Path) -> None:
    if not shutil.which("pdftoppm"):
        return
    for stale in pdf.parent.glob(f"{pdf.stem}-*.png"):
        stale.unlink()
    subprocess.run(["pdftoppm", "-r", "80", "-png", "-l", "2", str(pdf), str(pdf.with_suffix(""))], check=True)


@pytest.fixture(scope="module")
def rulebook():
    return load_rulebook()


def book_text(book: PrintedBook) -> str:
    """The body text of every page, the rule numbers left out (they are drawn apart from their words)."""
    return normalise(
        " ".join(body_text(page, MARGINS, without_rule_numbers=True, columns=COLUMNS[book.name]) for page in book.pages)
    )


def rule_lines(block) -> list[str]:
    """The lines a rule's words are printed in: its paragraphs, list items and table rows, a caption
    apart from its first row, and a box's first line without the box's title (printed above it)."""
    lines = block.text.split("\n")
    if block.title and lines[0].startswith(block.title):
        lines[0] = lines[0][len(block.title) :].lstrip(": ")
    return [part for line in lines for part in line.split(" · ") if normalise(part)]


@pytest.mark.parametrize("name", BOOKS)
def test_each_book_prints_within_its_page_budget_with_no_blank_page(printed, name):
    book = printed[name]
    assert 10 <= len(book.pages) <= BUDGET[name], f"{name}, {book.paper}: {len(book.pages)} pages"
    blank = [n for n, page in enumerate(book.pages, 1) if not any(in_body(f, page, MARGINS) for f in page.fragments)]
    assert not blank, f"{name}, {book.paper}: blank pages {blank}"


@pytest.mark.parametrize("name", BOOKS)
def test_no_text_stands_outside_the_page_area(printed, name):
    book = printed[name]
    outside = [
        (n, f.text[:40], round(f.x))
        for n, page in enumerate(book.pages, 1)
        for f in outside_the_page_area(page, MARGINS)
    ]
    assert not outside, f"{name}, {book.paper}: {outside[:5]}"


def test_every_rule_prints_with_its_number_and_every_line_of_its_words(printed, rulebook):
    book = printed["rulebook"]
    text = book_text(book)
    numbers = {f.text.strip() for page in book.pages for f in page.fragments if RULE_NUMBER.match(f.text)}
    blocks = rulebook.document.blocks
    assert not [b.id for b in blocks if b.id not in numbers], book.paper
    cut = [(b.id, line) for b in blocks for line in rule_lines(b) if normalise(line) not in text]
    assert not cut, f"{book.paper}: lines missing or cut short: {cut[:5]}"


def test_every_glossary_term_prints_with_its_definition(printed):
    book = printed["glossary"]
    text = book_text(book)
    terms = [t for t in load_terms(ROOT / "sources") if t.game == "MELE"]
    missing = [t.term for t in terms if normalise(t.term) not in text or normalise(t.definition) not in text]
    assert not missing, f"{book.paper}: {missing[:5]}"


def test_each_page_names_its_section_the_edition_and_its_number(printed, rulebook):
    heads = {CONTENTS_HEAD, GLOSSARY_HEAD} | {
        PART_NAMES[s.part] if not s.number else section_heading(s) for s in rulebook.document.sections
    }
    for name, book in printed.items():
        total = len(book.pages)
        seen = set()
        for n, page in enumerate(book.pages, 1):
            margins = " ".join(" ".join(margin_text(page, MARGINS)).split())
            assert f"Page {n} of {total}" in margins, (name, book.paper, n, margins)
            assert f"MELE reference {__version__}" in margins, (name, book.paper, n, margins)
            head = [h for h in heads if margins.startswith(h)]
            assert head, (name, book.paper, n, margins)
            seen.add(head[0])
        expected = {GLOSSARY_HEAD} if name == "glossary" else heads - {GLOSSARY_HEAD}
        assert seen == expected, (name, book.paper, sorted(expected - seen))


def test_a_line_too_long_for_the_page_is_caught_by_the_text_check(browser, tmp_path):
    """The checks above read a clipped line by its missing words: a line that does not fit is cut
    at the page area, and the PDF lacks what was cut."""
    words = " ".join(f"word{n}" for n in range(60))
    page = browser.new_page()
    try:
        page.set_content(
            f"<style>@page {{ margin: {PAGE_MARGINS}; }} body {{ margin: 0; }}</style>"
            f'<p style="white-space: nowrap; font: 12pt Arial">{words}</p>'
        )
        pdf = tmp_path / "clipped.pdf"
        page.pdf(path=str(pdf), format="A4")
    finally:
        page.close()
    printed_words = normalise(body_text(read_pdf(pdf)[0], MARGINS))
    assert printed_words.startswith("word0 word1")
    assert normalise(words) not in printed_words
    assert re.search(r"word59\b", printed_words) is None
