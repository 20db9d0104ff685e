"""The site generator, a setting of the build: MkDocs with Material for MkDocs (the default) or
Zensical, Material's successor from the same authors. Both read the same mkdocs.yml, overrides/
and Markdown extensions; the post-build after them is the same.

The setting is the environment variable SITE_GENERATOR (`make build GENERATOR=zensical`), so
that every process of a build (make serve's rebuilds included) runs the same generator, and the
incremental build counts it among its settings: switching generators rebuilds site/."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

from build_scripts import paths

ENVIRONMENT = "SITE_GENERATOR"
MKDOCS = "mkdocs"
ZENSICAL = "zensical"
# What renders the site under each generator, besides the Markdown extensions' own packages.
PACKAGES = {MKDOCS: ("mkdocs", "mkdocs-material"), ZENSICAL: ("zensical",)}
GENERATORS = tuple(PACKAGES)
SITE_DIR_LINE = re.compile(r"(?m)^site_dir:.*$")


class UnknownGenerator(ValueError):
    """SITE_GENERATOR names no generator the build knows."""


def chosen(environ: Mapping[str, str] = os.environ) -> str:
    """The generator the environment asks for (MkDocs when it asks for none)."""
    name = environ.get(ENVIRONMENT, "").strip().lower() or MKDOCS
    if name not in PACKAGES:
        raise UnknownGenerator(f"{ENVIRONMENT}={name!r}: the site is built by one of {', '.join(GENERATORS)}")
    return name


@contextlib.contextmanager
def config_into(site_dir: Path | None, config: Path = paths.MKDOCS_CONFIG) -> Iterator[Path]:
    """`config`, or, for another site folder, a copy of it beside it (Zensical has no --site-dir and
    reads docs_dir and custom_dir from where its configuration is) that writes into `site_dir`."""
    if site_dir is None:
        yield config
        return
    copy = config.with_name(f".{config.stem}-{os.getpid()}.yml")
    text = config.read_text(encoding="utf-8")
    copy.write_text(SITE_DIR_LINE.sub(f"site_dir: {Path(site_dir).resolve()}", text, count=1), encoding="utf-8")
    try:
        yield copy
    finally:
        copy.unlink(missing_ok=True)


def command(generator: str, config: Path, site_dir: Path | None = None, reads: Path | None = None) -> list[str]:
    """The generator's build, strict (a warning fails it). Zensical's --clean: its cache keys on
    the pages' Markdown, not on what the Markdown extensions read beside it (build/, sources/).
    With `reads`, through build_scripts.traced_run, which lists there the files Python opened (the
    Markdown extensions' reads included; Zensical's own core reads outside Python)."""
    traced = ["-m", "build_scripts.traced_run", str(reads)] if reads else []
    if generator == MKDOCS:
        elsewhere = ["--site-dir", str(site_dir)] if site_dir else []
        return [sys.executable, *traced, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config), *elsewhere]
    return [sys.executable, *traced, "-m", "zensical", "build", "--strict", "--clean", "-f", str(config)]


def generate(
    site_dir: Path | None = None,
    generator: str | None = None,
    env: Mapping[str, str] | None = None,
    config: Path = paths.MKDOCS_CONFIG,
    reads: Path | None = None,
) -> subprocess.CompletedProcess:
    """Build the pages from docs/ into site/ (or `site_dir`) with `generator` (the chosen one when
    None), in a child process with the environment `env` (this one's when None); the finished
    process, with its output."""
    env = {**(os.environ if env is None else env), "NO_MKDOCS_2_WARNING": "1"}
    generator = generator or chosen(env)
    with contextlib.nullcontext(config) if generator == MKDOCS else config_into(site_dir, config) as generator_config:
        return subprocess.run(
            command(generator, generator_config, site_dir if generator == MKDOCS else None, reads),
            cwd=paths.ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
