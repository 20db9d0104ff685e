"""The quick pass's service worker (devtools/quick_pass.py): the last build's sw.js and
offline.json brought up to date in place, as the post-build's service_worker.mjs would write them
after a pass that changed the content of some files and added or removed none that the worker
might keep (the kinds of file it keeps are read from service_worker.mjs). What service_worker.mjs
writes, kept here:

- sw.js holds the precache manifest Workbox injected, one `{"revision":...,"url":...}` per kept
  file, in Workbox's order; a revision is the file's MD5 (hex), or null for the files whose names
  carry their own hash.
- offline.json is `{"build", "files", "bytes", "engine"}`: `build` the first 16 hex digits of the
  SHA-256 of the sorted lines "url revision" over every kept file but offline.json itself (each
  with its MD5, hashed names included) and every engine file (assets/engine/engine.json's `boot`
  and `later`, with their own revisions); `files` counts the kept files, offline.json included;
  `bytes` their size without it.

tests/devtools/test_quick_pass_build.py holds this to service_worker.mjs: the whole build after a
quick pass writes the same two files, byte for byte."""

from __future__ import annotations

import functools
import hashlib
import json
import re
from pathlib import Path

SERVICE_WORKER = "sw.js"
OFFLINE_MANIFEST = "offline.json"
ENGINE_MANIFEST = Path("assets") / "engine" / "engine.json"
KEPT_ENTRY = re.compile(r'\{"revision":(null|"[0-9a-f]{32}"),"url":"([^"\\]*)"\}')
WORKER_SOURCE = Path(__file__).parents[1] / "build_scripts" / "postbuild" / "offline" / "service_worker.mjs"
GLOB_PATTERNS = re.compile(r'globPatterns: \["\*\*/\*\.\{([a-z,]+)\}"\]')


@functools.cache
def kept_suffixes() -> tuple[str, ...]:
    """The kinds of file Workbox keeps, read from service_worker.mjs's one glob pattern."""
    found = GLOB_PATTERNS.search(WORKER_SOURCE.read_text(encoding="utf-8"))
    if not found:
        raise ValueError(f"{WORKER_SOURCE.name}: no globPatterns of the form **/*.{{html,css,...}}")
    return tuple(f".{kind}" for kind in found.group(1).split(","))


def _md5(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()  # Workbox's revision, not a secret


def may_refresh(added_or_removed: list[str]) -> bool:
    """Whether the worker may be refreshed in place after a pass that added or removed these files
    (paths from the site): only when none is of a kind Workbox keeps."""
    return not any(name.endswith(kept_suffixes()) for name in added_or_removed)


def build_name(revisions: dict[str, str], engine: dict) -> str:
    """offline.json's `build`: `revisions` is url -> MD5 of every kept file but offline.json."""
    lines = [f"{url} {revision}" for url, revision in revisions.items()]
    lines += [f"{entry['url']} {entry['revision']}" for entry in [*engine["boot"], *engine["later"]]]
    return hashlib.sha256("\n".join(sorted(lines)).encode()).hexdigest()[:16]


def refresh_worker(site: Path) -> bool:
    """Rewrite site/sw.js and site/offline.json for the files as they are now; False, with nothing
    written, when the worker or its manifest cannot be read, or a file it keeps is gone."""
    try:
        worker = (site / SERVICE_WORKER).read_text(encoding="utf-8")
        offline = json.loads((site / OFFLINE_MANIFEST).read_text(encoding="utf-8"))
        engine = json.loads((site / ENGINE_MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    kept = [url for _, url in KEPT_ENTRY.findall(worker)]
    if not kept or OFFLINE_MANIFEST not in kept or not all((site / url).is_file() for url in kept):
        return False
    revisions = {url: _md5(site / url) for url in kept if url != OFFLINE_MANIFEST}
    offline.update(
        build=build_name(revisions, engine),
        files=len(kept),
        bytes=sum((site / url).stat().st_size for url in revisions),
    )
    offline_text = json.dumps(offline, separators=(",", ":")) + "\n"
    revisions[OFFLINE_MANIFEST] = hashlib.md5(offline_text.encode()).hexdigest()

    def entry(match: re.Match) -> str:
        revision, url = match.groups()
        written = "null" if revision == "null" else f'"{revisions[url]}"'
        return f'{{"revision":{written},"url":"{url}"}}'

    (site / OFFLINE_MANIFEST).write_text(offline_text, encoding="utf-8")
    (site / SERVICE_WORKER).write_text(KEPT_ENTRY.sub(entry, worker), encoding="utf-8")
    return True
