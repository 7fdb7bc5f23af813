"""A choice each player makes for themself: "Each player may summon a minion from their cemetery here".

The words give every player the same option, each deciding for themself, and "their" is each one's own
(the player the clause is about). So the clause is read once per player, in turn order from the player
whose turn it is (Codex "Storyline": the active player's effects come first), as that player's own clause:
the player is "you", "their X" is "your X", and the player's answer is asked under `may.<player>`
(docs/scenarios.md "Choices"), as "Your opponent, then you, may play a site" asks each player named.
A player who declines does nothing; the ruling says so for each.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.events import Note

if TYPE_CHECKING:
    from codex.engine.effects.execute import Run


def each_players_may(clause: A.Clause) -> bool:
    """Whether the clause is "Each player may <verb> ...": a "may" each player answers for themself."""
    agent = getattr(clause.action, "agent", None)
    return clause.modal == "may" and isinstance(agent, A.Selector) and agent.det == "each" \
        and agent.noun.lower() in ("player", "players") and not agent.mods and not agent.filters


def _as_yours(node: Any) -> Any:
    """The clause's words with "their" (each player's own) read as "your" and the agent as "you"."""
    if isinstance(node, A.Selector):
        node = A.replace(node, det="your") if node.det == "their" else node
        return A.replace(node, filters=tuple(_as_yours(f) for f in node.filters))
    if isinstance(node, A.Where) and node.of is not None:
        return A.replace(node, of=_as_yours(node.of))
    return node


def _turn_order(run: "Run") -> list[str]:
    players = [p.id for p in run.state.players]
    active = run.state.turn.active
    start = players.index(active) if active in players else 0
    return players[start:] + players[:start]


def run_each_players_may(run: "Run", clause: A.Clause, what: str) -> list[Obj]:
    """The clause once for each player who says yes (key ``may.<player>``), as that player's own."""
    from codex.engine.effects.execute import run_clause
    act = clause.action
    fields = {role: _as_yours(getattr(act, role)) for role in ("patient", "source", "dest")
              if hasattr(act, role) and getattr(act, role) is not None}
    own = A.replace(clause, modal=None, action=A.replace(act, agent=A.Ref("you"), **fields))
    acted: list[Obj] = []
    ctx = run.ctx
    for pid in _turn_order(run):
        if not ctx.may(what, f"may.{pid}", who=pid):
            run.emit(Note("declined", f"{pid} chooses not to {what} ({ctx.source_name}'s \u201c{ctx.ability.text}\u201d).",
                          {"player": pid}, rules=("may-and-can",)))
            continue
        run.ctx = replace(ctx, controller=pid)
        try:
            acted += run_clause(run, own)
        finally:
            run.ctx = replace(run.ctx, controller=ctx.controller)
    run.did = bool(acted)
    return acted
