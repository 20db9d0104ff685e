"""Glossary pop-ups: wrap glossary terms in `<abbr>` with their definition.

A tree processor, so it sees the page after inline Markdown. Terms match as
whole words, longest first ("unused direct influence" before "direct
influence"). Only the first mention in each top-level block is marked, and
nothing inside headings, code, links, permalinks, form controls or elements
marked `no-glossary` (the calculators' forms) is touched.

Each game has its own terms: a page whose content carries
`data-glossary="SBG"` (the Strategy Battle Game pages) gets SBG terms only,
every other page the MELE terms.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from functools import lru_cache
from pathlib import Path

from markdown import Extension
from markdown.treeprocessors import Treeprocessor

from ..glossary.matcher import TermMatcher
from ..glossary.terms import load_terms

SKIP_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "kbd", "a", "abbr", "script", "style",
             "button", "label", "input", "select", "textarea", "option", "form", "ins", "mark", "svg",
             "summary", "nav"}
SKIP_CLASSES = {"rule-num", "no-glossary", "site-label", "admonition-title", "badge", "icon-desc", "part-label"}


DEFAULT_GAME = "MELE"


@lru_cache(maxsize=8)
def _matcher(sources: str, game: str, stamp: tuple) -> TermMatcher:
    return TermMatcher([t for t in load_terms(Path(sources)) if t.game == game])


def matcher_for(sources: str, game: str) -> TermMatcher:
    folder = Path(sources)
    stamp = tuple((p.name, p.stat().st_mtime) for p in sorted(folder.glob("glossary*.yaml")))
    return _matcher(str(folder), game, stamp)


def page_game(root: etree.Element) -> str:
    marker = next((el for el in root.iter() if el.get("data-glossary")), None)
    return marker.get("data-glossary") if marker is not None else DEFAULT_GAME


def _skipped(el: etree.Element) -> bool:
    classes = set((el.get("class") or "").split())
    return el.tag in SKIP_TAGS or bool(classes & SKIP_CLASSES)


class GlossaryTreeprocessor(Treeprocessor):
    def __init__(self, md, sources: str):
        super().__init__(md)
        self.sources = sources

    def run(self, root: etree.Element) -> None:
        matcher = matcher_for(self.sources, page_game(root))
        for block in list(root):
            if not _skipped(block):
                self._mark(block, matcher, seen=set())

    def _mark(self, el: etree.Element, matcher: TermMatcher, seen: set[str]) -> None:
        """Mark terms in el's own text, then in each child and the text after it."""
        el.text = self._wrap_text(el.text, matcher, seen, lambda node, i: el.insert(i, node), 0)
        index = 0
        while index < len(el):
            child = el[index]
            if not _skipped(child):
                self._mark(child, matcher, seen)
            inserted = []
            child.tail = self._wrap_text(child.tail, matcher, seen, lambda node, _i: inserted.append(node), 0)
            for offset, node in enumerate(inserted, start=1):
                el.insert(index + offset, node)
            index += 1 + len(inserted)

    def _wrap_text(self, text, matcher, seen, place, start_index):
        """Split `text` around new terms; returns what stays as text. New <abbr>
        nodes (each carrying the following text as its tail) go to `place`."""
        if not text:
            return text
        found = [(s, e, t) for s, e, t in matcher.find(text)]
        pieces, keep_until, head = [], 0, None
        for start, end, term in found:
            if term.id in seen:
                continue
            seen.add(term.id)
            pieces.append((start, end, term))
        if not pieces:
            return text
        head = text[:pieces[0][0]]
        for i, (start, end, term) in enumerate(pieces):
            abbr = etree.Element("abbr", {
                "class": "gloss", "title": term.definition, "data-term": term.id, "data-game": term.game,
                # Material's tooltips take the title away on hover/focus; the tap card reads this copy.
                "data-definition": term.definition, "tabindex": "0",
            })
            abbr.text = text[start:end]
            following = pieces[i + 1][0] if i + 1 < len(pieces) else len(text)
            abbr.tail = text[end:following]
            place(abbr, start_index + i)
        return head


class GlossaryExtension(Extension):
    def __init__(self, **kwargs):
        self.config = {"sources": ["sources", "folder holding glossary*.yaml"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        # After inline parsing (20), before Markdown restores escaped characters.
        md.treeprocessors.register(GlossaryTreeprocessor(md, self.getConfig("sources")), "glossary-terms", 6)


def makeExtension(**kwargs):
    return GlossaryExtension(**kwargs)
