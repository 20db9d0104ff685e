"""A way from where a term is defined to its glossary entry.

In each section among a term's defining rules (`defined_by`, not every rule its entry cites), the
first defining rule that names the term shows that mark whatever the reader's setting (the extension
build_scripts/markdown/glossary_terms.py gives it the class `gloss--defines`): a tap opens the
term's card, which links to the entry. Only where none of them names the term does the first of
them get a small "Glossary: <term>" line linking to the entry (beside a mark it would say the
same thing twice). Words an erratum touches are shown in its own mark, which takes no glossary mark
(glossary_terms.py skips `ins` and `mark`), and Markdown keeps an escaped character (&, <, >) out
of the text it marks in, so a term named only there, or across one, counts as not named."""

from __future__ import annotations

import re
from collections.abc import Iterable

from build_scripts.glossary.matcher import TermMatcher
from build_scripts.glossary.terms import Term
from build_scripts.model.document import Block
from build_scripts.model.errata import Erratum

ESCAPED = re.compile(r"[&<>]")


def defining_rule_links(
    terms: list[Term], blocks: list[Block], errata: Iterable[Erratum] = ()
) -> dict[str, list[Term]]:
    """rule id -> the terms (defined by the rulebook) whose entry that rule links to, in term order:
    in each section of a term's defining rules that never name it where a mark can be made, the first of them."""
    matcher = TermMatcher(terms)
    order = {block.id: index for index, block in enumerate(blocks)}
    shown = {e.id: e.replacement if e.replacement is not None else e.text for e in errata}
    named = {block.id: matcher.terms_in(_as_marked(block, shown)) for block in blocks}
    links: dict[str, list[Term]] = {}
    for term in (t for t in terms if t.defined):
        sections: dict[str, list[str]] = {}
        for rule_id in sorted((r for r in term.defined_by if r in order), key=order.__getitem__):
            sections.setdefault(rule_id.rpartition(".")[0], []).append(rule_id)
        for rule_ids in sections.values():
            if not any(term.id in named[r] for r in rule_ids):
                links.setdefault(rule_ids[0], []).append(term)
    return links


def _as_marked(block: Block, shown: dict[str, str]) -> str:
    """The block's words as the glossary marks see them: less those its errata show (each cut
    once, where it stands), with a gap for each escaped character."""
    text = block.text
    for erratum_id in block.errata:
        words = shown.get(erratum_id)
        if words:
            text = text.replace(words, " ", 1)
    return ESCAPED.sub(" | ", text)
