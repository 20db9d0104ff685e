"""The build's stages import downwards only, and the calculators import nothing of the build
(pyproject.toml's [tool.importlinter], run by make lint): a planted upward import fails the check."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("calculators", "build_scripts", "devtools")
LINT = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    """import-linter over the packages under `root` (they come first on sys.path, before the
    editable install of this tree)."""
    return subprocess.run(
        [sys.executable, "-c", LINT, "--no-cache", "--config", "pyproject.toml"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture
def copy_of_the_tree(tmp_path: Path) -> Path:
    for name in PACKAGES:
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    return tmp_path


def test_the_tree_keeps_its_import_rules(copy_of_the_tree):
    done = lint_imports(copy_of_the_tree)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("module", "planted", "broken"),
    [
        ("build_scripts/parse/lines.py", "from build_scripts.render import inline", "downwards only"),
        ("build_scripts/model/evidence.py", "from build_scripts.glossary import terms", "downwards only"),
        ("calculators/strike.py", "from build_scripts import paths", "run alone"),
    ],
)
def test_a_planted_upward_import_breaks_a_contract(copy_of_the_tree, module, planted, broken):
    with (copy_of_the_tree / module).open("a", encoding="utf-8") as file:
        file.write(f"\n{planted}  # noqa: E402\n")
    done = lint_imports(copy_of_the_tree)
    assert done.returncode != 0
    assert broken in done.stdout and "BROKEN" in done.stdout, done.stdout


def test_every_module_of_the_build_has_its_layer():
    """A module the layers do not name is held to nothing: each of build_scripts' modules and stages is named."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")["layers"]
    named = {name.strip() for layer in layers for name in layer.split("|")}
    top = ROOT / "build_scripts"
    modules = {f"build_scripts.{p.stem}" for p in top.glob("*.py") if p.stem != "__init__"}
    stages = {f"build_scripts.{p.name}" for p in top.iterdir() if (p / "__init__.py").exists()}
    assert modules | stages == named
