"""Every composed text the build writes from sources/ and docs/, checked at once (prebuild):
each is declared, each quote is in its rule, no hyphenated word is broken by a folded line."""

from __future__ import annotations

from pathlib import Path

from build_scripts import paths
from build_scripts.composed.calculator_words import calculator_texts
from build_scripts.composed.page_texts import page_texts
from build_scripts.model.composed_texts import ComposedText, check_texts
from build_scripts.render.section_links import covers_texts
from calculators.views.catalogue import VIEWS


def composed_texts(sources: Path = paths.SOURCES, docs: Path = paths.DOCS) -> list[ComposedText]:
    """The calculators' words, the pages' sentences and the section links' covers, each with its evidence."""
    return calculator_texts(VIEWS, sources) + page_texts(docs, sources) + covers_texts(sources)


def check_composed_texts(
    rule_texts: dict[str, str], sources: Path = paths.SOURCES, docs: Path = paths.DOCS
) -> list[ComposedText]:
    texts = composed_texts(sources, docs)
    check_texts(texts, rule_texts)
    return texts
