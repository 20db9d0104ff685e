"""`python -m mele.build_scripts.incremental [--force]`: the build (`make build`), skipping a stage
whose inputs did not change since it last ran. `--quick` and `--aside` are the developer server's
two passes after an edit (below, "the developer server's two passes").

Two stages, in order:
  prebuild  sources/, the build's code and mkdocs.yml -> the generated pages in docs/ and the rules
            index in build/ (`python -m mele.build_scripts prebuild`)
  site      docs/ (the generated pages included), overrides/, mkdocs.yml, the build's code, the
            pinned packages and what prebuild wrote to build/ -> site/ (`mkdocs build`, then
            `python -m mele.build_scripts postbuild`: one stage, as mkdocs empties site/ first)

Each stage's stamp, build/stamps/<stage>.json, holds the digest of every input file and a
fingerprint (path, size, modification time) of every file the stage wrote. A stage runs when an
input changed, when its stamp is missing, or when one of its outputs is missing or was written
since by anything else (a hand-run mkdocs, a test's build): an out-of-date site/ is never kept.
A stamp is removed before its stage runs and written once the stage succeeded, so an interrupted
build is redone. The post-build's own caches (build/engine-*, build/precompressed) are untouched.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import yaml

from mele.build_scripts import paths

STAMPS = paths.BUILD / "stamps"
CODE = paths.ROOT / "mele"
NOT_BUILD_CODE = ("devtools",)  # mele/devtools/: the developer server and icon maker, not the build
SKIPPED_NAMES = ("__pycache__",)
SKIPPED_SUFFIXES = (".pyc", ".partial")
PACKAGES = ("mkdocs", "mkdocs-material", "pymdown-extensions", "markdown", "pyyaml")  # what renders the site
ENVIRONMENT = ("SITE_URL",)  # mkdocs.yml reads it (!ENV)


def _skipped(relative: Path) -> bool:
    return any(part in SKIPPED_NAMES for part in relative.parts) or relative.name.endswith(SKIPPED_SUFFIXES)


def files_under(root: Path, exclude: Iterable[str] = ()) -> list[Path]:
    """Every file under `root` (or `root` itself when a file), leaving out `exclude` (paths relative
    to `root`, a folder's whole tree included) and Python's byte-code; sorted. Missing: none."""
    if root.is_file():
        return [root]
    excluded = tuple(Path(e) for e in exclude)
    found = []
    for folder, dirs, files in os.walk(root):
        here = Path(folder).relative_to(root)
        dirs[:] = sorted(d for d in dirs if here / d not in excluded and d not in SKIPPED_NAMES)
        found += [Path(folder) / name for name in files if not _skipped(here / name) and here / name not in excluded]
    return sorted(found)


def digests(files: Iterable[Path], root: Path = paths.ROOT) -> dict[str, str]:
    """Each file (by its path from the project root) -> the SHA-256 of its content."""
    return {_relative(f, root): hashlib.sha256(f.read_bytes()).hexdigest() for f in files if f.is_file()}


def fingerprint(files: Iterable[Path], root: Path = paths.ROOT) -> dict[str, list[int]]:
    """Each file -> [size, modification time in ns]: whether it was rewritten, without reading it."""
    marks = {}
    for f in files:
        try:
            stat = f.stat()
        except FileNotFoundError:
            continue
        marks[_relative(f, root)] = [stat.st_size, stat.st_mtime_ns]
    return marks


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def build_code_files() -> list[Path]:
    return files_under(CODE, exclude=NOT_BUILD_CODE)


def settings() -> dict[str, str]:
    """What is not a file of the project but changes what the build writes: the Python and the
    rendering packages it runs with, and the environment variables mkdocs.yml reads."""
    found = {"python": sys.version}
    for name in PACKAGES:
        try:
            found[f"package {name}"] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[f"package {name}"] = "missing"
    found.update({f"${name}": os.environ.get(name, "") for name in ENVIRONMENT})
    return found


# --- the decision, pure --------------------------------------------------------------------


@dataclass(frozen=True)
class Stamp:
    """What a stage read (file -> content digest, plus settings) and wrote (file -> [size, mtime])."""

    inputs: dict[str, str]
    outputs: dict[str, list[int]]

    def to_json(self) -> str:
        return json.dumps({"inputs": self.inputs, "outputs": self.outputs}, indent=0, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Stamp | None:
        try:
            data = json.loads(text)
            return cls(dict(data["inputs"]), {k: list(v) for k, v in data["outputs"].items()})
        except (ValueError, KeyError, TypeError, AttributeError):
            return None  # a stamp from another version of this module: run the stage


def changed(old: dict, new: dict) -> list[str]:
    """The keys added, removed or with another value, sorted."""
    return sorted(key for key in old.keys() | new.keys() if old.get(key) != new.get(key))


def why_run(
    stamp: Stamp | None, inputs: dict[str, str], outputs_now: dict[str, list[int]], force: bool = False
) -> str | None:
    """Why a stage must run (a sentence), or None when its stamp says its outputs are current.
    `outputs_now`: the fingerprint, taken now, of the files the stamp lists as written (and of any
    other file now in the stage's output folders)."""
    if force:
        return "forced (--force)"
    if stamp is None:
        return "no stamp of an earlier run"
    if not stamp.outputs:
        return "its earlier run wrote nothing"
    touched = changed(stamp.outputs, outputs_now)
    if touched:
        return f"{_few(touched)} changed or went missing since it was built"
    edited = changed(stamp.inputs, inputs)
    if edited:
        return f"{_few(edited)} changed"
    return None


def _few(names: list[str], shown: int = 3) -> str:
    more = len(names) - shown
    return ", ".join(names[:shown]) + (f" and {more} more" if more > 0 else "")


def written_between(before: dict[str, list[int]], after: dict[str, list[int]]) -> list[str]:
    """The files new or rewritten between two fingerprints of the same folders."""
    return sorted(name for name, mark in after.items() if before.get(name) != mark)


# --- the stages ----------------------------------------------------------------------------


@dataclass
class Stage:
    name: str
    inputs: Callable[[], list[Path]]  # read after the stages before it ran
    watched: Callable[[], list[Path]]  # the files whose fingerprint is the stage's output
    run: Callable[[], None]
    outputs_written_by: Callable[[dict, dict], dict] | None = None  # picks outputs from before/after


def _python(*args: str) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, *args], cwd=paths.ROOT, env=env, check=False)
    if done.returncode != 0:
        raise BuildFailed(f"`python {' '.join(args)}` failed (exit status {done.returncode})")


class BuildFailed(Exception):
    """A stage's command failed; its stamp stays removed."""


def generated_candidates() -> list[Path]:
    """Where prebuild writes: docs/ and the files at the top of build/ (not its caches' folders)."""
    top_of_build = [p for p in paths.BUILD.iterdir() if p.is_file()] if paths.BUILD.is_dir() else []
    return files_under(paths.DOCS) + sorted(top_of_build)


def prebuild_outputs() -> list[Path]:
    """The files prebuild wrote when it last ran (from its stamp)."""
    stamp = read_stamp("prebuild")
    return [paths.ROOT / name for name in stamp.outputs] if stamp else []


def prebuild_inputs() -> list[Path]:
    return files_under(paths.SOURCES) + build_code_files() + [paths.MKDOCS_CONFIG, paths.ROOT / "pyproject.toml"]


def site_inputs() -> list[Path]:
    """All of docs/ (the pages prebuild wrote are the generator's input too), and what prebuild
    wrote elsewhere (the rules index the Markdown extensions read)."""
    return (
        files_under(paths.DOCS)
        + files_under(paths.ROOT / "overrides")
        + build_code_files()
        + [p for p in prebuild_outputs() if paths.DOCS not in p.parents]
        + [paths.MKDOCS_CONFIG, paths.ROOT / "pyproject.toml", paths.ROOT / "package-lock.json"]
    )


class KeepingTimes:
    """Runs a stage that rewrites every file it owns (prebuild) and gives each file it wrote with the
    same content as before its earlier modification time back: a time then says when the content
    last changed, which is what `mkdocs build --dirty` compares. `outputs` counts those files as
    written, so the stamp still lists all the stage owns."""

    def __init__(self, command: Callable[[], None], candidates: Callable[[], list[Path]], root: Path = paths.ROOT):
        self.command, self.candidates, self.root, self.kept = command, candidates, root, set()

    def run(self) -> None:
        before = {path: (path.stat(), path.read_bytes()) for path in self.candidates()}
        self.command()
        self.kept = set()
        for path, (stat, content) in before.items():
            try:
                now = path.stat()
                if now.st_mtime_ns != stat.st_mtime_ns and now.st_size == stat.st_size and path.read_bytes() == content:
                    os.utime(path, ns=(now.st_atime_ns, stat.st_mtime_ns))
                    self.kept.add(_relative(path, self.root))
            except FileNotFoundError:
                continue

    def outputs(self, before: dict, after: dict) -> dict:
        return {k: after[k] for k in sorted(set(written_between(before, after)) | self.kept) if k in after}


def stages(here: bool = False) -> list[Stage]:
    """The two stages; `here`: prebuild runs in this process (the quick pass's, already started
    afresh with the code as it is now), not in a child."""
    command = _prebuild_here if here else lambda: _python("-m", "mele.build_scripts", "prebuild")
    prebuild = KeepingTimes(command, generated_candidates)
    return [
        Stage("prebuild", prebuild_inputs, generated_candidates, prebuild.run, outputs_written_by=prebuild.outputs),
        Stage("site", site_inputs, lambda: files_under(paths.SITE), build_site),
    ]


def _prebuild_here() -> None:
    from mele.build_scripts import steps

    steps.prebuild()


def build_site(site_dir: Path | None = None) -> None:
    """The site stage's work: the generator, then the post-build; into site/ or `site_dir`."""
    elsewhere = ["--site-dir", str(site_dir)] if site_dir else []
    _python("-m", "mkdocs", "build", "--strict", "--quiet", *elsewhere)
    _python("-m", "mele.build_scripts", "postbuild", *([str(site_dir)] if site_dir else []))


def stamp_path(name: str) -> Path:
    return STAMPS / f"{name}.json"


def read_stamp(name: str) -> Stamp | None:
    try:
        return Stamp.from_json(stamp_path(name).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None


def write_stamp(name: str, stamp: Stamp) -> None:
    STAMPS.mkdir(parents=True, exist_ok=True)
    partial = stamp_path(name).with_suffix(f".{os.getpid()}.partial")
    partial.write_text(stamp.to_json(), encoding="utf-8")
    partial.replace(stamp_path(name))


def current_outputs(stage: Stage, stamp: Stamp | None) -> dict[str, list[int]]:
    """The fingerprint now of what the stage writes: every file in its output folders, or, for a
    stage that writes beside files it does not own (prebuild, in docs/), the files its stamp lists."""
    if stage.outputs_written_by is None:
        return fingerprint(stage.watched())
    return fingerprint([paths.ROOT / name for name in stamp.outputs] if stamp else [])


def build(force: bool = False, log=print, stage_list: list[Stage] | None = None) -> list[str]:
    """Run the stages that need it, in order; return the names of those that ran."""
    ran = []
    around = settings()
    for stage in stages() if stage_list is None else stage_list:
        stamp = None if force else read_stamp(stage.name)
        inputs = {**digests(stage.inputs()), **around}
        reason = why_run(stamp, inputs, current_outputs(stage, stamp), force=force)
        if reason is None:
            log(f"{stage.name}: up to date")
            continue
        log(f"{stage.name}: {reason}")
        stamp_path(stage.name).unlink(missing_ok=True)
        before = fingerprint(stage.watched()) if stage.outputs_written_by else {}
        started = time.perf_counter()
        stage.run()
        after = fingerprint(stage.watched())
        outputs = stage.outputs_written_by(before, after) if stage.outputs_written_by else after
        write_stamp(stage.name, Stamp(inputs, outputs))
        log(f"{stage.name}: built in {time.perf_counter() - started:.1f} s")
        ran.append(stage.name)
    return ran


# --- the developer server's two passes (mele/devtools/watch.py) ----------------------------
#
# After an edit of a page's source the server first runs the quick pass, in site/ while requests
# wait: prebuild, then `mkdocs build --dirty`, which renders only the pages whose source is newer
# than their HTML (prebuild gives a file it wrote again unchanged its earlier time back), then the
# post-build steps that read the pages (rules.json, the search index, the service worker). The
# engine's files, which no page changes, stay. Then, while site/ is served, the whole build runs
# aside into build/site-next/ and replaces site/ (`adopt_next_site`), so site/ ends as `make build`
# makes it; a page shown from the quick pass is reloaded if the whole build differs.
#
# A dirty build names in its navigation only the pages it read; the others get their titles
# written into a configuration of the quick pass's own (INHERIT: mkdocs.yml), from their HTML.
# The quick pass is refused, and the whole build runs in site/, when anything but the pages'
# sources changed since the last whole build (the build's code, the templates, mkdocs.yml, the
# packages), or when site/ is neither that build nor the last quick pass.

NEXT_SITE = paths.BUILD / "site-next"
OLD_SITE = paths.BUILD / "site-old"
PENDING = "site-next"  # the stamp site/ gets when build/site-next/ replaces it
QUICK = "site-quick"  # what site/ held after the last quick pass (its outputs; no inputs)
QUICK_CONFIG = paths.BUILD / "quick-pass-mkdocs.yml"
PAGE_INPUTS = ("docs/", "build/")  # the pages' sources and what prebuild wrote for the Markdown extensions
ASIDE_NICENESS = 10  # the whole build aside yields the cores to the server and the reloading pages


def quick_refusal(
    stamp: Stamp | None, quick: Stamp | None, inputs: dict[str, str], site_now: dict[str, list[int]]
) -> str | None:
    """Why the quick pass cannot run (a sentence), or None. `stamp`: the site stage's (the last whole
    build), `quick`: the last quick pass's record, `site_now`: the fingerprint of site/ now."""
    if stamp is None:
        return "no stamp of a whole build"
    if site_now != stamp.outputs and (quick is None or site_now != quick.outputs):
        return "site/ is neither the last whole build nor the last quick pass"
    other = [name for name in changed(stamp.inputs, inputs) if not name.startswith(PAGE_INPUTS)]
    if other:
        return f"{_few(other)} changed"
    return None


class _AnyTag(yaml.SafeLoader):
    """mkdocs.yml's own tags (!ENV) read as plain values: only its navigation and name are wanted."""


def _tagged(loader: yaml.SafeLoader, _tag: str, node: yaml.Node):
    return loader.construct_scalar(node) if isinstance(node, yaml.ScalarNode) else None


_AnyTag.add_multi_constructor("!", _tagged)


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
    """Where mkdocs (directory URLs) writes a page: "a/b.md" -> "a/b/index.html"."""
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
        build(log=log, stage_list=[site])
        return False
    started = time.perf_counter()
    stamp_path(QUICK).unlink(missing_ok=True)
    dirty_build(write_quick_config(titled_nav(nav, titles)))
    write_page_outputs()
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

    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    mkdocs_build(load_config(config_file=str(config)), dirty=True)


def write_page_outputs(site_dir: Path = paths.SITE) -> None:
    """The post-build's files that follow from the pages, and the service worker over them."""
    from mele.build_scripts import steps
    from mele.build_scripts.postbuild.offline.service_worker import write_service_worker
    from mele.build_scripts.search.index import write_search_index

    steps.write_rules_json(site_dir)
    write_search_index(site_dir, {game: page for game, (page, _, _) in steps.GLOSSARIES.items()})
    write_service_worker(site_dir)


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="run every stage, whatever its stamp says")
    passes = parser.add_mutually_exclusive_group()
    passes.add_argument("--quick", action="store_true", help="the developer server's quick pass, in site/")
    passes.add_argument("--aside", action="store_true", help="the whole build into build/site-next/")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    log = lambda line: print(f"build: {line}", file=sys.stderr)  # noqa: E731
    try:
        if args.quick:
            quick_pass(log=log)
        elif args.aside:
            os.nice(ASIDE_NICENESS)
            build_aside(log=log)
        else:
            build(force=args.force, log=log)
    except BuildFailed as failure:
        print(f"build: {failure}", file=sys.stderr)
        return 1
    print(f"build: done in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
