"""Import a card list in the official card API format into ``cards.db`` and read it back.

The catalog is its own SQLite file (``BuildPaths.cards_db``) so re-ingesting the Codex never drops it.
Imports are atomic: a temp file is built in the same folder, verified, then ``os.replace``d; running
the same import twice gives the same database (idempotent).
"""
from __future__ import annotations

import json
import os
import re
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import sqlite_utils

from codex.cardtext.keywords import keywords_of
from codex.cardtext.normalize import normalize
from codex.cardtext.parser import parse_normalized

ELEMENTS = ("air", "earth", "fire", "water")


class CatalogError(ValueError):
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
    """Read and check the top-level shape of a card JSON file."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CatalogError(f"{p}: file not found") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise CatalogError(f"{p}: not valid JSON: {e}") from None
    if not isinstance(data, list):
        raise CatalogError(f"{p}: expected a JSON array of cards, got {type(data).__name__}")
    return data


def import_cards(path: str | os.PathLike[str], db_path: str | os.PathLike[str]) -> int:
    """Import ``path`` into ``db_path`` atomically; returns the number of cards. Replaces any previous
    catalog. Raises :class:`CatalogError` for malformed input (the old catalog stays untouched)."""
    src = Path(path)
    data = load_cards(src)
    rows, printings, seen = [], [], set()
    for i, card in enumerate(data):
        row, pr = _card_rows(src, i, card)
        if row["key"] in seen:
            raise _fail(src, i, row["name"], "name", "duplicate card name")
        seen.add(row["key"])
        rows.append(row)
        printings.extend(pr)
    target = Path(db_path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".cards-", suffix=".db", dir=target.parent)
    os.close(fd)
    try:
        db = sqlite_utils.Database(tmp)
        db["cards"].insert_all(rows, pk="key")
        db["printings"].insert_all(printings, foreign_keys=[("card_key", "cards", "key")]) if printings else None
        if printings:
            db["printings"].create_index(["card_key"])
        db["cards"].enable_fts(["name", "rules_text"])
        count = db["cards"].count
        db.conn.close()
        if count != len(rows):
            raise CatalogError(f"{src}: verification failed: wrote {count} of {len(rows)} cards")
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return len(rows)


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
        return cls(sqlite_utils.Database(sqlite3.connect(f"file:{p}?mode=ro", uri=True,
                                                         check_same_thread=False)))

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
