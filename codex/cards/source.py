"""The imported card catalog as the rules engine's `CardSource`.

Lookups are memoised (a catalog never changes under an open connection; a new import is a new
file) and serialised with a lock, so one source can serve a threaded server.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from codex.cards.catalog import CardCatalog, _card_rows, normalize_name
from codex.engine.cards import CardData, CardDict, card_from_fields, suggest_names


class CatalogCards:
    """`codex.engine.cards.CardSource` over an imported `CardCatalog`."""

    def __init__(self, catalog: CardCatalog):
        self._catalog = catalog
        self._lock = threading.Lock()
        self._names: list[str] | None = None
        self._cards: dict[str, CardData] = {}   # only cards that exist: bounded by the catalog

    def card(self, name: str) -> CardData | None:
        key = normalize_name(name)
        with self._lock:
            if key not in self._cards:
                row = self._catalog.get(name)
                if row is None:
                    return None
                self._cards[key] = _card_data(row)
            return self._cards[key]

    def suggest(self, name: str, limit: int = 5) -> list[str]:
        with self._lock:
            if self._names is None:
                self._names = self._catalog.names()
        return suggest_names(name, self._names, limit)


def _card_data(row: dict[str, Any]) -> CardData:
    life = row.get("life")
    return card_from_fields(
        row["name"], row["type"] or "", cost=row["cost"],
        thresholds={e: row.get(f"th_{e}", 0) for e in ("air", "earth", "fire", "water")},
        attack=row["attack"], defence=row["defence"], life=int(life) if str(life or "").isdecimal() else None,
        subtypes=(row["subtypes"] or "").split(","), text=row["rules_text"], rarity=row["rarity"],
        elements=(row["elements"] or "").split(","))


def source_from_cards(cards: list[Any], path: str = "(card list)") -> CardDict:
    """A `CardSource` over a card list in the official API format, without importing it (``arbiter
    cards audit FILE.json`` rules with the very cards it audits); a bad card is a `CatalogError`
    naming its index and field, as an import says."""
    return CardDict(_card_data(_card_rows(Path(path), i, card)[0]) for i, card in enumerate(cards))
