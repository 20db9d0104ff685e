"""A line shown for a Standard rule carries its condition.

Where a Standard rule states a condition or an exception ("if …", "unless …", "at least 5 cards",
"This doesn't apply …", "Exception", "if both players agree"), in the sentence a line rests on or
beside it (another sentence of the rule, one of its parts, a note or a new rule that explains it), the line the site shows
for the rule says so: with a word of the same kind ("if", "unless", "only", "not", "except", …), or
for "at least N" with the number N, or for an agreement with "agree".

It goes sentence by sentence. A link with a line of its own (`line`) answers for the sentences its
quote of the Standard rule is in; the entry's line (summary and condition) answers for the
sentences that only links without a line of their own quote. A sentence that no link quotes (the
rule's other sentences, its parts, its notes) is beside every line, so every line answers for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from build_scripts.model.composed_texts import split_sentences

if TYPE_CHECKING:
    from build_scripts.standard_game.changes import Entry, Link, StandardMap

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def _says_a_word(words: str) -> Callable[[re.Match, str], bool]:
    pattern = re.compile(rf"\b(?:{words})\b", re.IGNORECASE)
    return lambda _mark, line: bool(pattern.search(line))


def _says_the_number(mark: re.Match, line: str) -> bool:
    said = mark.group(1).lower()
    number = NUMBER_WORDS.get(said) or int(said)
    spellings = [str(number)] + [word for word, value in NUMBER_WORDS.items() if value == number]
    return any(re.search(rf"\b{spelling}\b", line, re.IGNORECASE) for spelling in spellings)


@dataclass(frozen=True)
class Qualifier:
    kind: str  # what the rule states, for the message
    marks: re.Pattern  # in the rule's sentence
    said: Callable[[re.Match, str], bool]  # whether a line carries it


_NUMBER = r"\d+|" + "|".join(NUMBER_WORDS)
QUALIFIERS = (
    Qualifier(
        "a condition",
        re.compile(r"(?<!determine )\b(?:if|unless)\b", re.IGNORECASE),  # "determine if" asks, sets no condition
        _says_a_word("if|unless|only|once|when|whenever|while|after|until"),
    ),
    Qualifier(
        "an exception",
        re.compile(r"\b(?:does(?:n['’]t| not) apply|exception|except)\b", re.IGNORECASE),
        _says_a_word("not|no|except|exception|but|unless|only"),
    ),
    Qualifier("a least number", re.compile(rf"\bat least ({_NUMBER})\b", re.IGNORECASE), _says_the_number),
    Qualifier("the players' agreement", re.compile(r"\bagree\b", re.IGNORECASE), _says_a_word("agree|agrees")),
)


@dataclass(frozen=True)
class Sentence:
    rule: str
    text: str
    start: int  # where it starts in its rule's text, words single-spaced
    end: int


def unqualified_lines(standard_map: StandardMap, rule_texts: dict[str, str]) -> list[str]:
    """Each condition or exception a shown line leaves out, as "2.1.8: the line 'a type your
    opponent lacks counts double' leaves out an exception (“doesn't apply” in: This doesn't apply
    to kill points and miscellaneous points.)"; [] when every line carries its conditions."""
    out = []
    for entry in standard_map.entries.values():
        if not entry.summary:
            continue
        for sentence in _sentences_beside(entry, standard_map, rule_texts):
            for qualifier in QUALIFIERS:
                for mark in qualifier.marks.finditer(sentence.text):
                    for where, line in _lines_answering(entry, sentence, rule_texts):
                        if not qualifier.said(mark, line):
                            out.append(
                                f"{entry.rule}: {where} {line!r} leaves out {qualifier.kind} "
                                f"(“{mark.group(0)}” in {sentence.rule}: {sentence.text})"
                            )
    return list(dict.fromkeys(out))


def _sentences_beside(entry: Entry, standard_map: StandardMap, rule_texts: dict[str, str]) -> list[Sentence]:
    """The sentences of the rule, of its parts, and of the notes and new rules that explain it (not of
    its examples, which tell a turn and set no condition)."""
    rules = [entry.rule] + [
        other.rule
        for other in standard_map.entries.values()
        if (other.kind == "part" and other.of == entry.rule)
        or (entry.rule in other.explains and not rule_texts[other.rule].startswith("Example"))
    ]
    return [sentence for rule_id in rules for sentence in _sentences(rule_id, rule_texts[rule_id])]


def _sentences(rule_id: str, text: str) -> list[Sentence]:
    flat, out, at = " ".join(text.split()), [], 0
    for part in split_sentences(flat):
        start = flat.index(part, at)
        at = start + len(part)
        out.append(Sentence(rule_id, part, start, at))
    return out


def _lines_answering(entry: Entry, sentence: Sentence, rule_texts: dict[str, str]) -> list[tuple[str, str]]:
    """The lines that must carry what `sentence` states: (where it is shown, the line)."""
    quoting = [link for link in entry.links if _quotes(link, sentence, rule_texts)]
    own = [link for link in entry.links if link.line]
    answering = [link for link in own if link in quoting] if quoting else own
    lines = [(f"the line on {link.starter}", link.line) for link in answering]
    if not quoting or any(not link.line for link in quoting):
        lines.insert(0, ("the line", entry.line))
    return lines


def _quotes(link: Link, sentence: Sentence, rule_texts: dict[str, str]) -> bool:
    """Whether the link's quote of its Standard rule overlaps the sentence."""
    if sentence.rule != link.standard:
        return False
    flat = " ".join(rule_texts[link.standard].split())
    for quote in link.evidence[link.standard]:
        start = flat.find(quote)
        if start < sentence.end and sentence.start < start + len(quote):
            return True
    return False
