"""Package the rules engine (`calculators/`) and its views (`calculators/views/`, the
results' HTML the worker writes) as one pure-Python wheel for Pyodide.

Beside each module's source the wheel holds its bytecode, compiled by Pyodide's own
Python (bytecode.py), which the worker's zipimport loads instead of compiling
the source on every visit. The sources stay: tracebacks read them, and CPython (whose
bytecode differs) imports them.

The wheel is written with the standard library's zipfile, with no network and
no build backend: fixed timestamps, sorted entries and fixed permissions make
the same sources give the same bytes. Its entries are stored, not deflated: the
server's gzip copy of the whole file (precompress) is smaller than deflating file
by file, and zipimport reads them without inflating. Its file name carries the version,
because Pyodide's loadPackage reads the name and version from it (a query
string would break that).
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
import zipfile
from pathlib import Path

from build_scripts import paths
from build_scripts.postbuild.pyodide_bundle.bytecode import bytecode_name, compiled

PACKAGE = "mele_engine"  # the wheel's distribution name
TOP = paths.ROOT / "calculators"
VERSION_FILE = TOP / "__init__.py"
VIEWS = TOP / "views"
BUILD_ONLY = {"form.py", "form_elements.py", "games.py", "page_config.py"}  # in views/
WHEEL_DIR = Path("assets") / "engine"  # inside the built site
FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip entry can hold
_VERSION = re.compile(r'^__version__\s*=\s*"([^"]+)"', re.MULTILINE)


def engine_version() -> str:
    match = _VERSION.search(VERSION_FILE.read_text(encoding="utf-8"))
    if not match:
        raise ValueError(f'{VERSION_FILE} has no __version__ = "..." line')
    return match.group(1)


def wheel_filename(version: str | None = None) -> str:
    return f"{PACKAGE}-{version or engine_version()}-py3-none-any.whl"


def wheel_site_path() -> str:
    """The wheel's path relative to the site root, as the pages and worker use it."""
    return (WHEEL_DIR / wheel_filename()).as_posix()


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"sha256={digest}"


def source_files() -> list[Path]:
    return sorted(
        p
        for p in TOP.rglob("*.py")
        if "__pycache__" not in p.parts and not (p.parent == VIEWS and p.name in BUILD_ONLY)
    )


def wheel_entries(version: str) -> list[tuple[str, bytes]]:
    """Every file of the wheel in order, RECORD last."""
    dist_info = f"{PACKAGE}-{version}.dist-info"
    sources = source_files()
    bytecode = compiled(sources)
    entries = []
    for source in sources:
        name = source.relative_to(paths.ROOT).as_posix()
        entries += [(name, source.read_bytes()), (bytecode_name(name), bytecode[bytecode_name(name)])]
    entries.append(
        (
            f"{dist_info}/METADATA",
            (
                "Metadata-Version: 2.1\n"
                f"Name: {PACKAGE}\n"
                f"Version: {version}\n"
                "Summary: The MELE rules engine: exact chances for strikes, corruption, influence, "
                "keying, hazard limits and the Audience with Sauron.\n"
                "Requires-Python: >=3.11\n"
            ).encode(),
        )
    )
    entries.append(
        (
            f"{dist_info}/WHEEL",
            (
                b"Wheel-Version: 1.0\n"
                b"Generator: build_scripts.postbuild.pyodide_bundle.wheel\n"
                b"Root-Is-Purelib: true\n"
                b"Tag: py3-none-any\n"
            ),
        )
    )
    record_lines = [f"{name},{_record_hash(data)},{len(data)}" for name, data in entries]
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode("utf-8")))
    return entries


def write_wheel(site_dir: Path = paths.SITE) -> Path:
    """Write the engine wheel into the built site; return its path."""
    version = engine_version()
    out_dir = site_dir / WHEEL_DIR
    out_dir.mkdir(parents=True, exist_ok=True)
    for stale in out_dir.glob(f"{PACKAGE}-*.whl"):
        stale.unlink()
    target = out_dir / wheel_filename(version)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_STORED) as wheel:
        for name, data in wheel_entries(version):
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.external_attr = 0o644 << 16
            wheel.writestr(info, data)
    return target


def engine_part(wheel: Path) -> bytes:
    """The wheel's engine alone (calculators/ without calculators/views/), a zip of the wheel's own entries:
    what the memory snapshot imports (snapshot.py), so a change to a view leaves it alone."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(wheel) as full, zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as part:
        for info in full.infolist():
            if info.filename.startswith("calculators/") and not info.filename.startswith("calculators/views/"):
                part.writestr(info, full.read(info))
    return buffer.getvalue()


def revision_of(data: bytes) -> str:
    """A file's revision, as engine.json gives each: its content hash, shortened."""
    return hashlib.sha256(data).hexdigest()[:16]


def engine_revision(wheel: Path) -> str:
    """The engine's revision (engine.json's engineRevision): which engine a snapshot holds."""
    return revision_of(engine_part(wheel))
