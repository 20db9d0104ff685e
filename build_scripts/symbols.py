"""Region and site types and their letter codes, as the rulebook defines them
(region types l.417-423, site types l.425-431)."""

REGION_TYPES = {
    "c": "Coastal Seas",
    "f": "Free-domains",
    "b": "Border-lands",
    "w": "Wilderness",
    "s": "Shadow-lands",
    "d": "Dark-domains",
}
SITE_TYPES = {
    "DH": "Darkhaven",
    "F": "Free-hold",
    "B": "Border-hold",
    "R": "Ruins & Lairs",
    "S": "Shadow-hold",
    "D": "Dark-hold",
}

# Names as they appear in the symbol lists, singular or plural.
_NAME_TO_CODE = {
    "region": {name.lower(): code for code, name in REGION_TYPES.items()},
    "site": {name.lower(): code for code, name in SITE_TYPES.items()}
    | {"havens": "DH", "haven": "DH", "darkhavens": "DH"},
}


def code_for(kind: str, name: str) -> str:
    """The letter code of a region or site type named in the text ('' if none)."""
    key = name.strip().lower()
    table = _NAME_TO_CODE[kind]
    return table.get(key) or table.get(key.rstrip("s"), "")


def type_name(kind: str, code: str) -> str:
    return (REGION_TYPES if kind == "region" else SITE_TYPES)[code]
