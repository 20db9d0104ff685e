"""A composed text and what it rests on: quotes from rules, or a declaration that it is an
instruction and states no rule. The quotes are checked as the glossary's are (evidence.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from build_scripts.model.evidence import Evidence, EvidenceError, check_evidence, read_evidence

INSTRUCTION = "instruction"
# A hyphen with a space after it inside a word ("end-of- turn", "non- Darkhaven"): a line break of
# a folded YAML string fell there. A suspended hyphen ("2-, 3- and 4-deck") is followed by a
# conjunction or a comma, and a dash stands between spaces.
FOLDED_HYPHEN = re.compile(r"(?<=\w)- (?!(?:and|or|nor|to)\b)(?=\w)")

# A sentence ends at . ! or ? (perhaps closed by a quote or a bracket) before a space and a capital,
# a digit or an opening quote or bracket; "e.g. 2:8", "i.e. X" and "P.S.N" stay whole.
_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][”\"’)]))(?<!e\.g\.)(?<!i\.e\.)\s+(?=[A-Z0-9“\"(\[])")


class ComposedTextError(ValueError):
    """A composed text without its evidence, or with a quote its rule does not hold; the build stops."""


@dataclass(frozen=True)
class ComposedText:
    kind: str  # "hint", "label", "option", "example", "sentence", "covers", "card"
    source: str  # the file that declares its evidence ("sources/calculator-words.yaml")
    text: str
    evidence: Evidence  # empty for an instruction

    @property
    def instruction(self) -> bool:
        return not self.evidence

    @property
    def where(self) -> str:
        return f"{self.source}: {self.kind} {self.text!r}"


def read_declaration(raw, where: str) -> Evidence:
    """A text's declaration as written in YAML: `instruction`, or {rule id: quote or [quotes]}."""
    if raw == INSTRUCTION:
        return {}
    if not isinstance(raw, dict):
        raise ComposedTextError(
            f"{where}: declare it `{INSTRUCTION}` if it states no rule, or map each rule it "
            f"rests on to a quote from that rule; found {raw!r}"
        )
    try:
        return read_evidence(raw, where)
    except EvidenceError as error:
        raise ComposedTextError(str(error)) from None


def check_folds(where: str, text: str) -> None:
    found = FOLDED_HYPHEN.search(text)
    if found:
        start = text.rfind(" ", 0, found.start()) + 1
        end = text.find(" ", found.end())
        word = text[start : end if end >= 0 else len(text)]
        raise ComposedTextError(
            f"{where}: {word!r} has a space after its hyphen (a folded YAML line broke the word there); join the word"
        )


def check_texts(texts: list[ComposedText], rule_texts: dict[str, str]) -> None:
    """Every text's quotes are in their rules, and no text has a hyphenated word broken by a fold."""
    for text in texts:
        check_folds(text.where, text.text)
        try:
            check_evidence(text.where, text.evidence, rule_texts)
        except EvidenceError as error:
            raise ComposedTextError(str(error)) from None


def split_sentences(text: str) -> list[str]:
    """Plain text cut into sentences (the same cut for a page's Markdown and its built HTML); a
    table row stays one text."""
    text = " ".join(text.split())
    return [text] if " | " in text else [part for part in _SENTENCE_END.split(text) if part]
