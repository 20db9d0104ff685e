"""The one error type the engine raises for bad input."""

import re

LINE_BREAKS = re.compile(r"[\r\n\t\v\f\x85\u2028\u2029]+")


class InputError(ValueError):
    """Bad input, with a message a player understands, on one line.

    ``field`` names the offending option with underscores (``strike_prowess``),
    so the browser can point at the right box.
    """

    def __init__(self, field: str, message: str):
        message = LINE_BREAKS.sub(" ", message)
        super().__init__(message)
        self.field = field
        self.message = message

    def to_dict(self) -> dict:
        return {"error": {"field": self.field, "message": self.message}}
