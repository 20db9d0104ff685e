"""Nothing in the product belongs to one generator: what the post-build, the page scripts, the
site's pages and stylesheets and the overrides assume of the generator's HTML, JavaScript and CSS
is listed here once, and each is checked against the MkDocs (Material) build and the Zensical
build. A newer Material or Zensical that drops one fails here, naming it and who relies on it;
a use of the theme's names the lists below lack fails too, so the lists stay whole."""

from __future__ import annotations

import functools
import re
import subprocess
from pathlib import Path

import pytest

from build_scripts.generator import GENERATORS, MKDOCS, ZENSICAL
from tests.support.site import ROOT, soup_of

RULE_PAGE = Path("rules") / "1-7-combat" / "index.html"
CALCULATOR_PAGE = Path("calculators") / "strike" / "index.html"

# The generator's elements that the post-build and the page scripts find in a page: a selector
# that must match on a rule page, and who finds it.
FOUND_IN_THE_PAGE = {
    "article.md-content__inner": "the page's text: the search index (build_scripts/search/built_pages.py), "
    "the glossary marks (glossary.js), the reading setting's notes (game/reading-control.js)",
    ".md-header": "the sticky header the message area and a calculator's answer keep clear of "
    "(message-area.js, calculators/keep-clear.js)",
    ".md-header__inner": "where the ruling tray's button goes (ruling/tray.js)",
    ".md-typeset h2[id]": "the heading above a rule a link led to (search/rule-target.js)",
    'a.md-nav__link[href$="glossary/"]': "the navigation's glossary link, marked by the glossary setting (glossary.js)",
    "body[data-md-color-scheme]": "the palette the site's colours key on (docs/assets/stylesheets/)",
    "[data-md-color-media][data-md-color-scheme][data-md-color-primary][data-md-color-accent]": "the palette's "
    "inputs the saved palette is read from (theme/md-palette.js)",
    "[data-md-component=header]": "the header the site's header partial draws, as the theme's bundle finds it",
}

# The theme's classes the site gives its own elements (buttons, the tray, the search box) or
# selects in its stylesheets: each must still be one the theme's stylesheet draws.
THEME_CLASSES = {
    "md-button": "buttons of the calculators, the ruling sheet, the offline copy and the reference card",
    "md-button--primary": "a calculator's and the ruling tray's main button",
    "md-typeset": "the ruling tray's text; the rules' and calculators' styles",
    "md-icon": "the search and ruling tray buttons' icons",
    "md-header": "the sticky header; left off a printed sheet",
    "md-header__inner": "the header's row",
    "md-header__button": "the search, Reading as and ruling tray buttons in the header",
    "md-header__topic": "the page title in the header, wrapped on a phone",
    "md-header__title": "the title band of the header, where Back to top takes the title's place (back-to-top.js)",
    "md-ellipsis": "the page title in the header, wrapped on a phone",
    "md-nav__link": "navigation links, 24 px tall; the glossary's link",
    "md-footer-meta": "the footer's copyright line, in a readable colour",
    "md-copyright": "the footer's copyright line, in a readable colour",
    "md-top": "Back to top, in the header's band",
    "md-tooltip": "the theme's tooltips, hidden on a touch screen",
    "md-tooltip2": "the theme's newer tooltips, hidden on a touch screen",
    "md-content": "a printed sheet is the page alone",
    "md-content__inner": "a printed sheet is the page alone",
    "md-content__button": "a printed sheet is the page alone",
    "md-main__inner": "a printed sheet is the page alone",
    "md-grid": "a printed sheet is the page alone",
    "md-sidebar": "a printed sheet is the page alone",
    "md-tabs": "a printed sheet is the page alone",
    "md-footer": "a printed sheet is the page alone",
    "md-source-file": "a printed sheet is the page alone",
    "md-banner": "a printed sheet is the page alone",
    "md-dialog": "a printed sheet is the page alone",
    "md-typeset__scrollwrap": "a printed book's tables at their full width",
    "md-typeset__table": "a printed book's tables at their full width",
}

# What the page scripts take from the theme's bundle (window globals): each build's bundle must set it.
BUNDLE_GLOBALS = {
    "document$": "every page script's start on each page, instant navigation included",
    "target$": "an anchor followed on the same page (search/rule-target.js)",
}

# The theme's inline start-up script, a file of the site's for the Content-Security-Policy
# (theme/md-scope.js): it must define every __md_ helper the theme's bundle calls.
SCOPE_SCRIPT = ROOT / "docs" / "assets" / "javascripts" / "theme" / "md-scope.js"

# Every file under overrides/ and the mark it leaves in a built page (a selector). The theme's own
# templates replaced, and the site's own partials they include.
OVERRIDES = {
    "main.html": ('head link[rel="manifest"]', 'head script[type=module][src$="assets/javascripts/game/setting.js"]'),
    "partials/header.html": ("header.md-header #reading-as", "header.md-header [data-rule-search]"),
    "partials/javascripts/base.html": ('script[src$="assets/javascripts/theme/md-scope.js"][data-scope]',),
    "partials/javascripts/content.html": ('script[src$="assets/javascripts/theme/md-content.js"]',),
    "partials/javascripts/palette.html": ('script[src$="assets/javascripts/theme/md-palette.js"]',),
    "partials/app-install.html": ('head link[rel="apple-touch-icon"]', 'head meta[name="theme-color"][media]'),
    "partials/engine-start.html": ('head script[type=module][src$="calculators/engine-start.js"]',),
    "partials/engine-files.html": ('head link[rel="modulepreload"][href$="calculators/calculator.js"]',),
    "partials/reading-as.html": ("button#reading-as",),
    "partials/rule-search.html": ("[data-rule-search] input[name=query]", "button[data-rule-search-open]"),
    "partials/copyright.html": (".md-copyright .edition-line a.edition-line__about",),
}
OVERRIDES_ON_THE_CALCULATOR_PAGE = {
    "partials/engine-start.html",
    "partials/engine-files.html",
}  # marks on calculator pages only
# Each generator's theme templates, where an override replaces a file of the same path.
THEME_TEMPLATES = {
    MKDOCS: Path(__import__("material").__file__).parent / "templates",
    ZENSICAL: Path(__import__("zensical").__file__).parent / "templates",
}
OVERRIDDEN_BLOCKS = {"main.html": ("extrahead",)}  # the blocks of base.html main.html fills

SERVICE_WORKER = ROOT / "build_scripts" / "postbuild" / "offline" / "service_worker.mjs"
SERVICE_WORKER_FALLBACK = ROOT / "build_scripts" / "postbuild" / "offline" / "service_worker_site.js"

CLASS = re.compile(r"(?<![\w-])md-[a-z0-9]+(?:(?:__|--|-)[a-z0-9]+)*(?![\w-])")
GLOBAL = re.compile(r"(?:window|globalThis)\.([A-Za-z_]\w*\$)")
SCOPE_HELPER = re.compile(r"__md_[a-z]+")
CSS_VARIABLE = re.compile(r"var\((--md-[a-z0-9-]+)")


def tracked(*patterns: str) -> list[Path]:
    """The project's own files (the generated pages are git-ignored), by git pathspec."""
    listed = subprocess.run(["git", "ls-files", "--", *patterns], cwd=ROOT, capture_output=True, text=True, check=True)
    return [ROOT / name for name in listed.stdout.split()]


def product_files() -> list[Path]:
    """What ships or writes what ships: the page scripts, the site's stylesheets and hand-written
    pages, the build's and the calculators' views' code, and the site's own partials."""
    own_partials = [ROOT / "overrides" / name for name in OVERRIDES if not (THEME_TEMPLATES[MKDOCS] / name).exists()]
    return (
        tracked("docs/*.js", "docs/*.mjs", "docs/*.css", "docs/*.md")
        + tracked("build_scripts/*.py", "build_scripts/*.js", "build_scripts/*.mjs", "calculators/views/*.py")
        + own_partials
    )


@functools.cache
def product_text() -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in product_files()}


def used(pattern: re.Pattern) -> dict[str, list[str]]:
    """Each name `pattern` finds in the product -> the files it is in."""
    found: dict[str, list[str]] = {}
    for path, text in product_text().items():
        for name in {m.group(1) if pattern.groups else m.group(0) for m in pattern.finditer(text)}:
            found.setdefault(name, []).append(path.relative_to(ROOT).as_posix())
    return found


def page_classes_in_selectors() -> set[str]:
    return {name for selector in FOUND_IN_THE_PAGE for name in CLASS.findall(selector)}


# --- the lists are whole ---------------------------------------------------------------------


def test_every_theme_class_the_product_uses_is_listed_and_every_listed_one_is_used():
    in_product = used(CLASS)
    listed = set(THEME_CLASSES) | page_classes_in_selectors()
    assert {name: files for name, files in in_product.items() if name not in listed} == {}
    assert sorted(set(THEME_CLASSES) - set(in_product)) == [], "listed but no longer used: remove"


def test_every_global_of_the_theme_the_page_scripts_use_is_listed():
    in_product = used(GLOBAL)
    assert sorted(set(in_product) - set(BUNDLE_GLOBALS)) == []
    assert sorted(set(BUNDLE_GLOBALS) - set(in_product)) == [], "listed but no longer used: remove"


def test_every_file_under_overrides_is_listed_with_its_mark():
    files = {path.relative_to(ROOT / "overrides").as_posix() for path in (ROOT / "overrides").rglob("*.html")}
    assert files == set(OVERRIDES)


# --- each holds in both builds -----------------------------------------------------------------


@pytest.fixture(params=GENERATORS)
def build(request, site, zensical_site) -> tuple[str, Path]:
    """(generator, its build): site/ as `make build` made it with MkDocs, and the run's Zensical build."""
    folder = {MKDOCS: site, ZENSICAL: zensical_site}[request.param]
    made_by = soup_of(folder / "index.html").select_one('meta[name="generator"]')["content"]
    assert made_by.startswith(f"{request.param}-"), f"{folder} is {made_by}'s build: run `make build`"
    return request.param, folder


def theme_files(folder: Path, page: Path, tag: str, attribute: str) -> list[Path]:
    """The theme's own scripts or stylesheets a built page loads: those not from docs/."""
    found = []
    for element in soup_of(folder / page).select(f"{tag}[{attribute}]"):
        if tag == "link" and "stylesheet" not in element.get("rel", []):
            continue
        built = ((folder / page).parent / element[attribute]).resolve()
        if not (ROOT / "docs" / built.relative_to(folder.resolve())).exists():
            found.append(built)
    return found


def theme_css(folder: Path) -> str:
    files = theme_files(folder, RULE_PAGE, "link", "href")
    assert files, "the page links no stylesheet of the theme's"
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


def theme_bundle(folder: Path) -> str:
    files = theme_files(folder, RULE_PAGE, "script", "src")
    assert files, "the page loads no script of the theme's"
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


def test_the_elements_the_scripts_find_are_in_the_generators_page(build):
    _, folder = build
    page = soup_of(folder / RULE_PAGE)
    missing = {selector: who for selector, who in FOUND_IN_THE_PAGE.items() if page.select_one(selector) is None}
    assert missing == {}


def test_the_theme_classes_the_site_uses_are_drawn_by_the_generators_stylesheet(build):
    _, folder = build
    css = theme_css(folder)
    listed = set(THEME_CLASSES) | page_classes_in_selectors()
    missing = sorted(name for name in listed if not re.search(rf"\.{re.escape(name)}(?![\w-])", css))
    assert missing == []


def test_the_theme_variables_the_site_styles_with_are_defined_by_the_generators_stylesheet(build):
    _, folder = build
    css = theme_css(folder)
    used_variables = used(CSS_VARIABLE)
    assert used_variables, "the site's stylesheets use none of the theme's colours: the scan is broken"
    missing = {name: files for name, files in used_variables.items() if f"{name}:" not in css}
    assert missing == {}


def test_the_generators_bundle_sets_what_the_page_scripts_subscribe_to(build):
    _, folder = build
    bundle = theme_bundle(folder)
    assert [name for name in BUNDLE_GLOBALS if f"window.{name}=" not in bundle] == []


def test_the_sites_start_up_script_defines_every_helper_the_generators_bundle_calls(build):
    _, folder = build
    called = set(SCOPE_HELPER.findall(theme_bundle(folder)))
    defined = set(re.findall(r"^(__md_[a-z]+) =", SCOPE_SCRIPT.read_text(encoding="utf-8"), re.MULTILINE))
    assert called, "the bundle calls no __md_ helper: the scan is broken"
    assert sorted(called - defined) == []


def test_every_override_replaces_a_template_of_the_generators_theme_or_adds_a_name_it_lacks(build):
    generator, _ = build
    theme = THEME_TEMPLATES[generator]
    replaced = {name for name in OVERRIDES if (THEME_TEMPLATES[MKDOCS] / name).exists()}
    assert sorted(name for name in replaced if not (theme / name).exists()) == [], "an override replaces nothing"
    assert sorted(name for name in set(OVERRIDES) - replaced if (theme / name).exists()) == [], (
        "a partial of the site's own would hide the theme's"
    )
    base = (theme / "base.html").read_text(encoding="utf-8")
    for template, blocks in OVERRIDDEN_BLOCKS.items():
        assert [block for block in blocks if f"{{% block {block} %}}" not in base] == [], template


def test_every_override_leaves_its_mark_in_the_generators_pages(build):
    _, folder = build
    missing = []
    for name, marks in OVERRIDES.items():
        page = soup_of(folder / (CALCULATOR_PAGE if name in OVERRIDES_ON_THE_CALCULATOR_PAGE else RULE_PAGE))
        missing += [(name, mark) for mark in marks if page.select_one(mark) is None]
    assert missing == []


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)(?![^>]*application/json)[^>]*>")


def test_no_page_of_the_generators_build_has_an_inline_script(build):
    """The site's Content-Security-Policy refuses inline scripts: every one of the theme's is a file."""
    _, folder = build
    pages = sorted(folder.rglob("*.html"))
    assert len(pages) > 30
    inline = [page.relative_to(folder).as_posix() for page in pages if INLINE_SCRIPT.search(page.read_text("utf-8"))]
    assert inline == []


def test_the_post_build_finds_the_files_it_counts_on_in_the_generators_build(build):
    """The service worker keeps the theme's files without a cache-busting query because their names
    carry their content's hash, falls back to the 404 page offline, and keeps sitemap.xml, which
    instant navigation reads."""
    _, folder = build
    unbusted = re.search(r"dontCacheBustURLsMatching: /(.+)/,", SERVICE_WORKER.read_text(encoding="utf-8"))
    assert unbusted, "the service worker's pattern for hashed names moved"
    theme = theme_files(folder, RULE_PAGE, "script", "src") + theme_files(folder, RULE_PAGE, "link", "href")
    assert theme and [path.name for path in theme if not re.search(unbusted.group(1), path.name)] == []
    assert 'fallbackURL: "404.html"' in SERVICE_WORKER_FALLBACK.read_text(encoding="utf-8")
    assert (folder / "404.html").is_file() and (folder / "sitemap.xml").is_file()
