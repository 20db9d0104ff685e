"""The build's calculator steps: the engine wheel, the vendored Pyodide runtime,
and the links the site adds under a section's title. No browser needed."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import zipfile

import pytest
import yaml

from build_scripts.postbuild.pyodide_bundle import runtime as pyodide_runtime
from build_scripts.postbuild.pyodide_bundle import wheel as engine_wheel
from build_scripts.render.section_links import section_link_lines, section_links
from calculators import __version__
from calculators.views.catalogue import VIEWS
from tests.support.site import ROOT


def test_the_wheel_is_deterministic_and_named_with_the_version(tmp_path):
    first = engine_wheel.write_wheel(tmp_path / "a")
    second = engine_wheel.write_wheel(tmp_path / "b")
    assert first.name == f"{engine_wheel.PACKAGE}-{__version__}-py3-none-any.whl"
    assert first.read_bytes() == second.read_bytes()


def a_wheel(path, entries: dict[str, bytes]):
    with zipfile.ZipFile(path, "w") as wheel:
        for name, data in entries.items():
            wheel.writestr(zipfile.ZipInfo(name, date_time=engine_wheel.FIXED_TIME), data)
    return path


def test_the_snapshot_keys_on_the_engine_not_on_its_views(tmp_path):
    """A new wording of a result (calculators/views) leaves the engine's revision, so the snapshot,
    alone; a change to the engine (calculators) does not."""
    entries = {
        "calculators/api.py": b"run = 1\n",
        "calculators/views/page_api.py": b"text = 'a'\n",
        "mele_engine-0.1.0.dist-info/RECORD": b"",
    }
    first = a_wheel(tmp_path / "a.whl", entries)
    reworded = a_wheel(tmp_path / "b.whl", {**entries, "calculators/views/page_api.py": b"text = 'b'\n"})
    new_rule = a_wheel(tmp_path / "c.whl", {**entries, "calculators/api.py": b"run = 2\n"})
    assert zipfile.ZipFile(io.BytesIO(engine_wheel.engine_part(first))).namelist() == ["calculators/api.py"]
    assert engine_wheel.engine_revision(first) == engine_wheel.engine_revision(reworded)
    assert engine_wheel.engine_revision(first) != engine_wheel.engine_revision(new_rule)


def test_the_wheel_record_lists_every_file_with_its_sha256(tmp_path):
    wheel = zipfile.ZipFile(engine_wheel.write_wheel(tmp_path))
    dist_info = f"{engine_wheel.PACKAGE}-{__version__}.dist-info"
    names = set(wheel.namelist())
    assert {
        f"{dist_info}/METADATA",
        f"{dist_info}/WHEEL",
        f"{dist_info}/RECORD",
        "calculators/api.py",
        "calculators/views/page_api.py",
    } <= names  # the views ride in the engine's wheel
    assert not any("__pycache__" in name for name in names)
    records = [line.split(",") for line in wheel.read(f"{dist_info}/RECORD").decode().splitlines()]
    assert {r[0] for r in records} == names
    for name, digest, size in records:
        if name.endswith("RECORD"):
            assert digest == size == ""
            continue
        data = wheel.read(name)
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert digest == f"sha256={expected}" and int(size) == len(data), name
    metadata = wheel.read(f"{dist_info}/METADATA").decode()
    assert f"Name: {engine_wheel.PACKAGE}\nVersion: {__version__}\n" in metadata
    assert "Root-Is-Purelib: true" in wheel.read(f"{dist_info}/WHEEL").decode()


def test_pyodide_is_copied_from_the_locked_package(tmp_path):
    target = pyodide_runtime.vendor_pyodide(tmp_path)
    assert sorted(p.name for p in target.iterdir()) == sorted(pyodide_runtime.CORE_FILES)
    locked = pyodide_runtime.locked_pyodide()
    assert json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"] == locked["version"]
    for name in pyodide_runtime.CORE_FILES:
        assert (target / name).read_bytes() == (ROOT / "node_modules" / "pyodide" / name).read_bytes()


def test_a_runtime_that_does_not_match_the_lock_fails_the_build(monkeypatch, tmp_path):
    locked = pyodide_runtime.locked_pyodide()
    monkeypatch.setattr(
        pyodide_runtime,
        "locked_pyodide",
        lambda: {**locked, "integrity": "sha512-" + base64.b64encode(bytes(64)).decode()},
    )
    with pytest.raises(pyodide_runtime.PyodideMismatch, match="npm ci"):
        pyodide_runtime.vendor_pyodide(tmp_path)
    monkeypatch.setattr(pyodide_runtime, "locked_pyodide", lambda: {**locked, "version": "0.0.1"})
    with pytest.raises(pyodide_runtime.PyodideMismatch, match="0.0.1"):
        pyodide_runtime.vendor_pyodide(tmp_path)


def test_section_links_name_real_sections_and_pages():
    entries = json.loads((ROOT / "build" / "rules-index.json").read_text())
    sections = {entry["section"] for entry in entries}
    sbg_texts = {entry["id"].split(".")[0] for entry in entries if entry["id"].startswith("SBG-")}
    for key, links in section_links().items():
        assert key in sections or key in sbg_texts, key
        for link in links:
            assert (ROOT / "docs" / link["page"]).exists(), link["page"]
    assert section_link_lines("1.7")[0].startswith(
        "**See also:** [Strike and body check calculator](../calculators/strike.md)"
    )
    assert "[Hazard limit calculator](../calculators/hazard-limit.md)" in section_link_lines("1.10")[0]
    assert section_link_lines("0.1") == []


def test_every_view_is_on_a_page_in_the_nav():
    nav = (ROOT / "mkdocs.yml").read_text()
    blocks = {}
    for page in (ROOT / "docs" / "calculators").glob("*.md"):
        assert f"calculators/{page.name}" in nav, page.name
        for line in page.read_text().splitlines():
            if line.startswith("/// calculator | "):
                blocks[line.split("|")[1].strip()] = page.name
    assert set(blocks) == set(VIEWS)


def test_rule_pages_link_to_their_calculator(site):
    html = (site / "rules" / "1-7-combat" / "index.html").read_text()
    assert 'class="see-also' in html and "calculators/strike/" in html
    mapping = yaml.safe_load((ROOT / "sources" / "section-links.yaml").read_text())
    assert mapping["1.8"][0]["page"] == "calculators/corruption.md"
