"""Which rules mention each glossary term ("Used in"), computed from the document model."""

from __future__ import annotations

from build_scripts.glossary.matcher import TermMatcher
from build_scripts.glossary.terms import Term
from build_scripts.model.document import Block


def used_in(terms: list[Term], blocks: list[Block]) -> dict[str, list[str]]:
    """term id -> ids of the blocks that mention the term or an alias, in their
    own text or in the sub-heading they sit under ("DEFEATING AN ATTACK")."""
    matcher = TermMatcher(terms)
    usage: dict[str, list[str]] = {t.id: [] for t in terms}
    for block in blocks:
        for term_id in sorted(matcher.terms_in(block.text) | matcher.terms_in(block.heading)):
            usage[term_id].append(block.id)
    return usage
