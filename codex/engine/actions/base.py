"""What every action handler shares: the resolution in progress, its outcome, the registry.

A handler takes a `Resolution` (the state reached and the events so far) and its typed action
record, checks legality, resolves, and returns an `Outcome`. A legality check anywhere below it
may raise `IllegalAction` (or `AmbiguousAction`): `run` turns that into an ``illegal``
(``ambiguous``) outcome that keeps the state and the events reached before the rules stopped it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from codex.engine import document as D
from codex.engine.actions.question_choices import is_question, settle_choice
from codex.engine.budget import spend
from codex.engine.combat import SiteTarget, Target, UnitTarget
from codex.engine.errors import AmbiguousAction, IllegalAction
from codex.engine.events import AbilityNotExecuted, AttackRefused, Event, Note, offered
from codex.engine.geometry import Location, Region
from codex.engine.reasons import Found, Reason, explain, found_rules
from codex.engine.rest import actor, stir_actors
from codex.engine.ruling import Verdict
from codex.engine.state import GameState, Unit
from codex.engine.storyline import Resolved, settle


@dataclass(frozen=True)
class Outcome:
    """How an action ended: the verdict, a one-sentence summary, the state and the events."""

    verdict: Verdict
    summary: str
    state: GameState
    events: tuple[Event, ...] = ()
    reason: str | None = None
    answer: Any = None
    extra: dict[str, Any] = field(default_factory=dict)


class Resolution:
    """An action being resolved: the state reached so far and the events that got it there."""

    def __init__(self, state: GameState):
        self.state = state
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        """Tell ``events``; a unit they say acted (activated, cast, defended, intercepted) is not
        at rest from then on (Codex "At Rest": `rest.stir_actors`)."""
        spend(len(events), "events of the ruling")
        self.events.extend(events)
        if any(actor(e) is not None for e in events):
            self.state, notes = stir_actors(self.state, events)
            self.events.extend(notes)

    def apply(self, resolved: Resolved) -> GameState:
        """Take a resolution function's result: its state becomes current, its events are told."""
        self.state, events = resolved
        self.emit(*events)
        return self.state

    def settle(self, batch: list[Event]) -> GameState:
        """Tell ``batch`` (already applied to the state), then bring the story to rest."""
        self.emit(*offered(batch))
        return self.apply(settle(self.state, batch))

    def unit(self, uid: str, pointer: str) -> Unit:
        """The unit, which must still be in the realm."""
        u = self.state.unit(uid)
        if u is None:
            raise self.illegal((Reason.UNIT_GONE, "die"), uid, pointer)
        return u

    def illegal(self, found: Found, who: str, pointer: str = "") -> IllegalAction:
        """The exception for a found reason, carrying the state reached (raise it)."""
        assert found is not None
        reason, rule = found
        return IllegalAction(reason, f"{who}: {explain(reason)}", rule, pointer, self.state)

    def done(self, verdict: Verdict, summary: str, *, reason: str | None = None, answer: Any = None,
             **extra: Any) -> Outcome:
        return Outcome(verdict, summary, self.state, tuple(self.events), reason, answer, extra)

    def result_verdict(self) -> Verdict:
        return Verdict.GAME_OVER if self.state.over else Verdict.RESOLVED


R = TypeVar("R", bound=D.Action)
Handler = Callable[[Resolution, Any, str], Outcome]


@dataclass(frozen=True)
class ActionSpec:
    """One entry of the action registry: the ``do`` name, its record, handler and verdicts."""

    do: str
    record: type[D.Action]
    handler: Handler
    verdicts: tuple[Verdict, ...]


REGISTRY: dict[type[D.Action], ActionSpec] = {}

#: A check every action goes through before its handler (the mandatory actions of the main phase;
#: set by `actions.mandatory`).
BEFORE: Callable[["Resolution", D.Action, str], None] | None = None


def handles(record: type[R], *verdicts: Verdict) -> Callable[[Callable[[Resolution, R, str], Outcome]],
                                                                Callable[[Resolution, R, str], Outcome]]:
    """Register a handler for an action record, with the verdicts it can give."""
    def register(fn: Callable[[Resolution, R, str], Outcome]) -> Callable[[Resolution, R, str], Outcome]:
        REGISTRY[record] = ActionSpec(D.action_name(record), record, fn, tuple(verdicts))
        return fn
    return register


#: Reasons that mean the action never happened at all, though the engine finds them only while
#: resolving it: a spell with no legal target "isn't actually cast and the ability can't be used"
#: (Codex "Target"), so nothing was paid or tapped and nothing of it is narrated.
NEVER_TAKEN = frozenset({Reason.NO_LEGAL_TARGET, Reason.NOT_A_LEGAL_TARGET})

#: Actions the rules take as one act, whatever the engine does first: casting a spell (announced, paid
#: and put on the storyline at once, then its targets checked: Codex "Target", a spell with an illegal
#: target "isn't actually cast") and using an activated ability (its costs are its use). One found
#: illegal was never taken: the board reported is the board before it, the card still in hand and
#: nothing paid (found by blind ruling round 29: a Stealth target refused after the spell had left the
#: hand). Other actions keep what happened before the rules stopped them (a unit's steps before its
#: attack turned out illegal).
ONE_ACT: tuple[type, ...] = (D.Cast, D.Activate)


def run(state: GameState, action: D.Action, pointer: str = "/action") -> Outcome:
    """Resolve one action; an illegal or ambiguous action is an outcome, not an exception.
    A question that meets a choice answers without it when its answer does not depend on it."""
    spend(1, "actions")
    res = Resolution(state)
    try:
        if BEFORE is not None:
            BEFORE(res, action, pointer)
        return REGISTRY[type(action)].handler(res, action, pointer)
    except IllegalAction as e:
        never = e.reason in NEVER_TAKEN or e.never_taken or e.one_act or isinstance(action, ONE_ACT)
        if e.reason in NEVER_TAKEN or e.never_taken:    # found while resolving, but never taken
            res = Resolution(state)
        elif never:         # one act found illegal: what it did is undone, the checks that found it stay told
            # what the rules checked and what the engine could not (a spell's unread cost change) stay told
            told = [ev for ev in res.events if isinstance(ev, (Note, AbilityNotExecuted, AttackRefused))]
            res = Resolution(state)
            res.emit(*told)
        res.emit(Note("illegal", e.message[0].upper() + e.message[1:] + ".",
                      {"reason": e.reason.value, "pointer": e.pointer},
                      rules=found_rules((e.reason, e.rule_id)) if e.rule_id else ()))
        state_after = state if never or e.state is None else e.state
        return Outcome(Verdict.ILLEGAL, f"Illegal: {e.message}.", state_after, tuple(res.events),
                       e.reason.value, None, {"pointer": e.pointer})
    except AmbiguousAction as e:
        depends = None
        if is_question(action):   # a choice the answer may not depend on is not asked (question_choices)
            settled, depends = settle_choice(state, action, pointer, e, run)
            if settled is not None:
                return settled  # type: ignore[no-any-return]
        if depends is not None:
            res.emit(depends)
        res.emit(Note("ambiguous", f"A choice is needed: {e.message}.",
                      {"choice": e.choice, "options": e.options, "pointer": e.pointer},
                      rules=("projectile.choose",) if e.choice == "hit" else ()))
        return Outcome(Verdict.AMBIGUOUS, f"Ambiguous: {e.message}; choose with {e.pointer}.", res.state,
                       tuple(res.events), answer={"choice": e.choice, "options": e.options},
                       extra={"pointer": e.pointer})


# ----------------------------------------------------------------------------- shared helpers

def place(state: GameState, value: D.Place) -> Location:
    """A declared location: a bare square is its site's surface, or the void when it has none."""
    if isinstance(value, int):
        return Location(value, Region.SURFACE if state.site_at(value) else Region.VOID)
    return Location(value[0], Region(value[1]))


def places(state: GameState, values: tuple[D.Place, ...]) -> list[Location]:
    return [place(state, v) for v in values]


def target_of(value: D.Target) -> Target:
    """A declared target: a unit (by id or {"unit": id}) or the surface of a site ({"site": n})."""
    if isinstance(value, str):
        return UnitTarget(value)
    if isinstance(value, D.UnitRef):
        return UnitTarget(value.unit)
    return SiteTarget(value.site)


def target_json(t: Target) -> dict[str, Any]:
    return {"unit": t.unit} if isinstance(t, UnitTarget) else {"site": t.square}
