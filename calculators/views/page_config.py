"""What a calculator block hands its page script, as JSON in `data-config`: the view's
inputs (name, kind, neutral value and when it applies: enough to read and write the form,
mark what is set and disable what does not apply), its defaults and rulebook example, the
URL of every rule its results can cite, which the page passes on to the views in the worker,
and, for a calculator whose answer differs between the Starter and the Standard game, the
other game's defaults with their result, which the page shows when the reader reads as that
game (docs/assets/javascripts/game/setting.js)."""

from __future__ import annotations

from calculators.views.values import example_values

BUILT_GAME = "standard"  # the game the built form and result are for (game/game-choice.js: DEFAULT_GAME)
OTHER_GAME = "starter"


def field_config(spec: dict) -> dict:
    return {
        "name": spec["name"],
        "kind": spec["kind"],
        "neutral": spec["neutral"],
        "more": spec["more"],
        "requires": spec.get("requires", []),
    }


def game_values(view: dict, values: dict, game: str) -> dict:
    """The defaults when reading as `game`: the view's game switch (a "Starter Rules" box) set to it."""
    return {**values, view["game_field"]: "1" if game == OTHER_GAME else ""}


def page_config(view_id: str, view: dict, values: dict, rule_urls: dict[str, str], render=None) -> dict:
    """`render(values)` -> the views' answer, for the other game's defaults (views with a game switch)."""
    rows = view.get("rows")
    config = {
        "view": view_id,
        "fields": [field_config(spec) for spec in view["fields"]],
        "rollFields": [field_config(spec) for spec in view.get("roll_fields", [])],
        "rows": rows
        and {"fields": [field_config(spec) for spec in rows["fields"]], "min": rows["min"], "max": rows["max"]},
        "defaults": values,
        "example": example_values(view),
        "ruleUrls": rule_urls,
    }
    if view.get("game_field"):
        other = game_values(view, values, OTHER_GAME)
        shown = render(other)
        if "error" in shown:
            raise ValueError(f"calculator {view_id}: its {OTHER_GAME} defaults are rejected: {shown['error']}")
        config["gameField"] = view["game_field"]
        config["builtGame"] = BUILT_GAME
        config["games"] = {
            OTHER_GAME: {"values": other, "params": shown["params"], "html": shown["html"], "summary": shown["summary"]}
        }
    return config
