"""Where the build reads and writes. Everything is relative to the project root."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "sources"
DOCS = ROOT / "docs"
GENERATED_RULES = DOCS / "rules"  # git-ignored: written before the generator runs
BUILD = ROOT / "build"  # git-ignored: intermediate build data
SITE = ROOT / "site"
MKDOCS_CONFIG = ROOT / "mkdocs.yml"

RULEBOOK = SOURCES / "mele-rulebook.txt"
ERRATA = SOURCES / "errata.yaml"
LAYOUT = SOURCES / "layout.yaml"
RULES_INDEX = BUILD / "rules-index.json"  # read by the Markdown extensions
