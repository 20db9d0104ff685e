"""The whole rulebook on one page to print (rules/whole-rulebook/): every rule in order with its
contents, correction notes and Standard-game lines, each section a named page with its running
head; the glossary printed the same way. (Printed to PDF: tests/browser/test_print_books.py.)"""

from __future__ import annotations

import re

import pytest

from build_scripts.model.errata import load_errata
from build_scripts.model.load import load_rulebook
from build_scripts.render.whole_rulebook import section_id
from tests.support.site import ROOT, resolves_to, soup_of


@pytest.fixture(scope="module")
def rulebook():
    return load_rulebook()


def test_the_whole_rulebook_has_every_rule_in_order_with_contents_notes_and_a_print_button(site, rulebook):
    page = "rules/whole-rulebook/index.html"
    soup = soup_of(site / page)
    shown = [el["data-rule"] for el in soup.select(".print-section .rule")]
    assert shown == [block.id for block in rulebook.document.blocks]
    contents = [a["href"] for a in soup.select(".print-front ul a")]
    assert contents[0] == "#p0"
    assert {f"#{section_id(s)}" for s in rulebook.document.sections if s.number} <= set(contents)
    assert all(soup.select_one(href) for href in contents)
    assert soup.select_one(".print-front button[data-print]").get_text() == "Print"
    stylesheet = soup.select_one(".print-front link[rel=stylesheet]")["href"]
    assert resolves_to(site, page, stylesheet) == site / "rules/print-pages.css"
    notes = {" ".join(p.get_text().split()) for p in soup.select(".print-section .erratum-note")}
    for erratum in load_errata(ROOT / "sources" / "errata.yaml"):
        if erratum.corrects_text and erratum.source == "mele-rulebook.txt":
            assert any(f"({erratum.label.lower()}, {erratum.id})" in note for note in notes), erratum.id
    assert soup.select(".print-section .std-game")  # the Standard game's lines are kept
    assert not soup.select(".print-section .see-also, .print-section .glossary-here")


def test_the_printed_sections_each_have_a_named_page_with_their_running_head(site, rulebook):
    css = (site / "rules/print-pages.css").read_text(encoding="utf-8")
    for section in rulebook.document.sections:
        name = section_id(section)
        assert f"#print-{name} {{ page: {name}; }}" in css, name
        assert re.search(rf"@page {name} {{[^}}]*@top-left {{ content: \"[^\"]+\"", css), name
    assert "@page glossary {" in css and 'counter(page) " of " counter(pages)' in css


def test_the_glossary_prints_as_a_book_with_its_print_button(site):
    soup = soup_of(site / "glossary/index.html")
    actions = soup.select_one(".print-book--glossary")
    assert actions.select_one("button[data-print]")
    assert (
        resolves_to(site, "glossary/index.html", actions.select_one("link")["href"]) == site / "rules/print-pages.css"
    )
