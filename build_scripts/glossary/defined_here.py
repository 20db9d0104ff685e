"""A way from where a term is defined to its glossary entry.

The rules that define a term carry no glossary mark of their own (they are the definition),
so in each section among a term's defining rules (`defined_by`, not every rule its entry cites)
the first of them that names the term (the first of them, if none does) gets a small
"Glossary: <term>" link to the entry."""

from __future__ import annotations

from build_scripts.glossary.matcher import TermMatcher
from build_scripts.glossary.terms import Term
from build_scripts.model.document import Block


def defining_rule_links(terms: list[Term], blocks: list[Block]) -> dict[str, list[Term]]:
    """rule id -> the terms (defined by the rulebook) whose entry that rule links to, in term order."""
    matcher = TermMatcher(terms)
    order = {block.id: index for index, block in enumerate(blocks)}
    named = {block.id: matcher.terms_in(block.text) for block in blocks}
    links: dict[str, list[Term]] = {}
    for term in (t for t in terms if t.defined):
        sections: dict[str, list[str]] = {}
        for rule_id in sorted((r for r in term.defined_by if r in order), key=order.__getitem__):
            sections.setdefault(rule_id.rpartition(".")[0], []).append(rule_id)
        for rule_ids in sections.values():
            first = next((r for r in rule_ids if term.id in named[r]), rule_ids[0])
            links.setdefault(first, []).append(term)
    return links
