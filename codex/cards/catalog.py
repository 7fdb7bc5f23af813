"""Import a card list in the official card API format into ``cards.db`` and read it back.

The catalog is its own SQLite file (``BuildPaths.cards_db``) so re-ingesting the Codex never drops it.
Imports add and update cards by name (``replace=True`` makes the catalog exactly the file) and are
atomic: a temp file is built in the same folder, verified, then ``os.replace``d; running the same
import twice changes nothing the second time (idempotent).
"""
from __future__ import annotations

import os
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import sqlite_utils

from codex import atomic
from codex.cardtext.keywords import keywords_of
from codex.cardtext.normalize import normalize
from codex.cardtext.parser import parse_normalized
from codex.errors import ArbiterError
from codex.inputs import CARD_FILE, InputError, check_text, load_json

ELEMENTS = ("air", "earth", "fire", "water")
MAX_RULES_TEXT = 4000   # as card-text validation in the service


class CatalogError(ArbiterError, ValueError):
    """Malformed input: names the file, the card (index and name), the field and the problem."""


def normalize_name(name: str) -> str:
    """Key for matching names: case-folded, whitespace collapsed, curly apostrophes straightened."""
    return re.sub(r"\s+", " ", name.replace("\u2019", "'")).strip().casefold()


def _fail(path: Path, index: int, name: Any, fld: str, problem: str) -> CatalogError:
    return CatalogError(f"{path}: card #{index} ({name!r}): field {fld!r}: {problem}")


def _int_or_none(v: Any, path: Path, i: int, name: str, fld: str) -> int | None:
    if v is None or (isinstance(v, int) and not isinstance(v, bool)):
        return v
    raise _fail(path, i, name, fld, f"expected an integer or null, got {type(v).__name__}")


def _card_rows(path: Path, i: int, card: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    if not isinstance(card, dict):
        raise _fail(path, i, None, "(card)", "expected a JSON object")
    name = card.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _fail(path, i, name, "name", "missing or not a non-empty string")
    g = card.get("guardian")
    if not isinstance(g, dict):
        raise _fail(path, i, name, "guardian", "missing or not an object")
    th = g.get("thresholds") or {}
    if not isinstance(th, dict):
        raise _fail(path, i, name, "guardian.thresholds", "not an object")
    text = g.get("rulesText")
    if text is not None and not isinstance(text, str):
        raise _fail(path, i, name, "guardian.rulesText", "not a string")
    try:
        check_text(text or "", "the text", MAX_RULES_TEXT)
    except InputError as e:
        raise _fail(path, i, name, "guardian.rulesText", f"{e.problem} ({e.where})") from None
    norm = normalize(text)
    sets = card.get("sets") or []
    if not isinstance(sets, list):
        raise _fail(path, i, name, "sets", "not a list")
    row = {
        "key": normalize_name(name), "name": name.strip(), "type": g.get("type"), "rarity": g.get("rarity"),
        "cost": _int_or_none(g.get("cost"), path, i, name, "guardian.cost"),
        "attack": _int_or_none(g.get("attack"), path, i, name, "guardian.attack"),
        "defence": _int_or_none(g.get("defence"), path, i, name, "guardian.defence"),
        "life": _int_or_none(g.get("life"), path, i, name, "guardian.life"),
        "rules_text": norm.text, "errata": int(norm.errata),
        "elements": ",".join(e.strip().lower() for e in (card.get("elements") or "").split(",") if e.strip()),
        "subtypes": ",".join(s.strip() for s in (card.get("subTypes") or "").split(",") if s.strip()),
        "sets": ",".join(s.get("name", "") for s in sets if isinstance(s, dict)),
        "keywords": ",".join(keywords_of(parse_normalized(norm.text, name.strip())[0])),
    }
    for el in ELEMENTS:
        row[f"th_{el}"] = _int_or_none(th.get(el, 0), path, i, name, f"guardian.thresholds.{el}") or 0
    printings = []
    for j, s in enumerate(sets):
        if not isinstance(s, dict) or not isinstance(s.get("name"), str):
            raise _fail(path, i, name, f"sets[{j}].name", "missing or not a string")
        meta = s.get("metadata") or {}
        variants = s.get("variants") or []
        printed = normalize(meta.get("rulesText") if isinstance(meta, dict) else None)
        printings.append({"card_key": row["key"], "set_name": s["name"], "released_at": s.get("releasedAt"),
                          "printed_text": printed.text, "errata": int(printed.errata),
                          "type_text": next((v.get("typeText") for v in variants if isinstance(v, dict)), None),
                          "slugs": ",".join(v.get("slug", "") for v in variants if isinstance(v, dict))})
    return row, printings


def load_cards(path: str | os.PathLike[str]) -> list[Any]:
    """Read and check the top-level shape of a card JSON file (within ``codex.inputs`` bounds)."""
    p = Path(path)
    try:
        data = load_json(p.read_bytes(), CARD_FILE, str(p))
    except FileNotFoundError:
        raise CatalogError(f"{p}: file not found") from None
    except OSError as e:
        raise CatalogError(f"{p}: cannot be read: {e.strerror}") from None
    except InputError as e:
        raise CatalogError(str(e)) from None
    if not isinstance(data, list):
        raise CatalogError(f"{p}: expected a JSON array of cards, got {type(data).__name__}")
    return data


def checkpoint(step: str) -> None:
    """Called at each step of an import (``catalog-written``, ``catalog-replaced``): a hook for
    fault-injection tests."""


@dataclass
class ImportReport:
    """What an import changed: cards are matched by name (case and spacing ignored)."""

    db: Path
    imported: int                                   # cards in the file
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)  # only with ``replace=True``
    replace: bool = False

    @property
    def changed(self) -> bool:
        return bool(self.added or self.updated or self.removed)

    def to_dict(self) -> dict[str, Any]:
        return {"db": str(self.db), "imported": self.imported, "added": self.added,
                "updated": self.updated, "unchanged": self.unchanged, "removed": self.removed,
                "replace": self.replace}


def import_cards(path: str | os.PathLike[str], db_path: str | os.PathLike[str], *,
                 replace: bool = False) -> ImportReport:
    """Import ``path`` into the catalog at ``db_path``, atomically; report what changed.

    Cards are added, or updated by name; cards already in the catalog and not in the file are
    kept, so importing a second set adds to the first. ``replace=True`` makes the catalog
    exactly the file (the cards it lacks are removed, and reported). Either way the new catalog
    is written to a temporary file beside the old one, verified and renamed over it: a failure
    or a ``kill -9`` at any point leaves the previous catalog whole, and what a killed import
    left behind is removed by the next one. Imports are serialised by a lock file, so
    concurrent imports each see the other's cards. Raises :class:`CatalogError` for malformed
    input (what, where).
    """
    src = Path(path)
    data = load_cards(src)
    incoming: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
    for i, card in enumerate(data):
        row, printings = _card_rows(src, i, card)
        if row["key"] in incoming:
            raise _fail(src, i, row["name"], "name", "duplicate card name")
        incoming[row["key"]] = (row, printings)
    target = Path(db_path)
    target.parent.mkdir(parents=True, exist_ok=True)
    report = ImportReport(target, len(incoming), replace=replace)
    with atomic.locked(target.with_name(f".{target.name}.lock")):
        atomic.remove_temporaries(target)
        existing = _read_catalog(target) if target.exists() else {}
        merged = {} if replace else dict(existing)
        for key, (row, printings) in incoming.items():
            before = existing.get(key)
            if before is None:
                report.added.append(row["name"])
            elif before != (row, printings):
                report.updated.append(row["name"])
            else:
                report.unchanged += 1
            merged[key] = (row, printings)
        report.removed = sorted(existing[k][0]["name"] for k in existing if k not in merged)
        if report.changed or not target.exists():
            _write_catalog(merged, target, src)
    return report


def _read_catalog(db_path: Path) -> dict[str, tuple[dict[str, Any], list[dict[str, Any]]]]:
    """The cards of an existing catalog, as ``_card_rows`` makes them (key → row, printings)."""
    try:
        conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        try:
            cards = {r["key"]: (dict(r), []) for r in conn.execute("select * from cards")}
            has_printings = conn.execute("select 1 from sqlite_master where type = 'table' and "
                                         "name = 'printings'").fetchone()
            for r in conn.execute("select * from printings order by rowid") if has_printings \
                    else ():
                if r["card_key"] in cards:
                    cards[r["card_key"]][1].append(dict(r))
        finally:
            conn.close()
    except sqlite3.Error as e:
        raise CatalogError(f"{db_path}: the existing catalog cannot be read ({e}); import with "
                           "--replace to rebuild it") from None
    return cards


def _write_catalog(cards: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]], target: Path,
                   src: Path) -> None:
    """Write ``cards`` to a temporary file beside ``target``, verify it, rename it over."""
    tmp = atomic.temp_path(target)
    rows = [row for row, _p in cards.values()]
    printings = [p for _row, ps in cards.values() for p in ps]
    try:
        db = sqlite_utils.Database(tmp)
        db["cards"].insert_all(rows, pk="key")
        if printings:
            db["printings"].insert_all(printings, foreign_keys=[("card_key", "cards", "key")])
            db["printings"].create_index(["card_key"])
        db["cards"].enable_fts(["name", "rules_text"])
        count = db["cards"].count if rows else 0
        db.conn.close()
        if count != len(rows):
            raise CatalogError(f"{src}: verification failed: wrote {count} of {len(rows)} cards")
        atomic.fsync_file(tmp)
        checkpoint("catalog-written")
        os.replace(tmp, target)
        atomic.fsync_dir(target.parent)
        checkpoint("catalog-replaced")
    finally:
        tmp.unlink(missing_ok=True)


@dataclass
class CardCatalog:
    """Read API over an imported catalog."""

    db: sqlite_utils.Database

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> "CardCatalog":
        p = Path(path)
        if not p.exists():
            raise CatalogError(f"{p}: no card catalog; run `arbiter cards import FILE.json` first")
        # Read-only; shareable across a server's threads (callers serialise access).
        catalog = cls(sqlite_utils.Database(sqlite3.connect(f"file:{p}?mode=ro", uri=True,
                                                            check_same_thread=False)))
        catalog.teach_parser()
        return catalog

    def teach_parser(self) -> None:
        """Tell the card-text parser this catalog's card names and subtypes: without them a plural
        subtype (``Beasts``) or a many-word name (``Pigs of the Sounder``) in a card's text reads as
        unknown words. Adding names the parser knows already is a no-op."""
        from codex.cardtext.parser import register_names

        subtypes = {s for (row,) in self.db.execute("select subtypes from cards") for s in (row or "").split(",") if s}
        register_names(self.names(), sorted(subtypes))

    def get(self, name: str) -> dict[str, Any] | None:
        rows = list(self.db["cards"].rows_where("key = ?", [normalize_name(name)]))
        if not rows:
            return None
        card = dict(rows[0])
        card["printings"] = [dict(r) for r in self.db["printings"].rows_where("card_key = ?", [card["key"]])] \
            if self.db["printings"].exists() else []
        return card

    def names(self) -> list[str]:
        return [r["name"] for r in self.db.query("select name from cards order by name")]

    def search(self, query: str, limit: int | None = None) -> list[dict[str, Any]]:
        from codex.cards.query import compile_query

        where, params = compile_query(query)
        sql = f"select * from cards where {where} order by name" + (f" limit {int(limit)}" if limit else "")
        return [dict(r) for r in self.db.query(sql, params)]


SUMMARY_FIELDS = ("name", "type", "rarity", "cost", "attack", "defence", "life", "rules_text",
                  "elements", "subtypes", "sets", "keywords", "errata")


def card_summary(card: dict[str, Any]) -> dict[str, Any]:
    """What a Codex mention shows of an imported card: its stats, text and thresholds."""
    return {k: card.get(k) for k in SUMMARY_FIELDS} | {
        "thresholds": {el: card.get(f"th_{el}", 0) for el in ELEMENTS}}


def match_mentions(mentions: Iterable[str], catalog: CardCatalog) -> dict[str, str | None]:
    """Map Codex card mentions (``[[Bosk Troll]]`` → ``Bosk Troll``) to imported card names, or None."""
    known = {normalize_name(n): n for n in catalog.names()}
    return {m: known.get(normalize_name(m.strip("[] "))) for m in mentions}
