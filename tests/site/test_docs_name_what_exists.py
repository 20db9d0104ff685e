"""The docs (README, CONTRIBUTING, ARCHITECTURE) and every comment and docstring of the code name
only what exists: each repository path they name is in the tree or is written by the build, none
names a path of one machine or of a folder beside the repository, and the make targets, modules and
console scripts the docs name are there. A newcomer reading any of them can open what they point to."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

import pytest

from tests.support.prose import DOCS, prose, prose_files
from tests.support.site import ROOT

THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()  # its examples of what is caught
# What a path is taken for: a name with a file's extension, or a folder's name ending in "/".
EXTENSIONS = "py|mjs|js|css|html|md|ya?ml|json|toml|tsv|txt|webmanifest|png|svg|whl|zip|gz|br|wasm|bin"
PATH = re.compile(
    rf"(?<![\w./:~-])((?:\.\./)*\.?/?[\w.*-]+(?:/[\w.*{{}},-]+)*(?:\.(?:{EXTENSIONS})|/))(?![\w/<-]|\.\w)",
)
# A bare name of these kinds ("quick_worker.py") says a module or page of the project exists; a bare
# data file's name ("names.json") is what some step writes where it says, checked with its folder only.
SOURCE_KINDS = (".py", ".mjs", ".js", ".css", ".html", ".md", ".yaml", ".yml")
# Paths on one machine, and the folder beside the repository that a clone does not have.
MACHINE_PATH = re.compile(r"(?<![\w.-])(/(?:work|home|Users|root|tmp)/[\w./-]*|(?:\.\./)+shared/[\w./-]*)")
# The folders a path is looked for in, besides the naming file's own folder and those above it:
# the tree's top, where relative names in the docs start, and what the build writes (site/ and the
# generated pages in docs/, build/ for its own files), so that a built file may be named.
BASES = ("", "build_scripts", "calculators", "docs/assets/javascripts", "sources", "docs", "site", "build")
NOT_PATHS = {"Node.js"}  # a product's name
# Written by `make serve` (its whole build aside) and by the test runs: absent after `make build`.
OTHER_OUTPUTS = ("build/site-next/", "test-results/")
# Where a bare file name is looked for, the whole folder down.
SEARCHED_WHOLE = ("build_scripts", "calculators", "devtools", "benchmarks", "tests", "docs", "overrides", "site")


def named_paths(text: str) -> list[str]:
    """The repository paths a piece of prose names (not URLs, site addresses or placeholders)."""
    found = []
    for match in PATH.finditer(text):
        name = match.group(1)
        if (
            name in NOT_PATHS
            or name.startswith(("/", "..."))
            or text[max(0, match.start() - 3) : match.start()] == "://"
        ):
            continue  # an address on the site ("/ruling/") or a URL
        if name.endswith("/") and not re.fullmatch(r"(\.\./)*[a-z0-9_.*-]+(/[a-z0-9_.*-]+)*/", name):
            continue  # words with slashes ("Note/Example/"), not a folder of the tree
        if "/" not in name.removesuffix("/") and not name.endswith(SOURCE_KINDS):
            continue
        found.append(name)
    return found


def exists(name: str, named_in: str, root: Path = ROOT) -> bool:
    """Whether `name`, as written in the file `named_in`, is a path of the tree or of the build:
    from the file's folder or one above it (from a test, the folder it mirrors too), or from BASES
    (a "../" name from a folder of those too: a link between two generated pages); a bare file
    name also anywhere in the project's code or the built site (a test's name only from a test)."""
    if name.startswith(OTHER_OUTPUTS):
        return True
    if name.startswith("../") and not (root / Path(named_in).parent / name).resolve().is_relative_to(root):
        return False
    pattern = name.removeprefix("./").rstrip("/").replace("{", "").replace("}", "")
    here = Path(named_in).parent
    folders = [here, *here.parents]
    mirrored = Path(*here.parts[1:]) if here.parts[:1] == ("tests",) else None
    if mirrored is not None:
        folders += [mirrored, *mirrored.parents]
    tried = [(folder, pattern) for folder in [*folders, *map(Path, BASES)]]
    tried += [(Path(base), pattern.lstrip("./")) for base in BASES if pattern.startswith("../")]
    if any(_found(root / folder, path) for folder, path in tried):
        return True
    if "/" in pattern:
        return False
    tops = SEARCHED_WHOLE if named_in.startswith("tests/") else tuple(t for t in SEARCHED_WHOLE if t != "tests")
    return any(any((root / top).rglob(pattern)) for top in tops)


def _found(folder: Path, path: str) -> bool:
    return any(folder.glob(path)) if "*" in path else (folder / path).exists()


def stale_paths(named_in: str, pieces, root: Path = ROOT) -> list[str]:
    """'file:line: name' for each path the prose `pieces` ((line, text) of the file `named_in`) names
    that does not exist."""
    return [
        f"{named_in}:{line}: {name}"
        for line, text in pieces
        for name in named_paths(text)
        if not exists(name, named_in, root)
    ]


def machine_paths(named_in: str, pieces) -> list[str]:
    return [f"{named_in}:{line}: {found}" for line, text in pieces for found in MACHINE_PATH.findall(text)]


@pytest.fixture(scope="module")
def all_prose(site) -> dict[str, list[tuple[int, str]]]:
    """Each file's prose; after a build, since a comment may name what the build writes."""
    return {name: list(prose(ROOT / name)) for name in prose_files(ROOT) if name != THIS_FILE}


def test_the_check_finds_the_paths_named(all_prose):
    assert sum(len(named_paths(text)) for pieces in all_prose.values() for _, text in pieces) > 500, (
        "the check found few paths: is the pattern still right?"
    )


@pytest.mark.parametrize("curated", [False, True], ids=["docs and code", "sources"])
def test_every_path_a_doc_or_comment_names_exists(all_prose, curated):
    stale = [
        found
        for name, pieces in all_prose.items()
        if name.startswith("sources/") == curated
        for found in stale_paths(name, pieces)
    ]
    assert not stale, "these name paths that do not exist (renamed? write the new name):\n" + "\n".join(stale)


def test_no_doc_or_comment_names_a_path_of_one_machine(all_prose):
    found = [hit for name, pieces in all_prose.items() for hit in machine_paths(name, pieces)]
    assert not found, "a clone has none of these (say what they held instead):\n" + "\n".join(found)


def test_the_check_catches_a_stale_path_in_every_kind_of_file(tmp_path):
    planted = {
        "build_scripts/model/x.py": '"""Reads build_scripts/parse/gone.py."""\n# and quick_gone.py\n',
        "docs/assets/javascripts/search/x.js": 'const glob = "**/*.js"; // see search/gone.js\n',
        "docs/assets/stylesheets/x.css": "/* as rules/gone-page.md lays it out */\n",
        "overrides/partials/x.html": "<!-- from partials/gone.html -->\n{# and engine-gone.mjs #}\n",
        "sources/x.yaml": 'key: "# not a comment"  # ids follow shared/reference/errata.md\n',
        "CONTRIBUTING.md": "Run `.venv/bin/python -m pytest tests/gone/`.\n",
    }
    for name, text in planted.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = [hit for name in planted for hit in stale_paths(name, prose(tmp_path / name), tmp_path)]
    assert found == [
        "build_scripts/model/x.py:2: quick_gone.py",
        "build_scripts/model/x.py:1: build_scripts/parse/gone.py",
        "docs/assets/javascripts/search/x.js:1: search/gone.js",
        "docs/assets/stylesheets/x.css:1: rules/gone-page.md",
        "overrides/partials/x.html:1: partials/gone.html",
        "overrides/partials/x.html:2: engine-gone.mjs",
        "sources/x.yaml:1: shared/reference/errata.md",
        "CONTRIBUTING.md:1: tests/gone/",
    ]
    (tmp_path / "tests" / "gone").mkdir(parents=True)
    assert not stale_paths("CONTRIBUTING.md", prose(tmp_path / "CONTRIBUTING.md"), tmp_path)


def test_the_check_catches_a_machine_path_and_leaves_site_addresses_alone():
    pieces = [(1, "see /work/shared/reference/worked-examples.md"), (2, "as ../shared/reference/structure.md says")]
    assert machine_paths("x.py", pieces) == [
        "x.py:1: /work/shared/reference/worked-examples.md",
        "x.py:2: ../shared/reference/structure.md",
    ]
    assert named_paths("the page /ruling/ and https://example.org/a/b.html, served as /404.html") == []
    assert named_paths("Node.js, input/output and Note/Example/ are words") == []
    assert named_paths("writes names.json; reads <name>.py") == []


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
