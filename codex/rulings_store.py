"""Shared rulings: a scenario stored under the hash of its content, so a link reproduces it.

Why a content hash in a small SQLite file rather than the scenario encoded in the URL: a real
scenario is 2–6 KB of JSON (about 1–2 KB compressed), too long for a link a judge reads out or
sends from a phone, and over the service's query-string limit for the larger ones. A hash gives a
short link (``/rulings/3f9a1c…``) that never changes meaning: the same scenario always gets the
same key, a different one a different key, and a stored scenario is never rewritten. The
ruling itself is never stored: opening the link runs the engine on the scenario again.

The file (``BuildPaths.rulings_db``) sits beside the card catalog, outside the corpus
generations, so a rebuild keeps every link. Writes are small and bounded: a scenario over
``MAX_BYTES`` is refused, and so is any new one once ``MAX_RULINGS`` are stored (a clear error,
never a silent drop). The web app and ``arbiter rule --link`` write to the same file.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Iterable

from codex.errors import ArbiterError

KEY_CHARS = 16            # hex digits of sha256: 64 bits, no collision among any real number of links
MAX_BYTES = 64 * 1024     # the service's body limit: no stored scenario is larger
MAX_RULINGS = 100_000

_SCHEMA = """
create table if not exists rulings (key text primary key, scenario text not null,
                                    created real not null);
create table if not exists ruling_cards (key text not null, card_key text not null,
                                         primary key (key, card_key));
create index if not exists ruling_cards_card on ruling_cards (card_key);
"""


class StoreError(ArbiterError):
    """A scenario that cannot be stored (too large, not JSON, the store full or unwritable)."""


def canonical(scenario: Any) -> str:
    """The scenario's canonical JSON: sorted keys, no insignificant white space."""
    return json.dumps(scenario, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def key_of(scenario: Any) -> str:
    """The stable key of a scenario: the first hex digits of the sha256 of its canonical JSON."""
    return hashlib.sha256(canonical(scenario).encode("utf-8")).hexdigest()[:KEY_CHARS]


def is_key(text: str) -> bool:
    return len(text) == KEY_CHARS and all(c in "0123456789abcdef" for c in text)


def named_cards(scenario: Any) -> set[str]:
    """Case-folded names of the cards a scenario names (``"card"`` and ``"name"`` values), for
    finding the shared rulings that concern a card."""
    found: set[str] = set()

    def walk(node: Any, key: str | None) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for item in node:
                walk(item, key)
        elif isinstance(node, str) and key in ("card", "name", "cards", "top", "bottom") \
                and 0 < len(node) <= 120:
            found.add(" ".join(node.split()).casefold())

    walk(scenario, None)
    return found


class RulingStore:
    """The shared-rulings file: ``put`` a scenario, ``get`` it back by key. Thread-safe."""

    def __init__(self, path: Path, max_rulings: int = MAX_RULINGS) -> None:
        self.path = Path(path)
        self.max_rulings = max_rulings
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=5, check_same_thread=False,
                                   isolation_level=None)
            conn.execute("pragma journal_mode=wal")
            conn.execute("pragma busy_timeout=5000")
            conn.executescript(_SCHEMA)
            self._conn = conn
        return self._conn

    def put(self, scenario: Any) -> str:
        """Store a scenario (a JSON value) and return its key; storing it again is a no-op."""
        text = canonical(scenario)
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise StoreError(f"the scenario is {len(text.encode('utf-8')):,} bytes; a shared "
                             f"ruling may be at most {MAX_BYTES:,}")
        key = key_of(scenario)
        try:
            with self._lock:
                db = self._db()
                if db.execute("select 1 from rulings where key = ?", (key,)).fetchone():
                    return key
                count = db.execute("select count(*) from rulings").fetchone()[0]
                if count >= self.max_rulings:
                    raise StoreError(f"the shared-rulings store is full ({count:,} rulings); "
                                     "an operator can archive or remove "
                                     f"{self.path} to start a new one")
                db.execute("begin immediate")
                try:
                    db.execute("insert or ignore into rulings values (?, ?, ?)",
                               (key, text, time.time()))
                    db.executemany("insert or ignore into ruling_cards values (?, ?)",
                                   [(key, c) for c in sorted(named_cards(scenario))])
                    db.execute("commit")
                except BaseException:
                    db.execute("rollback")
                    raise
        except sqlite3.Error as exc:
            raise StoreError(f"cannot write the shared-rulings store {self.path}: {exc}") from None
        return key

    def get(self, key: str) -> Any | None:
        """The scenario stored under ``key``, or None."""
        if not is_key(key) or not self.path.exists():
            return None
        with self._lock:
            row = self._db().execute("select scenario from rulings where key = ?",
                                     (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def keys_naming(self, card_names: Iterable[str], limit: int = 20) -> list[str]:
        """Keys of stored scenarios that name any of these cards (newest first)."""
        names = sorted({" ".join(n.split()).casefold() for n in card_names})
        if not names or not self.path.exists():
            return []
        marks = ",".join("?" * len(names))
        with self._lock:
            rows = self._db().execute(
                f"select distinct c.key from ruling_cards c join rulings r on r.key = c.key "
                f"where c.card_key in ({marks}) order by r.created desc limit ?",
                (*names, limit)).fetchall()
        return [r[0] for r in rows]

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
