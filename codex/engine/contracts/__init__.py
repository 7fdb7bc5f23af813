"""Arbiter's rules engine for Contracts: a scenario in (``"game": "contracts"``), a ruling out.

    >>> from codex.engine.contracts import rule
    >>> rule(scenario).to_dict()   # {"verdict", "summary", "steps", "state_after"}

Shares the Sorcery engine's ruling (`Ruling`, `Step`, `Citation`, `Verdict`), errors
(`ScenarioError`, `IllegalAction`, `AmbiguousAction`, `TooComplex`), events narrated as steps, the
work budget and the typed-record pattern of actions; its rules, reasons, state and card-text
grammar are its own (docs/contracts.md). No Flask, no I/O besides its packaged data.
"""
from __future__ import annotations

from typing import Any

from codex.engine.budget import budget
from codex.engine.contracts import rules as CR
from codex.engine.contracts.actions import REGISTRY, run
from codex.engine.contracts.effects import settle
from codex.engine.contracts.events import unread as unread_note
from codex.engine.contracts.health import check
from codex.engine.contracts import ast as A
from codex.engine.contracts import document as D
from codex.engine.contracts.model import Rune, State
from codex.engine.contracts.resolution import Resolution
from codex.engine.contracts.ruling import state_json
from codex.engine.contracts.scenario import load, schema
from codex.engine.events import Event, Note
from codex.engine.ruling import Ruling, narrate

__all__ = ["rule", "load", "schema", "REGISTRY", "unreadable"]


def unreadable(state: State, skip: frozenset[str] = frozenset()) -> list[Event]:
    """What the cards on the field say that the grammar cannot read: named, never dropped.
    ``skip``: the ids already named (the board before the action, when the board after it
    is read for the cards that entered the field meanwhile)."""
    out: list[Event] = []
    for p in state.players:
        for card in p.permanents():
            if card.id in skip:
                continue
            bad = card.abilities.unreadable
            if bad:
                out.append(unread_note(card.name, bad, card.id))
            if isinstance(card, Rune):
                continue
            idle = [pl.text for pl in card.abilities.plain
                    if not all(isinstance(e, A.Modify) and not e.target.choose for e in pl.effects)]
            if idle:
                out.append(Note("not_executed", f"{card.name}: " + "; ".join(f"\u201c{s}\u201d" for s in idle)
                                + " has no label (Summon:, Start turn:, ...) and is not a continuous \u201cgive\u201d, "
                                "so it never takes place on the field.", {"card": card.id, "sentences": idle}))
    return out


def rule(scenario: dict[str, Any], *, work_limit: int | None = None) -> Ruling:
    """Adjudicate a Contracts scenario (ScenarioError / TooComplex as for Sorcery)."""
    state, action = load(scenario)
    with budget(work_limit):
        res = Resolution(state)
        settle(res)                     # a board given with a Creature at 0 health comes to rest first
        if not isinstance(action, D.Setup):
            # "You only check if a player's health reached 0 when it is possible for a player to
            # do something": a board given with a player at 0 is a game already over, so the
            # action is refused as after any win (found by blind Contracts round 1)
            check(res, "before the action, a player being able to act")
        out = run(res.state, action)
    before = frozenset(c.id for p in state.players for c in p.permanents())
    # a card played or summoned during the action is named too: its unread Summon: would
    # otherwise vanish without a word (found by blind Contracts round 1)
    events = unreadable(state) + res.events + list(out.events) + unreadable(out.state, before)
    after = state_json(out.state)
    after["outcome"] = {"reason": out.reason, "answer": out.answer, **out.extra}
    return Ruling(out.verdict, out.summary, narrate(events, CR.get), after, tuple(events))
