"""The view of a Contracts ruling that scenario expectations address (see `codex.engine.expect`):
``players.p1.health``, ``creatures.goblin.health``, ``players.p2.orb.durability``,
``players.p1.discard.cards``, ``left.goblin`` (why it left the field), ``winner``, ``draw``..."""
from __future__ import annotations

from typing import Any


def facts_view(ruling: dict[str, Any]) -> dict[str, Any]:
    after = ruling["state_after"]
    outcome = after.get("outcome", {})
    players = {p["id"]: p for p in after["players"]}
    creatures = {c["id"]: dict(c, owner=p["id"]) for p in after["players"] for c in p["creatures"]}
    return {
        "verdict": ruling["verdict"],
        "reason": outcome.get("reason"),
        "answer": outcome.get("answer"),
        "outcome": outcome,
        "players": players,
        "creatures": creatures,
        "lines": {p["id"]: [c["id"] for c in p["creatures"]] for p in after["players"]},
        "left": {g["id"]: g["why"] for g in after["left"]},
        "winner": after["winner"],
        "draw": after["draw"],
        "turn": after["turn"],
        "events": [s.get("kind") for s in ruling["steps"]],
        "rules": sorted({r for s in ruling["steps"] for r in s.get("rule_ids", [])}),
    }
