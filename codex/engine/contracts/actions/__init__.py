"""The Contracts actions and questions, one module per area of play, all registered in `REGISTRY`."""
from __future__ import annotations

from codex.engine.contracts.actions import cards, combat, play, questions, turns  # noqa: F401  (registers them)
from codex.engine.contracts.actions.base import REGISTRY, ActionSpec, run

__all__ = ["REGISTRY", "ActionSpec", "run"]
