"""What the service reads: one read-only corpus and its search index.

Both are opened once per app and shared across the worker's threads. Since a built corpus is
immutable, derived values (rendered entries, search results) are memoised with bounded caches.
"""
from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from flask import current_app

from codex.cards.catalog import CardCatalog
from codex.cards.source import CatalogCards
from codex.corpus import Corpus
from codex.corpus.store import Entry
from codex.paths import BuildPaths
from service.searching import IndexSearch

EXTENSION_KEY = "arbiter"


@dataclass
class Resources:
    """The opened corpus, its search backend and the build fingerprint used for ETags."""

    build: BuildPaths
    corpus: Corpus
    search: IndexSearch
    fingerprint: str
    built_at: str | None
    stats: dict[str, Any] = field(default_factory=dict)
    catalog: CardCatalog | None = None
    _entry_cache: Any = field(default=None, repr=False)
    _catalog_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _cards: "CatalogCards | None" = field(default=None, repr=False)

    @classmethod
    def open(cls, build: BuildPaths, entry_cache_size: int = 1024,
             warm_search: bool = False) -> "Resources":
        corpus = Corpus.open(build.db)
        stats = corpus.stats()
        meta = stats["meta"]
        seed = "|".join([meta.get("built_at", ""), meta.get("schema_version", ""),
                         *sorted(s["sha256"] for s in stats["sources"])])
        fingerprint = hashlib.sha256(seed.encode()).hexdigest()[:16]
        res = cls(build, corpus, IndexSearch.open(build, warm=warm_search), fingerprint, meta.get("built_at"),
                  stats)
        res._entry_cache = lru_cache(maxsize=entry_cache_size)(corpus.entry)
        if build.cards_db.exists():  # imported with `arbiter cards import`: optional
            res.catalog = CardCatalog.open(build.cards_db)
        return res

    @property
    def cards(self) -> "CatalogCards | None":
        """The imported catalog as the rules engine's card source (rulings may name cards)."""
        if self.catalog is None:
            return None
        if self._cards is None:
            self._cards = CatalogCards(self.catalog)
        return self._cards

    def imported_card(self, name: str) -> dict[str, Any] | None:
        """The imported card of that name (Codex mentions link to it), if a catalog exists."""
        if self.catalog is None:
            return None
        with self._catalog_lock:
            return self.catalog.get(name)

    def entry(self, name: str) -> Entry | None:
        """``Corpus.entry`` memoised (the corpus never changes under a running app).

        Callers must not mutate the returned entry: it is shared.
        """
        if len(name) > 300:
            return None
        return self._entry_cache(name)

    def close(self) -> None:
        self.corpus.close()


def resources() -> Resources:
    """The resources of the current app."""
    return current_app.extensions[EXTENSION_KEY]
