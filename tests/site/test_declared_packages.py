"""Every package the project's code imports is declared in pyproject.toml, pinned: a package that only
comes along with another (Python-Markdown with MkDocs) could change under the build when the other is
upgraded, or go."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from build_scripts.postbuild.pyodide_bundle import wheel
from tests.support.site import ROOT

# Each package and the requirements it may lean on: the calculators the site's (the form's views are
# build-time only; what the browser runs is checked alone below), the build the site's, the developer
# tools the contributors' too (`make` installs both extras).
PACKAGES = {"calculators": ("site",), "build_scripts": ("site",), "devtools": ("site", "test")}
FIRST_PARTY = {*PACKAGES, "tests", "benchmarks"}
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==[\w.]+$")


def imported_names(folder: Path, leaving_out: set[Path] = frozenset()) -> set[str]:
    """The top-level names of the modules the code under `folder` imports (absolute imports)."""
    names = set()
    for module in set(folder.rglob("*.py")) - leaving_out:
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names


def third_party(names: set[str]) -> set[str]:
    return {name for name in names if name not in sys.stdlib_module_names and name not in FIRST_PARTY}


def pinned_distributions(project: dict, extras: tuple[str, ...]) -> dict[str, str]:
    """Normalised distribution name -> its requirement, for the pinned requirements of `extras`."""
    requirements = [*project["dependencies"], *(r for extra in extras for r in project["optional-dependencies"][extra])]
    pinned = {}
    for requirement in requirements:
        found = PIN.match(requirement)
        assert found, f"{requirement}: not pinned with =="
        pinned[normalised(found.group(1))] = requirement
    return pinned


def undeclared(names: set[str], pinned: dict[str, str]) -> list[str]:
    distributions = metadata.packages_distributions()
    return sorted(
        f"{name} ({', '.join(distributions.get(name, ['not installed']))})"
        for name in names
        if not any(normalised(dist) in pinned for dist in distributions.get(name, []))
    )


def normalised(distribution: str) -> str:
    return re.sub(r"[-_.]+", "-", distribution).lower()


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_the_code_imports_is_declared_and_pinned(package):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    imported = third_party(imported_names(ROOT / package))
    if package == "build_scripts":
        assert {"markdown", "yaml", "mkdocs", "pymdownx"} <= imported, imported  # the scan still sees them
    missing = undeclared(imported, pinned_distributions(project, PACKAGES[package]))
    assert not missing, f"{package} imports what pyproject.toml does not pin for it: {missing}"


def test_what_the_browser_runs_imports_the_standard_library_only():
    build_only = {wheel.VIEWS / name for name in wheel.BUILD_ONLY}
    assert third_party(imported_names(wheel.TOP, build_only)) == set()


def test_the_check_sees_an_import_no_requirement_declares(tmp_path):
    (tmp_path / "module.py").write_text("import json\nfrom markdown.util import AtomicString\n", encoding="utf-8")
    names = third_party(imported_names(tmp_path))
    assert names == {"markdown"}
    project = {"dependencies": [], "optional-dependencies": {"site": ["mkdocs==1.6.1"]}}
    assert undeclared(names, pinned_distributions(project, ("site",))) == ["markdown (Markdown)"]
