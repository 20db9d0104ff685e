"""`python -m build_scripts prebuild|postbuild`: the steps around the site generator.

prebuild  parse the sources and write the generated pages into docs/rules/
          and the rules index into build/ (run before mkdocs/zensical)
postbuild write site/rules.json from the index, the site's search index,
          copy the Pyodide runtime, write the engine wheel, the trimmed standard library,
          the memory snapshot and the engine's manifest into site/assets, gzip copies,
          then the service worker
          (run after the generator; `postbuild DIR` for a site built elsewhere)
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

from build_scripts import paths
from build_scripts.composed.check import check_composed_texts
from build_scripts.edition import EDITION
from build_scripts.generated import generated_css, generated_markdown, generated_text
from build_scripts.glossary.defined_here import defining_rule_links
from build_scripts.glossary.definitions import write_definitions
from build_scripts.glossary.standard_lines import standard_lines
from build_scripts.glossary.terms import Term, check_terms_against_rules, load_terms
from build_scripts.glossary.usage import used_in
from build_scripts.model.changelog import CHANGELOG_FILE, load_changelog
from build_scripts.model.document import rule_anchor
from build_scripts.model.errata import Erratum
from build_scripts.model.load import Rulebook, load_rulebook
from build_scripts.model.load_sbg import SbgBook, load_sbg_books, sbg_block_for_line
from build_scripts.model.rule_index import RuleIndex, index_entries
from build_scripts.postbuild.offline.service_worker import write_service_worker
from build_scripts.postbuild.precompress import Compression, precompress
from build_scripts.postbuild.pyodide_bundle.manifest import write_engine_manifest
from build_scripts.postbuild.pyodide_bundle.runtime import CORE_FILES, RUNTIME_DIR, vendor_pyodide
from build_scripts.postbuild.pyodide_bundle.snapshot import write_snapshot
from build_scripts.postbuild.pyodide_bundle.stdlib import write_trimmed_stdlib
from build_scripts.postbuild.pyodide_bundle.wheel import write_wheel
from build_scripts.render.about_data import source_entry, write_about_data
from build_scripts.render.comparison_page import COMPARISON_PATH, comparison_markdown
from build_scripts.render.coverage import COVERAGE_PATH, coverage_markdown, sbg_coverage_markdown
from build_scripts.render.glossary_page import GLOSSARY_PATH, glossary_markdown
from build_scripts.render.plain_text import RULES_TXT, rules_text
from build_scripts.render.ruling_data import RULEBOOK_CITE, RULEBOOK_TITLE, write_ruling_data
from build_scripts.render.sbg_pages import SbgPageRenderer
from build_scripts.render.section_pages import PageRenderer, nav_title, page_path
from build_scripts.render.turn_card import CARD_PATH, reference_card_markdown
from build_scripts.render.turn_summary import (
    PRINT_PATH,
    TURN_SUMMARY_PATH,
    load_turn_summary,
    turn_summary_markdown,
)
from build_scripts.render.whole_rulebook import (
    PRINT_PAGES_CSS,
    WHOLE_RULEBOOK_PATH,
    in_page_hrefs,
    print_pages_css,
    stylesheet_href,
    whole_rulebook_markdown,
)
from build_scripts.search.index import write_search_index
from build_scripts.search.sections import write_search_sections
from build_scripts.site_urls import url_scheme
from build_scripts.standard_game.changes import CHANGES_FILE, StandardMap, load_standard_map
from build_scripts.standard_game.rule_fields import rule_fields
from calculators import __version__

GLOSSARY_INTRO = (
    "Terms of *Middle-earth: The Lidless Eye*, in plain words. Across the site, a dotted term "
    "shows its definition when you hover or tap it. Each entry links to the rules that define "
    "the term and to every rule that uses it."
)
SBG_GLOSSARY_INTRO = (
    "Terms of the *Strategy Battle Game* texts on this site, kept apart from the card game's. "
    "On the Strategy Battle Game pages, a dotted term shows its definition when you hover or tap it."
)
GLOSSARIES = {  # game -> (page, title, introduction)
    "MELE": (GLOSSARY_PATH, "Glossary", GLOSSARY_INTRO),
    "SBG": ("sbg/glossary.md", "Strategy Battle Game glossary", SBG_GLOSSARY_INTRO),
}
GLOSSARY_PAGES = {game: page for game, (page, _, _) in GLOSSARIES.items()}  # game -> page


def write_page(path: Path, markdown: str) -> None:
    """A generated page, its first line saying so."""
    path.write_text(generated_markdown(markdown), encoding="utf-8")


def prebuild() -> None:
    rulebook = load_rulebook()
    document = rulebook.document
    if paths.GENERATED_RULES.exists():
        shutil.rmtree(paths.GENERATED_RULES)
    paths.GENERATED_RULES.mkdir(parents=True)
    sections = {s.key: s for s in document.sections}
    page_map = {int(k): v for k, v in rulebook.coverage[document.source]["pages"].items()}

    def page_link(page: int) -> str:
        """Where a printed page's rules are now (generated pages all live in rules/)."""
        section = sections.get(page_map.get(page, "missing"))
        return page_path(section).removeprefix("rules/") if section else "errata-and-coverage.md#page-references"

    terms = load_terms(paths.SOURCES)
    standard_map = load_standard_map(paths.SOURCES / CHANGES_FILE, {b.id: b.text for b in document.blocks})
    renderer = PageRenderer(
        document,
        rulebook.errata,
        document.marks,
        page_link,
        glossary_links(terms, document.blocks, "MELE", rulebook.errata),
        standard_map,
    )
    for page in renderer.pages():
        write_page(paths.DOCS / page.path, page.markdown)
    write_whole_rulebook(rulebook, page_link, standard_map)
    sbg_books = write_sbg_pages(rulebook.errata, terms)
    write_rules_index(rulebook, sbg_books, standard_map)
    books = [(document, RULEBOOK_TITLE, RULEBOOK_CITE)] + [
        (book.document, book.text.edition, book.text.cite) for book in sbg_books
    ]
    (paths.DOCS / RULES_TXT).write_text(generated_text(rules_text(EDITION, books, rulebook.errata)), encoding="utf-8")
    write_page(paths.DOCS / COMPARISON_PATH, comparison_markdown(standard_map, renderer.hrefs.__getitem__))
    write_ruling_data(books, rulebook.errata)
    write_about_data(
        [source_entry(d, title, cite, rulebook.errata, rulebook.coverage) for d, title, cite in books],
        load_changelog(paths.SOURCES / CHANGELOG_FILE, {b.id for d, _, _ in books for b in d.blocks}, __version__),
    )
    write_search_sections(document, sbg_books)  # search: where each section sits
    write_glossary_and_turn_summary(rulebook, sbg_books, standard_map)
    check_composed_texts(
        {
            block.id: block.text
            for document in [rulebook.document, *(b.document for b in sbg_books)]
            for block in document.blocks
        }
    )  # hints, labels, page sentences, section links

    def section_link(key: str | None) -> str | None:
        section = sections.get(key)
        # The coverage page lives in rules/ too, so a bare file name links there.
        return f"[{nav_title(section)}]({page_path(section).removeprefix('rules/')})" if section else None

    def block_for_line(source: str, line: int):
        return rulebook.block_for_line(source, line) or sbg_block_for_line(sbg_books, source, line)

    sbg_texts = [(book.text.title, book.document.source) for book in sbg_books]
    write_page(
        paths.DOCS / COVERAGE_PATH,
        coverage_markdown(
            document, rulebook.errata, rulebook.coverage, rulebook.page_refs, block_for_line, section_link
        )
        + "\n"
        + sbg_coverage_markdown(sbg_texts, rulebook.coverage),
    )


def write_whole_rulebook(rulebook: Rulebook, page_link, standard_map: StandardMap) -> None:
    """The whole rulebook on one page to print, and the printed pages' running heads."""
    document = rulebook.document
    printer = PageRenderer(
        document,
        rulebook.errata,
        document.marks,
        page_link,
        standard_map=standard_map,
        hrefs=in_page_hrefs(document),
        erratum_notes=True,
    )
    write_page(paths.DOCS / WHOLE_RULEBOOK_PATH, whole_rulebook_markdown(document, printer, EDITION, url_scheme()))
    (paths.DOCS / PRINT_PAGES_CSS).write_text(generated_css(print_pages_css(document, EDITION)), encoding="utf-8")


def write_sbg_pages(errata: list[Erratum], terms: list[Term]) -> list[SbgBook]:
    """The Strategy Battle Game texts: one page of numbered rules each, beside the rulebook's."""
    books = load_sbg_books(errata)
    for book in books:
        links = glossary_links(terms, book.document.blocks, "SBG", errata)
        write_page(paths.DOCS / book.text.page, SbgPageRenderer(book, errata, links).page_markdown())
    return books


def glossary_links(
    terms: list[Term], blocks: list, game: str, errata: list[Erratum]
) -> dict[str, list[tuple[str, str]]]:
    """rule id -> (term, link to its entry from a generated page in rules/) for the terms it defines."""
    page = GLOSSARIES[game][0]
    game_terms = [t for t in terms if t.game == game]
    return {
        rule_id: [(term.term, f"../{page}#{term.anchor}") for term in defined]
        for rule_id, defined in defining_rule_links(game_terms, blocks, errata).items()
    }


def write_glossary_and_turn_summary(rulebook: Rulebook, sbg_books: list[SbgBook], standard_map: StandardMap) -> None:
    blocks = rulebook.document.blocks
    terms = load_terms(paths.SOURCES)
    scheme = url_scheme()
    pages = {block.id: page_path(section) for section in rulebook.document.sections for block in section.blocks}
    url_of = lambda rule_id: f"{scheme.page_url(pages[rule_id])}#{rule_anchor(rule_id)}"  # noqa: E731
    # the Standard changes to each term's defining rules: on its pop-up card and in its entry
    standard = standard_lines(terms, standard_map, url_of)
    write_definitions(terms, standard=standard)  # the pop-ups' definitions, one file for the site
    games = {"MELE": blocks, "SBG": [b for book in sbg_books for b in book.document.blocks]}
    for game, game_blocks in games.items():
        game_terms = [t for t in terms if t.game == game]
        check_terms_against_rules(game_terms, {b.id: b.text for b in game_blocks})
        page, title, intro = GLOSSARIES[game]
        print_css = stylesheet_href(scheme, page) if game == "MELE" else None
        write_page(
            paths.DOCS / page,
            glossary_markdown(game_terms, used_in(game_terms, game_blocks), game, title, intro, standard, print_css),
        )
    phases = load_turn_summary(paths.SOURCES / "turn-summary.yaml", {b.id: b.text for b in blocks})
    (paths.DOCS / TURN_SUMMARY_PATH).parent.mkdir(exist_ok=True)
    write_page(paths.DOCS / TURN_SUMMARY_PATH, turn_summary_markdown(phases, printable=False))
    write_page(paths.DOCS / PRINT_PATH, turn_summary_markdown(phases, printable=True))
    write_page(paths.DOCS / CARD_PATH, reference_card_markdown(phases))


def write_rules_index(rulebook: Rulebook, sbg_books: list[SbgBook], standard_map: StandardMap) -> None:
    entries = index_entries(rulebook.document, page_path)
    for book in sbg_books:
        entries += index_entries(book.document, lambda _section, page=book.text.page: page)
    for entry in entries:  # each rule's game and its links to the other game's rules (standard_game/)
        entry.update(rule_fields(entry["id"], entry["text"], standard_map))
    paths.BUILD.mkdir(exist_ok=True)
    paths.RULES_INDEX.write_text(json.dumps(entries, ensure_ascii=False, indent=1), encoding="utf-8")


PUBLIC_FIELDS = (
    "id",
    "kind",
    "url",
    "section",
    "heading",
    "text",
    "original_text",
    "source",
    "first_line",
    "last_line",
    "errata",
    "game",
    "standard_kind",
    "changes",
    "changed_by",
    "standard_missing",
)


RULES_SCHEMA = "rules.schema.json"  # docs/rules.schema.json: what each field of rules.json holds


def write_rules_json(site_dir: Path, mkdocs_config: Path = paths.MKDOCS_CONFIG) -> None:
    """site/rules.json: the edition (version, build date) and every rule with its URL from the site
    root, in the site's URL style; docs/rules.schema.json describes it."""
    entries = json.loads(paths.RULES_INDEX.read_text(encoding="utf-8"))
    index = RuleIndex.load(paths.RULES_INDEX, url_scheme(mkdocs_config))
    public = [{k: index.site_url(e["id"]) if k == "url" else e[k] for k in PUBLIC_FIELDS} for e in entries]
    data = {"schema": RULES_SCHEMA, "version": EDITION["version"], "built": EDITION["built"], "rules": public}
    (site_dir / "rules.json").write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def write_page_indexes(site_dir: Path = paths.SITE) -> None:
    """What follows from the rules and the built pages: rules.json and the search index (before the
    service worker hashes them)."""
    write_rules_json(site_dir)
    write_search_index(site_dir, GLOSSARY_PAGES)


def postbuild(site_dir: Path = paths.SITE) -> None:
    write_page_indexes(site_dir)
    vendor_pyodide(site_dir)  # calculators: the pinned Pyodide runtime, checked against package-lock.json
    with Compression(site_dir) as compression:  # gzip and Brotli copies for the server
        compression.start([site_dir / RUNTIME_DIR / name for name in CORE_FILES])  # the longest, meanwhile
        write_wheel(site_dir)  # calculators: the engine as a wheel for Pyodide
        # --- offline, fast start, first visit over a phone network ---
        write_trimmed_stdlib(site_dir)  # calculators: only the standard library the engine imports
        write_snapshot(site_dir)  # calculators: Python and the engine started, restored on later visits
        compression.finish()  # every file's copies (and so their sizes, for the manifest)
    write_engine_manifest(site_dir)  # calculators: the engine's files, sizes and revisions
    seal(site_dir)


def seal(site_dir: Path) -> dict:
    """The build's last step, also taken by a deploy that changes a page: the offline list
    over every file, then the gzip copies a server sends (of the changed pages too)."""
    offline = write_service_worker(site_dir)  # offline: lists and hashes every file of the site
    precompress(site_dir)  # the files written since (sw.js, offline.json, the manifest)
    return offline


COMMANDS = {"prebuild": prebuild, "postbuild": postbuild}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in COMMANDS or len(argv) > (2 if argv[0] == "postbuild" else 1):
        print(f"usage: python -m build_scripts {{{'|'.join(COMMANDS)}}}  (postbuild [SITE_DIR])", file=sys.stderr)
        return 2
    started = time.perf_counter()
    COMMANDS[argv[0]](*(Path(arg) for arg in argv[1:]))
    print(f"build_scripts {argv[0]}: done in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    return 0
