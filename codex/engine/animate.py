"""Animated cards (Codex "Animate"): "Animate means to give a card the minion type. It becomes a
minion for the duration of the effect, in addition to its other types."

An animated aura or artifact stays what it was (its object in `GameState.auras` or `.artifacts`,
with its abilities: its statics still cover its area, its triggers still listen) and is also a
unit on the board (`GameState.units`), linked both ways (`Unit.animates`, `animated_as`). As a
minion it moves, attacks, defends, strikes, takes damage and dies by the minion rules, which take
precedence (Codex "Cards with Multiple Types"): an aura minion keeps the size of its area ("it
continues to occupy multiple locations even though minions default to a single location") and
may carry artifacts; an artifact minion is no longer carried as an artifact. It did not enter the
realm (Codex "Enter": "If a non-minion occupies a location or site and then becomes a minion
without moving (e.g. Enchantress), the minion did not enter"): no Genesis, no entering triggers.

`follow` keeps the card where its unit is at every rest check (an aura minion that moved covers
its new area), and takes the card out of the realm with the unit when the unit leaves it (dies, is
returned, banished: the unit's removal already put the card in its owner's zone). When the
animation ends (`Lasting.animated`, `release`), the unit is gone and the card is what it was,
where the unit last stood.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from codex.engine.abilities import Abilities, abilities_of
from codex.engine.events import Animated, Event, Note
from codex.engine.geometry import Location, Region, row_col
from codex.engine.oversized import normalise
from codex.engine.state import Artifact, Aura, GameState, Unit

Resolved = tuple[GameState, list[Event]]


def _aura(state: GameState, key: str) -> Aura | None:
    return next((a for a in state.auras if a.id == key), None)


def card_of(state: GameState, unit: Unit) -> Aura | Artifact | None:
    """The aura or artifact an animated unit is."""
    if not unit.animates:
        return None
    kind, _, key = unit.animates.partition(":")
    return _aura(state, key) if kind == "aura" else state.artifact(key)


def shape(squares: tuple[int, ...]) -> tuple[Location, tuple[int, int]] | None:
    """An aura's area as a minion's: its top-left square and (rows, columns); None when the squares
    are not a full rectangle."""
    if not squares:
        return None
    cells = [row_col(sq) for sq in squares]
    rows = sorted({r for r, _ in cells})
    cols = sorted({c for _, c in cells})
    if len(cells) != len(rows) * len(cols) or rows != list(range(rows[0], rows[-1] + 1)) or \
            cols != list(range(cols[0], cols[-1] + 1)):
        return None
    anchor = min(squares, key=row_col)
    return Location(anchor, Region.SURFACE), (len(rows), len(cols))


def _unit_id(state: GameState, key: str) -> str:
    uid, n = key, 1
    while state.unit(uid) is not None:
        n += 1
        uid = f"{key}-{n}"
    return uid


def animate(state: GameState, kind: str, key: str, controller: str, power: int, subtypes: tuple[str, ...],
            form: str, rules: tuple[str, ...] = ()) -> tuple[GameState, list[Event], str | None]:
    """Make the aura or artifact ``key`` a minion of ``power`` (and ``subtypes``) controlled by
    ``controller``: the unit's id, or None (with a note) when it cannot be one."""
    card: Aura | Artifact | None = _aura(state, key) if kind == "aura" else state.artifact(key)
    if card is None:
        return state, [], None
    if card.animated_as is not None and state.unit(card.animated_as) is not None:
        return state, [Note("animate", f"{card.name} is already a minion.", {"card": f"{kind}:{key}"},
                            rules=("animate",))], card.animated_as
    size = (1, 1)
    extra: tuple[str, ...] = ()
    if isinstance(card, Aura):
        found = shape(card.squares)
        if found is None:
            return state, [Note("animate", f"{card.name} covers no rectangle of squares, so it cannot be a minion "
                                "here.", {"card": f"aura:{key}"}, rules=("animate",))], None
        anchor, size = found
        loc = normalise(state, anchor)
        owner = card.controller or controller
        extra = ("aura-minion", "cards-with-multiple-types.size") if size != (1, 1) else ("aura-minion",)
    else:
        loc = state.artifact_location(card)
        owner = card.owner
        if card.bearer is not None:
            extra = ("cards-with-multiple-types.carry",)
    keywords = abilities_of(card.text, card.name).keywords if card.text else Abilities().keywords
    uid = _unit_id(state, key)
    unit = Unit(uid, card.name, controller, owner, "minion", loc, power, power, keywords=keywords, text="",
                abilities=Abilities().with_keywords(keywords), size=size,
                subtypes=tuple(dict.fromkeys(tuple(card.subtypes if isinstance(card, Artifact) else ()) + subtypes)),
                cost=card.cost, elements=card.elements if isinstance(card, Aura) else (), animates=f"{kind}:{key}")
    state = state.add_unit(unit)
    if isinstance(card, Aura):
        state = state.evolve(auras=tuple(replace(a, animated_as=uid) if a.id == key else a for a in state.auras))
    else:
        state = state.with_artifact(replace(card, animated_as=uid, bearer=None, location=loc, offset=(0, 0)))
    where = ", ".join(str(x) for x in state.locations_of(unit))
    return state, [Animated(uid, card.name, kind, form, power, where, controller,
                            rules=("animate", "enter.animated") + extra)], uid


def release(state: GameState, uid: str) -> Resolved:
    """The animation ends: the unit is gone, the card is only what it was, where the unit stood."""
    unit = state.unit(uid)
    if unit is None or not unit.animates:
        return state, []
    state, _ = follow(state)
    card = card_of(state, unit)
    state = state.evolve(units=tuple(u for u in state.units if u.id != uid))
    if isinstance(card, Aura):
        state = state.evolve(auras=tuple(replace(a, animated_as=None) if a.id == card.id else a for a in state.auras))
    elif isinstance(card, Artifact):
        state = state.with_artifact(replace(card, animated_as=None))
    what = unit.animates.partition(":")[0]
    return state, [Note("animate", f"{unit.name} is no longer a minion: it is only an {what} again.",
                        {"unit": uid}, rules=("animate",))]


def follow(state: GameState) -> Resolved:
    """Keep each animated card with its unit: where the unit is (an aura minion covers the squares
    of its area), or out of the realm with it."""
    events: list[Event] = []
    for aura in state.auras:
        if aura.animated_as is None:
            continue
        unit = state.unit(aura.animated_as)
        if unit is None:
            state = state.evolve(auras=tuple(a for a in state.auras if a.id != aura.id))
            events.append(_gone_with(aura.name, "aura"))
            continue
        squares = tuple(loc.square for loc in state.locations_of(unit))
        if squares != aura.squares:
            state = state.evolve(auras=tuple(replace(a, squares=squares) if a.id == aura.id else a
                                             for a in state.auras))
    for art in state.artifacts:
        if art.animated_as is None:
            continue
        unit = state.unit(art.animated_as)
        if unit is None:
            state = state.evolve(artifacts=tuple(a for a in state.artifacts if a.id != art.id))
            events.append(_gone_with(art.name, "artifact"))
        elif art.location != unit.location or art.bearer is not None:
            state = state.with_artifact(replace(art, location=unit.location, bearer=None))
    return state, events


def _gone_with(name: str, kind: str) -> Event:
    return Note("animate", f"{name} left the realm as a minion: the {kind} is the same card, gone with it.",
                {"card": name}, rules=("animate", "cards-with-multiple-types"))


def animated(state: GameState) -> bool:
    """Whether any card in the realm is animated now (cheap test before `follow`)."""
    return any(u.animates for u in state.units) or any(a.animated_as for a in state.auras) or any(
        a.animated_as for a in state.artifacts)


__all__ = ["animate", "release", "follow", "animated", "card_of", "shape", "Any"]
