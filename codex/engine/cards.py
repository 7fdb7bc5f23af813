"""Cards a scenario may name: what the engine needs of a card, and where it gets it.

A scenario can say ``"card": "Bosk Troll"`` on a unit, site, aura or spell instead of typing its
stats; the type, cost, threshold, power, subtypes and text then come from a `CardSource`, and
the fields the scenario gives override them. The engine never opens a catalog itself (no I/O
here): the caller passes a source (`codex.cards.source.CatalogCards` over an imported catalog,
or `CardDict` for tests and fixtures).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Protocol

from rapidfuzz import process

from codex.engine.keywords import ELEMENTS

#: Card types as the engine names them (the catalog's "Minion" is "minion").
CARD_TYPES = ("minion", "avatar", "site", "aura", "artifact", "magic")


@dataclass(frozen=True)
class CardData:
    """What the rules need of a printed card."""

    name: str
    type: str
    cost: int | None = None
    threshold: Mapping[str, int] = field(default_factory=dict)
    attack: int | None = None
    defence: int | None = None
    life: int | None = None
    subtypes: tuple[str, ...] = ()
    text: str = ""
    rarity: str | None = None
    elements: tuple[str, ...] = ()

    @property
    def types(self) -> tuple[str, ...]:
        """Every type the printed card has (Codex "Cards with Multiple Types"): its type, and
        minion for an Automaton ("Automatons are artifacts that are minions", Codex "Artifact")."""
        if self.type == "artifact" and any(s.casefold() == "automaton" for s in self.subtypes):
            return ("artifact", "minion")
        return (self.type,)


class CardSource(Protocol):
    """Where named cards come from."""

    def card(self, name: str) -> CardData | None:
        """The card of that name (case and spacing ignored), or None."""

    def suggest(self, name: str, limit: int = 5) -> list[str]:
        """Names close to ``name``, best first (for a did-you-mean)."""


def _key(name: str) -> str:
    return " ".join(name.replace("\u2019", "'").split()).casefold()


class CardDict:
    """A `CardSource` over cards in memory (tests, fixtures, small invented sets)."""

    def __init__(self, cards: Iterable[CardData]):
        self._cards = {_key(c.name): c for c in cards}
        self._names = [c.name for c in self._cards.values()]

    def card(self, name: str) -> CardData | None:
        return self._cards.get(_key(name))

    def suggest(self, name: str, limit: int = 5) -> list[str]:
        return suggest_names(name, self._names, limit)


def suggest_names(name: str, names: list[str], limit: int = 5) -> list[str]:
    """Close names by edit similarity (rapidfuzz), best first."""
    return [m[0] for m in process.extract(name, names, limit=limit, score_cutoff=60)]


def card_from_fields(name: str, type_: str, *, cost: int | None = None, thresholds: Mapping[str, int] | None = None,
                     attack: int | None = None, defence: int | None = None, life: int | None = None,
                     subtypes: Iterable[str] = (), text: str | None = None, rarity: str | None = None,
                     elements: Iterable[str] = ()) -> CardData:
    """A `CardData` from a catalog's fields (type names in any case)."""
    kind = type_.strip().lower()
    return CardData(name, kind, cost, {e: int((thresholds or {}).get(e, 0) or 0) for e in ELEMENTS}, attack,
                    defence, life, tuple(s for s in subtypes if s), text or "", rarity,
                    tuple(e for e in elements if e and e != "none"))
