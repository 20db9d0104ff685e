"""The pages other than the rule pages, as the search finds them: each page's text read from
the built HTML (the generator's article), one record for the page up to its first
second-level heading and one for each such heading with an anchor. Read from the output, so
any generator's build gives the same records."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from build_scripts import paths
from build_scripts.site_urls import UrlScheme

SKIPPED_TAGS = {"script", "style", "template", "noscript", "svg", "button"}


@dataclass
class PagePart:
    anchor: str  # "" for the page's own part
    title: str = ""
    text: list[str] = field(default_factory=list)


class ArticleText(HTMLParser):
    """The parts of the page's `article.md-content__inner`, in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts = [PagePart("")]
        self._article = 0  # depth inside the article
        self._skipped = 0  # depth inside an element whose text is not the page's
        self._heading: str | None = None  # the heading whose text is being read: "h1" or "h2"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if not self._article:
            if tag == "article" and "md-content__inner" in (attributes.get("class") or "").split():
                self._article = 1
            return
        if tag == "article":
            self._article += 1
        if tag in SKIPPED_TAGS:
            self._skipped += 1
        elif tag == "h1" and not self.parts[0].title:
            self._heading = "h1"
        elif tag == "h2" and attributes.get("id"):
            self.parts.append(PagePart(attributes["id"] or ""))
            self._heading = "h2"

    def handle_endtag(self, tag: str) -> None:
        if not self._article:
            return
        if tag == "article":
            self._article -= 1
        elif tag in SKIPPED_TAGS:
            self._skipped = max(0, self._skipped - 1)
        elif tag == self._heading:
            self._heading = None

    def handle_data(self, data: str) -> None:
        if not self._article or self._skipped:
            return
        part = self.parts[-1]
        if self._heading == "h1":
            self.parts[0].title += data
        elif self._heading == "h2":
            part.title += data
        else:
            part.text.append(data)


def built_file(site_dir: Path, url: str) -> Path:
    """The HTML file of a page URL from the site root ("calculators/strike/", or a file's own URL such as "404.html")."""
    return site_dir / (url if url.endswith(".html") else url + "index.html")


@functools.lru_cache(maxsize=128)
def page_parts(html: str) -> list[PagePart]:
    """The page's parts; remembered for the same HTML (make serve's quick pass reads the pages it did
    not change once before the edit), so they are shared: read them, never change them."""
    reader = ArticleText()
    reader.feed(html)
    reader.close()
    return reader.parts


def plain(text: str) -> str:
    return " ".join(text.split())


def page_records(
    site_dir: Path, scheme: UrlScheme, skipped: set[str], whole_only: set[str], text_limit: int, docs: Path = paths.DOCS
) -> list[dict]:
    """Records of every docs page but those in `skipped` (docs paths); pages in `whole_only`
    (page URLs) give their own part only. Pages under calculators/ are calculators."""
    records = []
    for source in sorted(docs.rglob("*.md")):
        page = source.relative_to(docs).as_posix()
        if page in skipped:
            continue
        url = scheme.page_url(page)
        path = built_file(site_dir, url)
        if not path.exists():
            raise FileNotFoundError(f"search: the page {page} was not built ({path} is missing)")
        parts = page_parts(path.read_text(encoding="utf-8"))
        kind = "calculator" if page.startswith("calculators/") else "page"
        for part in parts[:1] if url in whole_only else parts:
            title, text = plain(part.title), plain(" ".join(part.text))
            if not title:
                continue
            if len(text) > text_limit:
                text = text[:text_limit].rsplit(" ", 1)[0]
            records.append(
                {
                    "kind": kind,
                    "title": title,
                    "location": url + (f"#{part.anchor}" if part.anchor else ""),
                    "text": text,
                }
            )
    return records


HEADING = re.compile(r'<h([1-3])\b[^>]*\sid="([^"]+)"')
RULE = re.compile(r'<[a-z]+\b[^>]*\sclass="rule\b')


def heading_over(html: str, anchor: str) -> str | None:
    """The anchor of the heading right above the element `anchor` (no rule between them): ""
    for the page's title, which the page's own address shows; None when no heading is there."""
    at = html.find(f' id="{anchor}"')
    if at < 0:
        return None
    start = html.rfind("<", 0, at)
    headings = list(HEADING.finditer(html, 0, start))
    if not headings or RULE.search(html, headings[-1].end(), start):
        return None
    level, heading = headings[-1].groups()
    return "" if level == "1" else heading
