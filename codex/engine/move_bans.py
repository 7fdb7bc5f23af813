"""Restrictions on moving: "Minions here can't move", "Can't move to defend", "Enemies can't move
to here on the ground", "Allied minions can't be moved".

A static ability with a negated "can" over the verb *move* is an ongoing effect that refuses a
move. The voice of the verb says which moves (the grammar keeps it, `ast.Move.voice`):

- **active**, "X can't move": X goes nowhere, by any way a unit moves. The Codex "Move": "There are
  many ways for units in Sorcery to move. The most common way for a unit to move is the Move and
  Attack basic ability. Another way for a unit to move is a forced movement effect, including
  teleportation." So its own steps (Move and Attack, defending, a step an effect makes it take)
  and forced movement are refused alike.
- **passive**, "X can't be moved": something else moving X is refused (forced movement: "If they
  aren't taking their own step, then it's forced movement!"); X's own steps are not.
- "X can't take steps" (the Codex's words for Immobile): X's own steps are refused, forced movement
  is not (`MoveBan.steps_only`).

What the clause adds narrows the ban, never widens it: a destination ("to here": only moves
entering those locations), "on the ground" (Codex "On the Ground": from the surface of a site to
another site's surface, "excluding Airborne and teleport"), a purpose ("to defend": only the move
a Defend makes; "to intercept" names a move that never happens, since "Units cannot move when they
intercept"). "Can't move through <a border>" is a ban on traversing that border
(`borders.traverse_ban`), read there.

`move_ban` answers for one move from one location to another; movement legality (`movement.
step_reason` for a unit's own steps, `forced._part_reason` for forced movement) and Defend
(`combat.defend_reason`) ask it, and refuse with `Reason.CANNOT_MOVE`, quoting the card.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from codex.cardtext import ast as A
from codex.engine.geometry import Location, Region
from codex.engine.unmodifiable import _by_force

if TYPE_CHECKING:
    from codex.engine.effects.statics import Static
    from codex.engine.state import GameState, Lasting, Unit

#: Purposes a ban may name, by the primitive of its purpose clause.
_PURPOSES: dict[type, str] = {A.Defend: "defend", A.Intercept: "intercept"}


@dataclass(frozen=True)
class MoveBan:
    """What one "can't move" forbids: the verb's words (who: ``patient``; where to: ``dest``),
    whether only on the ground, only for one purpose, and only when moved by something else."""

    verb: A.Move
    on_ground: bool = False
    purpose: str | None = None
    forced_only: bool = False
    #: "can't take steps": only the unit's own steps, as Immobile (Codex "Immobile": "An Immobile unit
    #: cannot take steps"; forced movement still applies to it)
    steps_only: bool = False
    #: "can't move out of <place>": the place's words; only a move from inside it to outside it is
    #: refused (moves within it, and into it, are not)
    out_of: Any = None


def out_of_place(clause: A.Clause) -> Any:
    """The place of a clause's one "out of" adjunct ("Enemy minions in the affected area can't move out
    of it"): a pronoun there is the place the movers are said to be in (the clause's only place named,
    its patient's "in" words, or "here", which an aura's affected area is read as:
    `abilities.affected_area_as_here`); None when the clause has no such adjunct or no such place."""
    outs = [a for a in clause.adjuncts if a.prep == "out_of"]
    if len(outs) != 1:
        return None
    what = outs[0].what
    if isinstance(what, A.Ref) and what.word.lower() in ("it", "them") and not what.filters:
        verb = clause.action
        patient = getattr(verb, "patient", None)
        inside = [f if f.rel == "here" else f.of for f in getattr(patient, "filters", ())
                  if isinstance(f, A.Where) and (f.rel == "here" or f.rel in ("in", "within", "inside") and f.of is not None)]
        return inside[0] if len(inside) == 1 else None
    return what


def ban_problem(clause: A.Clause) -> str | None:
    """Why a negated "can" over a Move is not read as a restriction on moving (None: it is)."""
    act = clause.action if not isinstance(clause.action, A.Group) else None
    verb = act if isinstance(act, A.Move) else None
    if verb is None:
        return "a restriction on moving among other verbs"
    # "can't take steps" (the Codex's words for Immobile) is a Move of kind ``step``: its own steps only
    steps_ok = verb.steps is None or verb.kind == "step" and verb.steps == 1
    if verb.kind not in ("move", "step") or not steps_ok or verb.source is not None or verb.direction is not None \
            or verb.instrument is not None or verb.path is not None:
        return "a restriction on moving with a path, a source, steps or a direction"
    if verb.patient is None or verb.agent is not None and not (verb.voice == "passive" and _by_force(verb.agent)):
        return "a restriction on moving by something named"
    outs = [a for a in clause.adjuncts if a.prep == "out_of"]
    if outs and (len(clause.adjuncts) != 1 or verb.dest is not None or out_of_place(clause) is None):
        return "a restriction on moving out of a place, with other words or a place not named"
    if set(clause.adverbs) - {"on_ground"} or clause.adjuncts and not outs or clause.per is not None \
            or clause.duration:
        return "a restriction on moving with an adverb or an adjunct"
    purpose = clause.purpose
    if purpose is not None and not (isinstance(purpose, A.Clause) and type(purpose.action) in _PURPOSES
                                    and not purpose.negated and purpose.modal is None and not purpose.conditions
                                    and getattr(purpose.action, "patient", None) is None
                                    and getattr(purpose.action, "agent", None) is None):
        return "a restriction on moving for a purpose other than defending or intercepting"
    return None


def ban_of(clause: A.Clause) -> MoveBan:
    """The restriction a clause `ban_problem` accepts says."""
    verb = clause.action
    assert isinstance(verb, A.Move)
    purpose = _PURPOSES[type(clause.purpose.action)] if isinstance(clause.purpose, A.Clause) else None
    return MoveBan(verb, "on_ground" in clause.adverbs, purpose, verb.voice == "passive", verb.kind == "step",
                   out_of_place(clause))


def on_the_ground(state: "GameState", unit: "Unit", frm: Location, to: Location, how: str) -> bool:
    """Codex "On the Ground": "start from the surface of a site and move to another site's surface,
    excluding Airborne and teleport"."""
    from codex.engine.ongoing import keywords_at
    if how in ("teleport", "fly") or frm.square == to.square:
        return False
    if frm.region is not Region.SURFACE or to.region is not Region.SURFACE:
        return False
    if state.site_at(frm.square) is None or state.site_at(to.square) is None:
        return False
    return not keywords_at(state, unit, frm).airborne


def move_ban(state: "GameState", unit: "Unit", frm: Location, to: Location, how: str = "step",
             purpose: str | None = None, anywhere: bool = False) -> "Static | Lasting | None":
    """The ongoing effect that forbids ``unit`` this move from ``frm`` to ``to`` (``how``: ``step``
    for its own, else the forced movement's kind; ``purpose``: ``defend`` for the move a Defend
    makes), if one does. ``anywhere``: only bans that forbid every move (no destination, not only on
    the ground), for asking before any path is known. An effect's restriction for a while ("it
    can't move until your next turn", `restraints`) forbids every move of its kind, whatever the
    purpose."""
    if frm == to:
        return None
    if state.lasting:
        from codex.engine.restraints import move_restraint
        held = move_restraint(state, unit, how)
        if held is not None:
            return held
    if not state.statics:
        return None
    from codex.engine.effects.statics import active_cant
    bans = active_cant(state, "move")
    if not bans:
        return None
    from codex.engine.effects.context import Obj
    from codex.engine.effects.select import NotExecutable, locations_of, select_all
    from codex.engine.effects.statics import evaluation
    here = state if unit.location == frm or state.unit(unit.id) is None else \
        state.with_unit(replace(unit, location=frm))      # who the words name is read where the move starts
    me = Obj("unit", unit.id)
    for s in bans:
        ban: MoveBan = s.payload[1]
        if ban.purpose is not None and ban.purpose != purpose:
            continue
        if ban.forced_only and how == "step" or ban.steps_only and how != "step":
            continue
        if anywhere and (ban.on_ground or ban.verb.dest is not None or ban.out_of is not None):
            continue
        if ban.on_ground and not on_the_ground(here, unit, frm, to, how):
            continue
        with evaluation():
            try:
                who = {s.ctx.source} if isinstance(ban.verb.patient, A.Ref) and ban.verb.patient.word == "SELF" \
                    else set(select_all(here, s.ctx, ban.verb.patient))
                if me not in who:
                    continue
                if ban.verb.dest is not None and not any(
                        to in locations_of(here, o) for o in select_all(here, s.ctx, ban.verb.dest)):
                    continue
                if ban.out_of is not None and not _leaves(here, s.ctx, ban.out_of, frm, to):
                    continue
            except NotExecutable:
                continue
        return s
    return None


def _leaves(state: "GameState", ctx: Any, place: Any, frm: Location, to: Location) -> bool:
    """Whether a move from ``frm`` to ``to`` goes out of the place the words name: it starts at one of
    the place's squares and ends at none of them (a place is its squares: a site's surface and what
    is below it, a void, an area's squares)."""
    from codex.engine.effects.select import locations_of, select_all
    squares = {loc.square for o in select_all(state, ctx, place) for loc in locations_of(state, o)}
    return frm.square in squares and to.square not in squares


def may_ban(state: "GameState") -> bool:
    """Whether any move may be forbidden now (a static ability, or a lasting restriction): cheap,
    asked before every step's legality."""
    if state.statics:
        return True
    from codex.engine.restraints import any_move_restraint
    return any_move_restraint(state)


def ban_rule(ban: "Static | Lasting", how: str = "step") -> str:
    """The rule a refusal by ``ban`` rests on besides the card: what "on the ground" means, the
    move a Defend makes, what forced movement is (for "can't be moved"), what moving is (for "can't
    move": its own step), or that forced movement is moving too (for "can't move", ``how`` forced)."""
    from codex.engine.state import Lasting
    if isinstance(ban, Lasting):        # an effect's "can't move" for a while: no place, no purpose
        from codex.engine.restraints import CANT_BE_MOVED
        return "forced-movement.principle" if CANT_BE_MOVED in ban.states else "move" if how == "step" \
            else "move.ways"
    b: MoveBan = ban.payload[1]
    if b.on_ground:
        return "on-the-ground"
    if b.purpose == "defend":
        return "defend"
    if b.forced_only:
        return "forced-movement.principle"
    return "move" if how == "step" else "move.ways"


#: Rules every refusal by a restriction on moving cites besides its deciding one.
BAN_RULES = ("can-vs-cant", "passive-ability")


def refusal_rules(state: "GameState", unit: "Unit", frm: Location, to: Location, how: str = "step") -> tuple[str, ...]:
    """`BAN_RULES` for a static ability's ban; an effect's restriction for a while (`restraints`)
    is an ongoing effect with a duration, not a passive ability."""
    from codex.engine.state import Lasting
    return ("can-vs-cant", "ongoing-effect") if isinstance(move_ban(state, unit, frm, to, how), Lasting) else BAN_RULES


__all__ = ["BAN_RULES", "MoveBan", "ban_of", "ban_problem", "ban_rule", "may_ban", "move_ban", "on_the_ground",
           "refusal_rules"]
