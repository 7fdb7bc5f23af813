"""Arbiter's rules engine: a scenario in, a ruling out.

    >>> from codex.engine import rule
    >>> rule(scenario).to_dict()   # {"verdict", "summary", "steps", "state_after"}

`rule` loads the scenario into a `GameState` and a typed action (`document.py`), brings the
board to rest, runs the action (`actions/`), and narrates the events of the resolution
(`ruling.py`). Legality queries (no state change) are re-exported for callers that hold a
GameState. No Flask, no sqlite, no file I/O besides the packaged JSON Schema.
"""
from __future__ import annotations

from typing import Any

from codex.engine.abilities import Abilities, AbilityKind, abilities_of
from codex.engine.keywords import Keywords
from codex.engine.actions import REGISTRY, Outcome, run
from codex.engine.budget import budget
from codex.engine.cards import CardData, CardDict, CardSource
from codex.engine.combat import SiteTarget, UnitTarget, attack_reason, defend_reason, intercept_reason
from codex.engine.effects.context import reset_choices, set_choices
from codex.engine.errors import AmbiguousAction, EngineError, IllegalAction, Problem, ScenarioError, TooComplex
from codex.engine.events import AbilityNotExecuted, Event, Note
from codex.engine.geometry import Location, Region
from codex.engine.movement import range_of_motion, step_reason
from codex.engine.reasons import Reason, explain
from codex.engine.rules import RULES
from codex.engine.ruling import Citation, Ruling, Step, Verdict, narrate, paths_of, state_json
from codex.engine.scenario import load, schema
from codex.engine.sites import legal_site_squares, site_placement_reason
from codex.engine.state import GameState
from codex.engine.tokens import told_tokens
from codex.engine.storyline import settle

__all__ = ["rule", "load", "schema", "Ruling", "Step", "Citation", "Verdict", "Outcome", "ScenarioError",
           "IllegalAction", "AmbiguousAction", "TooComplex", "EngineError", "Problem", "Reason", "explain",
           "GameState", "Location", "Region", "range_of_motion", "step_reason", "attack_reason", "defend_reason",
           "intercept_reason", "site_placement_reason", "legal_site_squares", "UnitTarget", "SiteTarget",
           "abilities_of", "Abilities", "AbilityKind", "Event", "REGISTRY", "CardData", "CardDict", "CardSource"]

#: Abilities that matter whenever a unit is in the realm; triggered and activated ones are told
#: when they would trigger or be activated.
_ALWAYS = (AbilityKind.STATIC,)


def _unread_triggers(abilities: Abilities) -> list[str]:
    """Triggered abilities whose trigger this engine version cannot read: they would never fire."""
    from codex.engine.effects.triggers import trigger_problems
    out = []
    for a in abilities.of_kind(AbilityKind.TRIGGERED):
        if a.executed:          # read another way (a compulsion "..., it must" is a keyword-like rule)
            continue
        trigger = getattr(a.node, "trigger", None)
        if trigger is not None and trigger_problems(trigger):
            out.append(a.describe())
    return out


def _unapplied_parts(abilities: Abilities, keywords: Keywords) -> list[str]:
    parts = [f"the keyword {k}" for k in keywords.not_executed]
    parts += [part for a in abilities.abilities if a.kind in _ALWAYS and (part := a.unapplied()) is not None]
    parts += _unread_triggers(abilities)
    parts += abilities.unreadable_parts()
    return parts


def unapplied(state: GameState, skip: frozenset[str] = frozenset()) -> list[Event]:
    """What the cards on the board have that this engine version does not apply, card by card:
    static abilities it does not execute, triggers it cannot read (they would never fire), keywords
    it does not apply, sentences the grammar cannot read. ``skip``: the cards already told (read
    on the board after an action, for the cards that entered the realm during it)."""
    out: list[Event] = []
    for u in state.units:
        if u.id in skip:
            continue
        if u.is_avatar and u.keywords.disabled:
            out.append(Note("note", f"{u.name} is an Avatar, and Avatars cannot be disabled: 'disabled' does not "
                            "apply to it.", {"unit": u.id}, rules=("avatar.surface",)))
        parts = _unapplied_parts(u.abilities, u.keywords)
        cited = tuple(k.lower() for k in u.keywords.not_executed if k.lower() in RULES)
        if parts:
            out.append(AbilityNotExecuted(u.id, u.name, "; ".join(parts), rules=cited))
    cards = [(f"site:{s.square}", s.name, s.abilities) for s in state.sites] + [
        (a.id, a.name, a.abilities) for a in state.auras] + [(a.id, a.name, a.abilities) for a in state.artifacts]
    for key, name, abilities in cards:
        if key in skip:
            continue
        parts = _unapplied_parts(abilities, abilities.keywords)
        if parts:
            out.append(AbilityNotExecuted(key, name, "; ".join(parts)))
    return out


def _board_keys(state: GameState) -> frozenset[str]:
    """The keys ``unapplied`` tells the cards of ``state`` by."""
    return frozenset([u.id for u in state.units] + [f"site:{s.square}" for s in state.sites]
                     + [a.id for a in state.auras] + [a.id for a in state.artifacts])


def rule(scenario: dict[str, Any], *, cards: CardSource | None = None, work_limit: int | None = None) -> Ruling:
    """Adjudicate a scenario.

    ``cards`` resolves the cards the scenario names (`cards.CardSource`, e.g. the imported catalog).
    Raises ScenarioError for a bad scenario and TooComplex when it needs more than ``work_limit``
    units of work (`budget.DEFAULT_LIMIT`); an illegal or ambiguous action is a ruling (verdict
    ``illegal`` / ``ambiguous``), not an exception.

    ``"game"`` picks the rules engine: absent or ``"sorcery"`` is Sorcery (every scenario written
    before there were other games), ``"contracts"`` is the Contracts engine (`codex.engine.contracts`)."""
    if isinstance(scenario, dict) and "game" in scenario:
        game = scenario["game"]
        if game == "contracts":
            from codex.engine.contracts import rule as rule_contracts

            return rule_contracts(scenario, work_limit=work_limit)
        if game != "sorcery":
            raise ScenarioError([Problem("/game", f"unknown game {game!r}",
                                         "use \"contracts\", or \"sorcery\" (the default: omit \"game\")")])
        scenario = {k: v for k, v in scenario.items() if k != "game"}
    state, action = load(scenario, cards)
    token = set_choices(scenario.get("choices") or {}, cards)
    try:
        return _rule(state, action, work_limit)
    finally:
        reset_choices(token)


def _rule(state: GameState, action: Any, work_limit: int | None) -> Ruling:
    with budget(work_limit):
        try:
            state, settled = settle(state)
        except AmbiguousAction as e:   # a card effect of the board at rest needs a choice
            out = Outcome(Verdict.AMBIGUOUS, f"Ambiguous: {e.message}; choose with {e.pointer}.", state,
                          answer={"choice": e.choice, "options": e.options}, extra={"pointer": e.pointer})
            settled = []
        else:
            out = run(state, action)
            from codex.engine.actions.question_choices import is_question
            if out.state.proceed_to is not None and not is_question(action):   # "Proceed to the end phase"
                from dataclasses import replace as _replace

                from codex.engine.phases import proceed
                after_state, moved_on = proceed(out.state)
                if moved_on:
                    out = _replace(out, state=after_state, events=out.events + tuple(moved_on),
                                   summary=f"{out.summary} The turn proceeds to its end phase; it is now "
                                   f"{after_state.turn.active}'s turn {after_state.turn.number}.")
                else:
                    out = _replace(out, state=after_state)
    from codex.engine.effects.static_control import refused_notes
    from codex.engine.effects.ability_readings import ability_notes
    from codex.engine.effects.layer_readings import layer_notes
    from codex.engine.effects.statics import untested_notes
    told: set[str] = set()
    layered: set[str] = set()
    readings: set[str] = set()
    events = told_tokens(state.units) + unapplied(state) + untested_notes(state, told) + refused_notes(state) + \
        layer_notes(state, layered) + ability_notes(state, readings) + settled + list(out.events)
    # a card that entered the realm during the action (an aura or artifact conjured, a site played)
    # is told too, unless the action told it already: its unapplied static would otherwise pass in
    # silence (found by blind ruling round 4)
    events += unapplied(out.state, _board_keys(state) | {
        e.unit for e in events if isinstance(e, AbilityNotExecuted)})
    events += untested_notes(out.state, told)     # a condition the board after the action cannot test
    events += layer_notes(out.state, layered)      # an earlier layer's words a later layer's change would alter
    events += ability_notes(out.state, readings)   # "have no abilities", "can't use abilities": the reading kept
    # the action over and the storyline empty, every unit is at rest again (Codex "At Rest")
    after = state_json(out.state.evolve(restless=frozenset()) if out.state.restless else out.state)
    after["paths"] = paths_of(events)
    after["outcome"] = {"reason": out.reason, "answer": out.answer, **out.extra}
    return Ruling(out.verdict, out.summary, narrate(events), after, tuple(events))
