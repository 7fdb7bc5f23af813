"""The versioned JSON API blueprint (``/api/v1``).

Each resource lives in its own module; importing them registers their routes. Later areas
(card validation, rulings) add a module here and one import line.
"""
from __future__ import annotations

from apiflask import APIBlueprint

api = APIBlueprint("api", __name__, url_prefix="/api/v1", tag="Arbiter")

from service.api import cards, entries, games, meta, rulebook, search  # noqa: E402,F401
from service.api import tools  # noqa: E402,F401  (validate / rulings)
