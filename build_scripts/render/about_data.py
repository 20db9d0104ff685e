"""What the About page (docs/about.md) shows from the build: the edition, the source texts with their
state, and the change log. prebuild writes it as build/about.json; the page's blocks
(build_scripts/markdown/about_blocks.py) draw it:

    edition    {"version", "built", "built_from"}           build_scripts/edition.py
    sources    [{"title", "file", "cite", "rules", "corrected", "noted", "stops", "lacks", "coverage"}]
               each source text: how many rules, corrections and editor's notes it has, where the
               file stops and how many things it lacks (sources/coverage.yaml), and where the
               Errata and coverage page lists them
    changelog  [{"version", "date", "changes": [{"kind", "label", "text", "rules"}]}]
               sources/changelog.yaml, checked (build_scripts/model/changelog.py)
"""

from __future__ import annotations

import json
from pathlib import Path

from build_scripts import paths
from build_scripts.edition import EDITION
from build_scripts.model.changelog import KINDS, Version
from build_scripts.model.document import Document
from build_scripts.model.errata import Erratum
from build_scripts.render.coverage import COVERAGE_PATH

ABOUT_DATA = paths.BUILD / "about.json"
LACKS_ANCHORS = {"mele-rulebook.txt": "what-the-source-lacks"}  # the coverage page's headings
SBG_LACKS_ANCHOR = "strategy-battle-game-texts"


def source_entry(document: Document, title: str, cite: str, errata: list[Erratum], coverage: dict) -> dict:
    own = [e for e in errata if e.source == document.source]
    state = coverage.get(document.source, {})
    return {
        "title": title,
        "file": document.source,
        "cite": cite,
        "rules": len(document.blocks),
        "corrected": sum(e.corrects_text for e in own),
        "noted": sum(not e.corrects_text for e in own),
        "stops": " ".join(str(state.get("stops", "")).split()),
        "lacks": len(state.get("missing", [])),
        "coverage": f"{COVERAGE_PATH}#{LACKS_ANCHORS.get(document.source, SBG_LACKS_ANCHOR)}",
    }


def changelog_entries(versions: list[Version]) -> list[dict]:
    return [
        {
            "version": version.version,
            "date": version.date,
            "changes": [
                {"kind": change.kind, "label": KINDS[change.kind], "text": change.text, "rules": list(change.rules)}
                for change in version.changes
            ],
        }
        for version in versions
    ]


def write_about_data(sources: list[dict], versions: list[Version], target: Path = ABOUT_DATA) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    data = {"edition": EDITION, "sources": sources, "changelog": changelog_entries(versions)}
    target.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
