"""`python -m build_scripts prebuild|postbuild`: the steps around the site generator.

prebuild  parse the sources and write the generated pages into docs/rules/
          and the rules index into build/ (run before mkdocs/zensical)
postbuild write site/rules.json from the index (run after the generator)
"""

from __future__ import annotations

import json
import shutil
import sys
import time

from . import paths
from .render.coverage import COVERAGE_PATH, coverage_markdown
from .render.pages import PageRenderer, nav_title, page_path
from .rulebook_build import Rulebook, load_rulebook


def prebuild() -> None:
    rulebook = load_rulebook()
    document = rulebook.document
    if paths.GENERATED_RULES.exists():
        shutil.rmtree(paths.GENERATED_RULES)
    paths.GENERATED_RULES.mkdir(parents=True)
    renderer = PageRenderer(document, rulebook.errata, document.marks)
    for page in renderer.pages():
        (paths.DOCS / page.path).write_text(page.markdown, encoding="utf-8")
    write_rules_index(rulebook)
    sections = {s.key: s for s in document.sections}

    def section_link(key: str | None) -> str | None:
        section = sections.get(key)
        # The coverage page lives in rules/ too, so a bare file name links there.
        return f"[{nav_title(section)}]({page_path(section).removeprefix('rules/')})" if section else None

    (paths.DOCS / COVERAGE_PATH).write_text(coverage_markdown(
        document, rulebook.errata, rulebook.coverage, rulebook.page_refs,
        rulebook.block_for_line, section_link), encoding="utf-8")


def write_rules_index(rulebook: Rulebook) -> None:
    entries = []
    for section in rulebook.document.sections:
        path = page_path(section)
        for block in section.blocks:
            entries.append({
                "id": block.id,
                "kind": block.kind,
                "path": path,
                "anchor": block.anchor,
                "url": path.removesuffix(".md") + "/#" + block.anchor,
                "section": section.key,
                "heading": block.heading,
                "text": block.text,
                "original_text": block.original_text,
                "source": rulebook.document.source,
                "first_line": block.first_line,
                "last_line": block.last_line,
                "errata": block.errata,
            })
    paths.BUILD.mkdir(exist_ok=True)
    paths.RULES_INDEX.write_text(json.dumps(entries, ensure_ascii=False, indent=1), encoding="utf-8")


PUBLIC_FIELDS = ("id", "kind", "url", "section", "heading", "text", "original_text",
                 "source", "first_line", "last_line", "errata")


def postbuild() -> None:
    entries = json.loads(paths.RULES_INDEX.read_text(encoding="utf-8"))
    public = [{k: e[k] for k in PUBLIC_FIELDS} for e in entries]
    (paths.SITE / "rules.json").write_text(json.dumps(public, ensure_ascii=False, separators=(",", ":")),
                                          encoding="utf-8")


COMMANDS = {"prebuild": prebuild, "postbuild": postbuild}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in COMMANDS:
        print(f"usage: python -m build_scripts {{{'|'.join(COMMANDS)}}}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    COMMANDS[argv[0]]()
    print(f"build_scripts {argv[0]}: done in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    return 0
