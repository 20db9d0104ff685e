"""A calculator's labelled form: every input with its hint, glossary link and error
slot, the rows of a list of characters, the "I rolled…" fields and the actions."""

from __future__ import annotations

from calculators.keying import REGION_NAMES

from .games import Game, game_of


def render_input(html, parent, view_id, spec, value, game: Game, suffix=""):
    dom_id = f"calc-{view_id}-{spec['name']}{suffix}".replace("_", "-")
    name = spec["name"] + suffix.replace("-", ".")
    wrap = html.el(parent, "div", {"class": f"calc-field calc-field--{spec['kind']}", "data-field": spec["name"]})
    described = f"{dom_id}-hint {dom_id}-error"
    if spec["kind"] == "bool":
        box = html.el(wrap, "input", {"type": "checkbox", "id": dom_id, "name": name, "value": "1",
                                      "aria-describedby": described})
        if value == "1":
            box.set("checked", "checked")
        html.el(wrap, "label", {"for": dom_id}, spec["label"])
    else:
        html.el(wrap, "label", {"for": dom_id}, spec["label"] + (f" ({spec['unit']})" if spec["unit"] else ""))
        if spec["kind"] == "choice":
            control = html.el(wrap, "select", {"id": dom_id, "name": name, "aria-describedby": described})
            for option_value, option_label in spec["options"]:
                option = html.el(control, "option", {"value": option_value}, option_label)
                if option_value == value:
                    option.set("selected", "selected")
        else:
            attrs = {"id": dom_id, "name": name, "value": value, "aria-describedby": described,
                     "autocomplete": "off"}
            if spec["kind"] == "int":
                attrs.update({"type": "number", "step": "1", "min": spec["min"], "max": spec["max"]})
                if spec["min"] >= 0:   # phones' numeric keypads have no minus sign
                    attrs["inputmode"] = "numeric"
            else:
                attrs.update({"type": "text", "spellcheck": "false"})
                if spec.get("maxLength"):
                    attrs["maxlength"] = spec["maxLength"]
                if spec["placeholder"]:
                    attrs["placeholder"] = spec["placeholder"]
            if spec["optional"] and not value:
                attrs["placeholder"] = attrs.get("placeholder", "–")
            html.el(wrap, "input", attrs)
            if spec["kind"] == "path":
                region_symbols(html, wrap)
    hint = html.el(wrap, "p", {"class": "calc-hint", "id": f"{dom_id}-hint"}, spec["hint"] + " " if spec["hint"] else None)
    if spec["term"]:
        link = html.el(hint, "a", {"class": "calc-term", "href": f"/{game.glossary_page}#g-{spec['term']}"},
                       "Glossary")
        term = spec["term"].removeprefix(game.glossary_id_prefix)
        link.set("aria-label", f"Glossary: {term.replace('-', ' ')}")
    html.el(wrap, "p", {"class": "calc-error", "id": f"{dom_id}-error", "role": "alert", "hidden": "hidden"})


def region_symbols(html, parent):
    """Buttons that type a site path's region letters: easier than a phone keyboard."""
    pad = html.el(parent, "div", {"class": "calc-symbols", "role": "group",
                                  "aria-label": "Add a region type to the path"})
    for letter, name in REGION_NAMES.items():
        html.el(pad, "button", {"type": "button", "class": f"badge badge--region badge--{letter}",
                                "data-symbol": letter, "title": name, "aria-label": f"Add {name} ({letter})"}, letter)
    html.el(pad, "button", {"type": "button", "class": "calc-symbols__back", "data-symbol": "back",
                            "aria-label": "Remove the last region"}, "⌫")
    html.el(pad, "button", {"type": "button", "class": "calc-symbols__clear", "data-symbol": "clear",
                            "aria-label": "Clear the path"}, "Clear")


def render_rows(html, form, view_id, rows, values, game):
    group = html.el(form, "fieldset", {"class": "calc-rows", "data-rows": rows["param"]})
    html.el(group, "legend", None, rows["label"])
    holder = html.el(group, "div", {"class": "calc-rows__list"})
    for index, row in enumerate(values):
        render_row(html, holder, view_id, rows, row, index, game)
    template = html.el(group, "template", {"class": "calc-rows__template"})
    render_row(html, template, view_id, rows, {f["name"]: f["default"] for f in rows["fields"]}, "__i__", game)
    actions = html.el(group, "div", {"class": "calc-rows__actions"})
    html.el(actions, "button", {"type": "button", "class": "md-button calc-rows__add"}, "Add a character")


def render_row(html, parent, view_id, rows, row, index, game):
    box = html.el(parent, "fieldset", {"class": "calc-row", "data-row": index})
    html.el(box, "legend", {"class": "calc-row__legend"}, f"Character {index + 1}" if isinstance(index, int)
            else "Character")
    for spec in rows["fields"]:
        render_input(html, box, view_id, spec, row.get(spec["name"], spec["default"]), game, f"-{index}")
    html.el(box, "button", {"type": "button", "class": "calc-row__remove",
                            "aria-label": "Remove this character"}, "Remove")


def render_form(html, parent, view_id, view, values):
    game = game_of(view)
    form = html.el(parent, "form", {"class": "calc-form", "novalidate": "novalidate",
                                    "aria-label": view["title"]})
    html.el(form, "p", {"class": "calc-message", "role": "status", "hidden": "hidden"})
    grid = html.el(form, "div", {"class": "calc-fields"})
    for spec in view["fields"]:
        render_input(html, grid, view_id, spec, values[spec["name"]], game)
    if view.get("rows"):
        render_rows(html, form, view_id, view["rows"], values["rows"], game)
    if view.get("roll_fields"):
        rolled = html.el(form, "fieldset", {"class": "calc-roll"})
        html.el(rolled, "legend", None, "I rolled…")
        html.el(rolled, "p", {"class": "calc-hint"}, "Enter the dice you rolled to resolve that one roll; "
                                                      "leave empty to see the chances.")
        for spec in view["roll_fields"]:
            render_input(html, rolled, view_id, spec, values[spec["name"]], game)
    actions = html.el(form, "div", {"class": "calc-actions"})
    html.el(actions, "button", {"type": "button", "class": "md-button md-button--primary calc-copy"}, "Copy link")
    html.el(actions, "button", {"type": "button", "class": "md-button calc-reset"}, "Reset to defaults")
    html.el(actions, "span", {"class": "calc-copied", "role": "status"})
