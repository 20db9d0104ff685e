"""What every calculator returns: explain steps and JSON-ready dictionaries."""

from dataclasses import dataclass, fields, is_dataclass
from fractions import Fraction

from calculators.citations import Rule

EDITORS_NOTE = "Editor's note"  # how the CLI and the page mark a step's note


@dataclass(frozen=True)
class Step:
    """One step of an explanation, citing the rule it applies.

    ``text`` says only what the cited rule's quoted words say (applied to the inputs); ``note``
    is anything more: the site's reading of an ambiguity, an inference, what the calculator does
    where the rules are silent. The note is shown marked as an editor's note. A step that is all
    reading has a note and no text."""

    text: str
    rule: Rule
    note: str = ""

    def __post_init__(self):
        if not (self.text or self.note):
            raise ValueError(f"a step citing {self.rule.id} says nothing")

    def to_dict(self) -> dict:
        return {"text": self.text, "rule": self.rule.id, "note": self.note}


def to_json_value(value):
    """Fractions become strings ("5/12", "1", "0"); tuples become lists."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Rule):
        return value.id
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if is_dataclass(value):
        return {f.name: to_json_value(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {str(key): to_json_value(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json_value(item) for item in value]
    return value


def check_distribution(outcomes: dict) -> dict:
    """Guard: a result's outcomes must sum to exactly 1."""
    total = sum(outcomes.values())
    if total != 1:
        raise AssertionError(f"outcomes sum to {total}, not 1: {outcomes}")
    return outcomes


def result_dict(result, names) -> dict:
    """A result's ``to_dict()``: its calculator's name, then the named attributes as JSON values."""
    return {"calculator": result.calculator, **{name: to_json_value(getattr(result, name)) for name in names}}
