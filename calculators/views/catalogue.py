"""Every calculator view, by the id a `/// calculator | <id>` block names."""

from calculators.views.mele_calculators import MELE_VIEWS
from calculators.views.sbg_calculators import SBG_VIEWS

VIEWS = {**MELE_VIEWS, **SBG_VIEWS}
