"""The one function the browser calls: ``run(name, params) -> dict``."""

from calculators.errors import InputError
from calculators.params import CALCULATORS as _CALCULATORS
from calculators.params import compute

CALCULATORS = tuple(_CALCULATORS)


def run(name: str, params: dict | None = None) -> dict:
    """Run calculator ``name`` with its options (underscored keys, as in its option table).

    Returns the result's ``to_dict()``, or ``{"error": {"field", "message"}}``
    for bad input. ``roll`` / ``body_roll`` switch to roll mode.
    """
    try:
        return compute(name, {} if params is None else params).to_dict()
    except InputError as error:
        return error.to_dict()
