"""make serve's quick pass and the whole build aside (devtools/quick_pass.py), without
running mkdocs: when the quick pass may run, which pages a dirty build reads again and which titles
it is given for the others, prebuild's kept times, and the whole build taking site/'s place."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from build_scripts import incremental
from build_scripts.incremental import KeepingTimes, Stamp, files_under, fingerprint
from devtools import quick_pass
from devtools.quick_pass import (
    built_title,
    html_path,
    modified_pages,
    nav_pages,
    quick_refusal,
    quick_titles,
    titled_nav,
)

WHOLE = Stamp(
    {"docs/glossary.md": "a", "build/rules-index.json": "b", "build_scripts/steps.py": "c", "python": "3.11"},
    {"site/index.html": [10, 1], "site/glossary/index.html": [20, 1]},
)
QUICK = Stamp({}, {"site/index.html": [10, 1], "site/glossary/index.html": [21, 2]})
NAV = [
    {"Home": "index.md"},
    {"Rules": ["rules/1-5-characters-companies.md", {"Combat": "rules/1-7-combat.md"}]},
    {"Turn Summary": ["turn-summary/index.md", "turn-summary-print.md"]},
    "glossary.md",
]
SITE_NAME = "Middle-earth Rules Reference"


@pytest.mark.parametrize(
    "inputs",
    [
        {**WHOLE.inputs, "docs/glossary.md": "a2"},  # a page's source
        {**WHOLE.inputs, "build/rules-index.json": "b2", "docs/new.md": "n"},  # what prebuild wrote, a new page
        {**WHOLE.inputs, "sources/glossary.yaml": "g2"},  # a source the Markdown extensions read too
        WHOLE.inputs,
    ],
)
def test_the_quick_pass_runs_when_only_the_pages_sources_changed(inputs):
    assert quick_refusal(WHOLE, None, inputs, WHOLE.outputs) is None
    assert quick_refusal(WHOLE, QUICK, inputs, QUICK.outputs) is None  # on top of an earlier quick pass


@pytest.mark.parametrize(
    ("inputs", "named"),
    [
        ({**WHOLE.inputs, "build_scripts/steps.py": "c2"}, "build_scripts/steps.py"),  # the build's code
        ({**WHOLE.inputs, "overrides/main.html": "t"}, "overrides/main.html"),  # a template
        ({**WHOLE.inputs, "mkdocs.yml": "m"}, "mkdocs.yml"),
        ({**WHOLE.inputs, "python": "3.12"}, "python"),  # a setting
    ],
)
def test_the_quick_pass_is_refused_when_more_than_pages_changed(inputs, named):
    assert quick_refusal(WHOLE, None, inputs, WHOLE.outputs) == f"{named} changed"


def test_the_quick_pass_is_refused_on_a_site_it_does_not_know():
    assert quick_refusal(None, None, WHOLE.inputs, WHOLE.outputs) == "no stamp of a whole build"
    touched = {**WHOLE.outputs, "site/glossary/index.html": [20, 9]}  # a hand-run mkdocs, a test's build
    refusal = "site/ is neither the last whole build nor the last quick pass"
    assert quick_refusal(WHOLE, QUICK, WHOLE.inputs, touched) == refusal
    assert quick_refusal(WHOLE, None, WHOLE.inputs, QUICK.outputs) == refusal  # a quick pass with no record


def test_the_pages_of_the_navigation_and_where_they_are_built():
    assert nav_pages(NAV) == [
        "index.md",
        "rules/1-5-characters-companies.md",
        "rules/1-7-combat.md",
        "turn-summary/index.md",
        "turn-summary-print.md",
        "glossary.md",
    ]
    assert html_path("index.md") == "index.html"
    assert html_path("turn-summary/index.md") == "turn-summary/index.html"
    assert html_path("rules/1-7-combat.md") == "rules/1-7-combat/index.html"


def test_a_title_is_read_from_the_page_as_mkdocs_wrote_it():
    page = f"<head><title>1.5 Characters &amp; Companies - {SITE_NAME}</title></head>"
    assert built_title(page, SITE_NAME) == "1.5 Characters & Companies"
    assert built_title(f"<title>{SITE_NAME}</title>", SITE_NAME) is None  # a page with no title of its own
    assert built_title("<p>no head</p>", SITE_NAME) is None


def test_titles_are_written_in_only_where_the_navigation_has_none():
    titles = {"rules/1-5-characters-companies.md": "1.5 Characters & Companies", "glossary.md": "Glossary"}
    assert titled_nav(NAV, titles) == [
        {"Home": "index.md"},
        {
            "Rules": [
                {"1.5 Characters & Companies": "rules/1-5-characters-companies.md"},
                {"Combat": "rules/1-7-combat.md"},
            ]
        },
        {"Turn Summary": ["turn-summary/index.md", "turn-summary-print.md"]},
        {"Glossary": "glossary.md"},
    ]


def built_site(tmp_path: Path) -> tuple[Path, Path]:
    """docs/ and site/ for NAV, every page built after its source was written."""
    docs, site = tmp_path / "docs", tmp_path / "site"
    for number, page in enumerate(nav_pages(NAV)):
        (docs / page).parent.mkdir(parents=True, exist_ok=True)
        (docs / page).write_text(f"# Page {number}\n")
        os.utime(docs / page, ns=(1, 1_000_000_000))
        (site / html_path(page)).parent.mkdir(parents=True, exist_ok=True)
        (site / html_path(page)).write_text(f"<title>Page {number} - {SITE_NAME}</title>")
        os.utime(site / html_path(page), ns=(1, 2_000_000_000))
    return docs, site


def test_a_page_whose_source_is_newer_than_its_html_is_read_again_and_keeps_its_own_title(tmp_path):
    """The edited page's title comes from its new heading, never from its old HTML: only the pages
    the dirty build does not read get a title written in."""
    docs, site = built_site(tmp_path)
    os.utime(docs / "glossary.md", ns=(1, 3_000_000_000))  # edited since it was built
    (site / "turn-summary-print" / "index.html").unlink()  # never built
    pages = nav_pages(NAV)
    assert modified_pages(pages, docs, site) == {"glossary.md", "turn-summary-print.md"}
    titles = quick_titles(NAV, SITE_NAME, site=site, docs=docs)
    assert "glossary.md" not in titles and "turn-summary-print.md" not in titles
    assert titles["rules/1-7-combat.md"] == "Page 2"
    assert titles["index.md"] == "Page 0"


def test_no_titles_when_an_unread_page_has_none(tmp_path):
    docs, site = built_site(tmp_path)
    (site / "rules" / "1-7-combat" / "index.html").write_text("<p>a page without its head</p>")
    os.utime(site / "rules" / "1-7-combat" / "index.html", ns=(1, 2_000_000_000))
    assert quick_titles(NAV, SITE_NAME, site=site, docs=docs) is None


def test_prebuild_gives_an_unchanged_file_its_time_back_and_still_owns_it(tmp_path):
    """mkdocs --dirty reads a page again when its source is newer than its HTML: a page prebuild
    wrote again word for word must not look newer, yet stays prebuild's (the stamp lists it)."""
    out = tmp_path / "out"
    out.mkdir()
    for name, text in (("same.md", "same"), ("edited.md", "old")):
        (out / name).write_text(text)
        os.utime(out / name, ns=(1, 1_000_000_000))

    def rewrite_all(_reads):
        (out / "same.md").write_text("same")
        (out / "edited.md").write_text("new")
        (out / "new.md").write_text("born")

    keeping = KeepingTimes(rewrite_all, lambda: files_under(out), root=tmp_path)
    before = fingerprint(files_under(out), root=tmp_path)
    keeping.run()
    after = fingerprint(files_under(out), root=tmp_path)
    assert (out / "same.md").stat().st_mtime_ns == 1_000_000_000
    assert (out / "edited.md").stat().st_mtime_ns > 1_000_000_000
    assert keeping.outputs(before, after) == {
        name: after[name] for name in ("out/edited.md", "out/new.md", "out/same.md")
    }


@pytest.fixture
def aside(tmp_path, monkeypatch) -> Path:
    """site/ (a quick pass's), build/site-next/ (the whole build) and their stamps, in tmp_path."""
    monkeypatch.setattr(incremental.paths, "ROOT", tmp_path)
    monkeypatch.setattr(incremental.paths, "SITE", tmp_path / "site")
    monkeypatch.setattr(quick_pass, "NEXT_SITE", tmp_path / "build" / "site-next")
    monkeypatch.setattr(quick_pass, "OLD_SITE", tmp_path / "build" / "site-old")
    monkeypatch.setattr(incremental, "STAMPS", tmp_path / "build" / "stamps")
    for site, glossary in (("site", "quick"), ("build/site-next", "whole")):
        (tmp_path / site / "glossary").mkdir(parents=True)
        (tmp_path / site / "index.html").write_text("home")
        (tmp_path / site / "glossary" / "index.html").write_text(glossary)
    incremental.write_stamp(quick_pass.QUICK, QUICK)
    return tmp_path


def test_nothing_to_adopt_without_a_whole_build_aside(aside):
    assert quick_pass.adopt_next_site() is None
    assert (aside / "site" / "glossary" / "index.html").read_text() == "quick"


def test_the_whole_build_takes_site_s_place_with_its_stamp(aside):
    pending = Stamp(WHOLE.inputs, {"site/index.html": [4, 1], "site/glossary/index.html": [5, 1]})
    incremental.write_stamp(quick_pass.PENDING, pending)
    assert quick_pass.adopt_next_site() == ["glossary/index.html"]  # what the quick pass had otherwise
    assert (aside / "site" / "glossary" / "index.html").read_text() == "whole"
    assert not (aside / "build" / "site-next").exists() and not (aside / "build" / "site-old").exists()
    assert incremental.read_stamp("site") == pending
    assert incremental.read_stamp(quick_pass.PENDING) is None
    assert incremental.read_stamp(quick_pass.QUICK) is None  # site/ is the whole build now
