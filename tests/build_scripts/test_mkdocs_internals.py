"""The MkDocs internals the build and the developer server lean on (build_scripts/mkdocs_internals.py)
were read against one MkDocs: another one installed or pinned fails here with what to re-check, and
what each is relied on for is tried on a small site."""

from __future__ import annotations

import os
import re
import tomllib
from importlib import metadata

from build_scripts import mkdocs_internals
from tests.support.site import ROOT

RECHECK = (
    "build_scripts/mkdocs_internals.py was read against MkDocs {checked}, and MkDocs {found} is {where}: "
    "re-check that mkdocs.utils.yaml.yaml_load still resolves !ENV and INHERIT, that "
    "mkdocs.config.load_config(config_file=...) still loads the theme and the Markdown extensions, and "
    "that mkdocs.commands.build.build(config, dirty=True) still renders only the pages whose source is "
    "newer than their HTML; then set CHECKED_WITH there"
)


def pinned_mkdocs() -> str:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    (pin,) = [r for r in project["optional-dependencies"]["site"] if re.match(r"mkdocs==", r)]
    return pin.removeprefix("mkdocs==")


def test_the_internals_were_read_against_the_mkdocs_pinned_and_installed():
    checked = mkdocs_internals.CHECKED_WITH
    assert pinned_mkdocs() == checked, RECHECK.format(checked=checked, found=pinned_mkdocs(), where="pinned")
    installed = metadata.version("mkdocs")
    assert installed == checked, RECHECK.format(checked=checked, found=installed, where="installed")


def small_site(folder, env_name: str):
    (folder / "docs").mkdir()
    for page in ("index.md", "other.md"):
        (folder / "docs" / page).write_text(f"# {page}\n", encoding="utf-8")
    (folder / "base.yml").write_text(f"site_name: !ENV [{env_name}, unset]\ntheme: mkdocs\n", encoding="utf-8")
    config = folder / "mkdocs.yml"
    config.write_text(f"INHERIT: base.yml\nsite_dir: {folder / 'site'}\n", encoding="utf-8")
    return config


def test_the_config_file_is_read_as_mkdocs_reads_it(tmp_path, monkeypatch):
    monkeypatch.setenv("MELE_TEST_SITE_NAME", "From the environment")
    read = mkdocs_internals.read_config_file(small_site(tmp_path, "MELE_TEST_SITE_NAME"))
    assert read["site_name"] == "From the environment"  # INHERIT followed, !ENV resolved
    assert read["theme"] == "mkdocs"


def test_a_dirty_build_renders_only_the_pages_newer_than_their_html(tmp_path):
    config = small_site(tmp_path, "MELE_TEST_UNSET_NAME")
    mkdocs_internals.build_dirty(mkdocs_internals.load_config(config))
    built = {"index": tmp_path / "site" / "index.html", "other": tmp_path / "site" / "other" / "index.html"}
    for page in built.values():
        os.utime(page, ns=(1, 2_000_000_000_000_000_000))  # far ahead of any source
    (tmp_path / "docs" / "other.md").write_text("# other, edited\n", encoding="utf-8")
    os.utime(tmp_path / "docs" / "other.md", ns=(1, 3_000_000_000_000_000_000))  # newer than its HTML
    mkdocs_internals.build_dirty(mkdocs_internals.load_config(config))
    assert "other, edited" in built["other"].read_text(encoding="utf-8")
    assert built["index"].stat().st_mtime_ns == 2_000_000_000_000_000_000  # left alone
