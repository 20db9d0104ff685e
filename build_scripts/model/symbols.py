"""Region and site type symbols on the rule pages: their letter codes and names come from
the engine's one definition (calculators/keying.py); here, only how the text names them."""

from calculators.keying import REGION_NAMES, SITE_NAMES

# Names as they appear in the symbol lists, singular or plural.
_NAME_TO_CODE = {
    "region": {name.lower(): code for code, name in REGION_NAMES.items()},
    "site": {name.lower(): code for code, name in SITE_NAMES.items()}
    | {"havens": "DH", "haven": "DH", "darkhavens": "DH"},
}


def code_for(kind: str, name: str) -> str:
    """The letter code of a region or site type named in the text ('' if none)."""
    key = name.strip().lower()
    table = _NAME_TO_CODE[kind]
    return table.get(key) or table.get(key.rstrip("s"), "")


def type_name(kind: str, code: str) -> str:
    return (REGION_NAMES if kind == "region" else SITE_NAMES)[code]
