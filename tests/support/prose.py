"""What a reader takes for the project's word about itself: the docs, and the comments and docstrings
of its code, each piece with the line it starts on. The code itself (a path in a string the program
uses) is left out: the program's own tests hold it to the tree."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import tokenize
from collections.abc import Iterator
from pathlib import Path

DOCS = ("README.md", "CONTRIBUTING.md", "ARCHITECTURE.md")
HASH_COMMENTED = (".yml", ".yaml", ".toml")
SLASH_COMMENTED = (".js", ".mjs", ".css")
TEMPLATE = (".html",)
# A `#` comment of a YAML or TOML line: after its quoted strings, at the line's start or after a space.
QUOTED = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'[^']*'")
HASH_COMMENT = re.compile(r"(?:^|\s)#(.*)$")
HTML_COMMENT = re.compile(r"<!--(.*?)-->|\{#(.*?)#\}", re.DOTALL)
# After one of these, a `/` opens a regular expression, not a division.
REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}
REGEX_KEYWORDS = ("return", "typeof", "case", "of", "in", "void", "delete", "throw", "new")


def tracked_files(root: Path) -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout
    return [name for name in listed.splitlines() if (root / name).is_file()]


def prose_files(root: Path) -> list[str]:
    """The files whose prose is read: the three docs, the code, the templates, the configurations."""
    suffixes = (".py", *HASH_COMMENTED, *SLASH_COMMENTED, *TEMPLATE)
    return [name for name in tracked_files(root) if name in DOCS or name.endswith(suffixes) or name == "Makefile"]


def prose(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) for each piece of prose in the file: a doc whole, a line at a time; else each
    comment and docstring."""
    text = path.read_text(encoding="utf-8")
    name = path.name
    if name.endswith(".md"):
        yield from enumerate(text.splitlines(), 1)
    elif name.endswith(".py"):
        yield from python_prose(text)
    elif name.endswith(SLASH_COMMENTED):
        yield from slash_comments(text, regex_literals=not name.endswith(".css"))
    elif name.endswith(TEMPLATE):
        for found in HTML_COMMENT.finditer(text):
            yield text.count("\n", 0, found.start()) + 1, found.group(1) or found.group(2)
    elif name.endswith(HASH_COMMENTED) or name == "Makefile":
        yield from hash_comments(text)


def python_prose(text: str) -> Iterator[tuple[int, str]]:
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                yield first.lineno, first.value.value


def hash_comments(text: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(text.splitlines(), 1):
        found = HASH_COMMENT.search(QUOTED.sub('""', line))
        if found:
            yield number, found.group(1)


def slash_comments(text: str, regex_literals: bool = True) -> Iterator[tuple[int, str]]:
    """The `//` and `/* */` comments of JavaScript or CSS, stepping over strings, template literals
    and regular expression literals (a glob such as "**/*.js" in a string opens no comment)."""
    at, end, before = 0, len(text), ""
    while at < end:
        char = text[at]
        if text.startswith("//", at):
            stop = text.find("\n", at)
            stop = end if stop < 0 else stop
            yield text.count("\n", 0, at) + 1, text[at + 2 : stop]
            at = stop
        elif text.startswith("/*", at):
            stop = text.find("*/", at + 2)
            stop = end if stop < 0 else stop
            yield text.count("\n", 0, at) + 1, text[at + 2 : stop]
            at = stop + 2
        elif char in "\"'`":
            at = _past_string(text, at)
            before = "a"
        elif char == "/" and regex_literals and (before in REGEX_BEFORE or before in REGEX_KEYWORDS):
            at = _past_regex(text, at)
            before = "a"
        elif char.isspace():
            at += 1
        else:
            word = re.match(r"[\w$]+", text[at:])
            before = word.group(0) if word else char
            at += len(word.group(0)) if word else 1


def _past_string(text: str, at: int) -> int:
    quote, at = text[at], at + 1
    while at < len(text) and text[at] != quote:
        at += 2 if text[at] == "\\" else 1
    return at + 1


def _past_regex(text: str, at: int) -> int:
    at, in_class = at + 1, False
    while at < len(text) and text[at] != "\n":
        char = text[at]
        if char == "\\":
            at += 2
            continue
        if char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "/" and not in_class:
            return at + 1
        at += 1
    return at
