"""How long an effect lasts (Codex "Ongoing Effect"): this turn, until your next turn, while its
card is in the realm (no listed duration: "they apply indefinitely while the source is in the
realm"), permanently, until a card leaves the realm, until a unit takes damage ("until hurt"),
until a state stops holding ("until it no longer has Stealth"), or until its ability does so
again ("Flood a site ... until you do so again": its next use ends the one before).

`until_of` reads a clause's duration for `board.lasting`; `ended` is asked at rest (`storyline`)
which lasting effects an event batch or the board now ends.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.select import NotExecutable
from codex.engine.events import Damaged, Event
from codex.engine.state import GameState, Lasting

if TYPE_CHECKING:
    from codex.engine.effects.execute import Run


def duration_problems(duration: A.Duration | None) -> Iterator[str]:
    """What keeps the engine from knowing when an effect with this duration ends."""
    if duration is None or duration.kind in ("this_turn", "permanently"):
        return
    if duration.kind == "until":
        if duration.turn is not None:
            if not (duration.turn.whose == "your" and duration.turn.which == "next" and duration.phase is None):
                yield "the duration 'until' another turn"
            return
        if _end_kind(duration.event) is None:
            yield "the duration 'until' that event"
        return
    yield f"the duration '{duration.kind}'"


def _end_kind(event: Any) -> str | None:
    """``damage`` (its unit takes damage), ``leaves`` (a card leaves the realm), ``condition``
    (a state of its units stops or starts holding) or ``again`` (its ability does so again)."""
    if not isinstance(event, A.Clause):
        return None
    act = event.action
    if isinstance(act, A.DoSo) and "again" in event.adverbs and not event.negated and event.modal is None \
            and (act.agent is None or isinstance(act.agent, A.Ref) and act.agent.word == "you"):
        return "again"
    if isinstance(act, A.Damage) and act.agent is None and (act.patient is None or isinstance(act.patient, A.Ref)):
        return "damage"
    if isinstance(act, A.Leave) and isinstance(act.source, A.Selector) and act.source.noun == "realm":
        return "leaves"
    if isinstance(act, A.Control) and event.negated and _controlled_self(A.replace(event, negated=False)) is not None:
        return "control"        # "until you no longer control this minion" (`realm_while`)
    if isinstance(act, (A.Grant, A.SetState)) and isinstance(getattr(act, "patient", None), A.Ref):
        return "condition"
    return None


def until_leaves(duration: A.Duration | None) -> bool:
    """"until X leaves the realm" (or "for as long as X remains in the realm", `realm_while`)."""
    return duration is not None and duration.kind == "until" and duration.turn is None \
        and _end_kind(duration.event) == "leaves"


def until_of(run: "Run", clause: A.Clause) -> tuple[str, str | None]:
    """(``Lasting.until``, ``Lasting.ends_on``) for the clause's duration."""
    duration = clause.duration
    if duration is None:
        # no listed duration: while its source is in the realm (Codex "Ongoing Effect"); a magic is never
        # in the realm, so what a magic gives with no duration ("Give an allied minion Stealth") stays
        return ("permanent" if run.ctx.source.kind == "spell" else "source"), None
    if duration.kind == "this_turn":
        return "end_of_turn", None
    if duration.kind == "permanently":
        return "permanent", None
    if duration.kind == "until" and duration.turn is not None and duration.turn.whose == "your" \
            and duration.turn.which == "next" and duration.phase is None:
        return "next_turn", None
    if duration.kind == "until":
        kind = _end_kind(duration.event)
        if kind == "damage":
            return "event", "damage"
        if kind == "condition":
            return "event", "condition"
        if kind == "leaves":
            return "source", None
        if kind == "control":       # while this card is in the realm and its controller's
            return "source", "control"
        if kind == "again":
            return "event", "again"
    raise NotExecutable(f"the duration {duration.kind!r}")


#: "while X remains / stays in the realm": the verbs of a card's staying where it is
_STAYING = ("remain", "stay")


def realm_while(clause: A.Clause) -> A.Clause:
    """"... for as long as this minion remains in the realm", "... while X stays / is in the realm",
    "... while this remains":
    a while-condition on a card's being in the realm is the effect's duration, the same as "until X
    leaves the realm" (Codex "Ongoing Effect": an effect applies during its duration), so it is
    given as that duration; any other clause is returned unchanged."""
    if not isinstance(clause, A.Clause) or clause.duration is not None:
        return clause
    whiles = [c for c in clause.conditions if isinstance(c, A.Condition) and c.kind == "while"]
    if len(whiles) != 1:
        return clause
    who = _in_realm_subject(whiles[0].clause)
    if who is None:
        held = _controlled_self(whiles[0].clause)
        if held is None:
            return clause
        # "for as long as you control this minion": until it leaves the realm or your control
        lost = A.Clause(action=A.Control(patient=held, agent=A.Ref("you")), negated=True)
        return A.replace(clause, conditions=tuple(c for c in clause.conditions if c is not whiles[0]),
                         duration=A.Duration("until", event=lost))
    leaves = A.Clause(action=A.Leave(patient=who, source=A.Selector(noun="realm", det="the")))
    return A.replace(clause, conditions=tuple(c for c in clause.conditions if c is not whiles[0]),
                     duration=A.Duration("until", event=leaves))


def _controlled_self(cond: Any) -> Any:
    """The card itself when a clause says its controller controls it ("you control this minion"), or
    None: an effect lasting that long ends when the card leaves the realm or changes control."""
    if not isinstance(cond, A.Clause) or cond.negated or cond.modal is not None or cond.conditions \
            or cond.adverbs or cond.adjuncts or cond.duration is not None or not isinstance(cond.action, A.Control):
        return None
    act = cond.action
    if not (isinstance(act.agent, A.Ref) and act.agent.word == "you"):
        return None
    me = act.patient
    if isinstance(me, A.Ref) and me.word == "SELF" or isinstance(me, A.Selector) and me.det == "this" \
            and not me.filters and not me.mods and me.count is None:
        return me
    return None


def _in_realm_subject(cond: Any) -> Any:
    """The card a clause says is in the realm ("X is in the realm", "X remains / stays in the
    realm"), or None."""
    if not isinstance(cond, A.Clause) or cond.negated or cond.modal is not None or cond.conditions \
            or cond.adverbs or cond.duration is not None:
        return None
    act = cond.action
    if isinstance(act, A.Located) and not cond.adjuncts and isinstance(act.where, A.Where) \
            and act.where.rel == "in_realm" and act.where.of is None:
        return act.patient
    if isinstance(act, A.Action) and act.lemma in _STAYING and [r for r, _ in act.roles] == ["patient"]:
        who = dict(act.roles)["patient"]
        if [a.prep for a in cond.adjuncts] == ["in_realm"]:
            return who
        if not cond.adjuncts and isinstance(who, A.Ref) and who.word == "SELF":
            # "while this remains": a card's own remaining, with no place named, is its staying in the
            # realm (where a card with an ongoing effect is)
            return who
    return None


def until_again(duration: A.Duration | None) -> bool:
    """"until you do so again": the effect lasts until the same ability does what it does again
    (its next use ends the one before, as the new one begins)."""
    return duration is not None and duration.kind == "until" and duration.turn is None \
        and _end_kind(duration.event) == "again"


def done_again(state: GameState, key: str) -> list[Lasting]:
    """The lasting effects "until you do so again" of the ability whose choice key is ``key``:
    they end as it does so again."""
    return [e for e in state.lasting if e.until == "event" and e.ends_on == "again" and e.end == key]


def leaving_source(run: "Run", clause: A.Clause) -> str | None:
    """The card whose leaving the realm ends the effect (``until Puppet Master leaves the realm``)."""
    duration = clause.duration
    if duration is None or duration.kind != "until" or _end_kind(duration.event) != "leaves":
        return None
    from codex.engine.effects.select import select_all
    who = duration.event.action.patient
    objs = [run.ctx.source] if isinstance(who, A.Ref) and who.word == "SELF" else select_all(run.state, run.ctx, who)
    return f"{objs[0].kind}:{objs[0].key}" if objs else None


def ended(state: GameState, batch: list[Event]) -> list[Lasting]:
    """The lasting effects that end now: a unit under an effect "until hurt" took damage, or the
    state an effect lasts "until" no longer (or now) holds."""
    hurt = {e.unit for e in batch if isinstance(e, Damaged) and e.amount > 0}
    out = []
    for effect in state.lasting:
        if effect.until != "event":
            continue
        if effect.ends_on == "damage" and hurt & set(effect.units):
            out.append(effect)
        elif effect.ends_on == "condition" and effect.end is not None and _holds_now(state, effect):
            out.append(effect)
    return out


def end_lasting(state: GameState, ending: list[Lasting], rules: tuple[str, ...]) -> tuple[GameState, list[Event]]:
    """Lasting effects end: they are gone, and control a lasting effect gave returns to whoever had
    it (Codex "Ownership and Control")."""
    from dataclasses import replace
    from codex.engine.events import ControlChanged, EffectEnded
    if not ending:
        return state, []
    ids = {e.id for e in ending}
    state = state.evolve(lasting=tuple(e for e in state.lasting if e.id not in ids))
    names = {u.id: u.name for u in state.units}
    events: list[Event] = []
    for e in ending:
        events.append(EffectEnded(e.name, e.until if e.until != "event" and e.ends_on != "control" else f"until {e.ends_on}",
                                  tuple(names.get(u, u) for u in e.units), rules=rules))
        for uid in e.animated:                  # the card is no longer a minion (Codex "Animate")
            from codex.engine.animate import release
            state, released = release(state, uid)
            events += released
        for uid, before in e.control_from:
            unit = state.unit(uid)
            if unit is not None and unit.base_controller is not None:
                # a static ability controls it now: what the effect gave back is its base (`static_control`)
                state = state.with_unit(replace(unit, base_controller=before))
            elif unit is not None and unit.controller != before:
                state = state.with_unit(replace(unit, controller=before))
                events.append(ControlChanged("unit", unit.name, unit.controller, before, unit.owner,
                                             rules=("control.change", "ownership.fixed")))
    return state, events


def gone_sources(state: GameState) -> list[Lasting]:
    """Lasting effects that last while a card is in the realm, whose card has left."""
    from codex.engine.ongoing import in_realm
    return [e for e in state.lasting if e.until == "source" and (not in_realm(state, e.source) or (
        e.ends_on == "control" and _controller_of(state, e.source) not in (None, e.controller)))]


def _controller_of(state: GameState, source: str | None) -> str | None:
    """Who controls the unit ``unit:<id>`` now (None: no such unit, or another kind of card)."""
    if not source or not source.startswith("unit:"):
        return None
    unit = state.unit(source[len("unit:"):])
    return unit.controller if unit is not None else None


def _holds_now(state: GameState, effect: Lasting) -> bool:
    from codex.engine.effects.conditions import clause_holds
    from codex.engine.effects.context import Ctx, Obj
    from codex.engine.abilities import Ability, AbilityKind
    ctx = Ctx(Obj("unit", effect.units[0] if effect.units else ""), effect.name, effect.controller,
              Ability(AbilityKind.STATIC, "", None), effect.id).bind("it", [Obj("unit", u) for u in effect.units])
    try:
        return clause_holds(state, ctx, effect.end)
    except NotExecutable:
        return False
