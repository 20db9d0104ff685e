"""`python -m build_scripts.incremental [--force]`: the build (`make build`), skipping a stage
whose inputs did not change since it last ran. (The developer server's quick pass after an edit
is devtools/quick_pass.py.)

Two stages, in order:
  prebuild  sources/, the build's code, mkdocs.yml and the hand-written pages whose sentences it
            checks -> the generated pages in docs/ and the rules index in build/
            (`python -m build_scripts prebuild`)
  site      docs/ (the generated pages included), overrides/, mkdocs.yml, the build's code, the
            pinned packages, what prebuild wrote to build/, the sources the Markdown extensions
            read (the errata, the glossaries, the texts) and the search's words -> site/
            (the generator's build, then `python -m build_scripts postbuild`: one stage, as the
            generator empties site/ first)

The generator is a setting of the build (build_scripts/generator.py): MkDocs with Material, or
Zensical with SITE_GENERATOR=zensical (`make build GENERATOR=zensical`).

Each stage's stamp, build/stamps/<stage>.json, holds the digest of every input file and a
fingerprint (path, size, modification time) of every file the stage wrote. A stage runs when an
input changed, when its stamp is missing, or when one of its outputs is missing or was written
since by anything else (a hand-run mkdocs, a test's build): an out-of-date site/ is never kept.
A stamp is removed before its stage runs and written once the stage succeeded, so an interrupted
build is redone. The post-build's own caches (build/engine-*, build/precompressed) are untouched.

A stage's commands run under build_scripts.traced_run, which lists each file their Python opens for
reading; a stage that read a file of the project it does not declare as an input fails, naming the
file, since its stamp could not see that file change. Declared otherwise, and so not named: what the
stage wrote, the installed packages (pinned in pyproject.toml, their versions among the settings),
the Node packages (package-lock.json) and the post-build's caches (DECLARED_ELSEWHERE).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from build_scripts import generator, paths
from build_scripts.composed.page_texts import page_files
from build_scripts.edition import build_date
from build_scripts.glossary.terms import GLOSSARY_FILES
from build_scripts.search.situations import SITUATIONS_FILE
from build_scripts.search.synonyms import SYNONYMS_FILE
from build_scripts.search.table_words import TABLE_WORDS_FILE

STAMPS = paths.BUILD / "stamps"
PROJECT = paths.ROOT  # a read inside it must be declared
ROOT_OF_KEYS = paths.ROOT  # a stamp's file names are paths from it (or absolute, outside it)
CODE = (paths.ROOT / "calculators", paths.ROOT / "build_scripts")  # devtools/ is not the build
SKIPPED_NAMES = ("__pycache__",)
SKIPPED_SUFFIXES = (".pyc", ".partial")
MARKDOWN_PACKAGES = ("pymdown-extensions", "markdown", "pyyaml")  # what renders the pages, whichever the generator
ENVIRONMENT = ("SITE_URL",)  # mkdocs.yml reads it (!ENV)
# Read by a stage, declared otherwise: the installed Python packages (the venv, the project's own
# install record), the Node packages, and the post-build's caches, each kept under the digest of
# what it was made from (its own inputs).
DECLARED_ELSEWHERE = (
    ".venv/",
    "node_modules/",
    "build/engine-bytecode/",
    "build/engine-stdlib/",
    "build/engine-snapshot/",
    "build/precompressed/",
    "build/service-worker/",
)
INSTALL_RECORD = ".egg-info"  # pip's record of the editable install, from pyproject.toml
SOURCE_TEXTS = "*.txt"  # in sources/: the rulebook and the Strategy Battle Game texts


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
    return [path for folder in CODE for path in files_under(folder)]


def settings() -> dict[str, str]:
    """What is not a file of the project but changes what the build writes: the Python, the
    generator and the rendering packages it runs with, the environment variables mkdocs.yml reads,
    and the build date (build_scripts/edition.py: SOURCE_DATE_EPOCH or the last commit's)."""
    chosen = generator.chosen()
    found = {"python": sys.version, "generator": chosen}
    for name in (*generator.PACKAGES[chosen], *MARKDOWN_PACKAGES):
        try:
            found[f"package {name}"] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[f"package {name}"] = "missing"
    found.update({f"${name}": os.environ.get(name, "") for name in ENVIRONMENT})
    found["build date"] = " ".join(build_date())  # every page's footer: a new commit's date rebuilds them
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
    run: Callable[[Path | None], None]  # given the file its commands list what they read in
    outputs_written_by: Callable[[dict, dict], dict] | None = None  # picks outputs from before/after


def run_python(*args: str, reads: Path | None = None) -> None:
    """`python *args` in the project; with `reads`, through build_scripts.traced_run, which lists in
    that file what it read (`args` then start with "-m", a module)."""
    traced = ["-m", "build_scripts.traced_run", str(reads)] if reads else []
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, *traced, *args], cwd=paths.ROOT, env=env, check=False)
    if done.returncode != 0:
        raise BuildFailed(f"`python {' '.join(args)}` failed (exit status {done.returncode})")


class BuildFailed(Exception):
    """A stage's command failed, or read what it does not declare; its stamp stays removed."""


def undeclared_reads(read: Iterable[Path], declared: Iterable[Path], written: Iterable[Path], root: Path) -> list[str]:
    """The files of the project under `root` among `read` that are neither `declared`, `written`, nor
    declared otherwise (DECLARED_ELSEWHERE, the install record, Python's byte-code of the code):
    paths from `root`, sorted. Folders, files gone since and files outside the project are left out."""
    known = {path.resolve() for path in [*declared, *written]}
    found = set()
    for path in read:
        try:
            relative = path.resolve().relative_to(root.resolve())
        except ValueError:
            continue  # the machine's: Python's own library, a temporary folder
        name = relative.as_posix()
        if (
            path.resolve() in known
            or name.startswith(DECLARED_ELSEWHERE)
            or relative.parts[0].endswith(INSTALL_RECORD)
            or _skipped(relative)
            or not path.is_file()
        ):
            continue
        found.add(name)
    return sorted(found)


def read_list(reads: Path) -> list[Path]:
    """The files build_scripts.traced_run listed in `reads` (none when it did not run)."""
    try:
        return [Path(line) for line in reads.read_text(encoding="utf-8", errors="surrogateescape").splitlines()]
    except FileNotFoundError:
        return []


def generated_candidates() -> list[Path]:
    """Where prebuild writes: docs/ and the files at the top of build/ (not its caches' folders)."""
    top_of_build = [p for p in paths.BUILD.iterdir() if p.is_file()] if paths.BUILD.is_dir() else []
    return files_under(paths.DOCS) + sorted(top_of_build)


def prebuild_outputs() -> list[Path]:
    """The files prebuild wrote when it last ran (from its stamp)."""
    stamp = read_stamp("prebuild")
    return [paths.ROOT / name for name in stamp.outputs] if stamp else []


def prebuild_inputs() -> list[Path]:
    """The sources, the build's code, and the hand-written pages whose sentences the composed check reads."""
    return (
        files_under(paths.SOURCES)
        + build_code_files()
        + [paths.DOCS / page for page in page_files(paths.DOCS)]
        + [paths.MKDOCS_CONFIG, paths.ROOT / "pyproject.toml"]
    )


def site_inputs() -> list[Path]:
    """All of docs/ (the pages prebuild wrote are the generator's input too), what prebuild
    wrote elsewhere (the rules index the Markdown extensions read), the sources the Markdown
    extensions read (the errata, the glossaries, the texts they check quotes in) and those the
    post-build reads (the search's synonyms, players' words and situations, the glossaries)."""
    return (
        files_under(paths.DOCS)
        + [paths.ERRATA, *(paths.SOURCES / name for name in GLOSSARY_FILES)]
        + sorted(paths.SOURCES.glob(SOURCE_TEXTS))
        + [paths.SOURCES / SYNONYMS_FILE, paths.SOURCES / TABLE_WORDS_FILE, paths.SOURCES / SITUATIONS_FILE]
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

    def __init__(
        self, command: Callable[[Path | None], None], candidates: Callable[[], list[Path]], root: Path = paths.ROOT
    ):
        self.command, self.candidates, self.root, self.kept = command, candidates, root, set()

    def run(self, reads: Path | None = None) -> None:
        before = {path: (path.stat(), path.read_bytes()) for path in self.candidates()}
        self.command(reads)
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
    command = _prebuild_here if here else lambda reads: run_python("-m", "build_scripts", "prebuild", reads=reads)
    prebuild = KeepingTimes(command, generated_candidates)
    return [
        Stage("prebuild", prebuild_inputs, generated_candidates, prebuild.run, outputs_written_by=prebuild.outputs),
        Stage("site", site_inputs, lambda: files_under(paths.SITE), lambda reads: build_site(reads=reads)),
    ]


def _prebuild_here(_reads: Path | None) -> None:
    """Untraced: its reads are those of the same code run as a command, checked there."""
    from build_scripts import steps

    steps.prebuild()


def build_site(site_dir: Path | None = None, reads: Path | None = None) -> None:
    """The site stage's work: the generator (the chosen one), then the post-build; into site/ or
    `site_dir`. With `reads`, both list what they read there (run_python)."""
    chosen = generator.chosen()
    done = generator.generate(site_dir, chosen, reads=reads)
    for output in (done.stdout, done.stderr):
        if output.strip():
            print(output.rstrip(), file=sys.stderr)
    if done.returncode != 0:
        raise BuildFailed(f"the {chosen} build failed (exit status {done.returncode})")
    run_python("-m", "build_scripts", "postbuild", *([str(site_dir)] if site_dir else []), reads=reads)


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
        reads = stamp_path(stage.name).with_suffix(".reads")
        reads.parent.mkdir(parents=True, exist_ok=True)
        reads.unlink(missing_ok=True)
        started = time.perf_counter()
        stage.run(reads)
        after = fingerprint(stage.watched())
        outputs = stage.outputs_written_by(before, after) if stage.outputs_written_by else after
        undeclared = undeclared_reads(
            read_list(reads), [ROOT_OF_KEYS / k for k in inputs], [ROOT_OF_KEYS / k for k in outputs], PROJECT
        )
        if undeclared:
            raise BuildFailed(
                f"{stage.name} read {_few(undeclared)}, which it does not declare as inputs "
                f"(build_scripts/incremental.py, {stage.name}_inputs): a change there would not run it again"
            )
        write_stamp(stage.name, Stamp(inputs, outputs))
        log(f"{stage.name}: built in {time.perf_counter() - started:.1f} s")
        ran.append(stage.name)
    return ran


def log_line(line: str) -> None:
    print(f"build: {line}", file=sys.stderr)


def run_reported(work: Callable[[], object]) -> int:
    """Runs `work` (a build), saying on stderr how it ended and how long it took; the exit status."""
    started = time.perf_counter()
    try:
        work()
    except BuildFailed as failure:
        log_line(str(failure))
        return 1
    log_line(f"done in {time.perf_counter() - started:.2f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="run every stage, whatever its stamp says")
    args = parser.parse_args(argv)
    try:
        generator.chosen()
    except generator.UnknownGenerator as unknown:
        log_line(str(unknown))
        return 2
    return run_reported(lambda: build(force=args.force, log=log_line))


if __name__ == "__main__":
    raise SystemExit(main())
