"""Situations typed with numbers, read as a calculator's inputs: sources/search-situations.yaml,
loaded and checked against the calculator views (calculators/views/), and written into the
search index with what the search needs to read a query and to link to the calculator with the
inputs it read (docs/assets/javascripts/search/situations.js)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from build_scripts.parse.yaml_text import parse_yaml
from build_scripts.search.built_pages import built_file
from build_scripts.site_urls import UrlScheme
from calculators.views.catalogue import VIEWS

SITUATIONS_FILE = "search-situations.yaml"
KEYS = {"view", "say", "names", "ignore", "inputs"}
INPUT_KEYS = {"field", "say", "number_after", "number_before", "words"}
NUMBER_KINDS = {"int", "text"}  # a number typed fills an integer, or a text input that takes numbers (rolls)
H2 = re.compile(r'<h2\b[^>]*\sid="([^"]+)"')


class SituationError(ValueError):
    pass


@dataclass(frozen=True)
class Situation:
    view: str
    say: str
    names: tuple[str, ...]
    ignore: tuple[str, ...]
    inputs: tuple[dict, ...]  # {field, say, number_after, number_before, words}


def _words(where: str, value, name: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(w, str) and w.strip() for w in value):
        raise SituationError(f"{where}: {name} must be a list of words")
    return tuple(value)


def view_fields(view: dict) -> dict[str, dict]:
    return {spec["name"]: spec for spec in view["fields"] + view.get("roll_fields", [])}


def load_situations(sources: Path, views: dict = VIEWS) -> list[Situation]:
    data = parse_yaml((sources / SITUATIONS_FILE).read_text(encoding="utf-8")) or {}
    situations = []
    for number, entry in enumerate(data.get("situations") or [], start=1):
        where = f"{SITUATIONS_FILE}, entry {number}"
        if not isinstance(entry, dict) or not {"view", "say", "names", "inputs"} <= set(entry) <= KEYS:
            raise SituationError(f"{where}: needs view, say, names and inputs (and may have ignore)")
        view = views.get(entry["view"])
        if view is None or view.get("rows"):
            raise SituationError(f"{where}: {entry['view']!r} is no calculator view without a list of characters")
        fields = view_fields(view)
        inputs = []
        for spec in entry["inputs"] or []:
            if not isinstance(spec, dict) or not {"field", "say"} <= set(spec) <= INPUT_KEYS:
                raise SituationError(f"{where}: an input needs field and say (and number_after, number_before, words)")
            field = fields.get(spec["field"])
            if field is None:
                raise SituationError(f"{where}: the view {entry['view']} has no field {spec['field']!r}")
            after = _words(where, spec.get("number_after"), "number_after")
            before = _words(where, spec.get("number_before"), "number_before")
            words = spec.get("words") or {}
            if (after or before) and field["kind"] not in NUMBER_KINDS:
                raise SituationError(f"{where}: {spec['field']} takes no number")
            allowed = [value for value, _ in field["options"]] if field["kind"] == "choice" else ["1"]
            if field["kind"] not in ("choice", "bool") and words:
                raise SituationError(f"{where}: {spec['field']} takes no word")
            for word, value in words.items():
                if value not in allowed:
                    raise SituationError(f"{where}: {spec['field']} has no value {value!r} (for {word!r})")
            if not (after or before or words):
                raise SituationError(f"{where}: say how {spec['field']} is read")
            inputs.append({**spec, "number_after": after, "number_before": before, "words": dict(words)})
        situations.append(
            Situation(
                entry["view"],
                str(entry["say"]),
                _words(where, entry["names"], "names"),
                _words(where, entry.get("ignore"), "ignore"),
                tuple(inputs),
            )
        )
    return situations


def calculator_location(site_dir: Path, scheme: UrlScheme, pages: list[dict], view: str) -> dict:
    """The calculator record (location and title) of the page part that holds the view's block."""
    for page in pages:
        if page["kind"] != "calculator" or "#" in page["location"]:
            continue
        html = built_file(site_dir, page["location"]).read_text(encoding="utf-8")
        at = html.find(f'data-calculator="{view}"')
        if at < 0:
            continue
        headings = list(H2.finditer(html, 0, at))
        location = page["location"] + (f"#{headings[-1][1]}" if headings else "")
        return next(record for record in pages if record["location"] == location)
    raise SituationError(f"{SITUATIONS_FILE}: no calculator page holds the view {view}")


def situation_records(site_dir: Path, scheme: UrlScheme, pages: list[dict], situations: list[Situation]) -> list:
    """What the search reads a situation with: for each calculator, its words and inputs, and every
    field of its form with its start value (a link names every input)."""
    records = []
    for situation in situations:
        view = VIEWS[situation.view]
        fields = view_fields(view)
        calculator = calculator_location(site_dir, scheme, pages, situation.view)
        records.append(
            {
                "view": situation.view,
                "title": calculator["title"],
                "location": calculator["location"],
                "say": situation.say,
                "names": list(situation.names),
                "ignore": list(situation.ignore),
                "inputs": [
                    {
                        "field": spec["field"],
                        "say": spec["say"],
                        "kind": fields[spec["field"]]["kind"],
                        **{key: fields[spec["field"]][key] for key in ("min", "max") if key in fields[spec["field"]]},
                        "numberAfter": list(spec["number_after"]),
                        "numberBefore": list(spec["number_before"]),
                        "words": spec["words"],
                    }
                    for spec in situation.inputs
                ],
                "fields": [[spec["name"], spec["kind"], spec["default"]] for spec in fields.values()],
                **({"gameField": view["game_field"]} if view.get("game_field") else {}),
            }
        )
    return records
