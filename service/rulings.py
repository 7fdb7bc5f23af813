"""Rulings for the pages: the engine's ruling of a scenario, the board before and after it, and
the shared-rulings store (``codex.rulings_store``) the links are kept in."""
from __future__ import annotations

import threading
from typing import Any

from flask import Flask

from codex.rulings_store import RulingStore
from service.board import boards

STORE_KEY = "arbiter.rulings"
_lock = threading.Lock()


def store(app: Flask) -> RulingStore:
    """The app's shared-rulings store (opened on first use: most requests never need it)."""
    found = app.extensions.get(STORE_KEY)
    if found is None:
        with _lock:
            found = app.extensions.get(STORE_KEY)
            if found is None:
                from service.resources import EXTENSION_KEY

                build = app.extensions[EXTENSION_KEY].build
                found = app.extensions[STORE_KEY] = RulingStore(build.rulings_db)
    return found


def rule_with_boards(scenario: dict[str, Any]) -> dict[str, Any]:
    """``{"ruling", "boards"}`` for a scenario (``{"ruling", "contracts"}``: the Contracts board
    after a Contracts ruling), or ``{"problems", "detail"}`` when it cannot be ruled on. The board before is the scenario as given (loaded by the engine, so cards named
    from the catalog show their real names and stats); after is the ruling's ``state_after``."""
    from codex import engine
    from codex.engine.ruling import state_json
    from service.api.tools import adjudicate
    from service.resources import resources

    result = adjudicate(scenario)
    if "problems" in result:
        return result
    after = result.get("state_after")
    if isinstance(after, dict) and after.get("game") == "contracts":   # another game's table
        from service.contracts_board import board as contracts_board

        return {"ruling": result, "contracts": contracts_board(after)}
    try:
        state, _action = engine.load(scenario, resources().cards)
        before: dict[str, Any] | None = state_json(state)
    except engine.EngineError:
        before = None
    return {"ruling": result, "boards": boards(before, result.get("state_after"))}
