"""The sentences of the hand-written pages (PAGES: the home page, the calculators', the Strategy
Battle Game's home and edition differences, the ruling sheet, the About page), checked against
sources/page-texts.yaml.

The pages stay plain Markdown. The data file maps each page to its sentences, each sentence as the
reader sees it ("{ref:2.1.8}" reads "2.1.8", a link its words) to its evidence or to
`instruction`. The build fails when a sentence of a page has no entry, when an entry is no longer
on its page, and when the rules a sentence links to are not the rules its evidence quotes: a
reader sees every rule a claim rests on, and every rule it links to is quoted."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from build_scripts.model.composed_texts import (
    INSTRUCTION,
    ComposedText,
    ComposedTextError,
    read_declaration,
    split_sentences,
)
from build_scripts.parse.yaml_text import read_yaml

TEXTS_FILE = "page-texts.yaml"
PAGES = ("index.md", "calculators/*.md", "sbg/index.md", "sbg/edition-differences.md", "ruling.md", "about.md")  # docs/

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
_BLOCK_OPEN = re.compile(r"^/{3,}\s*\w")  # "/// calculator | strike"
_BLOCK_CLOSE = re.compile(r"^/{3,}\s*$")
_ATTR_LIST = re.compile(r"^\{:?[^}]*\}$")  # "{: .part-label }" under a paragraph
_LIST_ITEM = re.compile(r"^(?:[-*]|\d+\.)\s+")
_TABLE_RULE = re.compile(r"^\|(?:\s*:?-+:?\s*\|)+$")  # "| --- | --- |" under a table's head
_REF = re.compile(r"\{ref:([^}|]+)(?:\|([^}]*))?\}")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)(?:\{[^}]*\})?")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_EMPHASIS = re.compile(r"\*\*|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|`")
_MARKED_REF = re.compile("\x01([^\x02|]+)(?:\\|([^\x02]*))?\x02")


@dataclass(frozen=True)
class Sentence:
    text: str
    rules: tuple[str, ...]  # the rules it links to, in order


def _paragraphs(markdown: str) -> list[str]:
    """The page's paragraphs, list items and table rows (cells joined by " | "), as Markdown;
    headings, blocks, lines of raw HTML and attribute lists left out."""
    paragraphs: list[list[str]] = [[]]
    in_block = False
    for line in _FRONT_MATTER.sub("", markdown).splitlines():
        stripped = line.strip()
        if in_block:
            in_block = not _BLOCK_CLOSE.match(stripped)
            continue
        if _BLOCK_OPEN.match(stripped):
            in_block = True
            paragraphs.append([])
        elif not stripped or stripped.startswith(("#", "<")) or _ATTR_LIST.match(stripped):
            paragraphs.append([])
        elif stripped.startswith("|"):
            if not _TABLE_RULE.match(stripped):
                paragraphs.append([" | ".join(cell.strip() for cell in stripped.strip().strip("|").split(" | "))])
            paragraphs.append([])
        elif _LIST_ITEM.match(stripped):
            paragraphs.append([_LIST_ITEM.sub("", stripped)])
        else:
            paragraphs[-1].append(stripped)
    return [" ".join(lines) for lines in paragraphs if lines and any(lines)]


def _plain(markdown: str) -> str:
    """Inline Markdown as the reader sees it, with each rule link kept as a marker."""
    text = _REF.sub(lambda m: f"\x01{m[1]}|{m[2]}\x02" if m[2] is not None else f"\x01{m[1]}\x02", markdown)
    text = _LINK.sub(r"\1", text)
    text = _EMPHASIS.sub("", _TAG.sub("", text))
    return html.unescape(text)


def page_sentences(markdown: str) -> list[Sentence]:
    sentences = []
    for paragraph in _paragraphs(markdown):
        for marked in split_sentences(_plain(paragraph)):
            rules = tuple(m[1] for m in _MARKED_REF.finditer(marked))
            text = _MARKED_REF.sub(lambda m: m[2] if m[2] is not None else m[1], marked)
            sentences.append(Sentence(" ".join(text.split()), rules))
    return sentences


def page_files(docs: Path) -> list[str]:
    return sorted(str(path.relative_to(docs)) for pattern in PAGES for path in docs.glob(pattern))


def page_texts(docs: Path, sources: Path) -> list[ComposedText]:
    """Every sentence of the pages, each found declared, with the rules it links to quoted."""
    path = sources / TEXTS_FILE
    data = read_yaml(path) or {}
    pages = page_files(docs)
    missing = [page for page in data if page not in pages]
    if missing:
        raise ComposedTextError(f"sources/{TEXTS_FILE}: there is no page docs/{missing[0]}; pages read: {pages}")
    texts = []
    for page in pages:
        source = f"sources/{TEXTS_FILE} (docs/{page})"
        entries = {
            " ".join(text.split()): read_declaration(raw, f"{source}: sentence {text!r}")
            for text, raw in (data.get(page) or {}).items()
        }
        sentences = page_sentences((docs / page).read_text(encoding="utf-8"))
        for sentence in sentences:
            if sentence.text not in entries:
                raise ComposedTextError(
                    f"{source}: the sentence {sentence.text!r} has no entry: quote the rules it "
                    f"rests on, or declare it `{INSTRUCTION}` if it states no rule"
                )
            quoted = list(entries[sentence.text])
            if set(sentence.rules) != set(quoted):
                raise ComposedTextError(
                    f"{source}: the sentence {sentence.text!r} links to rules "
                    f"{list(sentence.rules)} but quotes rules {quoted}: link ({{ref:...}}) every "
                    "rule it rests on, and quote every rule it links to"
                )
        shown = {sentence.text for sentence in sentences}
        stale = [text for text in entries if text not in shown]
        if stale:
            raise ComposedTextError(
                f"{source}: the page has no sentence {stale[0]!r}: remove its entry, or fix it to the page's words"
            )
        texts += [ComposedText("sentence", source, text, evidence) for text, evidence in entries.items()]
    return texts
