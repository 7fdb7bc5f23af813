"""The other rule systems in the corpus: every game of the source manifest besides Sorcery.

Sorcery keeps its own tables and ids (the Codex and its rulebook, ``build.py``). Every
other game is one markdown rulebook, listed in ``corpus/sources/manifest.json`` with its
``game`` and checksum, read by the general rules of ``ruleset.py`` and written to the
``rules_*`` tables here, in the same temporary database as Sorcery's, so a build installs
all four games or none. Adding a game is adding its source to the manifest.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

import sqlite_utils

from codex.corpus.crossrefs import GameAliases, find_links
from codex.corpus.ruleset import Ruleset, parse_ruleset
from codex.corpus.sources import Source, load_manifest, verified_source

SORCERY = "sorcery"
SORCERY_LABEL = "Sorcery: Contested Realm"
SORCERY_TITLE = "the Codex and the rulebook"


@dataclass
class GameBook:
    """One game's verified source and what was read from it."""

    source: Source
    ruleset: Ruleset

    @property
    def game(self) -> str:
        return self.source.game

    @property
    def label(self) -> str:
        """The game's name as the book prints it ("ARCHMAJESTY" → "Archmajesty")."""
        title = self.ruleset.title or self.game
        return title.title() if title.isupper() else title


def game_names(sources_dir: Path) -> list[str]:
    """Every game of the manifest, Sorcery first, then in manifest order."""
    games = [SORCERY]
    for entry in load_manifest(sources_dir).values():
        if entry.get("game") and entry["game"] not in games:
            games.append(entry["game"])
    return games


def read_games(sources_dir: Path, progress: Callable[[str], None] = lambda _: None
               ) -> list[GameBook]:
    """Verify and read every non-Sorcery rulebook of the manifest (checksums first)."""
    books: list[GameBook] = []
    for name, entry in load_manifest(sources_dir).items():
        if entry.get("game") in (None, SORCERY) or entry.get("role") != "rulebook":
            continue
        source = verified_source(sources_dir, name)
        progress(f"reading the {source.game} rulebook")
        books.append(GameBook(source, parse_ruleset(source.path, source.game)))
    return books


def write_games(db: sqlite_utils.Database, books: list[GameBook]) -> dict[str, dict[str, Any]]:
    """Write every game's records (one transaction); return the per-game ingest report."""
    report: dict[str, dict[str, Any]] = {}
    with db.conn:
        _insert(db, "games", [{"game": SORCERY, "label": SORCERY_LABEL, "position": 0,
                               "title": SORCERY_TITLE, "preamble": "", "notes": "{}"}])
        for n, book in enumerate(books, 1):
            report[book.game] = _write_game(db, book, n)
        _insert(db, "meta", [{"key": "games", "value": ",".join([SORCERY, *report])}])
    return report


def _insert(db: sqlite_utils.Database, table: str, rows: Iterable[dict[str, Any]]) -> None:
    """Insert rows inside the caller's transaction (sqlite-utils commits every call)."""
    rows = list(rows)
    if not rows:
        return
    columns = list(rows[0])
    db.conn.executemany(
        f"insert into [{table}] ({', '.join(f'[{c}]' for c in columns)}) "
        f"values ({', '.join('?' for _ in columns)})",
        [[row[c] for c in columns] for row in rows])


def _write_game(db: sqlite_utils.Database, book: GameBook, position: int) -> dict[str, Any]:
    rs, game = book.ruleset, book.game
    aliases = GameAliases(rs.sections, rs.entries)
    links, unresolved = find_links(rs, aliases)
    notes = dict(rs.notes)
    if unresolved:
        notes["unresolved_references"] = unresolved
    _insert(db, "games", [{"game": game, "label": book.label, "position": position,
                           "title": rs.title or "", "notes": json.dumps(notes),
                           "preamble": "\n\n".join(p.text for p in rs.preamble)}])
    _insert(db, "rules_sections", (
        {"game": game, "id": s.id, "title": s.title, "qualifier": s.qualifier,
         "level": s.level, "parent_id": s.parent_id, "page": s.page, "page_end": s.page_end,
         "page_from": s.page_from, "line": s.line, "position": s.position,
         "in_contents": int(s.in_contents), "glossary": int(s.glossary),
         "placed": int(s.placed), "text": s.text} for s in rs.sections))
    _insert(db, "rules_entries", (
        {"game": game, "id": e.id, "kind": e.kind, "title": e.title,
         "qualifier": e.qualifier, "category": e.category, "parent_id": e.parent_id,
         "page": e.page, "page_end": e.page_end, "page_from": e.page_from, "line": e.line,
         "position": e.position, "form": e.form, "text": e.text} for e in rs.entries))
    _insert(db, "rules_paragraphs", (
        {"game": game, "section_id": s.id, "position": n, "text": p.text, "line": p.line,
         "kind": p.kind, "entry_id": p.entry}
        for s in rs.sections for n, p in enumerate(s.paragraphs, 1)))
    _insert(db, "rules_aliases", (
        {"game": game, "name": a.name, "record_id": a.record_id, "kind": a.kind}
        for a in aliases.aliases))
    _insert(db, "rules_links", (
        {"game": game, "source_id": link.source_id, "position": link.position,
         "target_text": link.target_text, "target_id": link.target_id, "form": link.form}
        for link in links))
    _insert(db, "rules_images", (
        {"game": game, "id": i.id, "section_id": i.section_id, "text": i.text, "line": i.line}
        for i in rs.images))
    repairs = [{"line": r.line, "kind": r.kind, "before": r.before, "after": r.after}
               for r in rs.repairs]
    _insert(db, "rules_repairs", ({"game": game, "id": n, **r}
                                  for n, r in enumerate(repairs, 1)))
    kinds = Counter(e.kind for e in rs.entries)
    counts = {"sections": len(rs.sections),
              "subsections": sum(1 for s in rs.sections if "/" in s.id),
              "glossary_entries": sum(n for k, n in kinds.items() if k != "ruling"),
              **{f"{k}s" if not k.endswith("s") else k: n for k, n in sorted(kinds.items())},
              "paragraphs": sum(len(s.paragraphs) for s in rs.sections),
              "images": len(rs.images), "aliases": len(aliases.aliases), "links": len(links)}
    return {"label": book.label, "source": book.source.name, "sha256": book.source.sha256,
            "counts": counts, "repairs": repairs,
            "repair_counts": dict(Counter(r["kind"] for r in repairs)), "notes": notes}
