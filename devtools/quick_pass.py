"""The developer server's two passes after an edit (devtools/watch.py):
`python -m devtools.quick_pass --quick|--aside`.

After an edit of a page's source the server first runs the quick pass, in site/ while requests
wait: prebuild, then `mkdocs build --dirty`, which renders only the pages whose source is newer
than their HTML (prebuild gives a file it wrote again unchanged its earlier time back), then the
post-build steps that read the pages (rules.json, the search index, and the service worker, written
by the post-build's own script, which a pass started ahead has loaded before the edit:
quick_worker.py). The engine's files, which no page changes, stay. Then, while site/ is served, the
whole build runs aside into build/site-next/ and replaces site/ (`adopt_next_site`), so site/ ends as `make build`
makes it; a page shown from the quick pass is reloaded if the whole build differs.

A dirty build names in its navigation only the pages it read; the others get their titles
written into a configuration of the quick pass's own (INHERIT: mkdocs.yml), from their HTML.
The quick pass is refused, and the whole build runs in site/, when anything but the pages'
sources changed since the last whole build (the build's code, the templates, mkdocs.yml, the
packages), when site/ is neither that build nor the last quick pass, or when the site's
generator is Zensical, which has no dirty build (build_scripts/generator.py)."""

from __future__ import annotations

import argparse
import contextlib
import html
import os
import shutil
import sys
import time
from pathlib import Path

import yaml

from build_scripts import generator, mkdocs_internals, paths
from build_scripts.incremental import (
    CODE,
    Stamp,
    _few,
    _relative,
    build,
    build_site,
    changed,
    current_outputs,
    digests,
    files_under,
    fingerprint,
    log_line,
    read_stamp,
    run_reported,
    settings,
    stages,
    stamp_path,
    why_run,
    write_stamp,
    written_between,
)
from devtools import quick_worker

NEXT_SITE = paths.BUILD / "site-next"
OLD_SITE = paths.BUILD / "site-old"
PENDING = "site-next"  # the stamp site/ gets when build/site-next/ replaces it
QUICK = "site-quick"  # what site/ held after the last quick pass (its outputs; no inputs)
QUICK_CONFIG = paths.BUILD / "quick-pass-mkdocs.yml"
# The pages' sources, what prebuild wrote for the Markdown extensions, and the sources they read: a
# change there leaves at most some pages stale until the whole build aside replaces them.
PAGE_INPUTS = ("docs/", "build/", "sources/")
ASIDE_NICENESS = 10  # the whole build aside yields the cores to the server and the reloading pages


def quick_refusal(
    stamp: Stamp | None, quick: Stamp | None, inputs: dict[str, str], site_now: dict[str, list[int]]
) -> str | None:
    """Why the quick pass cannot run (a sentence), or None. `stamp`: the site stage's (the last whole
    build), `quick`: the last quick pass's record, `site_now`: the fingerprint of site/ now,
    `inputs`: the site stage's inputs now, its settings among them."""
    if inputs.get("generator", generator.MKDOCS) != generator.MKDOCS:
        return f"the site's generator is {inputs['generator']}, which has no dirty build"
    if stamp is None:
        return "no stamp of a whole build"
    if site_now != stamp.outputs and (quick is None or site_now != quick.outputs):
        return "site/ is neither the last whole build nor the last quick pass"
    other = [name for name in changed(stamp.inputs, inputs) if not name.startswith(PAGE_INPUTS)]
    if other:
        return f"{_few(other)} changed"
    return None


class _AnyTag(yaml.SafeLoader):
    """mkdocs.yml's own tags (!ENV, !!python/name) read as plain values: only its navigation and name
    are wanted."""


def _tagged(loader: yaml.SafeLoader, _tag: str, node: yaml.Node):
    return loader.construct_scalar(node) if isinstance(node, yaml.ScalarNode) else None


_AnyTag.add_multi_constructor("!", _tagged)
_AnyTag.add_multi_constructor("tag:yaml.org,2002:python/", _tagged)


def read_config(config: Path = paths.MKDOCS_CONFIG) -> dict:
    return yaml.load(config.read_text(encoding="utf-8"), Loader=_AnyTag)  # noqa: S506 (a SafeLoader)


def nav_pages(nav: list) -> list[str]:
    """Every page the navigation names (path from docs/), in order."""
    found = []
    for entry in nav:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        found += nav_pages(value) if isinstance(value, list) else [value] if isinstance(value, str) else []
    return found


def html_path(page: str) -> str:
    """Where mkdocs (directory URLs) writes a page: "rules/1-7-combat.md" -> "rules/1-7-combat/index.html"."""
    stem = page.removesuffix(".md")
    return f"{stem}.html" if stem == "index" or stem.endswith("/index") else f"{stem}/index.html"


def built_title(page: str, site_name: str) -> str | None:
    """A page's title from its <title> ("Title - Site"), or None when it has no title of its own."""
    start, end = page.find("<title>"), page.find("</title>")
    if start < 0 or end < start:
        return None
    text = html.unescape(page[start + len("<title>") : end])
    return text.removesuffix(f" - {site_name}") if text.endswith(f" - {site_name}") else None


def titled_nav(nav: list, titles: dict[str, str]) -> list:
    """The navigation with `titles` (page -> title) written in for the pages that have no title there."""
    out = []
    for entry in nav:
        if isinstance(entry, dict):
            title, value = next(iter(entry.items()))
            out.append({title: titled_nav(value, titles) if isinstance(value, list) else value})
        elif isinstance(entry, str) and entry in titles:
            out.append({titles[entry]: entry})
        else:
            out.append(entry)
    return out


def modified_pages(pages: list[str], docs: Path = paths.DOCS, site: Path = paths.SITE) -> set[str]:
    """The pages a dirty build reads again: no HTML yet, or a source newer than its HTML (mkdocs's test)."""
    found = set()
    for page in pages:
        built = site / html_path(page)
        if not built.is_file() or built.stat().st_mtime < (docs / page).stat().st_mtime:
            found.add(page)
    return found


def quick_titles(nav: list, site_name: str, site: Path = paths.SITE, docs: Path = paths.DOCS) -> dict[str, str] | None:
    """The titles the quick pass writes in: every page the dirty build will not read, from its HTML
    (None when one is missing: then the whole build runs)."""
    pages = nav_pages(nav)
    titles = {}
    for page in set(pages) - modified_pages(pages, docs, site):
        built = site / html_path(page)
        title = built_title(built.read_text(encoding="utf-8"), site_name) if built.is_file() else None
        if title is None:
            return None
        titles[page] = title
    return titles


def write_quick_config(nav: list) -> Path:
    config = {
        "INHERIT": str(paths.MKDOCS_CONFIG),
        "docs_dir": str(paths.DOCS),
        "site_dir": str(paths.SITE),
        "theme": {"name": "material", "custom_dir": str(paths.ROOT / "overrides")},
        "nav": nav,
    }
    QUICK_CONFIG.parent.mkdir(parents=True, exist_ok=True)
    QUICK_CONFIG.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return QUICK_CONFIG


def quick_pass(log=print) -> bool:
    """The quick pass (above) when it may run, else the whole build in site/; True when it ran."""
    prebuild, site = stages(here=True)
    build(log=log, stage_list=[prebuild])
    stamp = read_stamp("site")
    inputs = {**digests(site.inputs()), **settings()}
    site_before = fingerprint(files_under(paths.SITE))
    refusal = quick_refusal(stamp, read_stamp(QUICK), inputs, site_before)
    config = read_config()
    nav = config["nav"]
    titles = None if refusal else quick_titles(nav, config["site_name"])
    if refusal is None and titles is None:
        refusal = "a page's title is missing from its HTML"
    if refusal:
        log(f"site: no quick pass, {refusal}")
        quick_worker.dismiss()
        build(log=log, stage_list=[site])
        return False
    started = time.perf_counter()
    stamp_path(QUICK).unlink(missing_ok=True)
    dirty_build(write_quick_config(titled_nav(nav, titles)))
    log(f"site: pages written in {time.perf_counter() - started:.1f} s")
    if write_page_outputs():
        log("site: service worker written by the script started ahead")
    after = fingerprint(files_under(paths.SITE))
    for name in written_between(site_before, after):  # a compressed copy of an older file is dropped:
        for suffix in (".gz", ".br"):  # the server compresses the new one on the fly
            (paths.ROOT / f"{name}{suffix}").unlink(missing_ok=True)
    write_stamp(QUICK, Stamp({}, fingerprint(files_under(paths.SITE))))
    log(f"site: quick pass in {time.perf_counter() - started:.1f} s")
    return True


def dirty_build(config: Path) -> None:
    """`mkdocs build --dirty --quiet` in this process (the quick pass's own, started afresh by the
    server): its Markdown extensions and the post-build steps after it share their imports. Not
    strict, as mkdocs warns of every dirty build; the whole build after it is."""
    import logging

    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    mkdocs_internals.build_dirty(mkdocs_internals.load_config(config))


def write_page_outputs(site_dir: Path = paths.SITE) -> bool:
    """The post-build's files that follow from the pages, and the service worker over them (by the
    script started ahead when there is one: quick_worker.py); True when that one wrote it."""
    from build_scripts import steps

    steps.write_page_indexes(site_dir)
    _, ahead = quick_worker.write(site_dir)
    return ahead


def build_aside(log=print) -> bool:
    """The whole build without touching site/: prebuild as `build` runs it, then, unless site/ is
    what the site stage makes of the inputs now, the site into build/site-next/ with the stamp it
    will have as site/; True when one was built (`adopt_next_site` puts it in place)."""
    stamp_path(PENDING).unlink(missing_ok=True)  # an earlier one, stopped, is never adopted
    prebuild, site = stages()
    build(log=log, stage_list=[prebuild])
    stamp = read_stamp("site")
    inputs = {**digests(site.inputs()), **settings()}
    reason = why_run(stamp, inputs, current_outputs(site, stamp))
    if reason is None:
        log("site: up to date")
        return False
    log(f"site, built aside: {reason}")
    shutil.rmtree(NEXT_SITE, ignore_errors=True)
    started = time.perf_counter()
    build_site(NEXT_SITE)
    outputs = {
        _relative(paths.SITE / name, paths.ROOT): mark
        for name, mark in fingerprint(files_under(NEXT_SITE), NEXT_SITE).items()
    }
    write_stamp(PENDING, Stamp(inputs, outputs))
    log(f"site, built aside in {time.perf_counter() - started:.1f} s")
    return True


def adopt_next_site() -> list[str] | None:
    """build/site-next/ becomes site/ and its stamp the site stage's; the pages that differ from
    the site/ it replaced (what a quick pass left out), or None when there was nothing to adopt."""
    pending = read_stamp(PENDING)
    if pending is None or not NEXT_SITE.is_dir():
        return None
    differ = [
        name
        for name in sorted({*map(str, _pages(paths.SITE)), *map(str, _pages(NEXT_SITE))})
        if _read(paths.SITE / name) != _read(NEXT_SITE / name)
    ]
    shutil.rmtree(OLD_SITE, ignore_errors=True)
    if paths.SITE.exists():
        paths.SITE.rename(OLD_SITE)
    NEXT_SITE.rename(paths.SITE)
    stamp_path(PENDING).replace(stamp_path("site"))
    stamp_path(QUICK).unlink(missing_ok=True)
    shutil.rmtree(OLD_SITE, ignore_errors=True)
    return differ


def _pages(site: Path) -> list[Path]:
    return [p.relative_to(site) for p in site.rglob("*.html")] if site.is_dir() else []


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


STALE = 3  # the exit status of a pass started ahead that did not run: a fresh one is wanted


def code_marks() -> dict:
    """What a pass imports: the fingerprint of the project's code (the developer tools' too) and the
    versions of the packages that render the site."""
    code = [path for folder in (*CODE, paths.ROOT / "devtools") for path in files_under(folder)]
    return {**fingerprint(code), **settings()}


def warm_up() -> None:
    """What a pass imports, loaded ahead of the edit; mkdocs.yml's configuration loaded once, which
    loads its theme's plugins and the Markdown extensions; the service worker's script started, to
    wait loaded (quick_worker.py); the search index of site/ as it is, which leaves the text of each
    page read (search/built_pages.py remembers it for the same HTML), so that the pass reads again
    only the pages it rewrote."""
    import logging

    from build_scripts import steps
    from build_scripts.search.index import site_search_index

    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    mkdocs_internals.load_ahead()
    mkdocs_internals.load_config(paths.MKDOCS_CONFIG)
    quick_worker.start_ahead()
    with contextlib.suppress(OSError, ValueError):  # site/ replaced meanwhile: the pass reads it all
        site_search_index(paths.SITE, steps.GLOSSARY_PAGES)


def when_told(read_line, marks=code_marks, warm=warm_up) -> int | None:
    """A pass started ahead (`--ahead`): loads what it needs, then waits for a line (`read_line`).
    None when it may run; else the status to exit with: 0 when told nothing (the server went), STALE
    when the code changed since it started (what it loaded is not what would run now) or it could
    not get ready: a fresh pass runs instead."""
    before = marks()
    try:
        warm()
    except Exception:  # the fresh pass that runs instead meets it again, and says what it is
        return STALE
    if not read_line():
        return 0
    return STALE if marks() != before else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    passes = parser.add_mutually_exclusive_group(required=True)
    passes.add_argument("--quick", action="store_true", help="the quick pass, in site/")
    passes.add_argument("--aside", action="store_true", help="the whole build into build/site-next/")
    parser.add_argument(
        "--ahead",
        action="store_true",
        help=f"with --quick: load first, run when a line comes on stdin (exit {STALE}, not run, if the code changed)",
    )
    args = parser.parse_args(argv)
    if args.ahead:
        if not args.quick:
            parser.error("--ahead goes with --quick")
        status = when_told(sys.stdin.readline)
        if status is not None:
            return status

    def work() -> None:
        if args.quick:
            quick_pass(log=log_line)
        else:
            os.nice(ASIDE_NICENESS)
            build_aside(log=log_line)

    return run_reported(work)


if __name__ == "__main__":
    raise SystemExit(main())
