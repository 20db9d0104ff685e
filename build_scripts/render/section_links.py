"""The links the site adds under a section's title (sources/section-links.yaml): the
calculator that covers the section, the full turn summary. Generated pages live in
docs/rules/, so each link climbs one folder to the page it names."""

from __future__ import annotations

from functools import lru_cache

from .. import paths
from .inline import escape

SECTION_LINKS = paths.SOURCES / "section-links.yaml"


@lru_cache(maxsize=1)
def section_links() -> dict[str, list[dict]]:
    import yaml

    return yaml.safe_load(SECTION_LINKS.read_text(encoding="utf-8")) or {}


def section_link_lines(section_key: str) -> list[str]:
    """Markdown for a generated page whose section other pages build on ("See also: …")."""
    links = section_links().get(section_key)
    if not links:
        return []
    items = " · ".join(f"[{escape(link['label'])}](../{link['page']})"
                       + (f": {escape(link['covers'])}" if link.get("covers") else "") for link in links)
    return [f"**See also:** {items}", "{: .see-also .no-glossary }", ""]
