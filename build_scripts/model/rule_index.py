"""Where every rule is: one index from rule id to its section, page and anchor, and from
there to its Markdown link and its site URL.

prebuild writes the index (build/rules-index.json) from the document model; everything
that links to a rule reads it through RuleIndex: the Markdown extensions (`{ref:...}`
links, calculator blocks), rules.json, and the calculator pages' scripts (through each
calculator block's data). The site URLs follow the MkDocs configuration (site_urls.py),
so a site served from a sub-path or with other page URLs keeps every link.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from build_scripts.model.document import Document, Section, rule_anchor
from build_scripts.site_urls import UrlScheme


@dataclass(frozen=True)
class RuleLocation:
    id: str
    section: str  # "1.7"; "SBG-A.2"
    page: str  # the docs page it is on: "rules/1-7-combat.md"
    anchor: str  # the id of its element there: "r1-7-24"


class UnknownRule(KeyError):
    def __str__(self) -> str:
        return f"there is no rule {self.args[0]}"


DEFAULT_SCHEME = UrlScheme()


class RuleIndex:
    def __init__(self, locations: Iterable[RuleLocation], scheme: UrlScheme = DEFAULT_SCHEME):
        self._by_id = {location.id: location for location in locations}
        self.scheme = scheme

    @staticmethod
    def load(index_file: str | Path, scheme: UrlScheme = DEFAULT_SCHEME) -> RuleIndex:
        """The index prebuild wrote (read again only when the file changes)."""
        path = Path(index_file)
        return _load(str(path), path.stat().st_mtime, scheme)

    def __contains__(self, rule_id: str) -> bool:
        return rule_id in self._by_id

    def ids(self) -> list[str]:
        return list(self._by_id)

    def location(self, rule_id: str) -> RuleLocation:
        try:
            return self._by_id[rule_id]
        except KeyError:
            raise UnknownRule(rule_id) from None

    def markdown_link(self, rule_id: str) -> str:
        """A link for Markdown ("/rules/1-7-combat.md#r1-7-24"): MkDocs turns it into the right
        relative URL on each page, in the site's URL style."""
        location = self.location(rule_id)
        return f"/{location.page}#{location.anchor}"

    def site_url(self, rule_id: str) -> str:
        """The rule's URL from the site root ("rules/1-7-combat/#r1-7-24"), as rules.json gives it."""
        location = self.location(rule_id)
        return f"{self.scheme.page_url(location.page)}#{location.anchor}"

    def url(self, rule_id: str) -> str:
        """The URL a page's script links to ("/mele/rules/1-7-combat/#r1-7-24")."""
        return self.scheme.absolute(self.site_url(rule_id))


@lru_cache(maxsize=4)
def _load(index_file: str, mtime: float, scheme: UrlScheme) -> RuleIndex:
    entries = json.loads(Path(index_file).read_text(encoding="utf-8"))
    return RuleIndex((RuleLocation(e["id"], e["section"], e["path"], e["anchor"]) for e in entries), scheme)


def index_entries(document: Document, page_of: Callable[[Section], str]) -> list[dict]:
    """The index entries of a document, one per rule; `page_of` gives the page a section is on."""
    entries = []
    for section in document.sections:
        page = page_of(section)
        for block in section.blocks:
            entries.append(
                {
                    "id": block.id,
                    "kind": block.kind,
                    "path": page,
                    "anchor": rule_anchor(block.id),
                    "section": block.id.rpartition(".")[0],
                    "heading": block.heading,
                    "text": block.text,
                    "original_text": block.original_text,
                    "source": document.source,
                    "first_line": block.first_line,
                    "last_line": block.last_line,
                    "errata": block.errata,
                }
            )
    return entries
