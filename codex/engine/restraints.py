"""Restrictions an effect puts on units for a while: "it can't move until your next turn", "target
minion can't attack this turn", "enemies here can't move while this remains", "can't defend",
"can't intercept", "can't be moved", "can't take steps".

A static ability's "can't" holds while its card is in the realm (`statics.forbids`,
`move_bans.move_ban`). The same words in an effect (a magic, a triggered or activated ability) are
an ongoing effect with a duration (Codex "Ongoing Effect"): the units the words name when it
resolves are restrained for that duration (none listed: while its card is in the realm, or for good
from a magic; `durations.until_of`). It is a `state.Lasting` whose ``states`` say what is
forbidden, the machinery "It can't untap until your next turn" uses (`untapping`).

Who asks: movement legality (`move_bans.move_ban`, so a unit's own steps, forced movement, Defend
and being carried refuse alike; the Codex "Movement": "the legality of the movement path is only
checked step by step, as each individual step is about to happen", so a declared path stops where
the unit becomes unable to move and the steps left are not taken), and attack, defend and intercept
legality (`combat._forbidden`).

The voice of *move* is kept as for a static ban (`move_bans`): "can't move" forbids every move,
"can't be moved" forced movement only, "can't take steps" its own steps only. A restriction with a
destination, "on the ground", a purpose or a condition other than its duration is not read here
(the clause is then named as not executed).
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.state import GameState, Lasting, Unit

#: The ``Lasting.states`` a restriction puts its units in, one per thing forbidden.
CANT_MOVE = "can't move"
CANT_BE_MOVED = "can't be moved"
CANT_STEP = "can't take steps"
#: ... and for the combat verbs, by the verb `combat._forbidden` asks about.
CANT = {"attack": "can't attack", "defend": "can't defend", "intercept": "can't intercept"}
_COMBAT: dict[type, str] = {A.Attack: "attack", A.Defend: "defend", A.Intercept: "intercept"}
_MOVES = (CANT_MOVE, CANT_BE_MOVED, CANT_STEP)


def _plain(clause: A.Clause) -> bool:
    """A negated "can" (or "does not") with nothing but its verb and a duration."""
    return clause.negated and clause.modal in (None, "can") and not clause.adverbs and not clause.adjuncts \
        and not clause.conditions and clause.per is None and clause.purpose is None and clause.scope is None \
        and not clause.instead


def _move_state(verb: A.Move) -> str | None:
    """The state a "can't move" verb says, or None when it names more than who may not move."""
    if verb.patient is None or verb.dest is not None or verb.source is not None or verb.direction is not None \
            or verb.instrument is not None or verb.path is not None:
        return None
    if verb.kind == "step" and verb.steps == 1 and verb.agent is None:
        return CANT_STEP
    if verb.kind != "move" or verb.steps is not None:
        return None
    if verb.voice == "passive":
        from codex.engine.unmodifiable import _by_force
        return CANT_BE_MOVED if verb.agent is None or _by_force(verb.agent) else None
    return CANT_MOVE if verb.agent is None else None


def restraint(clause: Any) -> tuple[str, Any] | None:
    """(the state, the words naming the units) when the clause restrains units for a while: a
    negated "can" over moving, attacking, defending or intercepting, with only a duration."""
    if not isinstance(clause, A.Clause) or not _plain(clause):
        return None
    act = clause.action
    if isinstance(act, A.Move):
        state = _move_state(act)
        return (state, act.patient) if state is not None else None
    verb = _COMBAT.get(type(act))
    if verb is not None and act.agent is not None and act.patient is None:
        return CANT[verb], act.agent
    return None


def restraint_problems(clause: A.Clause) -> Iterator[str]:
    """What of a restraining clause the engine cannot run (its words, its duration)."""
    from codex.engine.effects.check import sel_problems
    from codex.engine.effects.durations import duration_problems
    found = restraint(clause)
    assert found is not None
    yield from sel_problems(found[1])
    yield from duration_problems(clause.duration)


def restrain(run: Any, clause: A.Clause) -> list[Any]:
    """The units named are restrained for the clause's duration: a lasting effect the legality of
    moves and attacks reads (`restrained`)."""
    from codex.engine.effects.board import lasting, patients_or_self
    found = restraint(clause)
    assert found is not None
    state, who = found
    objs = [o for o in patients_or_self(run, who) if o.kind == "unit"]
    lasting(run, clause, objs, states=frozenset({state}), quote=run.ctx.quote, told=f"a restriction ({state})")
    return objs


def restrained(state: GameState, unit: Unit, what: str) -> Lasting | None:
    """The lasting effect that puts ``unit`` in the state ``what`` now ("can't attack"), if any."""
    if not state.lasting:
        return None
    from codex.engine.ongoing import lasting_on
    return next((e for e in lasting_on(state, unit) if what in e.states), None)


def move_restraint(state: GameState, unit: Unit, how: str) -> Lasting | None:
    """The lasting effect that forbids ``unit`` a move made ``how`` (``step``: its own; else a
    forced movement's kind): "can't move" forbids both, "can't be moved" forced movement only,
    "can't take steps" its own steps only."""
    if not state.lasting:
        return None
    from codex.engine.ongoing import lasting_on
    for effect in lasting_on(state, unit):
        if CANT_MOVE in effect.states or CANT_BE_MOVED in effect.states and how != "step" \
                or CANT_STEP in effect.states and how == "step":
            return effect
    return None


def any_move_restraint(state: GameState) -> bool:
    """Whether some lasting effect restrains moving (cheap: asked before every step's legality)."""
    return any(s in _MOVES for e in state.lasting for s in e.states)


__all__ = ["CANT", "CANT_BE_MOVED", "CANT_MOVE", "CANT_STEP", "any_move_restraint", "move_restraint", "restrain",
           "restrained", "restraint", "restraint_problems"]
