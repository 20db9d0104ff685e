"""The build's stage decisions (build_scripts/incremental.py), without running a build: which
stage runs after which change, and that a stamp never lets an out-of-date output stand."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from build_scripts import incremental
from build_scripts.incremental import Stamp, changed, digests, files_under, fingerprint, why_run, written_between

INPUTS = {"sources/glossary.yaml": "a1", "build_scripts/steps.py": "b2", "python": "3.11"}
OUTPUTS = {"site/index.html": [100, 5], "site/sw.js": [50, 6]}


def test_nothing_changed_means_nothing_to_run():
    assert why_run(Stamp(INPUTS, OUTPUTS), dict(INPUTS), {k: list(v) for k, v in OUTPUTS.items()}) is None


@pytest.mark.parametrize(
    ("inputs", "named"),
    [
        ({**INPUTS, "sources/glossary.yaml": "a9"}, "sources/glossary.yaml"),  # an edit
        ({**INPUTS, "sources/new.yaml": "c3"}, "sources/new.yaml"),  # a new file
        ({k: v for k, v in INPUTS.items() if k != "build_scripts/steps.py"}, "build_scripts/steps.py"),
        ({**INPUTS, "python": "3.12"}, "python"),  # another setting
    ],
)
def test_a_changed_input_runs_the_stage_and_is_named(inputs, named):
    reason = why_run(Stamp(INPUTS, OUTPUTS), inputs, OUTPUTS)
    assert reason == f"{named} changed"


@pytest.mark.parametrize(
    "outputs_now",
    [
        {"site/index.html": [100, 5]},  # a file went missing
        {**OUTPUTS, "site/index.html": [100, 7]},  # rewritten since (a hand-run mkdocs)
        {**OUTPUTS, "site/stray.html": [1, 1]},  # a file the stage did not write
        {},  # site/ removed
    ],
)
def test_an_output_touched_since_the_stage_ran_runs_it_again(outputs_now):
    assert "since it was built" in why_run(Stamp(INPUTS, OUTPUTS), INPUTS, outputs_now)


def test_no_stamp_an_empty_stamp_or_force_runs_the_stage():
    assert why_run(None, INPUTS, OUTPUTS) == "no stamp of an earlier run"
    assert why_run(Stamp(INPUTS, {}), INPUTS, {}) == "its earlier run wrote nothing"
    assert why_run(Stamp(INPUTS, OUTPUTS), INPUTS, OUTPUTS, force=True) == "forced (--force)"


def test_many_changes_are_summed_up():
    new = {f"sources/{n}.txt": "x" for n in range(5)}
    assert why_run(Stamp({}, OUTPUTS), new, OUTPUTS) == (
        "sources/0.txt, sources/1.txt, sources/2.txt and 2 more changed"
    )


def test_a_stamp_reads_back_and_a_foreign_one_is_no_stamp():
    stamp = Stamp(INPUTS, OUTPUTS)
    assert Stamp.from_json(stamp.to_json()) == stamp
    for text in ("", "[]", '{"inputs": {}}', "not json"):
        assert Stamp.from_json(text) is None


def test_changed_and_written_between():
    assert changed({"a": 1, "b": 2}, {"b": 3, "c": 4}) == ["a", "b", "c"]
    before = {"docs/index.md": [1, 1], "docs/glossary.md": [5, 1]}
    after = {"docs/index.md": [1, 1], "docs/glossary.md": [5, 2], "docs/rules/a.md": [3, 2]}
    assert written_between(before, after) == ["docs/glossary.md", "docs/rules/a.md"]


def test_files_digests_and_fingerprints(tmp_path: Path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "index.md").write_text("home")
    (tmp_path / "rules" / "a.md").write_text("rule")
    (tmp_path / "__pycache__" / "x.pyc").write_bytes(b"\0")
    (tmp_path / "half.partial").write_text("")
    assert files_under(tmp_path) == [tmp_path / "index.md", tmp_path / "rules" / "a.md"]
    assert files_under(tmp_path, exclude=["rules"]) == [tmp_path / "index.md"]
    assert files_under(tmp_path / "missing") == []
    sums = digests(files_under(tmp_path), root=tmp_path)
    assert list(sums) == ["index.md", "rules/a.md"]
    assert sums["index.md"] == "4ea140588150773ce3aace786aeef7f4049ce100fa649c94fbbddb960f1da942"
    os.utime(tmp_path / "index.md", ns=(1, 2_000_000_000))
    assert fingerprint([tmp_path / "index.md", tmp_path / "gone.md"], root=tmp_path) == {"index.md": [4, 2_000_000_000]}


def test_the_stages_inputs():
    """prebuild reads the sources, the build's code and the hand-written pages whose sentences it
    checks, not the pages it writes; the site reads all of docs/ (the generated pages included), what
    prebuild wrote to build/ and the sources its Markdown extensions and the post-build read; neither
    reads the developer tools."""
    prebuild, site = incremental.stages()
    prebuild_inputs = {p.relative_to(incremental.paths.ROOT).as_posix() for p in prebuild.inputs()}
    site_inputs = {p.relative_to(incremental.paths.ROOT).as_posix() for p in site.inputs()}
    assert "sources/glossary.yaml" in prebuild_inputs and "build_scripts/steps.py" in prebuild_inputs
    assert {"docs/index.md", "docs/calculators/strike.md"} <= prebuild_inputs
    assert not any(p.startswith(("docs/rules/", "docs/glossary.md")) for p in prebuild_inputs)
    assert {"docs/index.md", "overrides/main.html", "mkdocs.yml", "package-lock.json"} <= site_inputs
    assert {"sources/errata.yaml", "sources/glossary.yaml", "sources/glossary-sbg.yaml"} <= site_inputs
    assert {"sources/mele-rulebook.txt", "sources/sbg-advanced-rules.txt"} <= site_inputs
    assert {"sources/search-synonyms.yaml", "sources/search-table-words.yaml"} <= site_inputs, (
        "the search index reads them"
    )
    assert not any(p.startswith("devtools/") for p in prebuild_inputs | site_inputs)


class Project:
    """Two stages over a folder: "gen" upper-cases each src/<name>.txt into gen/<name>.txt (beside a
    hand-written readme it does not own), "site" joins what "gen" holds into one file in site/."""

    def __init__(self, root: Path):
        self.root, self.runs = root, []
        for folder in ("src", "gen", "site"):
            (root / folder).mkdir()
        (root / "src" / "a.txt").write_text("one")
        (root / "gen" / "readme.md").write_text("by hand")
        self.fail = None

    def _gen(self, _reads):
        self.runs.append("gen")
        for source in (self.root / "src").glob("*.txt"):
            (self.root / "gen" / source.name).write_text(source.read_text().upper())
        if self.fail == "gen":
            raise incremental.BuildFailed("gen failed")

    def _site(self, _reads):
        self.runs.append("site")
        if self.fail == "site":
            raise incremental.BuildFailed("site failed")
        text = "".join(p.read_text() for p in files_under(self.root / "gen"))
        (self.root / "site" / "all.txt").write_text(text)

    def stages(self):
        return [
            incremental.Stage(
                "gen",
                lambda: files_under(self.root / "src"),
                lambda: files_under(self.root / "gen"),
                self._gen,
                outputs_written_by=lambda b, a: {k: a[k] for k in written_between(b, a)},
            ),
            incremental.Stage(
                "site", lambda: files_under(self.root / "gen"), lambda: files_under(self.root / "site"), self._site
            ),
        ]

    def build(self, force=False):
        self.runs = []
        incremental.build(force=force, log=lambda _line: None, stage_list=self.stages())
        return self.runs


@pytest.fixture
def project(tmp_path, monkeypatch) -> Project:
    monkeypatch.setattr(incremental, "STAMPS", tmp_path / "stamps")
    monkeypatch.setattr(incremental, "settings", dict)
    return Project(tmp_path)


def test_a_second_build_runs_nothing_and_force_runs_all(project):
    assert project.build() == ["gen", "site"]
    assert project.build() == []
    assert project.build(force=True) == ["gen", "site"]


def test_a_hand_written_page_runs_only_the_site_and_a_source_runs_both(project):
    project.build()
    (project.root / "gen" / "readme.md").write_text("by hand, edited")
    assert project.build() == ["site"]
    (project.root / "src" / "a.txt").write_text("two")
    assert project.build() == ["gen", "site"]
    assert (project.root / "site" / "all.txt").read_text() == "TWOby hand, edited"


def test_a_stage_that_writes_the_same_files_again_leaves_the_next_alone(project):
    """The site stage reads the generated files' content, not their times."""
    project.build()
    (project.root / "gen" / "a.txt").unlink()  # an output of gen gone: gen runs, writes it again
    assert project.build() == ["gen"]


def test_an_output_changed_by_anything_else_is_built_again(project):
    project.build()
    (project.root / "site" / "all.txt").write_text("a stale copy")
    assert project.build() == ["site"]
    (project.root / "site" / "all.txt").unlink()
    assert project.build() == ["site"]


def test_a_failed_stage_keeps_no_stamp_and_runs_again(project):
    project.fail = "site"
    with pytest.raises(incremental.BuildFailed):
        project.build()
    assert not (incremental.STAMPS / "site.json").exists()
    project.fail = None
    assert project.build() == ["site"]
    project.fail = "gen"
    (project.root / "src" / "a.txt").write_text("three")
    with pytest.raises(incremental.BuildFailed):
        project.build()
    project.fail = None
    assert project.build() == ["gen", "site"]


@pytest.fixture
def traced(tmp_path, monkeypatch):
    """A project in tmp_path of one stage whose command (traced, as the build runs its commands)
    copies the JSON file of its src folder into its site folder, and with `also` copies a file it
    does not declare too."""
    monkeypatch.setattr(incremental, "STAMPS", tmp_path / "stamps")
    monkeypatch.setattr(incremental, "PROJECT", tmp_path)
    monkeypatch.setattr(incremental, "settings", dict)
    for folder in ("src", "site"):
        (tmp_path / folder).mkdir()
    (tmp_path / "src" / "a.json").write_text("[1]")
    (tmp_path / "notes.json").write_text("[2]")
    also = []

    def run(reads):
        for name in ["src/a.json", *also]:
            copy = tmp_path / "site" / Path(name).name
            incremental.run_python("-m", "json.tool", str(tmp_path / name), str(copy), reads=reads)

    stage = incremental.Stage(
        "site", lambda: files_under(tmp_path / "src"), lambda: files_under(tmp_path / "site"), run
    )
    return lambda: incremental.build(log=lambda _line: None, stage_list=[stage]), also


def test_a_stage_that_reads_only_what_it_declares_is_stamped(traced):
    build, _ = traced
    assert build() == ["site"]
    assert (incremental.STAMPS / "site.json").exists()


def test_a_stage_that_reads_a_file_it_does_not_declare_fails_naming_it(traced):
    build, also = traced
    also.append("notes.json")
    with pytest.raises(incremental.BuildFailed, match=r"site read notes\.json, which it does not declare"):
        build()
    assert not (incremental.STAMPS / "site.json").exists()


def test_what_is_declared_otherwise_is_not_named(tmp_path):
    names = [
        ".venv/lib/python3.11/site-packages/mkdocs/__init__.py",
        "node_modules/workbox-build/package.json",
        "build/engine-snapshot/a.bin.gz",
        "mele_rules_reference.egg-info/entry_points.txt",
        "build_scripts/__pycache__/steps.cpython-311.pyc",
        "site/index.html",
        "sources/glossary.yaml",
        "sources/layout.yaml",
    ]
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    read = [tmp_path / name for name in names] + [tmp_path / "sources", tmp_path / "gone.txt", Path("/usr/lib/x.py")]
    declared, written = [tmp_path / "sources" / "glossary.yaml"], [tmp_path / "site" / "index.html"]
    assert incremental.undeclared_reads(read, declared, written, tmp_path) == ["sources/layout.yaml"]
