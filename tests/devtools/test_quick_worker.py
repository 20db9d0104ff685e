"""The quick pass's service worker brought up to date in place (devtools/quick_worker.py): a
rewritten page gets its new revision (else the browser would keep serving the old copy), the build
gets a new name, and nothing is written when the manifest cannot be trusted."""

from __future__ import annotations

import hashlib
import json

import pytest

from devtools import quick_worker

ENGINE = {"boot": [{"url": "assets/pyodide/a.wasm", "revision": "e1"}], "later": [{"url": "b.zip", "revision": "e2"}]}


def md5(data: bytes) -> str:
    return hashlib.md5(data).hexdigest()


def entry(url: str, revision: str | None) -> str:
    return '{"revision":%s,"url":"%s"}' % ("null" if revision is None else f'"{revision}"', url)


@pytest.fixture
def site(tmp_path):
    """A built site as the post-build leaves it: two kept files (one with a hashed name), offline.json, sw.js."""
    (tmp_path / "glossary").mkdir()
    (tmp_path / "glossary" / "index.html").write_bytes(b"<p>old</p>")
    (tmp_path / "main.0123abcd.min.js").write_bytes(b"code")
    (tmp_path / "assets" / "engine").mkdir(parents=True)
    (tmp_path / "assets" / "engine" / "engine.json").write_text(json.dumps(ENGINE))
    (tmp_path / "offline.json").write_text('{"build":"old","files":3,"bytes":14,"engine":{"bytes":9,"transfer":5}}\n')
    entries = [
        entry("glossary/index.html", md5(b"<p>old</p>")),
        entry("main.0123abcd.min.js", None),
        entry("offline.json", md5((tmp_path / "offline.json").read_bytes())),
    ]
    (tmp_path / "sw.js").write_text(f"var S=[{','.join(entries)}];precache(S);")
    return tmp_path


def worker_files(site) -> dict[str, bytes]:
    return {name: (site / name).read_bytes() for name in (quick_worker.SERVICE_WORKER, quick_worker.OFFLINE_MANIFEST)}


def expected_name(page: bytes) -> str:
    lines = sorted(
        [
            f"glossary/index.html {md5(page)}",
            f"main.0123abcd.min.js {md5(b'code')}",
            "assets/pyodide/a.wasm e1",
            "b.zip e2",
        ]
    )
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def test_a_rewritten_page_gets_its_new_revision_and_the_build_a_new_name(site):
    (site / "glossary" / "index.html").write_bytes(b"<p>edited page</p>")
    assert quick_worker.refresh_worker(site)
    worker = (site / "sw.js").read_text()
    offline = (site / "offline.json").read_bytes()
    assert entry("glossary/index.html", md5(b"<p>edited page</p>")) in worker
    assert entry("main.0123abcd.min.js", None) in worker  # a hashed name stays without a revision
    assert entry("offline.json", md5(offline)) in worker  # the page reads the new build name, not a kept one
    assert json.loads(offline) == {
        "build": expected_name(b"<p>edited page</p>"),
        "files": 3,
        "bytes": len(b"<p>edited page</p>") + len(b"code"),
        "engine": {"bytes": 9, "transfer": 5},
    }
    assert worker.startswith("var S=[") and worker.endswith("];precache(S);")


def test_an_unchanged_site_keeps_its_worker_byte_for_byte(site):
    assert quick_worker.refresh_worker(site)
    before = worker_files(site)
    assert quick_worker.refresh_worker(site)
    assert worker_files(site) == before


def test_nothing_is_written_when_a_kept_file_is_gone(site):
    (site / "main.0123abcd.min.js").unlink()
    before = worker_files(site)
    assert not quick_worker.refresh_worker(site)
    assert worker_files(site) == before


@pytest.mark.parametrize("worker", ["var S=[];", "no manifest at all"])
def test_nothing_is_written_without_a_manifest_that_lists_offline_json(site, worker):
    (site / "sw.js").write_text(worker)
    assert not quick_worker.refresh_worker(site)
    assert (site / "sw.js").read_text() == worker


def test_a_page_added_or_removed_needs_the_worker_written_afresh():
    assert not quick_worker.may_refresh(["site/new-page/index.html"])
    assert not quick_worker.may_refresh(["site/assets/new.css"])
    assert quick_worker.may_refresh(["site/glossary/index.html.gz", "site/sitemap.xml.br"])
    assert quick_worker.may_refresh([])


def test_the_kinds_kept_are_read_from_the_service_worker_s_source():
    assert set(quick_worker.kept_suffixes()) >= {".html", ".css", ".js", ".json", ".webmanifest"}
    assert ".gz" not in quick_worker.kept_suffixes()
