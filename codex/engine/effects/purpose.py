"""Clauses done for a purpose: "You may pay (1) to summon a Foot Soldier token here", "You may
sacrifice another minion here to draw a spell", "moves ..., if needed, to strike ...".

The main clause is done first (a "may" asks the player); the purpose follows only if it was done
(Codex "May and Can": a player who may do something chooses; a cost that cannot be paid is not
paid). Paying (``Pay``) spends mana or life; a player without enough cannot pay, so the purpose
does not happen.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.amounts import amount
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes, run_clause
from codex.engine.effects.select import NotExecutable


def purpose_problems(clause: A.Clause) -> Iterator[str]:
    from codex.engine.effects.check import clause_problems
    if clause.instead:
        yield "a replacement ('instead')"
    if clause.scope is not None:
        yield "a clause with a time scope"
    from codex.engine.effects.move_there import acted_on_there, move_there_problems
    if acted_on_there(clause) is not None:     # "moves to an adjacent place, if needed, to strike X there"
        yield from move_there_problems(clause)
    if clause.purpose is not None:
        if not isinstance(clause.purpose, A.Clause):
            yield "a purpose given as something other than a clause"
        else:
            yield from clause_problems(clause.purpose)
    if not clause.instead and clause.scope is None:
        yield from clause_problems(A.replace(clause, purpose=None))


def run_with_purpose(run: Run, clause: A.Clause) -> list[Obj]:
    """The clause, then (only if it was done) its purpose."""
    if clause.instead or clause.scope is not None or not isinstance(clause.purpose, A.Clause):
        raise NotExecutable("a replacement ('instead') or a clause with a time scope")
    from codex.engine.effects.move_there import acted_on_there, run_move_there
    if acted_on_there(clause) is not None:     # "moves to an adjacent place, if needed, to strike X there"
        return run_move_there(run, clause)
    run.did = None
    before, was = len(run.events), run.state
    acted = run_clause(run, A.replace(clause, purpose=None))
    if run.did is False or not _sacrificed(run, clause, acted, before, was):
        return acted
    named = _moved_to(run, clause) or acted
    if named:
        run.ctx = run.ctx.bind("it", named)
    return acted + run_clause(run, clause.purpose)


def _sacrificed(run: Run, clause: A.Clause, acted: list[Obj], before: int, was: Any) -> bool:
    """Whether a sacrifice made to pay for the purpose really was one: every minion sacrificed died.
    One a replacement saved ("return it to hand instead") was not sacrificed, so what it paid for does
    not happen (Codex "Sacrifice", which names Lady Iseult; found by blind real-card round 14). True
    for any clause that is not a sacrifice."""
    act = clause.action
    if not isinstance(act, A.Remove) or act.kind != "sacrifice":
        return True
    from codex.engine.events import Died, Marked, Note
    died = {e.unit for e in run.events[before:] if isinstance(e, (Died, Marked))}
    saved = [o for o in acted if o.kind == "unit" and str(o.key) not in died]
    if not saved:
        return True
    shown = ", ".join(u.name if (u := was.unit(str(o.key))) is not None else str(o.key) for o in saved)
    run.events.append(Note("sacrifice", f"{shown} did not die, so it was not "
                           "sacrificed: what the sacrifice would pay for does not happen.",
                           {"cards": [str(o.key) for o in saved]}, rules=("sacrifice.not-died",)))
    return False


def _moved_to(run: Run, clause: A.Clause) -> list[Obj]:
    """"Giant Shark moves to that unit to fight it": the purpose's subject is the one who moved,
    so its "it" is not the mover (that would be "itself") but the unit moved to. Empty when the
    clause is not a move to units, or the purpose names its own subject."""
    act, purpose = clause.action, clause.purpose
    if not (isinstance(act, A.Move) and act.dest is not None and isinstance(purpose, A.Clause)
            and getattr(purpose.action, "agent", True) is None):
        return []
    from codex.engine.effects.select import select_all
    try:
        return [o for o in select_all(run.state, run.ctx, act.dest) if o.kind == "unit"]
    except NotExecutable:
        return []


def life_paid(act: A.Pay) -> int | None:
    """N of "pay N life" (an additional cost: "As an additional cost to cast this spell, pay 4 life")."""
    sel = act.patient
    if isinstance(sel, A.Selector) and sel.noun == "life" and isinstance(sel.count, int) and not sel.det \
            and not sel.mods and not sel.filters:
        return sel.count
    return None


def _pay_problems(act: A.Pay) -> Iterator[str]:
    from codex.engine.effects.mana_gift import all_mana
    if life_paid(act) is not None or all_mana(act.patient):    # "all of their remaining mana": the pool
        return
    if not isinstance(act.patient, A.Mana) and not isinstance(act.patient, int):
        yield "paying something other than mana"
    elif isinstance(act.patient, A.Mana) and not all(s.strip("()").isdecimal() for s in act.patient.symbols):
        yield "paying mana of an element"


def shortfall(run: Run, act: A.Pay) -> tuple[str, int, int] | None:
    """What keeps the controller from paying ``act`` now: ("life" or "mana", what they have, the
    cost), or None when they can pay it (a player pays only life they have: none at death's door)."""
    player = run.state.player(run.ctx.controller)
    life = life_paid(act)
    if life is not None:
        from codex.engine.effects.costs import can_pay_life
        return None if can_pay_life(player, life) else ("life", player.life, life)
    cost = mana_cost(run, act)
    return None if player.mana >= cost else ("mana", player.mana, cost)


def mana_cost(run: Run, act: A.Pay) -> int:
    """The mana ``act`` pays ("pay (2)", "spend (1)", "pay X", "spend all your mana": what the pool holds)."""
    from codex.engine.effects.mana_gift import all_mana
    if all_mana(act.patient):
        return run.state.player(run.ctx.controller).mana
    if isinstance(act.patient, A.Mana):
        return sum(int(s.strip("()")) for s in act.patient.symbols)
    return amount(run, act.patient, "pay")


def _gift_words(clause: A.Clause) -> Iterator[str]:
    from codex.engine.effects.mana_gift import gift_problems
    yield from gift_problems(clause)


def _gives(clause: A.Clause) -> bool:
    from codex.engine.effects.mana_gift import gives_mana
    return gives_mana(clause)


@executes(A.Pay, problems=_pay_problems, clause_problems=_gift_words, own_purpose=_gives)
def _pay(run: Run, act: A.Pay, clause: A.Clause) -> list[Obj]:
    """Pay mana from the controller's pool; without enough, nothing is paid (and nothing follows).
    Paying life (the rulebook lists "paying life" among costs) takes it from the controller, who must
    have that much (at death's door, none); without it nothing is paid. Spending a whole pool to give
    it to a player for their next turn is `mana_gift`'s."""
    from codex.engine.events import ManaPaid
    if _gives(clause):
        from codex.engine.effects.mana_gift import run_gift
        return run_gift(run, act, clause)
    player = run.state.player(run.ctx.controller)
    short = shortfall(run, act)
    if short is not None:
        what, has, cost = short
        run.note("cannot_pay", f"{player.id} has {has} {what} and cannot pay {cost}: nothing follows.",
                 ("life.cost",) if what == "life" else ("mana",), player=player.id, cost=cost)
        run.did = False
        return []
    life = life_paid(act)
    if life is not None:
        from codex.engine.combat import lose_life
        run.state, events = lose_life(run.state, player.id, life, f"the cost of {run.ctx.source_name}",
                                      ("life.cost",))
        run.emit(*events)
        return []
    cost = mana_cost(run, act)
    run.state = run.state.with_player(replace(player, mana=player.mana - cost))
    run.emit(ManaPaid(player.id, cost, player.mana - cost, rules=("mana",)))
    return []


__all__ = ["run_with_purpose", "purpose_problems", "shortfall", "mana_cost", "life_paid", "Any"]
