"""The build, timed, into a folder of the benchmark's own (another build of site/ may be
running in the same tree), and the size of what it wrote."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build_package(root: Path) -> str:
    """The build's package in the project at `root`: a baseline from the time the build lived in
    `mele/build_scripts`, where `-m build_scripts` would run this tree's build (installed editable)
    against the baseline's pages, or `build_scripts` at the top."""
    return "mele.build_scripts" if (root / "mele" / "build_scripts").is_dir() else "build_scripts"


def build_steps(out: Path, prebuild: bool = True, root: Path = ROOT) -> list[list[str]]:
    """The build's steps; without `prebuild` when docs/rules and the rules index are written already."""
    package = build_package(root)
    return ([["-m", package, "prebuild"]] if prebuild else []) + [
        ["-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(out)],
        ["-m", package, "postbuild", str(out)],
    ]


def time_build(out: Path, site_url: str, runs: int, root: Path = ROOT, prebuild: bool = True) -> list[float]:
    """Seconds for prebuild + mkdocs build + postbuild of the project at `root`, `runs` times.
    (The browser tests build their site with this too, without the prebuild when it is done.)"""
    env = {**os.environ, "PYTHONPATH": str(root), "NO_MKDOCS_2_WARNING": "1", "SITE_URL": site_url}
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        for step in build_steps(out, prebuild, root):
            done = subprocess.run(
                [sys.executable, *step], cwd=root, env=env, capture_output=True, text=True, check=False
            )
            if done.returncode != 0:
                raise RuntimeError(f"build step {' '.join(step)} failed:\n{done.stderr[-2000:]}")
        times.append(time.perf_counter() - started)
    return times


def checkout(ref: str) -> Path:
    """The project as it was at `ref` (a commit or branch), unpacked under build/ with `git archive`
    (the work tree and its branch are left alone), sharing this tree's node_modules."""
    commit = subprocess.run(
        ["git", "rev-parse", "--verify", f"{ref}^{{commit}}"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    root = ROOT / "build" / f"bench-baseline-{commit[:12]}"
    if not (root / "Makefile").exists():
        root.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(root)], input=archive, check=True)
    if not (root / "node_modules").exists():
        (root / "node_modules").symlink_to(ROOT / "node_modules")
    return root


def site_size(site: Path) -> int:
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file())


def calculator_script_size(site: Path) -> int:
    """The calculator pages' own JavaScript (page script, form, engine client and worker), as served."""
    return sum(
        p.stat().st_size
        for p in (site / "assets" / "javascripts" / "calculators").iterdir()
        if p.suffix in (".js", ".mjs")
    )


def offline_copy_size(site: Path) -> int:
    """What the service worker stores on a first visit (offline.json, written by the build)."""
    return json.loads((site / "offline.json").read_text(encoding="utf-8"))["bytes"]
