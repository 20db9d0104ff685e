"""Composed content shows the words it rests on.

Each glossary entry and each turn-summary step carries `evidence:`, a mapping
from every rule it cites to a short exact quote (or a list of quotes) from that
rule's text as shown, errata applied. The build fails, naming the entry, when a
cited rule does not exist or a quote is not in its rule. Quotes are compared
with runs of whitespace made single, nothing else: case and punctuation count.
"""

from __future__ import annotations

import re

MOST_WORDS = 25  # a quote is a few words that carry the claim, not a copy of the rule

Evidence = dict[str, tuple[str, ...]]

_STANDARD_ONLY = re.compile(r"\bStandard (Rules|Game)\b")


class EvidenceError(ValueError):
    """Composed content that cites a rule without its words; the build stops on it."""


def read_evidence(raw, where: str) -> Evidence:
    """`raw` as written in YAML: {rule id: "quote"} or {rule id: ["quote", ...]}."""
    if not isinstance(raw, dict) or not raw:
        raise EvidenceError(f"{where}: 'evidence' must map each cited rule id to a quote from that rule")
    evidence = {}
    for rule_id, quotes in raw.items():
        quotes = [quotes] if isinstance(quotes, str) else list(quotes or [])
        if not quotes or not all(isinstance(q, str) and q.strip() for q in quotes):
            raise EvidenceError(f"{where}: rule {rule_id} needs a quote (the words the claim rests on)")
        for quote in quotes:
            if len(quote.split()) > MOST_WORDS:
                raise EvidenceError(
                    f"{where}: the quote from rule {rule_id} has more than {MOST_WORDS} words; "
                    f"quote only the words the claim rests on: {quote!r}"
                )
        evidence[str(rule_id)] = tuple(_flat(q) for q in quotes)
    return evidence


def check_evidence(where: str, evidence: Evidence, rule_texts: dict[str, str]) -> None:
    for rule_id, quotes in evidence.items():
        if rule_id not in rule_texts:
            raise EvidenceError(f"{where}: cites rule {rule_id}, which does not exist")
        text = _flat(rule_texts[rule_id])
        for quote in quotes:
            if quote not in text:
                raise EvidenceError(
                    f"{where}: the quote {quote!r} is not in rule {rule_id} "
                    f"(which reads {text[:160]!r}{'...' if len(text) > 160 else ''})"
                )


def is_standard_only(rule_id: str, text: str) -> bool:
    """A Standard Rules rule: one of Part II, or a Part I rule that says it is for the Standard Rules
    ("Note: In the Standard Rules, ...", "Standard Rules: If the company used region movement, ...")."""
    return rule_id.startswith("2.") or (rule_id.startswith("1.") and bool(_STANDARD_ONLY.search(text)))


def _flat(text: str) -> str:
    return " ".join(text.split())
