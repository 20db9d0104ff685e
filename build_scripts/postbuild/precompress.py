"""Write a gzip copy beside every file of the built site that compresses well (`x.wasm.gz`),
and a Brotli copy beside each of the engine's (`x.wasm.br`).

A server sends it instead of compressing on every request (nginx `gzip_static on`,
`brotli_static on`; `make serve` does the same, devtools/serve.py). Level 9, with
the file's name and time left out of the header, so the same file gives the same bytes;
each result is kept in build/ under the hash of the file, so the large wasm is
compressed once, not on every build.

The engine's files (what a first visit to a calculator waits for) are compressed with
zopfli instead: a gzip stream any browser reads, a few per cent smaller than level 9, for
a slow compression once per machine. Their Brotli copies (quality 11) are smaller again,
for hosts that send Brotli. Only those: the pages and the search index change with every
edit of the rules, and would make every build that much slower.
"""

from __future__ import annotations

import gzip
import hashlib
import multiprocessing
import os
import threading
import time
import zlib
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

from build_scripts import paths

SUFFIX = ".gz"
BROTLI_SUFFIX = ".br"
CANDIDATES = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".xml", ".txt", ".webmanifest", ".zip", ".whl"}
MIN_BYTES = 1024  # smaller files gain less than the header costs
WORTH_IT = 0.9  # keep a copy only if it is at most 90% of the file (a deflated zip is not)
PROBE_BYTES = 1 << 20  # how much of an engine file a quick deflate looks at before Brotli is asked
CACHE = paths.BUILD / "precompressed"
ENGINE_UNDER = ("assets/pyodide/", "assets/engine/")  # the engine's files, inside the site
ZOPFLI_ITERATIONS = 1  # zopfli's default (15) saves little more for many times the time
# Worker processes start afresh rather than forked: the build runs inside test processes, whose
# other threads (pytest-xdist's) may hold a lock at the moment of a fork.
PROCESSES = multiprocessing.get_context("spawn")
BROTLI_QUALITY, BROTLI_WINDOW = 11, 22  # Brotli's own defaults: a larger window made the wasm's copy larger


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
        os.utime(key)  # in use: kept by the clean-up below
        return packed
    except FileNotFoundError:
        pass
    packed = compress(data)
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = key.with_name(f"{key.name}.{os.getpid()}.{threading.get_ident()}.partial")  # two files may be alike
    partial.write_bytes(packed)
    partial.replace(key)
    return packed


def _zopfli(data: bytes) -> bytes:
    import zopfli.gzip  # only the build needs it (the site extra), and only for a file not in the cache

    return zopfli.gzip.compress(data, numiterations=ZOPFLI_ITERATIONS)


def _brotli(data: bytes) -> bytes:
    import brotli  # as zopfli

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
    with Compression(site_dir) as compression:
        return compression.finish()


class Compression:
    """The copies of a site's files, made side by side in worker processes (Brotli holds the GIL):
    `start` some files early (the build starts Pyodide's runtime while its Node steps run: the wasm's
    Brotli copy is by far the longest job, and its zopfli copy the next), `finish` makes the rest and
    writes them all. Each copy is a job of its own, the longest first, so that no core waits for one
    file's two copies in turn while the others are idle."""

    def __init__(self, site_dir: Path):
        self.site_dir = site_dir
        self.jobs: dict[tuple[Path, str], Future] = {}
        self.started: dict[Path, tuple[int, int]] = {}  # the file as it was when its jobs were given out

    def __enter__(self) -> Compression:
        self.pool = ProcessPoolExecutor(max_workers=os.cpu_count(), mp_context=PROCESSES)
        return self

    def __exit__(self, *failure) -> None:
        self.pool.shutdown(wait=True, cancel_futures=failure[0] is not None)

    def start(self, files: list[Path]) -> None:
        """Give out the copies of `files`, which must not change until `finish` (any that does is
        compressed again then)."""
        states = {path: _state(path) for path in files if _candidate(path)}
        jobs = [(path, kind) for path in states for kind in _kinds(self.site_dir, path)]
        for path, kind in sorted(jobs, key=lambda job: states[job[0]][1] * COST[job[1]], reverse=True):
            self.jobs[path, "brotli" if kind == "brotli" else "gzip"] = self.pool.submit(_copy, path, kind)
        self.started.update(states)

    def finish(self) -> tuple[int, int]:
        files = [path for path in sorted(self.site_dir.rglob("*")) if _candidate(path)]
        self.start([path for path in files if self.started.get(path) != _state(path)])
        count = saved = 0
        for path in files:
            size, gzipped = path.stat().st_size, self.jobs[path, "gzip"].result()
            kept = len(gzipped) <= WORTH_IT * size
            brotli_job = self.jobs.get((path, "brotli"))
            _write_copy(path.with_name(path.name + SUFFIX), gzipped if kept else None)
            _write_copy(path.with_name(path.name + BROTLI_SUFFIX), brotli_job.result() if kept and brotli_job else None)
            if kept:
                count += 1
                saved += size - len(gzipped)
        _forget_unused()
        return count, saved


COST = {"brotli": 3.0, "zopfli": 1.3, "gzip": 0.1}  # seconds of CPU per MB, roughly: what goes out first


def _candidate(path: Path) -> bool:
    return path.suffix in CANDIDATES and path.is_file() and path.stat().st_size >= MIN_BYTES


def _state(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


def _kinds(site_dir: Path, path: Path) -> list[str]:
    """The copies to make of `path`: the engine's files get zopfli's gzip copy, and a Brotli copy if
    they compress at all (a zip of deflated files does not: its copies are dropped, and Brotli
    at quality 11 is slow to find that out); every other file gets level 9."""
    if not path.relative_to(site_dir).as_posix().startswith(ENGINE_UNDER):
        return ["gzip"]
    with path.open("rb") as file:
        sample = file.read(PROBE_BYTES)
    return ["zopfli", "brotli"] if len(zlib.compress(sample, 1)) < WORTH_IT * len(sample) else ["zopfli"]


def _copy(path: Path, kind: str) -> bytes:
    data = path.read_bytes()
    return brotli_bytes(data) if kind == "brotli" else gzip_bytes(data, thorough=kind == "zopfli")


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
            pass  # another build cleared it
