"""The errata layer: corrections and editor's notes kept apart from the source.

`sources/errata.yaml` holds one entry per finding. Typos, name slips and
format slips are shown corrected (the original stays available on hover/tap).
Rule conflicts, arithmetic slips, ambiguities and missing material keep the
source text and get an Editor's note beside the block.
A format entry with `new_rule` restores a line break the extraction lost: the
text from its `text` on starts a rule of its own, numbered `new_rule` (the next
free number of its section, so that no published number changes meaning).
An entry whose exact text is not on its line fails the build.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from build_scripts.model.composed_texts import ComposedTextError, check_folds
from build_scripts.parse.yaml_text import read_yaml

CORRECTED_KINDS = ("typo", "name", "format")
NOTED_KINDS = ("rule-conflict", "arithmetic", "ambiguity", "missing")
KIND_LABELS = {
    "typo": "Typo",
    "name": "Name slip",
    "format": "Extraction slip",
    "rule-conflict": "Rule conflict",
    "arithmetic": "Arithmetic slip",
    "ambiguity": "Ambiguity",
    "missing": "Missing text",
}


class ErrataError(ValueError):
    """An errata entry that does not fit the source; the build stops on it."""


@dataclass(frozen=True)
class Erratum:
    id: str
    source: str
    line: int
    text: str
    kind: str
    reason: str
    replacement: str | None = None
    note: str | None = None
    new_rule: str | None = None  # format only: the id of the rule this entry splits off

    @property
    def splits(self) -> bool:
        return self.new_rule is not None

    @property
    def corrects_text(self) -> bool:
        return self.kind in CORRECTED_KINDS

    @property
    def label(self) -> str:
        return KIND_LABELS[self.kind]

    @property
    def anchor(self) -> str:
        return "e-" + self.id.lower()


@dataclass(frozen=True)
class Mark:
    """Where an erratum sits in a line's shown text: [start, end)."""

    erratum: Erratum
    start: int
    end: int


def load_errata(path: Path) -> list[Erratum]:
    entries = read_yaml(path) or []
    errata = [_erratum_from_entry(entry, path) for entry in entries]
    seen: set[str] = set()
    for erratum in errata:
        if erratum.id in seen:
            raise ErrataError(f"{path.name}: erratum id {erratum.id} is used twice")
        seen.add(erratum.id)
    return errata


def _erratum_from_entry(entry: dict, path: Path) -> Erratum:
    where = f"{path.name}: entry {entry.get('id', '?')}"
    for key in ("id", "line", "text", "kind", "reason"):
        if not entry.get(key):
            raise ErrataError(f"{where}: '{key}' is required")
    kind = entry["kind"]
    if kind in CORRECTED_KINDS:
        if entry.get("replacement") is None or entry.get("note"):
            raise ErrataError(f"{where}: a {kind} entry needs a 'replacement' and no 'note'")
    elif kind in NOTED_KINDS:
        if entry.get("replacement") is not None or not entry.get("note"):
            raise ErrataError(f"{where}: a {kind} entry keeps the source text: give a 'note', no 'replacement'")
    else:
        raise ErrataError(f"{where}: unknown kind '{kind}'")
    if entry.get("new_rule") is not None and kind != "format":
        raise ErrataError(f"{where}: only a format entry may split a line ('new_rule')")
    try:
        for key in ("reason", "note"):
            check_folds(f"{where}: its {key}", entry.get(key) or "")
    except ComposedTextError as error:
        raise ErrataError(str(error)) from None
    return Erratum(
        id=str(entry["id"]),
        source=entry.get("source", "mele-rulebook.txt"),
        line=int(entry["line"]),
        text=entry["text"],
        kind=kind,
        reason=entry["reason"].strip(),
        replacement=entry.get("replacement"),
        note=(entry.get("note") or "").strip() or None,
        new_rule=str(entry["new_rule"]) if entry.get("new_rule") is not None else None,
    )


def apply_errata(line_number: int, text: str, errata: list[Erratum]) -> tuple[str, list[Mark]]:
    """Return the line as shown, and where each erratum for it sits."""
    marks: list[Mark] = []
    for erratum in errata:
        if erratum.line != line_number:
            continue
        count = text.count(erratum.text)
        if count != 1:
            found = "not found" if count == 0 else f"found {count} times"
            raise ErrataError(
                f"erratum {erratum.id}: text {erratum.text!r} {found} on {erratum.source} line {line_number}: {text!r}"
            )
        start = text.index(erratum.text)
        shown = erratum.replacement if erratum.corrects_text else erratum.text
        text = text[:start] + shown + text[start + len(erratum.text) :]
        delta = len(shown) - len(erratum.text)
        marks = [_shift(m, start, delta) for m in marks]
        marks.append(Mark(erratum, start, start + len(shown)))
    return text, sorted(marks, key=lambda m: m.start)


def _shift(mark: Mark, at: int, delta: int) -> Mark:
    if mark.start >= at:
        return Mark(mark.erratum, mark.start + delta, mark.end + delta)
    return mark
