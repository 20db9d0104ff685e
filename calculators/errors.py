"""The one error type the engine raises for bad input."""


class InputError(ValueError):
    """Bad input, with a message a player understands.

    ``field`` names the offending option with underscores (``strike_prowess``),
    so the browser can point at the right box.
    """

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message

    def to_dict(self) -> dict:
        return {"error": {"field": self.field, "message": self.message}}
