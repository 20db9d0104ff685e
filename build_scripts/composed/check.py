"""Every composed text the build writes from sources/ and docs/, checked at once (prebuild):
each is declared, each quote is in its rule, no hyphenated word is broken by a folded line."""

from __future__ import annotations

from pathlib import Path

from build_scripts import paths
from build_scripts.composed.calculator_words import calculator_texts
from build_scripts.composed.page_texts import page_texts
from build_scripts.model.changelog import CHANGELOG_FILE, load_changelog
from build_scripts.model.composed_texts import ComposedText, check_texts
from build_scripts.render.section_links import covers_texts
from calculators import __version__
from calculators.views.catalogue import VIEWS


def composed_texts(rule_ids: set[str], sources: Path = paths.SOURCES, docs: Path = paths.DOCS) -> list[ComposedText]:
    """The calculators' words, the pages' sentences, the section links' covers and the change log's
    entries, each with its evidence."""
    changes = [
        change.declaration
        for version in load_changelog(sources / CHANGELOG_FILE, rule_ids, __version__)
        for change in version.changes
    ]
    return calculator_texts(VIEWS, sources) + page_texts(docs, sources) + covers_texts(sources) + changes


def check_composed_texts(
    rule_texts: dict[str, str], sources: Path = paths.SOURCES, docs: Path = paths.DOCS
) -> list[ComposedText]:
    texts = composed_texts(set(rule_texts), sources, docs)
    check_texts(texts, rule_texts)
    return texts
