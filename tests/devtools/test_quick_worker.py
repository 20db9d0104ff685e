"""The quick pass's service worker (devtools/quick_worker.py): the post-build's own script, started
ahead and told to go once the pages are written, writes what the post-build writes over the site as
it is when told (a page added meanwhile included), and nothing when it is never told (its run
ahead, to warm Workbox up, leaves the site alone)."""

from __future__ import annotations

import json
import shutil

import pytest

from build_scripts.postbuild.offline.service_worker import write_service_worker
from devtools import quick_worker
from tests.support.site import SITE

WORKER_FILES = ("sw.js", "offline.json")
ENGINE_MANIFEST = "assets/engine/engine.json"


@pytest.fixture
def small_site(tmp_path, site):
    """A site of two pages with the built site's engine manifest, and a bundle cache of its own."""
    made = tmp_path / "site"
    (made / "glossary").mkdir(parents=True)
    (made / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (made / "glossary" / "index.html").write_text("<p>terms</p>", encoding="utf-8")
    (made / ENGINE_MANIFEST).parent.mkdir(parents=True)
    shutil.copy(SITE / ENGINE_MANIFEST, made / ENGINE_MANIFEST)
    return made, tmp_path / "bundle-cache"


def written(site) -> dict[str, bytes]:
    return {name: (site / name).read_bytes() for name in WORKER_FILES}


def test_the_script_started_ahead_writes_what_the_post_build_writes_over_the_site_as_it_is_when_told(
    small_site, tmp_path
):
    site, cache = small_site
    waiting = quick_worker.WaitingWorker(site, cache)
    (site / "new-page").mkdir()
    (site / "new-page" / "index.html").write_text("<p>added after the start</p>", encoding="utf-8")
    offline = waiting.write()
    assert '"url":"new-page/index.html"' in (site / "sw.js").read_text(encoding="utf-8")
    assert offline == json.loads((site / "offline.json").read_text(encoding="utf-8"))

    again = tmp_path / "again"
    shutil.copytree(site, again)
    for name in WORKER_FILES:
        (again / name).unlink()
    write_service_worker(again, cache)
    assert written(again) == written(site)


def test_never_told_it_writes_nothing_and_ends(small_site):
    site, cache = small_site
    waiting = quick_worker.WaitingWorker(site, cache)
    waiting.dismiss()
    assert waiting.process.returncode == 0
    assert not any((site / name).exists() for name in WORKER_FILES)


def test_a_pass_not_started_ahead_for_its_site_writes_the_worker_afresh(small_site):
    site, cache = small_site
    other = quick_worker.start_ahead(site.parent / "another-site", cache)
    offline, ahead = quick_worker.write(site, cache)
    assert not ahead
    assert other.process.returncode == 0  # ended unused
    assert offline == json.loads((site / "offline.json").read_text(encoding="utf-8"))
