"""Find glossary terms in text: whole words, case-insensitive, longest first,
so "unused direct influence" wins over "direct influence" inside it."""

from __future__ import annotations

import re
from collections.abc import Iterator

from build_scripts.glossary.terms import Term


class TermMatcher:
    def __init__(self, terms: list[Term]):
        self.terms = tuple(terms)
        self._by_name: dict[str, Term] = {}
        for term in terms:
            for name in term.names:
                self._by_name.setdefault(name.lower(), term)
        names = sorted(self._by_name, key=len, reverse=True)
        alternatives = "|".join(re.escape(n) for n in names) or r"(?!x)x"
        # Word edges that also treat hyphens as part of a word ("Shadow-lands" is not "lands").
        self._pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)

    def find(self, text: str) -> Iterator[tuple[int, int, Term]]:
        for m in self._pattern.finditer(text):
            yield m.start(), m.end(), self._by_name[m.group(0).lower()]

    def mentions(self, text: str) -> Iterator[str]:
        """The id of each term mentioned in text, once per mention."""
        return (term.id for _, _, term in self.find(text))

    def terms_in(self, text: str) -> set[str]:
        return set(self.mentions(text))
