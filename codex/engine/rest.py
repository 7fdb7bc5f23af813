"""Units that are not at rest (Codex "At Rest"): "The default state of a unit is at rest, but it
stops being at rest when: It enters the realm, OR It moves or is moved, OR It casts a spell, OR It
activates an activated ability or triggers a triggered ability."

Entering and moving mark a unit where they happen (`entering.summon`, `carrying.relocate`); the
acts are read here from the events that tell them: a unit tapped to use an activated ability (Move
and Attack, Ranged, a card's "Tap → ..."), cast a spell, defended or intercepted (triggered
abilities), or had a triggered ability of its own go onto the storyline (`storyline.add_triggers`).
The mark lasts for the action being ruled: "It returns to being 'at rest' after passive effects
have been applied and the Storyline is empty", so every unit is at rest again once the action is
over (`codex.engine.rule`, and between the actions of a sequence). What reads the mark: the
selector "at rest" (`effects/select.py`), so the statics of Stone-gaze Gorgons and Hillock
Basilisk disable only units at rest.
"""
from __future__ import annotations

from typing import Iterable

from codex.engine.events import Activated, Defended, Event, Intercepted, Note, SpellCast
from codex.engine.state import GameState

#: What each act is called in the ruling's note.
_ACTS: dict[type[Event], str] = {Activated: "activated an ability", SpellCast: "cast a spell",
                                 Defended: "defended (a triggered ability)",
                                 Intercepted: "intercepted (a triggered ability)"}


def actor(event: Event) -> str | None:
    """The unit ``event`` says acted (activated, cast, defended, intercepted), if any."""
    if isinstance(event, SpellCast):
        return event.caster
    if isinstance(event, (Activated, Defended, Intercepted)):
        return event.unit
    return None


def stir(state: GameState, unit_ids: Iterable[str], why: str, texts: Iterable[str] = ()) -> tuple[GameState, list[Event]]:
    """Mark these units not at rest for the action being ruled. A note says so (quoting the Codex)
    for each unit newly stirred while some card in the realm (or ``texts``: the spell being cast)
    speaks of units at rest, the only rules that read it."""
    fresh = [uid for uid in dict.fromkeys(unit_ids) if state.unit(uid) is not None and uid not in state.restless]
    if not fresh:
        return state, []
    state = state.evolve(restless=state.restless | set(fresh))
    if not speaks_of_rest(state) and not any("at rest" in t.lower() for t in texts):
        return state, []
    notes: list[Event] = []
    for uid in fresh:
        unit = state.unit(uid)
        assert unit is not None
        notes.append(Note("at_rest", f"{unit.name} {why}: it is not at rest until the action is over.",
                          {"unit": uid}, rules=("at-rest.acts", "at-rest")))
    return state, notes


def stir_actors(state: GameState, events: Iterable[Event]) -> tuple[GameState, list[Event]]:
    """Mark the units these events say acted (see `actor`)."""
    out: list[Event] = []
    for event in events:
        uid = actor(event)
        if uid is not None:
            state, notes = stir(state, (uid,), _ACTS[type(event)])
            out += notes
    return state, out


def speaks_of_rest(state: GameState) -> bool:
    """Whether a card in the realm has words about units at rest (Stone-gaze Gorgons: "Other minions
    at rest at adjacent locations are disabled")."""
    texts = [u.text for u in state.units] + [s.text for s in state.sites] + [a.text for a in state.auras] + \
        [a.text for a in state.artifacts]
    return any("at rest" in (t or "").lower() for t in texts)
