"""Actions and questions, one module per area of play, all registered in `REGISTRY`.

Each handler checks legality, resolves, and returns an `Outcome` with the events it caused;
`run` dispatches a typed action record (see `document.py`) to its handler.
"""
from __future__ import annotations

from codex.engine.actions import (activate, artifacts, casting, damage, deck, entering, fights, forced, life,  # noqa: F401
                                  mandatory, movement, opening, questions, ranged, realm, sites, turns,
                                  zones)  # (imported to register their handlers)
from codex.engine.actions.base import REGISTRY, ActionSpec, Outcome, Resolution, run

__all__ = ["REGISTRY", "ActionSpec", "Outcome", "Resolution", "run"]
