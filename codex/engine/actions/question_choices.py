"""A question answers without asking for choices its answer does not depend on.

A question (can this unit intercept, move, defend ...?) may simulate an action, and the action may
meet a choice a player makes ("you may draw a card" as the mover enters a site). Asking for that
choice would stop the question for nothing when every answer to it gives the same answer to the
question. So a question that meets a choice tries each option (each answer to a "may", each
candidate of a "choose"), nested choices included, within bounds (options per choice, depth, and
reruns in all; beyond them it asks, as any action does): when every option gives the
same verdict, reason and answer, that is the answer, and the steps follow the default option (a
"may" declined, else the first option) and say the choice did not matter; when the answer
depends on the choice, the question still asks for it and says how the answer depends on it.
"""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import replace
from typing import Any, Callable

from codex.engine import document as D
from codex.engine.budget import spend
from codex.engine.effects.context import choosing
from codex.engine.errors import AmbiguousAction
from codex.engine.events import Event, Note
from codex.engine.ruling import Verdict
from codex.engine.state import GameState

#: The actions that are questions: they change nothing and answer (yes/no, stronger, locations...).
QUESTIONS: tuple[type[D.Action], ...] = (D.CanDefend, D.CanIntercept, D.CanAttack, D.CanMove, D.Compare,
                                         D.CanSee, D.RangeOfMotion, D.Locations, D.SiteKind,
                                         D.MandatoryActions)
#: At most this many options of one choice are tried, and choices nested this deep (each option of a
#: choice may meet another): beyond that the question asks, as any action does.
MAX_OPTIONS = 8
MAX_DEPTH = 3
#: At most this many reruns of the question in all (nested choices multiply): beyond, it asks.
MAX_TRIES = 24

_depth: ContextVar[int] = ContextVar("arbiter_question_choice_depth", default=0)
_tries: ContextVar[list[int] | None] = ContextVar("arbiter_question_choice_tries", default=None)

Runner = Callable[[GameState, D.Action, str], Any]


def is_question(action: D.Action) -> bool:
    """A question, or an action only checked (``check_only``: is it legal as declared?)."""
    return isinstance(action, QUESTIONS) or bool(getattr(action, "check_only", False))


def default_first(options: list[Any]) -> list[Any]:
    """The options in the order tried, the default first: a "may" declined (nothing optional done)."""
    return sorted(options, key=lambda o: o is not False) if all(isinstance(o, bool) for o in options) else options


def _same(a: Any, b: Any) -> bool:
    return bool(a.verdict is b.verdict and a.reason == b.reason and a.answer == b.answer)


def _told(option: Any) -> str:
    return {True: "yes", False: "no"}.get(option, str(option)) if isinstance(option, bool) else str(option)


def settle_choice(state: GameState, action: D.Action, pointer: str, e: AmbiguousAction,
                  run: Runner) -> tuple[Any, Note | None]:
    """Answer the question ``action`` over every option of the choice ``e`` it met.

    Returns (the outcome, None) when the answer does not depend on the choice (the default option's
    outcome, with a step saying so); (None, a step saying how the answer depends on it) when it
    does; (None, None) when the choice cannot be tried (no options named, too many, too deep)."""
    if not e.pointer.startswith("/choices/") or not e.options or len(e.options) > MAX_OPTIONS \
            or _depth.get() >= MAX_DEPTH:
        return None, None
    tried: list[tuple[Any, Any]] = []
    counter = _tries.get()
    outer = counter is None
    if counter is None:
        counter = [0]
    if counter[0] + len(e.options) > MAX_TRIES:
        return None, None
    token = _depth.set(_depth.get() + 1)
    count_token = _tries.set(counter) if outer else None
    try:
        for option in default_first(list(e.options)):
            counter[0] += 1
            spend(1, "choices a question tries")
            with choosing(e.choice, option):
                out = run(state, action, pointer)
            if out.verdict is Verdict.AMBIGUOUS:     # a further choice the answer depends on
                return None, None
            tried.append((option, out))
    finally:
        _depth.reset(token)
        if count_token is not None:
            _tries.reset(count_token)
    first, out = tried[0]
    if all(_same(o, out) for _, o in tried[1:]):
        note = Note("choice", f"The answer does not depend on a choice the question met ({e.message}): "
                    f"every option gives the same answer, so the steps take the default, "
                    f"{_told(first)}.", {"choice": e.choice, "options": e.options, "taken": first})
        return replace(out, events=_before_answer(out.events, note)), None
    told = "; ".join(f"answering {_told(option)} gives {o.verdict.value}" + (f" ({o.reason})" if o.reason else "")
                     for option, o in tried)
    return None, Note("choice", f"The answer depends on a choice the question met: {told}.",
                      {"choice": e.choice, "answers": {_told(option): o.verdict.value for option, o in tried}})


def _before_answer(events: tuple[Event, ...], note: Note) -> tuple[Event, ...]:
    """``events`` with ``note`` told just before the answer (the last step), or at the end."""
    if events and isinstance(events[-1], Note) and events[-1].kind == "answer":
        return events[:-1] + (note, events[-1])
    return events + (note,)
