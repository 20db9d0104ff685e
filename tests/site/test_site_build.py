"""The built site: nothing lost, numbers stable, links sound, no other hosts."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse

import pytest

from build_scripts.model.load import load_rulebook
from tests.support.site import ROOT, broken_links, content_text, normalise, soup_of

GOLDEN = ROOT / "tests" / "golden" / "mele-rule-ids.tsv"


@pytest.fixture(scope="module")
def rulebook():
    return load_rulebook()


@pytest.fixture(scope="module")
def built_text(site: Path) -> str:
    pages = sorted((site / "rules").glob("*/index.html"))
    assert len(pages) >= 23
    return "\n".join(normalise(content_text(soup_of(p))) for p in pages)


def first_words(text: str, count: int = 6) -> str:
    return " ".join(text.split()[:count])


def test_every_source_line_appears_with_errata_applied(rulebook, built_text):
    """A line that a format erratum splits into two rules (lines 93 and 931) is checked by part:
    an editor's note may stand between the parts."""
    parts: dict[int, list[str]] = {}
    for block in rulebook.document.blocks:
        if block.first_line == block.last_line:
            parts.setdefault(block.first_line, []).append(block.text)
    missing = [
        (number, text)
        for number, line in rulebook.document.shown_lines.items()
        for text in (parts[number] if len(parts.get(number, [])) > 1 else [line])
        if normalise(text) not in built_text
    ]
    assert not missing, f"{len(missing)} source lines are not on any built page, first: {missing[:3]}"


def test_contents_lines_are_on_the_coverage_page(rulebook, site):
    coverage = normalise(content_text(soup_of(site / "rules" / "errata-and-coverage" / "index.html")))
    for span in rulebook.document.contents:
        assert normalise(span.text) in coverage, span


def test_rule_ids_match_the_golden_file(rules):
    published = {}
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        rule_id, words = line.split("\t")
        published[rule_id] = words
    current = {r["id"]: first_words(r["text"]) for r in rules if r["source"] == "mele-rulebook.txt"}
    changed = {i: (w, current.get(i)) for i, w in published.items() if current.get(i) != w}
    assert not changed, f"published rule ids changed meaning: {list(changed.items())[:5]}"
    assert set(current) == set(published), "new or removed rule ids: update the golden file on purpose"


def test_rules_json_ids_are_unique_and_anchors_exist(site, rules):
    counts = Counter(r["id"] for r in rules)
    assert [i for i, n in counts.items() if n > 1] == []
    anchors_by_page: dict[str, set[str]] = {}
    for rule in rules:
        page, _, anchor = rule["url"].partition("#")
        if page not in anchors_by_page:
            anchors_by_page[page] = {el["id"] for el in soup_of(site / page / "index.html").select("[id]")}
        assert anchor in anchors_by_page[page], rule["id"]
        assert set(rule) >= {"id", "kind", "url", "text", "original_text"}


def test_rules_json_matches_the_numbering_scheme(rules):
    for rule in (r for r in rules if r["source"] == "mele-rulebook.txt"):  # SBG ids: tests/site/test_sbg_site.py
        assert re.fullmatch(r"[012]\.\d+\.\d+", rule["id"]), rule["id"]
        assert rule["url"].endswith("#r" + rule["id"].replace(".", "-"))
    kinds = {r["kind"] for r in rules}
    assert kinds >= {
        "paragraph",
        "bullet",
        "item",
        "table",
        "note",
        "clarification",
        "example",
        "suggestion",
        "exception",
    }


def test_internal_links_and_anchors_resolve(site):
    broken = broken_links(site)
    assert not broken, broken[:10]


def _own_files(site: Path) -> list[Path]:
    """Pages and the project's own CSS/JS. Material's bundle names a CDN for
    Mermaid diagrams, which it only loads for pages that have one (none here);
    the browser tests check that no request leaves 127.0.0.1."""
    own = [
        p
        for p in site.rglob("*")
        if p.suffix in (".css", ".js")
        and "bundle." not in p.name
        and "/lunr/" not in str(p)
        and "/workers/" not in str(p)
    ]
    return list(site.rglob("*.html")) + own


def test_no_page_references_another_host(site):
    offenders = []
    for page in _own_files(site):
        text = page.read_text(encoding="utf-8", errors="replace")
        soup = soup_of(page) if page.suffix == ".html" else None
        if soup:
            for el in soup.select("[src], link[href], script[src]"):
                url = el.get("src") or el.get("href")
                if urlparse(url).scheme in ("http", "https") and urlparse(url).hostname not in (
                    "127.0.0.1",
                    "localhost",
                ):
                    offenders.append((str(page.relative_to(site)), url))
        for m in re.finditer(r"@import\s+url\([\"']?https?://|fonts\.googleapis|cdn\.jsdelivr|unpkg\.com", text):
            offenders.append((str(page.relative_to(site)), m.group(0)))
    assert not offenders, offenders[:10]


def test_every_erratum_is_shown_where_it_applies(site, rulebook):
    html = "\n".join(
        p.read_text(encoding="utf-8")
        for p in (site / "rules").glob("*/index.html")
        if "errata-and-coverage" not in str(p)
    )
    for erratum in rulebook.errata:
        assert f'data-erratum="{erratum.id}"' in html or f'id="{erratum.anchor}"' in html, erratum.id
        if erratum.note:
            assert f'id="{erratum.anchor}"' in html, f"editor's note {erratum.id} is not beside its rule"


def test_corrections_keep_the_original_text_on_hover(site):
    soup = soup_of(site / "rules" / "1-6-movement" / "index.html")
    corrected = soup.select_one('ins.erratum[data-erratum="C1"]')
    assert corrected.get_text() == "Shadow-holds"
    assert corrected["data-original"] == "S`adow-holds" or "S`adow" in corrected["data-original"]


def test_boxes_are_admonitions_of_distinct_kinds(site):
    soup = soup_of(site / "rules" / "1-7-combat" / "index.html")
    assert soup.select_one("#r1-7-11.admonition.info .admonition-title").get_text().startswith("Clarification")
    assert soup.select_one("#r1-7-45.admonition.example")
    kinds = {"note": "note", "clarification": "info", "example": "example", "suggestion": "tip", "exception": "warning"}
    types = set(kinds.values())
    assert len(types) == 5


def test_tables_are_real_tables(site):
    combat = soup_of(site / "rules" / "1-7-combat" / "index.html")
    rows = combat.select("#r1-7-20 table tbody tr")
    assert [r.select("td")[1].get_text() for r in rows] == ["-1", "-2", "-3", "-1", "varies", "varies", "varies"]
    movement = soup_of(site / "rules" / "1-6-movement" / "index.html")
    badges = [b.get_text() for b in movement.select("#r1-6-27 .badge--site")]
    assert badges == ["DH", "F", "B", "R", "S", "D"]
    victory = soup_of(site / "rules" / "2-1-the-victory-conditions" / "index.html")
    wendy = victory.select("#r2-1-12 table")[0]
    assert wendy.select("tbody tr")[-1].get_text(" ").split() == ["Total", "20", "25"]
    influence = soup_of(site / "rules" / "1-5-characters-companies" / "index.html")
    assert len(influence.select("#r1-5-30 table")) == 2


def test_search_index_holds_rule_numbers(site):
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    text = " ".join(doc["text"] for doc in index["docs"])
    assert "1.7.24" in text


def test_site_loads_no_web_fonts(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis" not in html and "fonts.gstatic" not in html


def test_no_inline_scripts_so_a_strict_csp_works(site):
    """script-src 'self' (README, "Deploying") forbids inline scripts and handlers."""
    offenders = []
    for page in site.rglob("*.html"):
        soup = soup_of(page)
        for script in soup.select("script"):
            if not script.get("src") and script.get("type") not in ("application/json",):
                offenders.append((str(page.relative_to(site)), script.get_text()[:60]))
        for el in soup.find_all(True):
            if any(attr.startswith("on") for attr in el.attrs):
                offenders.append((str(page.relative_to(site)), el.name))
    assert not offenders, offenders[:5]


def static_imports(module: Path) -> set[Path]:
    """The modules `module` imports, and theirs (relative `import ... from "./<name>.js"` only)."""
    found: set[Path] = set()
    todo = [module]
    while todo:
        current = todo.pop()
        for name in re.findall(r'^import [^;]*? from "(\.{1,2}/[^"]+)";', current.read_text(encoding="utf-8"), re.M):
            imported = (current.parent / name).resolve()
            if imported not in found:
                found.add(imported)
                todo.append(imported)
    return found


def test_a_calculator_page_starts_every_download_of_its_calculator_code_at_once(site):
    """calculators/calculator-page.js imports calculator.js only on a page with a calculator, so that the other
    pages do not download it; a calculator page names it and each module it imports in its head
    (overrides/partials/engine-files.html), unless a script of the page imports it already, so
    none waits for the one before it."""
    javascripts = (site / "assets" / "javascripts").resolve()
    calculator = javascripts / "calculators" / "calculator.js"
    page = site / "calculators" / "strike" / "index.html"
    soup = soup_of(page)
    scripts = {(page.parent / tag["src"]).resolve() for tag in soup.select('script[type="module"][src]')}
    preloaded = {(page.parent / tag["href"]).resolve() for tag in soup.select('link[rel="modulepreload"]')}
    loaded = scripts | preloaded | {imported for script in scripts for imported in static_imports(script)}
    needed = {calculator, *static_imports(calculator)}
    assert needed - loaded == set(), sorted(str(path.relative_to(javascripts)) for path in needed - loaded)


def test_a_calculator_page_starts_the_engine_without_waiting_on_an_import(site):
    """engine-start.js starts the engine from the page's head; every module it needs is named there
    (overrides/partials/engine-start.html), so that the worker is not created one round trip per
    import later."""
    javascripts = (site / "assets" / "javascripts").resolve()
    page = site / "calculators" / "strike" / "index.html"
    preloaded = {(page.parent / tag["href"]).resolve() for tag in soup_of(page).select('link[rel="modulepreload"]')}
    needed = static_imports(javascripts / "calculators" / "engine-start.js")
    assert needed - preloaded == set(), sorted(str(path.relative_to(javascripts)) for path in needed - preloaded)


def test_a_calculator_page_starts_the_engine_before_its_stylesheets_and_classic_scripts(site):
    """The head is read on past a classic script only once every stylesheet above it has come: the
    engine's start (an async module, which waits for neither) stands above both, with the modules
    it imports, so that the worker starts while the page's styles load."""
    javascripts = (site / "assets" / "javascripts").resolve()
    needed = {path.name for path in static_imports(javascripts / "calculators" / "engine-start.js")}
    for page in sorted((site / "calculators").glob("*/index.html")):
        head = soup_of(page).head
        tags = head.select('link[rel="stylesheet"], script, link[rel="modulepreload"]')
        start = next(i for i, tag in enumerate(tags) if (tag.get("src") or "").endswith("calculators/engine-start.js"))
        blocking = [tag for tag in tags if tag.name == "link" and "stylesheet" in tag["rel"]]
        blocking += [tag for tag in tags if tag.name == "script" and tag.get("type") != "module"]
        assert blocking and all(tags.index(tag) > start for tag in blocking), page.parent.name
        above = {(tag.get("href") or "").rsplit("/", 1)[-1] for tag in tags[:start]}
        assert needed <= above, (page.parent.name, sorted(above))


def test_no_rule_page_shows_the_escape_of_a_numbered_item(site):
    """A numbered list item ("2. If you move ...") was escaped as "2.\\ If", which printed the backslash."""
    for page in sorted((site / "rules").glob("*/index.html")):
        text = soup_of(page).select_one("article").get_text()
        assert "\\ " not in text, page.parent.name
    item = soup_of(site / "rules/1-1-the-victory-conditions/index.html").select_one("#r1-1-3 p")
    assert item.get_text().startswith("2. If you move The One Ring")
