"""A build step that Node runs into a file, kept in build/ under the hash of its inputs.

The engine's trimmed standard library and its memory snapshot each take Node
seconds to make and depend only on a few files; a build that leaves those alone
copies the kept result instead.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path


class NodeStepFailed(Exception):
    """Node could not make the file."""


def hash_of(files: list[Path], extra: str = "") -> str:
    digest = hashlib.sha256(extra.encode())
    for path in files:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:24]


def run_node_into(script: Path, args: list[str], target: Path, stdin: str | None = None) -> dict:
    """Run `node script *args <partial file>`, move the file to `target` (dropping the other kept
    files of its folder), and return the JSON of Node's last line of output."""
    node = shutil.which("node")
    if node is None:
        raise NodeStepFailed(f"node is not on PATH: it is needed to run {script.name}")
    target.parent.mkdir(parents=True, exist_ok=True)
    for stale in target.parent.glob("*" + "".join(target.suffixes)):
        stale.unlink(missing_ok=True)  # another build may be clearing them too
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
    done = subprocess.run(
        [node, str(script), *args, str(partial)], input=stdin, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        raise NodeStepFailed(done.stderr.strip()[-2000:] or f"node exited with status {done.returncode}")
    partial.replace(target)  # atomic: a build running at the same time never reads half a file
    return json.loads(done.stdout.strip().splitlines()[-1])
