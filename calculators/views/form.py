"""A calculator's labelled form: the inputs a player needs first, the rest under
"More modifiers", the rows of a list of characters (each a compact line that opens
to its modifiers), the "I rolled…" fields, the actions and the rulebook example."""

from __future__ import annotations

from calculators.keying import REGION_NAMES
from calculators.views.fields import unmet
from calculators.views.games import Game, game_of


def dom_id(view_id: str, name: str, suffix: str = "") -> str:
    return f"calc-{view_id}-{name}{suffix}".replace("_", "-")


def controller_options(fixed: list[list[str]], names: list[str], own: str, value: str) -> list[list[str]]:
    """A row's "Controlled by" choices: the view's own (general influence), then every other
    character named on the sheet, in the sheet's order (and a name the sheet no longer has, if it
    is the one chosen, so that the engine can say so)."""
    others = [name for name in dict.fromkeys(names) if name and name != own]
    options = [list(option) for option in fixed] + [[name, name] for name in others]
    if value and value not in others:
        options.append([value, f"{value} (not on the sheet)"])
    return options


def render_input(html, parent, view_id, spec, value, game: Game, suffix="", compact=False, off=None):
    """One input with its label, its hint (none in a compact row), why it does not apply (`off`: it
    is disabled; an input that may not apply has the slot, which the page script fills) and its
    error slot."""
    control_id = dom_id(view_id, spec["name"], suffix)
    name = spec["name"] + suffix.replace("-", ".")
    wrap = html.el(parent, "div", {"class": f"calc-field calc-field--{spec['kind']}", "data-field": spec["name"]})
    described = f"{control_id}-error" if compact else f"{control_id}-hint {control_id}-error"
    if spec.get("requires"):
        described += f" {control_id}-off"
    if spec["kind"] == "bool":
        box = html.el(
            wrap,
            "input",
            {"type": "checkbox", "id": control_id, "name": name, "value": "1", "aria-describedby": described},
        )
        if value == "1":
            box.set("checked", "checked")
        html.el(wrap, "label", {"for": control_id}, spec["label"])
    else:
        html.el(wrap, "label", {"for": control_id}, spec["label"] + (f" ({spec['unit']})" if spec["unit"] else ""))
        if spec["kind"] in ("choice", "controller"):
            attrs = {"id": control_id, "name": name, "aria-describedby": described}
            if spec["kind"] == "controller":
                attrs["data-choices"] = "names"  # the sheet's own characters, the reader's words
            control = html.el(wrap, "select", attrs)
            for option_value, option_label in spec["options"]:
                option = html.el(control, "option", {"value": option_value}, option_label)
                if option_value == value:
                    option.set("selected", "selected")
        else:
            attrs = {
                "type": "text",
                "id": control_id,
                "name": name,
                "value": value,
                "aria-describedby": described,
                "autocomplete": "off",
                "spellcheck": "false",
            }
            if spec.get("maxLength"):
                attrs["maxlength"] = spec["maxLength"]
            if spec["placeholder"]:
                attrs["placeholder"] = spec["placeholder"]
            if spec["optional"] and not value:
                attrs["placeholder"] = attrs.get("placeholder", "–")
            if spec["kind"] == "int":
                attrs.update({"inputmode": "numeric", "data-min": spec["min"], "data-max": spec["max"]})
                stepper(html, wrap, attrs, spec["label"])
            else:
                html.el(wrap, "input", attrs)
            if spec["kind"] == "path":
                region_symbols(html, wrap)
    if not compact:
        hint = html.el(
            wrap, "p", {"class": "calc-hint", "id": f"{control_id}-hint"}, spec["hint"] + " " if spec["hint"] else None
        )
        if spec["term"]:
            glossary_link(html, hint, spec["term"], game)
    if spec.get("requires"):
        html.el(
            wrap,
            "p",
            {"class": "calc-off", "id": f"{control_id}-off", **({} if off else {"hidden": "hidden"})},
            off and f"Does not apply: {off}",
        )
        if off:
            wrap.set("class", wrap.get("class") + " calc-field--off")
            for control in wrap.iter():
                if control.tag in ("input", "select") or control.get("class") == "calc-step":
                    control.set("disabled", "disabled")
    html.el(wrap, "p", {"class": "calc-error", "id": f"{control_id}-error", "role": "alert", "hidden": "hidden"})


def stepper(html, parent, attrs, label):
    """A whole number typed, or stepped with − and + (each a full thumb's width)."""
    box = html.el(parent, "div", {"class": "calc-stepper"})
    html.el(
        box,
        "button",
        {"type": "button", "class": "calc-step", "data-step": "-1", "aria-label": f"{label}: one less"},
        "−",
    )
    html.el(box, "input", attrs)
    html.el(
        box,
        "button",
        {"type": "button", "class": "calc-step", "data-step": "1", "aria-label": f"{label}: one more"},
        "+",
    )


def glossary_link(html, parent, term, game):
    link = html.el(parent, "a", {"class": "calc-term", "href": f"/{game.glossary_page}#g-{term}"}, "Glossary")
    link.set("aria-label", f"Glossary: {term.removeprefix(game.glossary_id_prefix).replace('-', ' ')}")


def region_symbols(html, parent):
    """Buttons that type a site path's region letters: easier than a phone keyboard."""
    pad = html.el(
        parent, "div", {"class": "calc-symbols", "role": "group", "aria-label": "Add a region type to the path"}
    )
    for letter, name in REGION_NAMES.items():
        html.el(
            pad,
            "button",
            {
                "type": "button",
                "class": f"badge badge--region badge--{letter}",
                "data-symbol": letter,
                "title": name,
                "aria-label": f"Add {name} ({letter})",
            },
            letter,
        )
    html.el(
        pad,
        "button",
        {
            "type": "button",
            "class": "calc-symbols__back",
            "data-symbol": "back",
            "aria-label": "Remove the last region",
        },
        "⌫",
    )
    html.el(
        pad,
        "button",
        {"type": "button", "class": "calc-symbols__clear", "data-symbol": "clear", "aria-label": "Clear the path"},
        "Clear",
    )


def disclosure(html, parent, css_class, label):
    """A <details> whose summary counts the inputs in it that are set (the page keeps the count)."""
    box = html.el(parent, "details", {"class": css_class})
    summary = html.el(box, "summary", None, label)
    html.el(summary, "span", {"class": "calc-count", "hidden": "hidden"})
    return box


def render_fields(html, parent, view_id, specs, values, game, suffix="", compact=False, shared=None):
    """The inputs a player needs first; the others under "More modifiers". `shared`: the form's
    values a row's inputs may depend on (the game, for a row's Standard-only input)."""
    first = [spec for spec in specs if not spec["more"]]
    more = [spec for spec in specs if spec["more"]]
    grid = html.el(parent, "div", {"class": "calc-fields"})
    for spec in first:
        render_input(
            html,
            grid,
            view_id,
            spec,
            values.get(spec["name"], spec["default"]),
            game,
            suffix,
            compact,
            unmet(spec, {**(shared or {}), **values}),
        )
    return more


def render_more(html, parent, view_id, specs, values, game, label, suffix="", shared=None):
    if not specs:
        return None
    box = disclosure(html, parent, "calc-more", label)
    grid = html.el(box, "div", {"class": "calc-fields"})
    for spec in specs:
        off = unmet(spec, {**(shared or {}), **values})
        render_input(html, grid, view_id, spec, values.get(spec["name"], spec["default"]), game, suffix, off=off)
    return box


def render_rows(html, form, view_id, rows, values, game, shared):
    group = html.el(form, "fieldset", {"class": "calc-rows", "data-rows": rows["param"]})
    html.el(group, "legend", None, rows["label"])
    holder = html.el(group, "div", {"class": "calc-rows__list"})
    names = [row.get("name", "") for row in values]
    for index, row in enumerate(values):
        render_row(html, holder, view_id, rows, row, index, game, shared, names)
    template = html.el(group, "template", {"class": "calc-rows__template"})
    blank = {f["name"]: f["default"] for f in rows["fields"]}
    render_row(html, template, view_id, rows, blank, "__i__", game, shared, names)
    actions = html.el(group, "div", {"class": "calc-rows__actions"})
    html.el(actions, "button", {"type": "button", "class": "md-button calc-rows__add"}, "Add a character")


def render_row(html, parent, view_id, rows, row, index, game, shared, names):
    """One character: a compact line (name, numbers, state) that opens to the rest. `names`: every
    row's name, for a choice among the other characters (the page script keeps it up to date)."""
    fields = [
        {**spec, "options": controller_options(spec["options"], names, row.get("name", ""), row.get(spec["name"], ""))}
        if spec["kind"] == "controller"
        else spec
        for spec in rows["fields"]
    ]
    rows = {**rows, "fields": fields}
    box = html.el(parent, "fieldset", {"class": "calc-row", "data-row": index})
    html.el(
        box,
        "legend",
        {"class": "calc-row__legend"},
        f"Character {index + 1}" if isinstance(index, int) else "Character",
    )
    more = render_fields(html, box, view_id, rows["fields"], row, game, f"-{index}", compact=True, shared=shared)
    label = rows.get("more_label", "More")
    details = render_more(html, box, view_id, more, row, game, label, f"-{index}", shared) or html.el(
        box, "div", {"class": "calc-more"}
    )
    html.el(
        details,
        "button",
        {"type": "button", "class": "md-button calc-row__remove", "aria-label": "Remove this character"},
        "Remove",
    )


def render_example(html, parent, example):
    box = html.el(parent, "div", {"class": "calc-example"})
    html.el(
        box,
        "button",
        {"type": "button", "class": "md-button calc-example__load", "disabled": "disabled"},
        "Load the rulebook example",
    )
    line = html.el(box, "p", {"class": "calc-hint"}, f"The book's example: {example['label']} (")
    link = html.rule_link(line, example["rule"])
    html.tail(link, ").")


def render_form(html, parent, view_id, view, values):
    game = game_of(view)
    form = html.el(parent, "form", {"class": "calc-form", "novalidate": "novalidate", "aria-label": view["title"]})
    html.el(form, "p", {"class": "calc-message", "role": "status", "hidden": "hidden"})
    more = render_fields(html, form, view_id, view["fields"], values, game)
    if view.get("rows"):
        render_rows(html, form, view_id, view["rows"], values["rows"], game, values)
    render_more(html, form, view_id, more, values, game, "More modifiers")
    if view.get("roll_fields"):
        rolled = disclosure(html, form, "calc-roll", "I rolled…")
        html.el(
            rolled,
            "p",
            {"class": "calc-hint"},
            "Enter the dice you rolled to resolve that one roll; leave empty to see the chances.",
        )
        grid = html.el(rolled, "div", {"class": "calc-fields"})
        for spec in view["roll_fields"]:
            render_input(html, grid, view_id, spec, values[spec["name"]], game)
    actions = html.el(form, "div", {"class": "calc-actions"})
    html.el(actions, "button", {"type": "button", "class": "md-button md-button--primary calc-copy"}, "Copy link")
    html.el(actions, "button", {"type": "button", "class": "md-button calc-reset"}, "Reset")
    html.el(actions, "span", {"class": "calc-copied", "role": "status"})
    if view.get("example"):
        render_example(html, form, view["example"])
