"""Glossary marks: wrap the game's terms in `<abbr class="gloss" data-term="ID">`.

A tree processor, so it sees the page after inline Markdown. Terms match as
whole words, longest first ("unused direct influence" before "direct
influence").

Only the game's own words are marked: rule text (the `rule` blocks), glossary
entries, turn-summary phases, and anything a page opts in with the class
`glossary-scope`. The site's own prose and form hints ("Tap the number") are
left alone. Inside those, nothing in headings, code, links, permalinks, form
controls or elements marked `no-glossary` is touched.

Every mention is marked, so the reader's setting ("first mention / every
mention / off", glossary.js) can show either set without a rebuild. The first
mention of a term in each section (the text between two `h1`/`h2` headings;
the whole page when it is short) also gets the class `gloss--first`. In each
rule section, the first mark of a term in a rule that defines it (its
`defined_by`) is shown whatever the budget below: class `gloss--defines`, shown
as a first mention is, the way from the definition to the term's entry
(build_scripts/glossary/defined_here.py). A mark
carries only the term's id: the definitions are in one file for the whole site
(build_scripts/glossary/definitions.py).

Each game has its own terms: a page whose content carries
`data-glossary="SBG"` (the Strategy Battle Game pages) gets SBG terms only,
every other page the MELE terms.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from markdown import Extension
from markdown.treeprocessors import Treeprocessor

from build_scripts.glossary.matcher import TermMatcher
from build_scripts.glossary.terms import GlossaryError, load_terms

SKIP_TAGS = {
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "code",
    "pre",
    "kbd",
    "a",
    "abbr",
    "script",
    "style",
    "button",
    "label",
    "input",
    "select",
    "textarea",
    "option",
    "form",
    "ins",
    "mark",
    "svg",
    "summary",
    "nav",
}
SKIP_CLASSES = {"rule-num", "no-glossary", "site-label", "admonition-title", "badge", "icon-desc", "part-label"}
# Where the game's own words are: rule blocks, glossary entries, turn-summary phases, and opt-ins.
VOID_TAGS = {"br", "img", "hr", "input", "wbr", "source", "col", "meta", "link"}
SCOPE_CLASSES = {"rule", "glossary-entry", "phase", "glossary-scope"}
SECTION_HEADINGS = {"h1", "h2"}
# A page shorter than this counts as one section: its few headings would each restart the marks.
SHORT_PAGE_WORDS = 600
# Not counted as words read: rule numbers and site-type labels (as tests.conftest.content_text), the
# links from a defining rule to the glossary and each rule's line about the other game: the site's own
# words, which carry no marks and so must not buy the page more of them.
UNREAD_CLASSES = {"rule-num", "site-label", "glossary-here", "std-game"}
# Inline raw HTML reaches a tree processor as placeholders, one per tag: `<a href="#">x</a>` is
# three pieces of text. Terms between an opening and closing skipped tag are left alone.
PLACEHOLDER = re.compile("\x02wzxhzdk:([0-9]+)\x03")
RAW_TAG = re.compile(r"<(?P<closing>/)?(?P<tag>[A-Za-z][\w-]*)(?P<attrs>\s[^>]*)?>", re.DOTALL)
WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
# Each game's source texts, for how common a term is.
GAME_TEXTS = {"MELE": "mele-*.txt", "SBG": "sbg-*.txt"}
MARK_CLASS = "gloss"
FIRST_MENTION_CLASS = "gloss--first"
DEFINES_CLASS = "gloss--defines"

DEFAULT_GAME = "MELE"


@lru_cache(maxsize=8)
def _matcher(sources: str, game: str, stamp: tuple) -> TermMatcher:
    return TermMatcher([t for t in load_terms(Path(sources)) if t.game == game])


@lru_cache(maxsize=8)
def _frequency(sources: str, game: str, stamp: tuple) -> Counter:
    matcher = _matcher(sources, game, stamp)
    texts = sorted(Path(sources).glob(GAME_TEXTS[game])) if game in GAME_TEXTS else []
    return Counter(term_id for path in texts for term_id in matcher.mentions(path.read_text(encoding="utf-8")))


def _stamp(folder: Path) -> tuple:
    return tuple((p.name, p.stat().st_mtime) for p in sorted(folder.glob("glossary*.yaml")))


def matcher_for(sources: str, game: str) -> TermMatcher:
    return _matcher(str(Path(sources)), game, _stamp(Path(sources)))


def frequency_for(sources: str, game: str) -> Counter:
    """How often each term occurs in the game's source texts (no texts: every count is 0)."""
    return _frequency(str(Path(sources)), game, _stamp(Path(sources)))


def page_game(root: etree.Element) -> str:
    marker = next((el for el in root.iter() if el.get("data-glossary")), None)
    return marker.get("data-glossary") if marker is not None else DEFAULT_GAME


def _classes(el: etree.Element) -> set[str]:
    return set((el.get("class") or "").split())


def _skipped(el: etree.Element) -> bool:
    return el.tag in SKIP_TAGS or bool(_classes(el) & SKIP_CLASSES)


def _opens_scope(el: etree.Element) -> bool:
    return bool(_classes(el) & SCOPE_CLASSES)


def _raw_tag(html: str) -> tuple[str, str, bool] | None:
    """(tag, class attribute, closing) of a stashed raw-HTML tag, or None for anything else."""
    found = RAW_TAG.fullmatch(html.strip())
    if not found:
        return None
    attrs = found.group("attrs") or ""
    classes = re.search(r"""class\s*=\s*["']([^"']*)""", attrs)
    return found.group("tag").lower(), classes.group(1) if classes else "", bool(found.group("closing"))


def _words(text: str | None) -> int:
    """The words in text; a placeholder for stashed raw HTML is none."""
    return len(WORD.findall(PLACEHOLDER.sub(" ", text or "")))


def count_words(el: etree.Element) -> int:
    """The words a reader reads in el: rule numbers and site-type labels are not counted."""
    if _classes(el) & UNREAD_CLASSES:
        return _words(el.tail)
    return _words(el.text) + sum(count_words(child) for child in el) + _words(el.tail)


@dataclass
class Section:
    """The text between two section headings: its words and its first mentions, in order."""

    words: int = 0
    firsts: list[etree.Element] = field(default_factory=list)


class GlossaryTreeprocessor(Treeprocessor):
    def __init__(self, md, sources: str, max_per_100_words: int):
        super().__init__(md)
        self.sources = sources
        self.max_per_100_words = max_per_100_words
        self.matcher: TermMatcher | None = None  # the page's game's terms, set by run()
        self._raw_skips: list[str] = []  # skipped elements opened by inline raw HTML, innermost last

    def run(self, root: etree.Element) -> None:
        game = page_game(root)
        self.matcher = matcher_for(self.sources, game)
        if not self.matcher.terms:
            raise GlossaryError(
                f"glossary marks: no {game} terms in {self.sources}/glossary*.yaml "
                f'(a page asks for them with data-glossary="{game}")'
            )
        self._defines: set[tuple[str, str]] = set()  # (rules' section, term id) whose defining mark is made
        one_section = sum(count_words(block) for block in root) < SHORT_PAGE_WORDS
        sections = [Section()]
        seen: set[str] = set()
        for block in list(root):
            if block.tag in SECTION_HEADINGS and not one_section and sections[-1].words:
                sections.append(Section())
                seen = set()
            sections[-1].words += count_words(block)
            self._raw_skips = []
            self._mark(block, seen, sections[-1].firsts, in_scope=False)
        self._keep_within_budget(sections, frequency_for(self.sources, game))

    def _keep_within_budget(self, sections: list[Section], frequency: Counter) -> None:
        """At most `max_per_100_words` first mentions, counted over the page so far, so a
        dense passage is not all underlined. Over budget, a section keeps the terms the reader
        has not met higher up the page, then the rarest in the game's texts ("hazard limit"
        needs explaining more than "character"); the rest stay marks without the class."""
        words = kept = 0
        met: set[str] = set()
        for section in sections:
            words += section.words
            allowance = max(0, words * self.max_per_100_words // 100 - kept)
            ranked = sorted(section.firsts, key=lambda m: (m.get("data-term") in met, frequency[m.get("data-term")]))
            for mark in ranked[allowance:]:
                mark.set("class", " ".join(c for c in mark.get("class").split() if c != FIRST_MENTION_CLASS))
            shown = ranked[:allowance]
            kept += len(shown)
            met.update(m.get("data-term") for m in shown)

    def _mark(self, el: etree.Element, seen: set[str], firsts: list, in_scope: bool, rule: str | None = None) -> None:
        """Mark terms in el's own text, then in each child and the text after it. `rule`: the id of
        the numbered rule el is in (rule_blocks gives its block `data-rule`), if any."""
        if _skipped(el):
            return
        in_scope = in_scope or _opens_scope(el)
        # An editor's note inside a rule is the site's words, not the rule's: it defines nothing.
        inner = el.get("data-rule") or (None if "admonition" in _classes(el) else rule)
        if in_scope:
            el.text, marks = self._split(el.text, seen, firsts, inner)
            for offset, mark in enumerate(marks):
                el.insert(offset, mark)
        index = 0
        while index < len(el):
            child = el[index]
            self._mark(child, seen, firsts, in_scope, inner)
            marks = []
            if in_scope:
                child.tail, marks = self._split(child.tail, seen, firsts, inner)
            for offset, mark in enumerate(marks, start=1):
                el.insert(index + offset, mark)
            index += 1 + len(marks)

    def _terms_outside_raw_skips(self, text: str) -> list:
        """The terms in `text` that are not inside a link, code, ... written as inline raw HTML."""
        found, start = [], 0
        for placeholder in [*PLACEHOLDER.finditer(text), None]:
            end = placeholder.start() if placeholder else len(text)
            if not self._raw_skips:
                found += [(s + start, e + start, term) for s, e, term in self.matcher.find(text[start:end])]
            if placeholder:
                self._follow_raw_tag(self.md.htmlStash.rawHtmlBlocks[int(placeholder.group(1))])
                start = placeholder.end()
        return found

    def _follow_raw_tag(self, html) -> None:
        tag = _raw_tag(html) if isinstance(html, str) else None
        if tag is None:
            return
        name, classes, closing = tag
        if closing and self._raw_skips and self._raw_skips[-1] == name:
            self._raw_skips.pop()
        elif not closing and name not in VOID_TAGS and (name in SKIP_TAGS or set(classes.split()) & SKIP_CLASSES):
            self._raw_skips.append(name)

    def _split(
        self, text: str | None, seen: set[str], firsts: list, rule: str | None = None
    ) -> tuple[str | None, list[etree.Element]]:
        """`text` cut around its terms: the text before the first one, and one mark per term,
        each carrying the text up to the next term as its tail. First mentions go to `firsts`;
        the first mark of a term in a rule that defines it is a defining mark."""
        found = self._terms_outside_raw_skips(text) if text else []
        if not found:
            return text, []
        marks = []
        for i, (start, end, term) in enumerate(found):
            mark = etree.Element("abbr", {"class": MARK_CLASS, "data-term": term.id})
            if term.id not in seen:
                seen.add(term.id)
                mark.set("class", f"{MARK_CLASS} {FIRST_MENTION_CLASS}")
                firsts.append(mark)
            section = rule.rpartition(".")[0] if rule else ""
            if rule and term.defined and rule in term.defined_by and (section, term.id) not in self._defines:
                self._defines.add((section, term.id))
                mark.set("class", f"{mark.get('class')} {DEFINES_CLASS}")
            mark.text = text[start:end]
            mark.tail = text[end : found[i + 1][0] if i + 1 < len(found) else len(text)]
            marks.append(mark)
        return text[: found[0][0]], marks


class GlossaryExtension(Extension):
    def __init__(self, **kwargs):
        self.config = {
            "sources": ["sources", "folder holding glossary*.yaml and each game's texts (GAME_TEXTS)"],
            "max_per_100_words": [3, "most first-mention marks per 100 words of a page"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        # After inline parsing (20), before Markdown restores escaped characters.
        processor = GlossaryTreeprocessor(md, self.getConfig("sources"), int(self.getConfig("max_per_100_words")))
        md.treeprocessors.register(processor, "glossary-terms", 6)


def makeExtension(**kwargs):
    return GlossaryExtension(**kwargs)
