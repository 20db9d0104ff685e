"""Write a gzip copy beside every file of the built site that compresses well (`x.wasm.gz`).

A server sends it instead of compressing on every request (nginx `gzip_static on`;
`make serve` does the same, build_scripts/serve.py). Level 9, with the file's name
and time left out of the header, so the same file gives the same bytes; each result
is kept in build/ under the hash of the file, so the 9.6 MB wasm is compressed once,
not on every build.

The engine's files (what a first visit to a calculator waits for) are compressed with
zopfli instead: a gzip stream any browser reads, 3 to 6 % smaller than level 9 (the wasm
3.53 -> 3.41 MB; 157 KB in all, 0.14 s on Fast 4G and 0.8 s on Slow 4G), for about 25 s
of CPU once per machine. Only those: the pages and the search index change with every
edit of the rules, and would make every build that much slower.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import paths

SUFFIX = ".gz"
CANDIDATES = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".xml", ".txt", ".webmanifest", ".zip", ".whl"}
MIN_BYTES = 1024          # smaller files gain less than the header costs
WORTH_IT = 0.9            # keep a copy only if it is at most 90% of the file (a deflated zip is not)
CACHE = paths.BUILD / "precompressed"
ZOPFLI_UNDER = ("assets/pyodide/", "assets/engine/")   # the engine's files, inside the site
ZOPFLI_ITERATIONS = 1     # 15 (zopfli's default) saves 0.2 % more for three times the time


def gzip_bytes(data: bytes, thorough: bool = False) -> bytes:
    """The gzip copy of `data`: zopfli's if `thorough`, else level 9; from the cache if made before."""
    method = f".zopfli{ZOPFLI_ITERATIONS}" if thorough else ""
    key = CACHE / f"{hashlib.sha256(data).hexdigest()[:32]}{method}{SUFFIX}"
    try:
        packed = key.read_bytes()
        os.utime(key)             # in use: kept by the clean-up below
        return packed
    except FileNotFoundError:
        pass
    packed = _zopfli(data) if thorough else gzip.compress(data, compresslevel=9, mtime=0)
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = key.with_name(f"{key.name}.{os.getpid()}.{threading.get_ident()}.partial")   # two files may be alike
    partial.write_bytes(packed)
    partial.replace(key)
    return packed


def _zopfli(data: bytes) -> bytes:
    import zopfli.gzip    # only the build needs it (the site extra), and only for a file not in the cache

    return zopfli.gzip.compress(data, numiterations=ZOPFLI_ITERATIONS)


def transfer_size(path: Path) -> int:
    """What a server that compresses sends for `path`: its gzip copy's size, or its own."""
    packed = path.with_name(path.name + SUFFIX)
    return packed.stat().st_size if packed.is_file() else path.stat().st_size


def precompress(site_dir: Path = paths.SITE) -> tuple[int, int]:
    """Write (or refresh) the gzip copies; return (files compressed, bytes saved)."""
    files = [path for path in sorted(site_dir.rglob("*"))
             if path.suffix in CANDIDATES and path.is_file() and path.stat().st_size >= MIN_BYTES]
    count = saved = 0
    # zlib and zopfli let go of the GIL: files are compressed side by side (the wasm alone takes
    # 12 s of zopfli, the rest of the engine as long again: a fresh clone's build waits for one).
    with ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
        for path, data, packed in pool.map(lambda path: _compressed(site_dir, path), files):
            target = path.with_name(path.name + SUFFIX)
            if len(packed) > WORTH_IT * len(data):
                target.unlink(missing_ok=True)
                continue
            if not target.is_file() or target.read_bytes() != packed:
                target.write_bytes(packed)
            count += 1
            saved += len(data) - len(packed)
    _forget_unused()
    return count, saved


def _compressed(site_dir: Path, path: Path) -> tuple[Path, bytes, bytes]:
    data = path.read_bytes()
    return path, data, gzip_bytes(data, thorough=path.relative_to(site_dir).as_posix().startswith(ZOPFLI_UNDER))


def _forget_unused(days: float = 7) -> None:
    cutoff = time.time() - days * 86400
    for kept in CACHE.glob(f"*{SUFFIX}"):
        try:
            if kept.stat().st_mtime < cutoff:
                kept.unlink()
        except FileNotFoundError:
            pass                  # another build cleared it
