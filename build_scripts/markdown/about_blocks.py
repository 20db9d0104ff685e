"""The About page's blocks (pymdown-extensions Blocks API), drawn from what prebuild wrote to
build/about.json (build_scripts/render/about_data.py):

    /// edition          which version of the site this is, and when it was built
    ///
    /// source-texts     each source text, its rules, corrections and notes, and what it lacks
    ///
    /// changelog        the change log by version, each change with the rules it touched
    ///
    /// downloads        rules.txt, rules.json and its schema: files the generator does not know
    ///                  (rules.json is written after it), so linked by their address in the site

The words around the data are the site's own (they state no rule); each block carries the class
`about-data`, so the page's checks (sources/page-texts.yaml) read only the hand-written sentences.
"""

from __future__ import annotations

import html
import json
import xml.etree.ElementTree as etree
from functools import lru_cache
from pathlib import Path

from markdown.util import AtomicString
from pymdownx.blocks import BlocksExtension
from pymdownx.blocks.block import Block

from build_scripts.edition import DATE_FROM_COMMIT, DATE_FROM_ENVIRONMENT
from build_scripts.model.rule_index import RuleIndex
from build_scripts.site_urls import url_scheme

BUILT_FROM = {
    DATE_FROM_COMMIT: "the date of the last commit of its sources",
    DATE_FROM_ENVIRONMENT: "the date the build was given in SOURCE_DATE_EPOCH",
}


@lru_cache(maxsize=4)
def _read(path: str, mtime: float) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def about_data(path: str) -> dict:
    return _read(path, Path(path).stat().st_mtime)


def _el(parent: etree.Element, tag: str, attrs: dict | None = None, text: str | None = None) -> etree.Element:
    element = etree.SubElement(parent, tag, attrs or {})
    if text is not None:
        element.text = text
    return element


def _after(element: etree.Element, text: str) -> None:
    element.tail = (element.tail or "") + text


class AboutBlock(Block):
    ARGUMENT = False
    CLASS = ""

    def data(self) -> dict:
        return about_data(self.config["data"])

    def on_create(self, parent: etree.Element) -> etree.Element:
        box = _el(parent, "div", {"class": f"about-data {self.CLASS} no-glossary"})
        self.draw(box)
        return box

    def draw(self, box: etree.Element) -> None:
        raise NotImplementedError


class EditionBlock(AboutBlock):
    NAME = "edition"
    CLASS = "about-edition"

    def draw(self, box: etree.Element) -> None:
        edition = self.data()["edition"]
        line = _el(box, "p", None, "This is reference ")
        _after(_el(line, "strong", {"class": "about-edition__version"}, edition["version"]), " of this site")
        if edition["built"]:
            _after(line[-1], ", built on ")
            built = _el(line, "time", {"datetime": edition["built"]}, edition["built"])
            _after(built, f" ({BUILT_FROM[edition['built_from']]}: the same sources build the same pages).")
        else:
            _after(line[-1], "; the date of its build is unknown (it was built outside a git checkout).")


class SourceTextsBlock(AboutBlock):
    NAME = "source-texts"
    CLASS = "about-sources"

    def draw(self, box: etree.Element) -> None:
        table = _el(box, "table")
        head = _el(_el(table, "thead"), "tr")
        for label in ("Text", "Cited as", "Rules", "Corrected · noted", "State"):
            _el(head, "th", None, label)
        body = _el(table, "tbody")
        for source in self.data()["sources"]:
            row = _el(body, "tr")
            title = _el(row, "td", None, source["title"])
            _el(title, "br")
            _el(title, "code", None, source["file"])
            _el(row, "td", None, source["cite"])
            _el(row, "td", None, str(source["rules"]))
            _el(row, "td", None, f"{source['corrected']} · {source['noted']}")
            state = _el(row, "td", None, f"Incomplete: {source['stops']} " if source["stops"] else "Complete. ")
            if source["lacks"]:
                link = _el(state, "a", {"href": "/" + source["coverage"]}, f"What it lacks ({source['lacks']})")
                _after(link, ".")


class ChangelogBlock(AboutBlock):
    NAME = "changelog"
    CLASS = "about-changelog"

    def draw(self, box: etree.Element) -> None:
        rules = RuleIndex.load(self.config["index"])
        current = self.data()["edition"]["version"]
        for version in self.data()["changelog"]:
            when = version["date"] or ("this edition" if version["version"] == current else "")
            heading = _el(box, "h3", {"id": "v" + version["version"].replace(".", "-")}, version["version"])
            if when:
                _el(heading, "small", None, f" ({when})")
            changes = _el(box, "ul")
            for change in version["changes"]:
                item = _el(changes, "li", {"data-kind": change["kind"]})
                _after(_el(item, "strong", None, change["label"] + ":"), " " + change["text"])
                if change["rules"]:
                    touched = _el(item, "span", {"class": "about-changelog__rules"}, " Rules: ")
                    for n, rule_id in enumerate(change["rules"]):
                        link = _el(touched, "a", {"class": "rule-ref", "href": rules.markdown_link(rule_id)}, rule_id)
                        _after(link, ", " if n < len(change["rules"]) - 1 else ".")


DOWNLOADS = (  # file at the site's root, its name as shown, what it is
    (
        "rules.txt",
        "rules.txt",
        ": every rule as plain text, one rule a line that starts with its number, under its part and "
        "section headings, with each correction and editor's note on a line under its rule.",
    ),
    (
        "rules.json",
        "rules.json",
        ": every rule as data, with this version and its build date; its fields are described by ",
    ),
)
SCHEMA = ("rules.schema.json", "rules.schema.json", ", a JSON Schema.")


class DownloadsBlock(AboutBlock):
    NAME = "downloads"
    CLASS = "about-downloads"

    def draw(self, box: etree.Element) -> None:
        scheme = url_scheme(self.config["mkdocs_config"])
        items = []
        for path, name, what in DOWNLOADS:
            link = f'<a href="{html.escape(scheme.absolute(path))}"><strong>{name}</strong></a>{html.escape(what)}'
            items.append(link)
        path, name, what = SCHEMA
        items[-1] += f'<a href="{html.escape(scheme.absolute(path))}">{name}</a>{html.escape(what)}'
        # Stashed as HTML: the generator checks the links it parses against its pages, and rules.json
        # is written after it (postbuild).
        listing = _el(box, "ul")
        listing.text = AtomicString(self.md.htmlStash.store("".join(f"<li>{item}</li>" for item in items)))


class AboutBlocksExtension(BlocksExtension):
    def __init__(self, *args, **kwargs):
        self.config = {
            "data": ["build/about.json", "what prebuild wrote for the About page"],
            "index": ["build/rules-index.json", "the rules index written by prebuild"],
            "mkdocs_config": ["mkdocs.yml", "the MkDocs configuration: where the site is served (site_url)"],
        }
        super().__init__(*args, **kwargs)

    def extendMarkdownBlocks(self, md, block_mgr):
        for block in (EditionBlock, SourceTextsBlock, ChangelogBlock, DownloadsBlock):
            block_mgr.register(block, self.getConfigs())


def makeExtension(*args, **kwargs):
    return AboutBlocksExtension(*args, **kwargs)
