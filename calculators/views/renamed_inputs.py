"""A shared link's inputs renamed since the link was made, read as they were meant.

Until the hazard limit asked for the characters and the Orc scouts apart, it asked for the
company's size, Orc scouts included: `size` 5 with `orc_scouts` 2 is 3 characters besides them.
"""

from __future__ import annotations

from calculators.validate import whole_number


def _size_to_characters(inputs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A hazard limit link's `size` (the whole company) as `characters` besides its Orc scouts."""
    named = dict(inputs)
    if "characters" in named or "size" not in named:
        return inputs
    size, scouts = whole_number(named["size"]), whole_number(named.get("orc_scouts", "0") or "0")
    # Scouts beyond the size were refused then; none of its characters is left besides them.
    characters = str(max(size - scouts, 0)) if size is not None and scouts is not None else named["size"]
    return [(name, raw) for name, raw in inputs if name != "size"] + [("characters", characters)]


RENAMED = {"hazard-limit": _size_to_characters}


def renamed_inputs(view_id: str, inputs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A link's inputs (names without the view's prefix) with any input renamed since read as it was meant."""
    rename = RENAMED.get(view_id)
    return rename(inputs) if rename and inputs else inputs
