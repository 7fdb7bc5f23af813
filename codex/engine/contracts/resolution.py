"""An action being resolved: the state reached, the events so far, the scenario's answers to the
choices the effects ask for, and the triggered effects waiting to take place.

Shared by the action handlers (`actions/`) and the effects (`effects.py`). A legality check
anywhere below raises `IllegalAction` (or `AmbiguousAction` for a choice the scenario did not
make); `actions.base.run` turns both into outcomes that keep the state and events reached.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from codex.engine.budget import spend
from codex.engine.contracts import ast as A
from codex.engine.contracts.model import State
from codex.engine.contracts.reasons import Found, explain
from codex.engine.errors import AmbiguousAction, IllegalAction
from codex.engine.events import Event
from codex.engine.ruling import Verdict

#: A Contracts resolution function's result: the new state and the events that made it.
Resolved = tuple[State, list[Event]]


@dataclass(frozen=True)
class Pending:
    """A triggered effect waiting to take place (Recycling, Summon, Ambush, Start/End turn)."""

    card: str
    name: str
    owner: str
    keyword: str
    trigger: A.Triggered
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Outcome:
    """How an action ended: the verdict, a one-sentence summary, the state and the events."""

    verdict: Verdict
    summary: str
    state: State
    events: tuple[Event, ...] = ()
    reason: str | None = None
    answer: Any = None
    extra: dict[str, Any] = field(default_factory=dict)


class Answers:
    """The choices the scenario made for its action, consumed in the order the effects ask:
    ``targets`` (ids of Creatures, players, Orbs, Runes, or contract names), ``optional`` (true/false
    for each "you can"), ``draws`` (the number and the contracts kept, for each draw an effect makes)."""

    def __init__(self, targets: tuple[str, ...] = (), optional: tuple[bool, ...] = (),
                 draws: tuple[tuple[int, tuple[str, ...]], ...] = (), pointer: str = "/action"):
        self.targets = list(targets)
        self.optional = list(optional)
        self.draws = list(draws)
        self.pointer = pointer
        self.last_target: str | None = None

    def target(self) -> str | None:
        if self.targets:
            self.last_target = self.targets.pop(0)
            return self.last_target
        return None

    def may(self) -> bool | None:
        return self.optional.pop(0) if self.optional else None

    def draw(self) -> tuple[int, tuple[str, ...]] | None:
        return self.draws.pop(0) if self.draws else None


class Resolution:
    def __init__(self, state: State, answers: Answers | None = None):
        self.state = state
        self.events: list[Event] = []
        self.answers = answers or Answers()
        self.pending: list[Pending] = []
        #: extra rules the health check cites (what the check waited for)
        self.check_rules: list[str] = []

    def emit(self, *events: Event) -> None:
        spend(len(events), "events of the ruling")
        self.events.extend(events)

    def apply(self, resolved: Resolved) -> State:
        """Take a resolution function's result; cards it sent from the field to the discard pile
        queue their Recycling (see `triggers.leaving`)."""
        from codex.engine.contracts.triggers import leaving

        before = len(self.state.left)
        self.state, events = resolved
        self.emit(*events)
        for gone in self.state.left[before:]:
            pending, skipped = leaving(gone)
            self.pending += pending
            self.emit(*skipped)
        return self.state

    def illegal(self, found: Found, who: str, pointer: str = "") -> IllegalAction:
        assert found is not None
        reason, rule = found
        return IllegalAction(reason, f"{who}: {explain(reason)}", rule, pointer, self.state)

    def check(self, found: Found, who: str, pointer: str = "") -> None:
        """Raise the illegal action a legality check found (nothing when it found nothing)."""
        if found is not None:
            raise self.illegal(found, who, pointer)

    def ambiguous(self, message: str, choice: str, options: list[Any], pointer: str = "") -> AmbiguousAction:
        return AmbiguousAction(message, choice, options, pointer or self.answers.pointer)

    def done(self, verdict: Verdict, summary: str, *, reason: str | None = None, answer: Any = None,
             **extra: Any) -> Outcome:
        return Outcome(verdict, summary, self.state, tuple(self.events), reason, answer, extra)

    def result_verdict(self) -> Verdict:
        return Verdict.GAME_OVER if self.state.over else Verdict.RESOLVED
