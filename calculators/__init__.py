"""The MELE rules engine: exact chances for strikes, corruption, influence,
creature keying, hazard limits and the Audience with Sauron.

Standard library only, so it runs unchanged in CPython and in Pyodide.
Every calculator takes a frozen, validated input dataclass and returns a
result whose ``to_dict()`` is JSON-ready (fractions as strings such as "5/12").
"""

__version__ = "0.1.0"  # the reference's version: its rules, this engine and the site built from them
