"""The benchmark builds a baseline with the baseline's own build code, whichever layout it had."""

from __future__ import annotations

from benchmarks.site_build import ROOT, build_steps


def test_this_tree_builds_with_its_top_level_build_scripts(tmp_path):
    steps = build_steps(tmp_path / "site")
    assert [step[1] for step in steps] == ["build_scripts", "mkdocs", "build_scripts"]
    assert (ROOT / "build_scripts").is_dir()


def test_a_baseline_with_the_build_under_mele_builds_with_its_own_build_scripts(tmp_path):
    (tmp_path / "mele" / "build_scripts").mkdir(parents=True)
    steps = build_steps(tmp_path / "site", root=tmp_path)
    assert [step[1] for step in steps] == ["mele.build_scripts", "mkdocs", "mele.build_scripts"]
    assert steps[-1][-1] == str(tmp_path / "site")


def test_without_the_prebuild_mkdocs_comes_first(tmp_path):
    assert build_steps(tmp_path / "site", prebuild=False)[0][1] == "mkdocs"
