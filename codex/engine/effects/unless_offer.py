"""An "unless" offer: "Destroy target minion unless its controller pays (2).", "... unless its controller
discards a spell.", "At the end of your turn, sacrifice this minion unless you pay (1)."

The words offer a player a way out: the effect happens unless that player does the thing named (pays
the mana, discards the card). A player who cannot do it has no choice and the effect happens; a
player who can decides (the choice ``<key>.unless.<player>``: ``true`` pays or discards, ``false``
lets the effect happen; for a discard, naming the card under ``<key>.discard.<player>`` is taking the
offer). Taking it, the player pays or discards, and the effect does not happen. What is acted on
(the target) is chosen first: "its controller" is that object's controller.

Only a payment of mana and a discard from hand are read as offers; any other "unless" stays a
condition (`conditions.py`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj


def offer(clause: Any) -> A.Clause | None:
    """The offered deed (a Pay of mana or a Discard with a player as its doer) of a clause whose only
    condition is "unless" that deed; None for any other clause."""
    if not isinstance(clause, A.Clause) or len(clause.conditions) != 1:
        return None
    cond = clause.conditions[0]
    deed = getattr(cond, "clause", None)
    if not (isinstance(cond, A.Condition) and cond.kind == "unless" and isinstance(deed, A.Clause)) \
            or deed.negated or deed.modal or deed.conditions:
        return None
    act = deed.action
    if isinstance(act, A.Pay) and isinstance(act.patient, A.Mana) and _payer(act.agent):
        return deed
    if isinstance(act, A.Discard) and isinstance(act.patient, A.Selector) and act.patient.det in ("a", "an") \
            and not act.patient.mods and not act.patient.filters and _payer(act.agent):
        return deed
    return None


def _payer(agent: Any) -> bool:
    """Words naming the player offered: "you", "its controller" (of what the clause acts on)."""
    if isinstance(agent, A.Ref):
        return agent.word.lower() == "you" and not agent.filters
    return isinstance(agent, A.Selector) and agent.noun == "controller" and agent.det in ("its", "their") \
        and not agent.mods and not agent.filters


def offer_problems(clause: A.Clause) -> list[str]:
    """What of the clause (its offer aside) the executor does not run."""
    from codex.engine.effects.check import clause_problems
    return list(clause_problems(A.replace(clause, conditions=())))


def run_offer(run: Any, clause: A.Clause) -> list[Obj]:
    """The clause, unless the player offered takes the offer (see the module docstring)."""
    from codex.engine.effects.execute import run_clause
    from codex.engine.effects.select import select
    deed = offer(clause)
    assert deed is not None
    act = clause.action
    patient = getattr(act, "patient", None)
    if patient is not None:           # what is acted on is chosen first: "its controller" is its controller
        chosen = select(run.state, run.ctx, patient, "target")
        run.ctx = run.ctx.bind("it", chosen)
        clause = A.replace(clause, action=A.replace(act, patient=A.Ref("it")))
    else:
        chosen = []
    plain = A.replace(clause, conditions=())
    pid = _offered(run, deed.action.agent, chosen)
    if pid is None:
        return run_clause(run, plain)
    able = _able(run, pid, deed.action)
    name = run.ctx.source_name
    if not able:
        run.note("unless", f"{name}: {pid} cannot {_deed_words(deed.action)}, so the effect happens.",
                 player=pid)
        return run_clause(run, plain)
    takes = _takes(run, pid, deed.action)
    if not takes:
        run.note("unless", f"{name}: {pid} does not {_deed_words(deed.action)}, so the effect happens.",
                 player=pid)
        return run_clause(run, plain)
    _do_deed(run, pid, deed.action)
    run.note("unless", f"{name}: {pid} chooses to {_deed_words(deed.action)}, so the effect does not happen.",
             player=pid)
    return []


def _offered(run: Any, agent: Any, chosen: list[Obj]) -> str | None:
    """The player the offer is made to: the effect's controller ("you"), or the controller of what the
    clause acts on ("its controller"); None when that is not one player."""
    if isinstance(agent, A.Ref):
        return str(run.ctx.controller)
    from codex.engine.effects.select import controller_of
    owners = {controller_of(run.state, o) for o in chosen} - {None}
    return str(next(iter(owners))) if len(owners) == 1 else None


def _deed_words(act: Any) -> str:
    if isinstance(act, A.Pay):
        return f"pay {''.join(act.patient.symbols)}"
    return f"discard {act.patient.det} {act.patient.noun}"


def _able(run: Any, pid: str, act: Any) -> bool:
    """Whether the player can do the deed: enough mana in their pool, a card of the kind in hand."""
    player = run.state.player(pid)
    if isinstance(act, A.Pay):
        from codex.engine.effects.purpose import mana_cost
        return bool(player.mana >= mana_cost(run, act))
    noun = act.patient.noun.lower().rstrip("s") if act.patient.noun.lower() != "card" else "card"
    hand = player.hand
    if any(noun == "card" or c.kind == noun for c in hand.named):
        return True
    unnamed = [hand.spells, hand.sites] if noun == "card" else [hand.spells if noun == "spell" else hand.sites]
    return any(n is None or n > 0 for n in unnamed)


def _takes(run: Any, pid: str, act: Any) -> bool:
    """The offered player's decision: a discard named under ``discard.<player>`` takes it; otherwise the
    choice ``unless.<player>``."""
    if isinstance(act, A.Discard) and run.ctx.answer(f"discard.{pid}") is not None:
        return True
    picked = run.ctx.choose(f"unless.{pid}", [True, False],
                            why=f"whether {pid} chooses to {_deed_words(act)} so that the effect does not happen")
    return bool(picked[0])


def _do_deed(run: Any, pid: str, act: Any) -> None:
    """The player pays the mana or discards the card (their choice of card: ``discard.<player>``)."""
    if isinstance(act, A.Pay):
        from codex.engine.effects.purpose import mana_cost
        from codex.engine.events import ManaPaid
        player = run.state.player(pid)
        cost = mana_cost(run, act)
        run.state = run.state.with_player(replace(player, mana=player.mana - cost))
        run.emit(ManaPaid(pid, cost, player.mana - cost, rules=("mana",)))
        return
    from codex.engine.effects.cards import _discard_from_hand
    noun = act.patient.noun.lower().rstrip("s") if act.patient.noun.lower() != "card" else "card"
    _discard_from_hand(run, pid, noun, 1, False, each=True)
