"""The gzip and Brotli copies a server sends instead of the files (build_scripts/postbuild/precompress.py)."""

from __future__ import annotations

import gzip
import hashlib
import os
import random
from pathlib import Path

import brotli

from build_scripts.postbuild.precompress import BROTLI_SUFFIX, CACHE, SUFFIX, Compression, precompress

# Compresses well, and not so regularly that level 9 already finds every match.
TEXT = "".join(f"rule {n}: a strike of {n % 13} against a prowess of {n * 7 % 11}\n" for n in range(4000)).encode()


def test_the_engines_files_get_zopflis_smaller_copy_and_the_pages_level_9(tmp_path: Path):
    engine_file = tmp_path / "assets" / "pyodide" / "python_stdlib.trimmed.zip"
    page = tmp_path / "rules" / "index.html"
    for path in (engine_file, page):
        path.parent.mkdir(parents=True)
        path.write_bytes(TEXT)
    precompress(tmp_path)
    level_9 = gzip.compress(TEXT, compresslevel=9, mtime=0)
    engine_copy = engine_file.with_name(engine_file.name + SUFFIX).read_bytes()
    page_copy = page.with_name(page.name + SUFFIX).read_bytes()
    assert gzip.decompress(engine_copy) == TEXT and gzip.decompress(page_copy) == TEXT
    assert page_copy == level_9
    assert len(engine_copy) < len(level_9)
    engine_brotli = engine_file.with_name(engine_file.name + BROTLI_SUFFIX).read_bytes()
    assert brotli.decompress(engine_brotli) == TEXT and len(engine_brotli) < len(engine_copy)
    assert not page.with_name(page.name + BROTLI_SUFFIX).exists(), "the pages have gzip copies only"


def test_a_file_that_does_not_compress_gets_no_copy(tmp_path: Path):
    engine_file = tmp_path / "assets" / "engine" / "random.whl"
    engine_file.parent.mkdir(parents=True)
    engine_file.write_bytes(random.Random(13).randbytes(200_000))  # as a zip of deflated files is
    for suffix in (SUFFIX, BROTLI_SUFFIX):  # copies a build made before are taken away
        engine_file.with_name(engine_file.name + suffix).write_bytes(b"old")
    precompress(tmp_path)
    for suffix in (SUFFIX, BROTLI_SUFFIX):
        assert not engine_file.with_name(engine_file.name + suffix).exists(), suffix


def test_no_brotli_copy_is_attempted_of_an_engine_file_that_does_not_compress(tmp_path: Path):
    """Brotli would take long to find that Pyodide's python_stdlib.zip (deflated files) does not compress."""
    data = os.urandom(300_000)  # never compressed before: nothing of it is in the cache yet
    engine_file = tmp_path / "assets" / "pyodide" / "python_stdlib.zip"
    engine_file.parent.mkdir(parents=True)
    engine_file.write_bytes(data)
    precompress(tmp_path)  # the copies are made in other processes: the cache says which were
    made = list(CACHE.glob(f"{hashlib.sha256(data).hexdigest()[:32]}*"))
    for kept in made:
        kept.unlink()
    assert made, "its gzip copy was tried"
    assert not [kept for kept in made if kept.name.endswith(BROTLI_SUFFIX)]
    assert not engine_file.with_name(engine_file.name + SUFFIX).exists()


def test_a_file_compressed_early_then_changed_gets_copies_of_what_it_is_at_the_end(tmp_path: Path):
    """The build gives out Pyodide's runtime files before its Node steps (which take a while) and
    collects every copy after them: a file written again meanwhile is compressed again."""
    engine_file = tmp_path / "assets" / "pyodide" / "pyodide.asm.mjs"
    engine_file.parent.mkdir(parents=True)
    engine_file.write_bytes(TEXT)
    page = tmp_path / "index.html"
    with Compression(tmp_path) as compression:
        compression.start([engine_file])
        engine_file.write_bytes(TEXT + b"and one rule more\n")
        page.write_bytes(TEXT)  # a file written after the start, as the wheel is
        count, _ = compression.finish()
    assert count == 2
    for path in (engine_file, page):
        assert gzip.decompress(path.with_name(path.name + SUFFIX).read_bytes()) == path.read_bytes(), path
    engine_brotli = engine_file.with_name(engine_file.name + BROTLI_SUFFIX).read_bytes()
    assert brotli.decompress(engine_brotli) == engine_file.read_bytes()


def test_every_gzip_copy_in_the_site_is_its_file(site: Path):
    copies = sorted(site.rglob(f"*{SUFFIX}"))
    assert any(copy.name == "pyodide.asm.wasm.gz" for copy in copies)
    for copy in copies:
        original = copy.with_name(copy.name.removesuffix(SUFFIX))
        assert gzip.decompress(copy.read_bytes()) == original.read_bytes(), copy


def test_every_brotli_copy_in_the_site_is_its_file_and_only_the_engines_have_one(site: Path):
    copies = sorted(site.rglob(f"*{BROTLI_SUFFIX}"))
    assert any(copy.name == "pyodide.asm.wasm.br" for copy in copies)
    for copy in copies:
        assert copy.relative_to(site).as_posix().startswith(("assets/pyodide/", "assets/engine/")), copy
        original = copy.with_name(copy.name.removesuffix(BROTLI_SUFFIX))
        assert brotli.decompress(copy.read_bytes()) == original.read_bytes(), copy
