"""A site banished by an effect ("banish an adjacent site"): the card is removed from the game
(Codex "Banished"), and, unlike a destroyed site (Codex "Rubble": "When a site is destroyed, it
leaves behind a Rubble token"), nothing is left in its place, so its square is a void (Codex
"Void": "A square without a site is a void.").

What becomes of the cards on it the Codex does not say. The engine reads the Void entry: they stay
on the square, now a void, in its one location (surface and subsurface are gone: "a void square
only has a single location"); the at-rest checks then banish each minion there without Voidwalk
("Minions in the void are immediately banished unless they have Voidwalk"), a Voidwalker stays, an
Avatar there has the mandatory action of playing a site under itself (Codex "Mandatory Actions"),
and artifacts lying there stay in the void. The other reading, that they leave with the site as
the cards on a moving site go with it (rulebook "When Sites Move": "everything atop and under it
moves with it"), rests on no rule about a site leaving the realm; the ruling names it
(`ambiguity` step). A Rubble token banished is a token leaving the realm: it goes nowhere.
"""
from __future__ import annotations

from dataclasses import replace

from codex.engine.events import CardsMoved, Event, Note
from codex.engine.geometry import Location, Region
from codex.engine.state import Card, GameState

Changed = tuple[GameState, list[Event]]


class CannotBanishSite(Exception):
    """A banishment this engine does not carry out (an oversized unit or an aura on the square)."""


def banish_site(state: GameState, square: int) -> Changed:
    """The site on ``square`` leaves the game; the units and artifacts there are now in the void of
    that square. Settling the events (the at-rest checks) banishes the minions that cannot stay."""
    from codex.engine.unmodifiable import protected
    site = state.site_at(square)
    if site is None:
        return state, []
    if (cant := protected(state, site, "banish")) is not None:
        return state, [Note("not_banished", f"{site.name} can't be banished: it stays.", {"square": square},
                            rules=("the-silver-rule", "can-vs-cant"), from_card=cant)]
    if any(u.oversized and square in {loc.square for loc in state.locations_of(u)} for u in state.units):
        raise CannotBanishSite("banishing a site an oversized unit stands on")
    here = [u for u in state.units if u.location.square == square]
    state = state.evolve(sites=tuple(s for s in state.sites if s.square != square))
    void = Location(square, Region.VOID)
    state = state.with_units(replace(u, location=void) if u.location.square == square else u for u in state.units)
    state = state.evolve(artifacts=tuple(
        replace(a, location=void) if a.bearer is None and a.location is not None and a.location.square == square
        else a for a in state.artifacts))
    events: list[Event] = []
    if site.rubble or site.owner is None:
        events.append(Note("site_banished", f"{site.name} on square {square} is banished: a token leaving the realm "
                           f"goes nowhere, and square {square} is now a void.", {"square": square, "site": site.name},
                           rules=("site.banished", "token.banished-instead", "void")))
    else:
        state = state.put_card(Card(site.name, site.owner, "site"), "banished")
        events.append(CardsMoved(site.owner, (site.name,), 0, None, "banished",
                                 f"{site.name} is banished from square {square}: no Rubble is left, the square is "
                                 "a void", rules=("site.banished", "void")))
    if here:
        events.append(_what_stays(square, site.name, [u.name for u in here], any(u.is_avatar for u in here)))
    return state, events


def _what_stays(square: int, name: str, units: list[str], avatar: bool) -> Note:
    """The reading of what becomes of the units there, with the other one named."""
    who = ", ".join(units)
    avatar_words = (" An Avatar there is in the void: “If your Avatar is in the void, you may and must use their "
                    "ability to play a site under them, ignoring normal site adjacency rules.”") if avatar else ""
    return Note("ambiguity", f"The Codex does not say what becomes of the cards on a banished site. Read by its Void "
                f"entry (the reading this engine takes), {who} stay{'s' if len(units) == 1 else ''} on square "
                f"{square}, now a void (“A square without a site is a void.”): “Minions in the void are immediately "
                f"banished unless they have Voidwalk.”{avatar_words} Read as a site taking what is on it along, as "
                f"a site that moves does (“everything atop and under it moves with it”), they would leave the game "
                f"with {name}, Voidwalkers and Avatars too; no rule says a site leaving the realm takes anything "
                f"with it.", {"square": square, "units": units},
                rules=("void", "void.banished", "sites.move") + (("mandatory.avatar-void",) if avatar else ()))
