"""Middle-earth: The Lidless Eye rules reference: the rules engine (engine/), its result
views (views/), the site build (build_scripts/) and the developer tools (devtools/)."""

__version__ = "0.1.0"
