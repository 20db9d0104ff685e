"""Every calculator view, by the id a `/// calculator | <id>` block names."""

from mele.views.mele import MELE_VIEWS
from mele.views.sbg import SBG_VIEWS

VIEWS = {**MELE_VIEWS, **SBG_VIEWS}
