"""README.md, CONTRIBUTING.md and ARCHITECTURE.md name files, folders, make targets and
modules; every one of them must exist, so the docs cannot drift from the tree."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ("README.md", "CONTRIBUTING.md", "ARCHITECTURE.md")
# Paths the build writes or a server serves: they exist after a build, not in a clone.
GENERATED = ("site/", "docs/rules/", "build/", "assets/", "/ruling/", ".venv/", "test-results/")
MEDIA_TYPES = ("application/", "text/")
CODE = re.compile(r"`([^`\n]+)`")
PATH_LIKE = re.compile(r"^[\w.*-]+(/[\w.*-]*)+$|^[\w-]+\.(py|md|yaml|yml|js|mjs|json|toml|tsv|txt)$")


def named_paths(text: str) -> set[str]:
    found = set()
    for code in CODE.findall(text):
        for word in code.split():
            word = word.strip("(),;:")
            if PATH_LIKE.match(word) and not word.startswith(GENERATED + MEDIA_TYPES) and "://" not in word:
                found.add(word)
    return found


def exists(name: str, doc: Path) -> bool:
    for base in (
        ROOT,
        doc.parent,
        ROOT / "build_scripts",
        ROOT / "calculators",
        ROOT / "docs" / "assets" / "javascripts",
        ROOT / "sources",
    ):
        if any(base.glob(name)) or (base / name).exists():
            return True
    # a module named within its folder's paragraph: "postbuild/engine/ ... `wheel.py`"
    return "/" not in name and any(
        ROOT.glob(f"{package}/**/{name}") for package in ("build_scripts", "calculators", "devtools")
    )


@pytest.mark.parametrize("doc", DOCS)
def test_every_path_a_doc_names_exists(doc):
    path = ROOT / doc
    names = named_paths(path.read_text(encoding="utf-8"))
    assert len(names) >= 3, f"{doc}: the check found almost no paths; is the pattern still right?"
    missing = sorted(name for name in names if not exists(name, path))
    assert not missing, f"{doc} names paths that do not exist: {missing}"


def make_targets() -> set[str]:
    return set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(encoding="utf-8"), re.MULTILINE))


@pytest.mark.parametrize("doc", DOCS)
def test_every_make_target_and_module_a_doc_names_exists(doc):
    text = (ROOT / doc).read_text(encoding="utf-8")
    targets = set(re.findall(r"\bmake ([a-z][\w-]*)", text)) - {"sure"}
    assert targets <= make_targets(), f"{doc} names make targets the Makefile lacks: {targets - make_targets()}"
    modules = set(re.findall(r"python -m ([\w.]+)", text)) - {"pytest", "mkdocs"}
    missing = sorted(m for m in modules if importlib.util.find_spec(m) is None)
    assert not missing, f"{doc} names modules that do not exist: {missing}"
    scripts = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"])
    named = set(re.findall(r"\.venv/bin/(mele-[\w-]+)", text))
    assert named <= scripts, f"{doc} names console scripts pyproject.toml lacks: {named - scripts}"


def test_the_readme_stays_short():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 250
