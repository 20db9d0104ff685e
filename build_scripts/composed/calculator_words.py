"""The calculators' words: each view's field labels and hints, the labels of a choice's options,
why an input does not apply (the reason of its option's Requires, or of the one game it belongs
to: calculators/options.py), and the caption of its rulebook example (calculators/views/mele_calculators.py, sbg_calculators.py).

Their evidence is in sources/calculator-words.yaml, one section per kind, keyed by the text
exactly as the view writes it: a changed text has no entry until its evidence is looked at again.
An example's caption must quote its own rule. The section `form` holds the hints the form itself
writes (calculators/views/form.py); tests find them on the built pages."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from build_scripts.model.composed_texts import INSTRUCTION, ComposedText, ComposedTextError, read_declaration
from build_scripts.model.evidence import Evidence
from build_scripts.parse.yaml_text import read_yaml

WORDS_FILE = "calculator-words.yaml"
SECTIONS = {
    "hints": "hint",
    "labels": "label",
    "options": "option",
    "reasons": "reason",
    "examples": "example",
    "form": "hint",
}
FROM_VIEWS = ("hints", "labels", "options", "reasons", "examples")  # `form` is written by the form, not a view


@dataclass(frozen=True)
class ViewWord:
    section: str  # the section of calculator-words.yaml that declares it
    text: str
    shown_in: str  # "calculator strike, field prowess"
    example_rule: str = ""


def view_words(views: dict) -> list[ViewWord]:
    words = []
    for view_id, view in views.items():
        rows = view.get("rows") or {}
        for spec in view["fields"] + view.get("roll_fields", []) + rows.get("fields", []):
            shown_in = f"calculator {view_id}, field {spec['name']}"
            words.append(ViewWord("labels", spec["label"], shown_in))
            if spec["hint"]:
                words.append(ViewWord("hints", spec["hint"], shown_in))
            words += [ViewWord("options", label, f"{shown_in}, option {value!r}") for value, label in spec["options"]]
            words += [
                ViewWord("reasons", rule["reason"], f"{shown_in}, why it may not apply")
                for rule in spec.get("requires", ())
            ]
        if view.get("example"):
            words.append(
                ViewWord(
                    "examples", view["example"]["label"], f"calculator {view_id}, its example", view["example"]["rule"]
                )
            )
    return words


def load_declarations(path: Path) -> dict[str, dict[str, Evidence]]:
    """section -> text -> its evidence ({} for an instruction)."""
    data = read_yaml(path) or {}
    unknown = set(data) - set(SECTIONS)
    if unknown:
        raise ComposedTextError(f"{path.name}: unknown sections {sorted(unknown)}; use {list(SECTIONS)}")
    return {
        section: {
            " ".join(text.split()): read_declaration(raw, f"sources/{path.name}: {kind} {text!r}")
            for text, raw in (data.get(section) or {}).items()
        }
        for section, kind in SECTIONS.items()
    }


def calculator_texts(views: dict, sources: Path) -> list[ComposedText]:
    """Every declared text, once each view's words are found declared (and every view entry used)."""
    path = sources / WORDS_FILE
    source = f"sources/{WORDS_FILE}"
    declared = load_declarations(path)
    used = set()
    for word in view_words(views):
        entries = declared[word.section]
        if word.text not in entries:
            raise ComposedTextError(
                f"{source}: the {SECTIONS[word.section]} {word.text!r} ({word.shown_in}) has no "
                f"entry under {word.section}: quote the rules it rests on, or declare it "
                f"`{INSTRUCTION}` if it states no rule"
            )
        if word.example_rule and word.example_rule not in entries[word.text]:
            raise ComposedTextError(
                f"{source}: the example {word.text!r} ({word.shown_in}) must quote its own rule {word.example_rule}"
            )
        used.add((word.section, word.text))
    stale = [(section, text) for section in FROM_VIEWS for text in declared[section] if (section, text) not in used]
    if stale:
        raise ComposedTextError(
            f"{source}: no calculator writes {stale[0][1]!r} (under {stale[0][0]}): remove "
            "its entry, or fix its text to the view's"
        )
    return [
        ComposedText(SECTIONS[section], source, text, evidence)
        for section, entries in declared.items()
        for text, evidence in entries.items()
    ]
