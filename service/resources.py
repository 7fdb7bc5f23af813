"""What the service reads: one generation (corpus + search index) at a time, and the catalog.

A worker serves one *generation* (``codex.corpus.generation``): the corpus database and the
search index opened from the same folder, after the folder's manifest check. Each request pins
the generation that is current when it starts (:func:`resources`) and uses it to the end, so a
request never mixes two builds. At most once a second a request looks (one ``readlink``) whether
``arbiter ingest`` published a newer generation; if so it is opened, checked and warmed in the
background while the old one keeps serving, then swapped in as a whole. A generation that
cannot be opened (incomplete, or a database and an index from different builds) is refused,
logged and never served; the old one goes on. The old generation is closed when its last
request ends, and its lease released, so the next build may delete its folder.

The card catalog (``arbiter cards import``) is a file of its own; it is re-opened when it is
replaced. Derived values (rendered entries, search results) are memoised per generation.
"""
from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, TypeVar

from flask import current_app, g

from codex.cards.catalog import CardCatalog
from codex.cards.source import CatalogCards
from codex.corpus import Corpus, CorpusError
from codex.corpus import generation as generations
from codex.corpus.store import Entry
from codex.paths import BuildPaths
from service.searching import IndexSearch

log = logging.getLogger(__name__)
T = TypeVar("T")

EXTENSION_KEY = "arbiter"
RECHECK_SECONDS = 1.0   # how often requests look for a new generation or catalog


@dataclass
class Resources:
    """One opened generation: corpus, search backend, and the fingerprint used for ETags."""

    build: BuildPaths
    generation: generations.Generation
    corpus: Corpus
    search: IndexSearch
    fingerprint: str
    built_at: str | None
    stats: dict[str, Any] = field(default_factory=dict)
    catalog_source: "CatalogSource | None" = None
    _lease: generations.Lease | None = field(default=None, repr=False)
    _entry_cache: Any = field(default=None, repr=False)

    @classmethod
    def open(cls, build: BuildPaths, entry_cache_size: int = 1024,
             warm_search: bool = False) -> "Resources":
        """Open the current generation of ``build``; raise a ``CorpusError`` if it is unusable."""
        lease = generations.lease(build)
        try:
            gen = lease.generation
            corpus = Corpus.open(gen.db)
            try:
                stats = corpus.stats()
                search = IndexSearch.open(gen.index, warm=warm_search, catalog=build.cards_db)
            except BaseException:
                corpus.close()
                raise
        except BaseException:
            lease.release()
            raise
        meta = stats["meta"]
        seed = "|".join([gen.id, meta.get("built_at", ""), meta.get("schema_version", ""),
                         *sorted(s["sha256"] for s in stats["sources"])])
        fingerprint = hashlib.sha256(seed.encode()).hexdigest()[:16]
        res = cls(build, gen, corpus, search, fingerprint, meta.get("built_at"), stats,
                  _lease=lease)
        res._entry_cache = lru_cache(maxsize=entry_cache_size)(corpus.entry)
        return res

    def imported_card(self, name: str) -> dict[str, Any] | None:
        """The imported card of that name (Codex mentions link to it), if a catalog exists."""
        return self.catalog_source.get(name) if self.catalog_source else None

    @property
    def catalog(self) -> CardCatalog | None:
        return self.catalog_source.catalog if self.catalog_source else None

    @property
    def cards(self) -> CatalogCards | None:
        """The imported catalog as the rules engine's card source (rulings may name cards)."""
        return self.catalog_source.cards() if self.catalog_source else None

    def entry(self, name: str) -> Entry | None:
        """``Corpus.entry`` memoised (a generation never changes).

        Callers must not mutate the returned entry: it is shared.
        """
        if len(name) > 300:
            return None
        return self._entry_cache(name)

    def close(self) -> None:
        self.search.close()
        self.corpus.close()
        if self._lease is not None:
            self._lease.release()


class CatalogSource:
    """The card catalog file, re-opened when an import replaces it (checked once a second)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.catalog: CardCatalog | None = None
        self._cards: CatalogCards | None = None
        self._signature: tuple[int, int] | None = None
        self._lock = threading.Lock()
        self._next_check = 0.0

    def get(self, name: str) -> dict[str, Any] | None:
        with self._lock:
            self._refresh()
            return self.catalog.get(name) if self.catalog else None

    def read(self, fn: Callable[[CardCatalog], T]) -> T | None:
        """Call ``fn`` with the current catalog under the lock (one connection per worker), or
        return None when none is imported: card pages and card search read through this."""
        with self._lock:
            self._refresh()
            return fn(self.catalog) if self.catalog is not None else None

    @property
    def version(self) -> str:
        """Which catalog file is current ("-" for none): part of the response cache's key, so
        pages drawn from a replaced catalog are never served again."""
        with self._lock:
            self._refresh()
            return "-" if self._signature is None else f"{self._signature[0]}.{self._signature[1]}"

    def cards(self) -> CatalogCards | None:
        """The current catalog as the engine's card source (one per catalog file)."""
        with self._lock:
            self._refresh()
            if self.catalog is None:
                return None
            if self._cards is None:
                self._cards = CatalogCards(self.catalog)
            return self._cards

    def _refresh(self) -> None:
        now = time.monotonic()
        if now < self._next_check:
            return
        self._next_check = now + RECHECK_SECONDS
        try:
            st = os.stat(self.path)
            signature = (st.st_ino, st.st_mtime_ns)
        except OSError:
            signature = None
        if signature == self._signature:
            return
        if self.catalog is not None:
            self.catalog.db.conn.close()
            self.catalog, self._cards = None, None
        self._signature = signature
        if signature is not None:
            self.catalog = CardCatalog.open(self.path)


class LiveResources:
    """The generation a worker serves now, swapped whole when a newer one is published."""

    def __init__(self, build: BuildPaths, warm_search: bool = False) -> None:
        self.build = build
        self.warm_search = warm_search
        self.catalog_source = CatalogSource(build.cards_db)
        self._lock = threading.Lock()
        self._current = self._open()
        self._users: dict[int, int] = {}          # id(resources) → requests using it
        self._retired: list[Resources] = []
        self._refused: set[str] = set()           # generations that failed their check
        self._reloading = False
        self._next_check = time.monotonic() + RECHECK_SECONDS

    def _open(self) -> Resources:
        res = Resources.open(self.build, warm_search=self.warm_search)
        res.catalog_source = self.catalog_source
        return res

    @property
    def current(self) -> Resources:
        return self._current

    def acquire(self) -> Resources:
        """The current generation, held until :meth:`release` (one per request)."""
        with self._lock:
            res = self._current
            self._users[id(res)] = self._users.get(id(res), 0) + 1
        self._look_for_newer()
        return res

    @property
    def version(self) -> str:
        """What the response cache keys on: the generation served now and the catalog file.

        The cache answers repeated pages before any view runs (no :meth:`acquire`), so this
        also looks for a newer generation (at most once a second): a worker whose requests
        all hit the cache still notices a new build, and empties the cache when it swaps.
        """
        self._look_for_newer()
        return f"{self._current.generation.id}/{self.catalog_source.version}"

    def _look_for_newer(self) -> None:
        """Start loading a newer generation, if one was published (checked once a second)."""
        with self._lock:
            due = time.monotonic() >= self._next_check and not self._reloading
            if due:
                self._next_check = time.monotonic() + RECHECK_SECONDS
        if due and self._newer() is not None:
            self._start_reload()

    def release(self, res: Resources) -> None:
        with self._lock:
            left = self._users.get(id(res), 1) - 1
            if left:
                self._users[id(res)] = left
            else:
                self._users.pop(id(res), None)
            closing = [r for r in self._retired if id(r) not in self._users]
            self._retired = [r for r in self._retired if id(r) in self._users]
        for old in closing:
            old.close()

    def _newer(self) -> str | None:
        name = generations.current_name(self.build)
        if name is None or name == self._current.generation.id or name in self._refused:
            return None
        return name

    def _start_reload(self) -> None:
        with self._lock:
            if self._reloading:
                return
            self._reloading = True
        threading.Thread(target=self.refresh, name="arbiter-generation-reload",
                         daemon=True).start()

    def refresh(self) -> bool:
        """Open the newest generation and swap it in whole; True if it was swapped.

        Runs in a background thread when a request notices a new generation; tests call it
        directly. A generation that fails its check is logged and not tried again.
        """
        try:
            name = self._newer()
            if name is None:
                return False
            try:
                fresh = self._open()
            except CorpusError as exc:
                self._refused.add(name)
                log.error("not serving generation %s: %s", name, exc)
                return False
            with self._lock:
                old, self._current = self._current, fresh
                if id(old) in self._users:
                    self._retired.append(old)
                    old = None
            if old is not None:
                old.close()
            log.info("now serving generation %s", fresh.generation.id)
            return True
        finally:
            with self._lock:
                self._reloading = False

    def close(self) -> None:
        with self._lock:
            everything = [self._current, *self._retired]
            self._retired = []
        for res in everything:
            res.close()


def resources() -> Resources:
    """The generation this request uses (pinned on first use, released when it ends)."""
    res = g.get("_arbiter_resources")
    if res is None:
        res = current_app.extensions[EXTENSION_KEY].acquire()
        g._arbiter_resources = res
    return res


def release_resources(_exc: BaseException | None = None) -> None:
    """``teardown_request``: let go of the request's generation."""
    res = g.pop("_arbiter_resources", None)
    if res is not None:
        current_app.extensions[EXTENSION_KEY].release(res)
