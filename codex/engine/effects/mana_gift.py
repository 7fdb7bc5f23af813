"""Mana spent now and given to another player for their next turn: a player made to spend the whole
of what their pool holds, given to the card's controller for that player's next turn (Bridge Troll; a
`Pay` whose purpose is a gift of it).

The payer spends what their pool holds now (all of it, "remaining": what is left this turn), and
the recipient's pool gets that much more at the start of the named next turn of theirs, beside what
their sites provide (`Player.mana_next_turn`, added by `phases.start_phase`). Mana is not given
at once: no mana is generated on an opponent's turn (Codex "Mana"), and the words name the turn it
is for. Only "all of <someone's> (remaining) mana" given to one player for "your/their next turn" is
read; any other gift is named as not executed.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj

#: The owners whose mana "all of X mana" names: the spender's ("their", "his", "her", "its") or yours.
_OWNED = {"their", "his", "her", "its", "your"}


def all_mana(node: Any) -> bool:
    """"all of their remaining mana", "all their mana": the whole of a player's pool."""
    if isinstance(node, A.Partitive):
        if node.count != "all":
            return False
        node = node.of
    elif isinstance(node, A.Selector) and node.det == "all":
        node = A.replace(node, det="their")
    return isinstance(node, A.Selector) and node.noun.lower() == "mana" and isinstance(node.det, str) \
        and node.det.lower() in _OWNED and all(m.lower() == "remaining" for m in node.mods) \
        and not node.filters and node.count is None


def _gift(purpose: Any) -> tuple[Any, A.Turn] | None:
    """(recipient, turn) of "to give to <player> on <whose> next turn", else None."""
    if not isinstance(purpose, A.Clause) or purpose.negated or purpose.modal or purpose.conditions \
            or purpose.adverbs or purpose.adjuncts or purpose.per is not None or purpose.purpose is not None:
        return None
    act = purpose.action
    if not (isinstance(act, A.Action) and act.lemma == "give"):
        return None
    roles = dict(act.roles)
    if set(roles) != {"recipient"}:
        return None
    duration = purpose.duration
    if duration is None or duration.kind not in ("during", "on") or duration.phase is not None:
        return None
    turn = duration.turn
    if turn is None or turn.which != "next" or turn.whose not in ("your", "their"):
        return None
    return roles["recipient"], turn


def gives_mana(clause: A.Clause) -> bool:
    """Whether the clause spends a player's whole pool to give it for a next turn (its purpose is
    read here, not run as a clause of its own)."""
    return isinstance(clause.action, A.Pay) and all_mana(clause.action.patient) and _gift(clause.purpose) is not None


def gift_problems(clause: A.Clause) -> Iterator[str]:
    """What of a Pay clause with a purpose of giving the engine does not read."""
    if isinstance(clause.action, A.Pay) and all_mana(clause.action.patient) and clause.purpose is not None \
            and _gift(clause.purpose) is None:
        yield "mana given in a way other than to one player for their next turn"


def run_gift(run: Any, act: A.Pay, clause: A.Clause) -> list[Obj]:
    """The payers spend their whole pools; the recipient gets the sum at the start of their next
    turn."""
    from codex.engine.effects.board import players
    from codex.engine.events import ManaPaid
    gift = _gift(clause.purpose)
    assert gift is not None
    recipient_words, turn = gift
    payers = players(run, act.agent)
    [recipient] = players(run, recipient_words)[:1] or [run.ctx.controller]
    total = 0
    for pid in payers:
        player = run.state.player(pid)
        spent = player.mana
        run.state = run.state.with_player(replace(player, mana=0))
        run.emit(ManaPaid(pid, spent, 0, rules=("mana",)))
        total += spent
    receiver = run.state.player(recipient)
    run.state = run.state.with_player(replace(receiver, mana_next_turn=receiver.mana_next_turn + total))
    run.note("mana_given", f"{run.ctx.source_name}: {', '.join(payers)} spent {total} mana, given to {recipient} for "
             f"{recipient}'s next turn: it is added to {recipient}'s pool at the start of that turn (no mana is "
             f"generated on an opponent's turn).", ("mana.own-turn", "mana.pool"),
             player=recipient, mana=total, payers=payers)
    run.did = True
    return [Obj("player", p) for p in payers]


__all__ = ["all_mana", "gift_problems", "gives_mana", "run_gift"]
