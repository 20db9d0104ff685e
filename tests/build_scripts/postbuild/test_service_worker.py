"""The service worker's bundle is kept between builds while its sources and the engine's manifest
are unchanged: a build that changed only a page injects the new list of files into the kept bundle
and writes the same worker a full bundling would."""

from __future__ import annotations

import json

import pytest

from build_scripts.postbuild.offline.service_worker import write_service_worker

ENGINE = {
    "boot": [{"url": "assets/pyodide/pyodide.mjs", "revision": "1", "bytes": 10, "transfer": 5}],
    "later": [{"url": "assets/engine/engine-snapshot.bin", "revision": "2", "bytes": 20, "transfer": 20}],
}


def a_site(root, page_text: str, engine: dict = ENGINE):
    (root / "assets" / "engine").mkdir(parents=True, exist_ok=True)
    (root / "assets" / "engine" / "engine.json").write_text(json.dumps(engine), encoding="utf-8")
    (root / "index.html").write_text(page_text, encoding="utf-8")
    return root


@pytest.mark.builds  # three bundlings in Node
def test_the_bundle_is_kept_until_the_engine_manifest_changes(tmp_path):
    cache = tmp_path / "cache"
    first = write_service_worker(a_site(tmp_path / "a", "<p>one</p>"), cache)
    [kept] = cache.iterdir()
    made_at = kept.stat().st_mtime_ns
    second = write_service_worker(a_site(tmp_path / "b", "<p>two</p>"), cache)
    fresh = write_service_worker(a_site(tmp_path / "c", "<p>two</p>"), tmp_path / "empty-cache")

    assert [p.name for p in cache.iterdir()] == [kept.name] and kept.stat().st_mtime_ns == made_at
    assert first["build"] != second["build"] == fresh["build"]
    assert (tmp_path / "b" / "sw.js").read_text() == (tmp_path / "c" / "sw.js").read_text()

    later = {**ENGINE, "later": [{**ENGINE["later"][0], "revision": "3"}]}
    write_service_worker(a_site(tmp_path / "d", "<p>two</p>", later), cache)
    [remade] = cache.iterdir()
    assert remade.name != kept.name
    assert '"3"' in (tmp_path / "d" / "sw.js").read_text()
