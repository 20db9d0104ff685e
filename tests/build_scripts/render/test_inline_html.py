"""The generated pages' type badges, card icons and errata are plain inline HTML
(build_scripts/render/inline_html.py): Python-Markdown, the generators' reader today, and
CommonMark (markdown-it-py), the reader Zensical moves to, make the same elements of them, which
are the ones the rule_marks extension made; the source's characters stay literal, even those
Markdown reads as syntax; and the glossary counts the same words in them as in the text alone."""

from __future__ import annotations

import xml.etree.ElementTree as etree

import markdown
import pytest
from bs4 import BeautifulSoup
from markdown.treeprocessors import Treeprocessor
from markdown_it import MarkdownIt

from build_scripts.markdown.glossary_terms import WORD, count_words
from build_scripts.model.errata import Erratum
from build_scripts.render import inline_html

TYPO = Erratum(id="T1", source="mele-rulebook.txt", line=10, text="S`adow", kind="typo", reason="OCR slip.")
DISPUTED = Erratum(
    id="A1", source="mele-rulebook.txt", line=12, text="greater", kind="ambiguity", reason="x", note="Read as >."
)
# The source's characters that Markdown reads as syntax, in an erratum's original words and its correction.
SYNTAX = Erratum(
    id="C9", source="mele-rulebook.txt", line=5, text=r"a `b` *c* _d_ [e](f) {g} h|i \j & <k>", kind="typo", reason="x"
)

# What the rule_marks extension made of {badge:...}, {icon:...} and {erratum:...}.
MARKS = {
    "badges and icons": (
        f"{inline_html.badge('region', 'w')} {inline_html.badge('site', 'DH')} {inline_html.icon('hand icon')}",
        '<p><span aria-label="Wilderness (region type symbol w)" class="badge badge--region badge--w" '
        'title="Wilderness (region type)">w</span> <span aria-label="Darkhaven (site type symbol DH)" '
        'class="badge badge--site badge--dh" title="Darkhaven (site type)">DH</span> <span class="icon-desc" '
        'title="The card shows an icon here">[hand icon]</span></p>',
    ),
    "errata": (
        f"{inline_html.erratum(TYPO, 'Shadow')}-holds, {inline_html.erratum(DISPUTED, 'greater')}",
        '<p><ins class="erratum erratum--typo" data-erratum="T1" data-original="S`adow" tabindex="0" '
        'title="Corrected (typo, T1). The source reads: S`adow">Shadow</ins>-holds, '
        '<mark class="disputed disputed--ambiguity" data-erratum="A1"><a href="#e-a1" '
        'title="Editor\'s note A1">greater</a></mark></p>',
    ),
}


def dom(html: str) -> str:
    """The elements, attributes and text the browser reads, however the characters are written."""
    return BeautifulSoup(html, "html.parser").decode().strip()


def python_markdown(source: str) -> str:
    return markdown.markdown(source, extensions=["tables", "attr_list", "md_in_html"])


def commonmark(source: str) -> str:
    return MarkdownIt("commonmark").enable("table").render(source)


@pytest.mark.parametrize("case", MARKS)
@pytest.mark.parametrize("reader", [python_markdown, commonmark])
def test_the_marks_are_the_elements_the_extension_made(case, reader):
    source, made_by_the_extension = MARKS[case]
    assert dom(reader(source)) == dom(made_by_the_extension)


@pytest.mark.parametrize("reader", [python_markdown, commonmark])
def test_the_sources_characters_stay_literal_in_the_text_and_the_attributes(reader):
    words = SYNTAX.text
    page = BeautifulSoup(reader(f"Before {inline_html.erratum(SYNTAX, words)} after."), "html.parser")
    correction = page.select_one("p > ins.erratum")
    assert correction is not None, page
    assert correction.get_text() == words and correction["data-original"] == words
    assert correction["title"].endswith(f"The source reads: {words}")
    assert page.select("code, em, a, strong") == []


@pytest.mark.parametrize("reader", [python_markdown, commonmark])
def test_a_mark_in_a_table_cell_keeps_the_cell_whole(reader):
    cell = inline_html.erratum(SYNTAX, "x|y")
    page = BeautifulSoup(reader(f"| a | b |\n| --- | --- |\n| {cell} | z |\n"), "html.parser")
    assert [td.get_text() for td in page.select("tbody td")] == ["x|y", "z"]


class CountWords(Treeprocessor):
    """Keeps what the glossary counts in the page, as its tree processor sees it (after inline Markdown)."""

    counted: list[int] = []

    def run(self, root: etree.Element) -> None:
        CountWords.counted = [count_words(block) for block in root]


class CountWordsExtension(markdown.Extension):
    def extendMarkdown(self, md):
        md.treeprocessors.register(CountWords(md), "count-words", 6)


@pytest.mark.parametrize("words", [SYNTAX.text, "Shadow-holds", 'lower left, to left of "/"'])
def test_the_glossary_counts_the_words_of_a_mark_as_those_of_its_text(words):
    markdown.markdown(
        f"{inline_html.erratum(SYNTAX, words)} {inline_html.icon(words)}", extensions=[CountWordsExtension()]
    )
    assert CountWords.counted == [2 * len(WORD.findall(words))]
