"""Mana and threshold an effect gives a player, in words other than "gain": "Add (1) to your mana
this turn." and "You have an extra (W) threshold this turn." (blind round 31).

Both say what "Gain (1)" and "Gain (W) this turn" say, so they run as that primitive does
(`board._gain_mana`): mana goes into the player's pool, where unspent mana is lost as the turn
ends (rulebook "Gaining Mana": other cards may "simply increase your pool for the current turn"),
and no mana is generated on an opponent's turn (Codex "Mana"); threshold is counted like a site's
until the turn ends (`Player.gained_affinity`). "You have an extra (F) threshold." with no time is a
static ability, not an effect (`statics.py`, kind ``provide``), so here threshold needs "this
turn": for any other time it is named as not executed, as gained threshold is.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes


def _your_pool(clause: A.Clause) -> bool:
    """"to your mana": the one adjunct of "add", naming the controller's own mana pool."""
    return len(clause.adjuncts) == 1 and clause.adjuncts[0].prep == "to" and _is_your_mana(clause.adjuncts[0].what)


def _is_your_mana(what: Any) -> bool:
    return isinstance(what, A.Selector) and what.noun.lower() == "mana" and what.det == "your" \
        and not what.mods and not what.filters and what.count is None


def _added(act: A.Action) -> A.Mana | None:
    """The symbols "add" names as its one role, its patient."""
    roles = dict(act.roles)
    patient = roles.get("patient")
    if set(roles) != {"patient"} or not isinstance(patient, A.Mana) or patient.extra:
        return None
    return patient


def _add_problems(act: A.Action) -> Iterator[str]:
    if _added(act) is None:             # "add two counters to X" is the counters' (`counters.py`)
        from codex.engine.effects.counters import _counter_problems
        yield from _counter_problems(act)


def _add_clause_problems(clause: A.Clause) -> Iterator[str]:
    if _added(clause.action) is None:    # the counters' verb reads no adjunct: named as it was
        for adj in clause.adjuncts:
            yield f"the adjunct '{adj.prep} ...' on Action"
        return
    if not _your_pool(clause):
        yield "adding mana somewhere other than to your mana"
        return
    from codex.engine.effects.board import _mana_clause_problems
    yield from _mana_clause_problems(_as_gain(clause, _added(clause.action)))


def _as_gain(clause: A.Clause, mana: A.Mana | None, agent: Any = None) -> A.Clause:
    """The clause as "Gain <mana>" with its duration, so the gain's own rules read it."""
    return A.replace(clause, action=A.GainMana(mana=A.Mana(tuple(mana.symbols)) if mana else None, agent=agent),
                     adjuncts=())


@executes(A.Action, lemma="add", problems=_add_problems, clause_problems=_add_clause_problems, adjuncts=("to",))
def _add_to_pool(run: Run, act: A.Action, clause: A.Clause) -> list[Obj]:
    """"Add (1) to your mana this turn": the controller gains that mana, as "Gain (1)" says; "add
    two counters to X" stays the counters' own verb."""
    from codex.engine.effects.board import _gain_mana
    if _added(act) is None:
        from codex.engine.effects.counters import _counters
        return _counters(run, act, clause)
    gain = _as_gain(clause, _added(act))
    return _gain_mana(run, gain.action, gain)


def extra_threshold(act: Any) -> A.Mana | None:
    """"You have an extra (W) threshold": the symbols a player is said to have more of (threshold
    symbols only); None for any other words."""
    from codex.engine.effects.provide import symbols_threshold
    if not (isinstance(act, A.Own) and isinstance(act.agent, A.Ref) and act.agent.word == "you"
            and isinstance(act.patient, A.Mana) and act.patient.extra):
        return None
    return act.patient if symbols_threshold(act.patient.symbols) is not None else None


def _have_problems(act: A.Own) -> Iterator[str]:
    if extra_threshold(act) is None:
        yield "having something as an effect other than an extra threshold"


def _have_clause_problems(clause: A.Clause) -> Iterator[str]:
    if clause.duration is None or clause.duration.kind != "this_turn" or clause.adverbs or clause.adjuncts:
        yield "having an extra threshold for a time other than this turn"


@executes(A.Own, problems=_have_problems, clause_problems=_have_clause_problems)
def _have_extra(run: Run, act: A.Own, clause: A.Clause) -> list[Obj]:
    """"You have an extra (W) threshold this turn" (a magic's or an ability's effect): the controller
    has that threshold until the turn ends, as "Gain (W) this turn" gives it."""
    from codex.engine.effects.board import _gain_mana
    gain = _as_gain(clause, extra_threshold(act))
    return _gain_mana(run, gain.action, gain)


__all__ = ["extra_threshold"]
