"""The links the site adds under a section's title (sources/section-links.yaml): the
calculator that covers the section, the full turn summary. Generated pages live in
docs/rules/, so each link climbs one folder to the page it names.

A link's `covers` says what that page works out; its `evidence` quotes the rules it rests
on (build_scripts/composed/), and the build fails when a quote is not in its rule."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from build_scripts import paths
from build_scripts.model.composed_texts import ComposedText, ComposedTextError, read_declaration
from build_scripts.parse.yaml_text import parse_yaml, read_yaml
from build_scripts.render.inline import escape

LINKS_FILE = "section-links.yaml"
SECTION_LINKS = paths.SOURCES / LINKS_FILE


@lru_cache(maxsize=1)
def section_links() -> dict[str, list[dict]]:
    return read_yaml(SECTION_LINKS) or {}


def section_link_lines(section_key: str) -> list[str]:
    """Markdown for a generated page whose section other pages build on ("See also: …")."""
    links = section_links().get(section_key)
    if not links:
        return []
    items = " · ".join(
        f"[{escape(link['label'])}](../{link['page']})" + (f": {escape(link['covers'])}" if link.get("covers") else "")
        for link in links
    )
    return [f"**See also:** {items}", "{: .see-also .no-glossary }", ""]


def covers_texts(sources: Path = paths.SOURCES) -> list[ComposedText]:
    """Each link's `covers`, with its evidence; a link with covers must declare it."""
    data = parse_yaml((sources / LINKS_FILE).read_text(encoding="utf-8")) or {}
    texts = []
    for section_key, links in data.items():
        for link in links:
            if not link.get("covers"):
                continue
            where = f"sources/{LINKS_FILE}: section {section_key}, covers {link['covers']!r}"
            if "evidence" not in link:
                raise ComposedTextError(
                    f"{where} has no evidence: quote the rules it rests on, or declare it "
                    "`instruction` if it states no rule"
                )
            texts.append(
                ComposedText(
                    "covers",
                    f"sources/{LINKS_FILE} (section {section_key})",
                    link["covers"],
                    read_declaration(link["evidence"], where),
                )
            )
    return texts
