"""Printed page references in the rulebook ("see page 33", "pages 92-94", "p. 8")
and where each leads on this site, from the page map in sources/coverage.yaml."""

from __future__ import annotations

import re
from dataclasses import dataclass

PAGE_REF = re.compile(r"\b(?:pages?|p\.)\s?(\d+)(?:-(\d+))?")


@dataclass(frozen=True)
class PageRef:
    line: int
    text: str  # as printed, e.g. "pages 92-94"
    first_page: int
    target: str  # "P.S" section key, or "missing"


def find_page_refs(lines: list[tuple[int, str]], page_map: dict[int, str]) -> list[PageRef]:
    refs = []
    for number, text in lines:
        for m in PAGE_REF.finditer(text):
            page = int(m.group(1))
            refs.append(PageRef(number, m.group(0), page, str(page_map.get(page, "missing"))))
    return refs
