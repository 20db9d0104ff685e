"""Write a gzip copy beside every file of the built site that compresses well (`x.wasm.gz`),
and a Brotli copy beside each of the engine's (`x.wasm.br`).

A server sends it instead of compressing on every request (nginx `gzip_static on`,
`brotli_static on`; `make serve` does the same, build_scripts/serve.py). Level 9, with
the file's name and time left out of the header, so the same file gives the same bytes;
each result is kept in build/ under the hash of the file, so the 9.6 MB wasm is
compressed once, not on every build.

The engine's files (what a first visit to a calculator waits for) are compressed with
zopfli instead: a gzip stream any browser reads, 3 to 6 % smaller than level 9 (the wasm
3.53 -> 3.41 MB; 157 KB in all, 0.14 s on Fast 4G and 0.8 s on Slow 4G), for about 25 s
of CPU once per machine. Their Brotli copies (quality 11) are smaller again, for hosts
that send Brotli: the wasm 2.74 MB, the engine's first download 0.88 MB less than with gzip (about 0.9 s on Fast 4G, 4 s on Slow 4G), for about 40 s of CPU once
per machine. Only those: the pages and the search index change with every edit of the
rules, and would make every build that much slower.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import paths

SUFFIX = ".gz"
BROTLI_SUFFIX = ".br"
CANDIDATES = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".xml", ".txt", ".webmanifest", ".zip", ".whl"}
MIN_BYTES = 1024          # smaller files gain less than the header costs
WORTH_IT = 0.9            # keep a copy only if it is at most 90% of the file (a deflated zip is not)
CACHE = paths.BUILD / "precompressed"
ENGINE_UNDER = ("assets/pyodide/", "assets/engine/")   # the engine's files, inside the site
ZOPFLI_ITERATIONS = 1     # 15 (zopfli's default) saves 0.2 % more for three times the time
# Worker processes start afresh rather than forked: the build runs inside test processes, whose
# other threads (pytest-xdist's) may hold a lock at the moment of a fork.
PROCESSES = multiprocessing.get_context("spawn")
BROTLI_QUALITY, BROTLI_WINDOW = 11, 22     # Brotli's own defaults: a 16 MB window made the wasm's copy 1 % larger


def gzip_bytes(data: bytes, thorough: bool = False) -> bytes:
    """The gzip copy of `data`: zopfli's if `thorough`, else level 9; from the cache if made before."""
    if thorough:
        return _cached(data, f".zopfli{ZOPFLI_ITERATIONS}{SUFFIX}", _zopfli)
    return _cached(data, SUFFIX, lambda data: gzip.compress(data, compresslevel=9, mtime=0))


def brotli_bytes(data: bytes) -> bytes:
    """The Brotli copy of `data`; from the cache if made before."""
    return _cached(data, f".q{BROTLI_QUALITY}w{BROTLI_WINDOW}{BROTLI_SUFFIX}", _brotli)


def _cached(data: bytes, kind: str, compress) -> bytes:
    key = CACHE / f"{hashlib.sha256(data).hexdigest()[:32]}{kind}"
    try:
        packed = key.read_bytes()
        os.utime(key)             # in use: kept by the clean-up below
        return packed
    except FileNotFoundError:
        pass
    packed = compress(data)
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = key.with_name(f"{key.name}.{os.getpid()}.{threading.get_ident()}.partial")   # two files may be alike
    partial.write_bytes(packed)
    partial.replace(key)
    return packed


def _zopfli(data: bytes) -> bytes:
    import zopfli.gzip    # only the build needs it (the site extra), and only for a file not in the cache

    return zopfli.gzip.compress(data, numiterations=ZOPFLI_ITERATIONS)


def _brotli(data: bytes) -> bytes:
    import brotli         # as zopfli

    return brotli.compress(data, quality=BROTLI_QUALITY, lgwin=BROTLI_WINDOW)


def transfer_size(path: Path) -> int:
    """What a server that compresses sends for `path`: its gzip copy's size, or its own."""
    packed = path.with_name(path.name + SUFFIX)
    return packed.stat().st_size if packed.is_file() else path.stat().st_size


def brotli_size(path: Path) -> int | None:
    """What a server that sends Brotli sends for `path`, if it has a Brotli copy."""
    packed = path.with_name(path.name + BROTLI_SUFFIX)
    return packed.stat().st_size if packed.is_file() else None


def precompress(site_dir: Path = paths.SITE) -> tuple[int, int]:
    """Write (or refresh) the compressed copies; return (gzip copies, bytes they save)."""
    files = [path for path in sorted(site_dir.rglob("*"))
             if path.suffix in CANDIDATES and path.is_file() and path.stat().st_size >= MIN_BYTES]
    count = saved = 0
    # Files are compressed side by side, in processes (Brotli holds the GIL): the wasm alone takes
    # 12 s of zopfli and 30 of Brotli, and a fresh clone's build waits for them.
    with ProcessPoolExecutor(max_workers=os.cpu_count(), mp_context=PROCESSES) as pool:
        largest_first = sorted(files, key=lambda path: path.stat().st_size, reverse=True)
        for path, size, copies in pool.map(_compressed, [site_dir] * len(files), largest_first):
            for suffix, packed in copies.items():
                _write_copy(path.with_name(path.name + suffix), packed)
            if copies[SUFFIX] is not None:
                count += 1
                saved += size - len(copies[SUFFIX])
    _forget_unused()
    return count, saved


@contextlib.contextmanager
def brotli_ahead(path: Path):
    """Make `path`'s Brotli copy (into the cache) in a process of its own while the block runs:
    the wasm's takes 30 s of one core, which the build's Node steps (one core each) leave free."""
    with ProcessPoolExecutor(max_workers=1, mp_context=PROCESSES) as pool:
        made = pool.submit(_brotli_into_cache, path)
        yield
        made.result()


def _brotli_into_cache(path: Path) -> None:
    brotli_bytes(path.read_bytes())


def _compressed(site_dir: Path, path: Path) -> tuple[Path, int, dict[str, bytes | None]]:
    """A file's size and its copies by suffix (None: it has none): gzip for every file that
    compresses well; Brotli for the engine's files among them."""
    data = path.read_bytes()
    engine = path.relative_to(site_dir).as_posix().startswith(ENGINE_UNDER)
    gzipped = gzip_bytes(data, thorough=engine)
    if len(gzipped) > WORTH_IT * len(data):
        return path, len(data), {SUFFIX: None, BROTLI_SUFFIX: None}
    return path, len(data), {SUFFIX: gzipped, BROTLI_SUFFIX: brotli_bytes(data) if engine else None}


def _write_copy(target: Path, packed: bytes | None) -> None:
    if packed is None:
        target.unlink(missing_ok=True)
    elif not target.is_file() or target.read_bytes() != packed:
        target.write_bytes(packed)


def _forget_unused(days: float = 7) -> None:
    cutoff = time.time() - days * 86400
    for kept in [*CACHE.glob(f"*{SUFFIX}"), *CACHE.glob(f"*{BROTLI_SUFFIX}")]:
        try:
            if kept.stat().st_mtime < cutoff:
                kept.unlink()
        except FileNotFoundError:
            pass                  # another build cleared it
