"""Every calculator view, by id: kept here for the build steps that look views up;
the views live in calculator_views/ (the worker runs them too)."""

from calculator_views.catalogue import VIEWS

__all__ = ["VIEWS"]
