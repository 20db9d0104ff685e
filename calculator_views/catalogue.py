"""Every calculator view, by the id a `/// calculator | <id>` block names."""

from .mele_views import MELE_VIEWS
from .sbg_views import SBG_VIEWS

VIEWS = {**MELE_VIEWS, **SBG_VIEWS}
