"""Links from the rulebook's pages to the calculator that covers their section
(sources/calculator-links.yaml; pages.py and sbg_pages.py put them under the title)."""

from __future__ import annotations

from functools import lru_cache

from .. import paths

CALCULATOR_LINKS = paths.SOURCES / "calculator-links.yaml"


@lru_cache(maxsize=1)
def calculator_links() -> dict:
    import yaml

    return yaml.safe_load(CALCULATOR_LINKS.read_text(encoding="utf-8")) or {}


def calculator_link_lines(section_key: str) -> list[str]:
    """Markdown for a generated rules page (docs/rules/) whose section a calculator covers."""
    link = calculator_links().get(section_key)
    if not link:
        return []
    target = "../" + link["page"]
    return [f"[{link['label']}]({target}): {link['covers']}.", "{: .calc-link }", ""]
