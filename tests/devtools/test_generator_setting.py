"""The site generator is one setting of the build (build_scripts/generator.py): `make build` and
`make serve` pass GENERATOR on as SITE_GENERATOR, the incremental build runs that generator and
rebuilds site/ when the setting changes, and make serve's quick pass (MkDocs's dirty build) gives
way to the whole build under Zensical. Without running a generator."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from build_scripts import generator, incremental, paths
from build_scripts.incremental import Stamp, why_run
from devtools.quick_pass import quick_refusal


def test_mkdocs_unless_the_environment_names_zensical():
    assert generator.chosen({}) == generator.MKDOCS
    assert generator.chosen({"SITE_GENERATOR": ""}) == generator.MKDOCS
    assert generator.chosen({"SITE_GENERATOR": "Zensical"}) == generator.ZENSICAL
    with pytest.raises(generator.UnknownGenerator, match="mkdocs, zensical"):
        generator.chosen({"SITE_GENERATOR": "hugo"})


def test_an_unknown_generator_stops_the_build_before_any_stage(monkeypatch, capsys):
    monkeypatch.setenv("SITE_GENERATOR", "hugo")
    monkeypatch.setattr(incremental, "build", lambda **_: pytest.fail("a stage ran"))
    assert incremental.main([]) == 2
    assert "SITE_GENERATOR='hugo'" in capsys.readouterr().err


def test_switching_the_generator_rebuilds_the_site(monkeypatch):
    monkeypatch.delenv("SITE_GENERATOR", raising=False)
    by_mkdocs = incremental.settings()
    monkeypatch.setenv("SITE_GENERATOR", "zensical")
    by_zensical = incremental.settings()
    assert (by_mkdocs["generator"], by_zensical["generator"]) == ("mkdocs", "zensical")
    assert "package mkdocs-material" in by_mkdocs and "package zensical" in by_zensical
    outputs = {"site/index.html": [1, 1]}
    assert why_run(Stamp(by_mkdocs, outputs), by_mkdocs, outputs) is None
    reason = why_run(Stamp(by_mkdocs, outputs), by_zensical, outputs)
    assert reason is not None and "generator" in reason


@pytest.mark.parametrize("chosen", generator.GENERATORS)
def test_the_site_stage_runs_the_chosen_generator_then_the_post_build(monkeypatch, chosen):
    ran = []
    monkeypatch.setenv("SITE_GENERATOR", chosen)

    def generate(site_dir, name, reads=None):
        ran.append(("generate", name, site_dir))
        return subprocess.CompletedProcess([], 0, "", "")

    monkeypatch.setattr(generator, "generate", generate)
    monkeypatch.setattr(incremental, "run_python", lambda *args, reads=None: ran.append(args))
    incremental.build_site(Path("elsewhere"))
    assert ran == [("generate", chosen, Path("elsewhere")), ("-m", "build_scripts", "postbuild", "elsewhere")]


def test_a_failed_generator_fails_the_stage_before_the_post_build(monkeypatch):
    monkeypatch.setenv("SITE_GENERATOR", "zensical")
    monkeypatch.setattr(generator, "generate", lambda *_, **__: subprocess.CompletedProcess([], 1, "", "broken page"))
    monkeypatch.setattr(incremental, "run_python", lambda *_, **__: pytest.fail("the post-build ran"))
    with pytest.raises(incremental.BuildFailed, match="zensical build failed"):
        incremental.build_site()


def test_each_generator_builds_strictly_and_zensical_afresh():
    config = paths.MKDOCS_CONFIG
    mkdocs = generator.command(generator.MKDOCS, config, Path("out"))
    assert mkdocs[:4] == [sys.executable, "-m", "mkdocs", "build"] and "--strict" in mkdocs
    assert mkdocs[-2:] == ["--site-dir", "out"]
    zensical = generator.command(generator.ZENSICAL, config)
    assert zensical[:4] == [sys.executable, "-m", "zensical", "build"]
    assert {"--strict", "--clean"} <= set(zensical) and zensical[-2:] == ["-f", str(config)]


def test_zensical_writes_elsewhere_through_a_copy_of_the_configuration_beside_it(tmp_path):
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: x\nsite_dir: site\ndocs_dir: docs\n", encoding="utf-8")
    with generator.config_into(tmp_path / "out", config) as copy:
        assert copy.parent == tmp_path and copy != config
        assert copy.read_text(encoding="utf-8") == f"site_name: x\nsite_dir: {tmp_path / 'out'}\ndocs_dir: docs\n"
    assert not copy.exists()
    with generator.config_into(None, config) as same:
        assert same == config


def test_make_passes_the_generator_to_the_build_and_the_server():
    def dry_run(*args: str) -> str:
        done = subprocess.run(["make", "-n", *args], cwd=paths.ROOT, capture_output=True, text=True, check=True)
        return done.stdout

    assert "SITE_GENERATOR=zensical .venv/bin/python -m build_scripts.incremental" in dry_run(
        "build", "GENERATOR=zensical"
    )
    assert "SITE_GENERATOR=zensical .venv/bin/python -m devtools.serve --watch" in dry_run(
        "serve", "GENERATOR=zensical"
    )
    assert "SITE_GENERATOR" not in dry_run("build")


def test_the_quick_pass_gives_way_to_the_whole_build_under_zensical():
    whole = Stamp({"docs/index.md": "a", "generator": "zensical"}, {"site/index.html": [1, 1]})
    inputs = {"docs/index.md": "b", "generator": "zensical"}  # only a page's source changed
    assert quick_refusal(whole, None, inputs, whole.outputs) == (
        "the site's generator is zensical, which has no dirty build"
    )
    assert quick_refusal(whole, None, {**inputs, "generator": "mkdocs"}, whole.outputs) == "generator changed"
