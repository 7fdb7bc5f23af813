"""Corpus records → search documents, plus the side data the searcher needs at query time.

Every Codex entry and sub-entry, every rulebook section and every glossary / quick-reference
record becomes one document. Aliases gather every other name a record is known by (plural
variants, the Codex's declared synonyms, the titles of rulebook records that point at it),
so a judge's wording finds the entry even when it is not the title.
"""
from __future__ import annotations

import re
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codex.corpus.aliases import declared_synonyms
from codex.corpus.text import fold
from codex.search.schema import BODY_ANALYZER, GAME, TITLE_ANALYZER, stems

SYNONYM_TITLE = "phrases that are synonymous"
WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


@dataclass
class SideData:
    """What the searcher keeps in memory besides the Whoosh index (saved as JSON)."""

    vocabulary: Counter = field(default_factory=Counter)   # surface word → frequency
    by_game: dict[str, Counter] = field(default_factory=dict)    # the same, per game
    surfaces: dict[str, set[str]] = field(default_factory=dict)  # stem → surface words
    synonyms: list[list[str]] = field(default_factory=list)
    cards: dict[str, str] = field(default_factory=dict)     # folded card key → card name

    def add_text(self, text: str, weight: int = 1, game: str = GAME) -> None:
        """Count the surface words of ``text`` (overall and for its game) and remember
        which stem each one makes."""
        per_game = self.by_game.setdefault(game, Counter())
        for word in WORD.findall(text.lower().replace("’", "'")):
            self.vocabulary[word] += weight
            per_game[word] += weight
            if word not in self._seen:
                self._seen.add(word)
                for stem in set(stems(BODY_ANALYZER, word)) | set(stems(TITLE_ANALYZER, word)):
                    self.surfaces.setdefault(stem, set()).add(word)

    def __post_init__(self) -> None:
        self._seen: set[str] = set()

    def to_json(self) -> dict[str, Any]:
        return {"vocabulary": dict(self.vocabulary),
                "vocabulary_by_game": {g: dict(c) for g, c in self.by_game.items()},
                "surfaces": {k: sorted(v) for k, v in self.surfaces.items()},
                "synonyms": self.synonyms, "cards": self.cards}


def _rows(conn: sqlite3.Connection, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
    conn.row_factory = sqlite3.Row
    return [dict(r) for r in conn.execute(sql, params).fetchall()]


def read_documents(db_path: Path) -> tuple[list[dict[str, Any]], SideData]:
    """All search documents of the corpus at ``db_path``, and the side data built with them."""
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        return _documents(conn)
    finally:
        conn.close()


def _documents(conn: sqlite3.Connection) -> tuple[list[dict[str, Any]], SideData]:
    side = SideData()
    entries = _rows(conn, "select * from codex_entries order by position")
    titles = {e["id"]: e["title"] for e in entries}
    aliases: dict[str, list[str]] = {}
    for row in _rows(conn, "select name, record_id from aliases where kind != 'title'"):
        aliases.setdefault(row["record_id"], []).append(row["name"])
    rule_records = _rows(conn, "select *, 'glossary' as tbl from glossary union all "
                               "select *, 'quick_reference' from quick_reference")
    keyword_entries = {rec["codex_id"] for rec in rule_records if rec["kind"] == "keyword"}
    for rec in rule_records:
        if rec["codex_id"]:
            aliases.setdefault(rec["codex_id"], []).append(rec["title"])
    mentions: dict[str, list[str]] = {}
    for row in _rows(conn, "select card, card_key, record_id from mentions order by position"):
        mentions.setdefault(row["record_id"], []).append(row["card_key"])
        side.cards.setdefault(row["card_key"], row["card"])
    docs: list[dict[str, Any]] = []
    for e in entries:
        if fold(e["title"]) == SYNONYM_TITLE:
            side.synonyms = [[fold(p) for p in g] for g in declared_synonyms(e["raw"])]
        docs.append(_doc("codex", e["id"], e["kind"], e["title"], e["text"],
                         aliases=_unique(aliases.get(e["id"], []), e["title"]),
                         parent=e["parent_id"], parent_title=titles.get(e["parent_id"] or ""),
                         mentions=list(dict.fromkeys(mentions.get(e["id"], []))),
                         position=e["position"], keyword=e["id"] in keyword_entries))
    sections = _rows(conn, "select * from rulebook_sections order by position")
    section_titles = {s["id"]: s["title"] for s in sections}
    for s in sections:
        docs.append(_doc("rulebook", s["id"], "section", s["title"], s["text"], page=s["page"],
                         parent=s["parent_id"], parent_title=section_titles.get(s["parent_id"] or ""),
                         position=10_000 + s["position"]))
    for r in rule_records:
        related = [titles[r["codex_id"]]] if r["codex_id"] in titles else []
        docs.append(_doc("rulebook", r["id"], r["kind"], r["title"], r["text"], page=r["page"],
                         aliases=_unique(related, r["title"]), codex_id=r["codex_id"],
                         position=20_000 + r["position"] + (1000 if r["tbl"] != "glossary" else 0)))
    docs += _game_documents(conn)
    for d in docs:
        side.add_text(d["title"], weight=5, game=d["game"])
        side.add_text(" ".join(d["aliases"]), weight=2, game=d["game"])
        side.add_text(d["body"], game=d["game"])
    for card in side.cards.values():
        side.add_text(card, game=GAME)
    return docs, side


def _game_documents(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every other game's sections, glossary entries, rulings and image texts.

    A section's body is its own text: the paragraphs no entry of it owns (a glossary's
    definitions are their entries' documents, not its). Image texts are documents of kind
    ``image``, found only when asked for (``kind:image``). Each game's records come after
    Sorcery's and the previous game's in corpus order.
    """
    has_games = conn.execute("select 1 from sqlite_master where name = 'games'").fetchone()
    if not has_games:                           # a corpus built before the other games
        return []
    docs: list[dict[str, Any]] = []
    games = [r["game"] for r in _rows(conn, "select game from games where game != 'sorcery' "
                                            "order by position")]
    for n, game in enumerate(games, 1):
        base = 100_000 * n
        aliases: dict[str, list[str]] = {}
        for row in _rows(conn, "select name, record_id from rules_aliases where game = ? "
                               "and kind != 'title' order by rowid", (game,)):
            aliases.setdefault(row["record_id"], []).append(row["name"])
        sections = _rows(conn, "select * from rules_sections where game = ? order by position",
                         (game,))
        titles = {s["id"]: s["title"] for s in sections}
        own: dict[str, list[str]] = {}
        for row in _rows(conn, "select section_id, text from rules_paragraphs where game = ? "
                               "and entry_id is null order by section_id, position", (game,)):
            own.setdefault(row["section_id"], []).append(row["text"])
        for s in sections:
            docs.append(_doc(game, s["id"], "section", _printed(s),
                             "\n\n".join(own.get(s["id"], [])),
                             aliases=_distinct(aliases.get(s["id"], []), s["title"]),
                             parent=s["parent_id"], parent_title=titles.get(s["parent_id"] or ""),
                             page=s["page"], position=base + s["position"], game=game,
                             name=s["title"]))
        for e in _rows(conn, "select * from rules_entries where game = ? order by position",
                       (game,)):
            docs.append(_doc(game, e["id"], e["kind"], _printed(e), e["text"],
                             aliases=_distinct(aliases.get(e["id"], []), e["title"]),
                             parent=e["parent_id"], parent_title=titles.get(e["parent_id"]),
                             page=e["page"], position=base + 20_000 + e["position"], game=game,
                             name=e["title"]))
        for i in _rows(conn, "select * from rules_images where game = ? order by line",
                       (game,)):
            parent = titles.get(i["section_id"] or "")
            docs.append(_doc(game, i["id"], "image", f"Image description"
                             + (f" ({parent})" if parent else ""), i["text"],
                             parent=i["section_id"], parent_title=parent,
                             position=base + 40_000 + i["line"], game=game))
    return docs


def _printed(record: dict[str, Any]) -> str:
    """A heading as the book prints it: "Followers of Usir (The Necromancer)" (the
    qualifier is not part of the record's name, but it is part of what a reader sees)."""
    q = record.get("qualifier")
    return f"{record['title']} ({q})" if q else record["title"]


def _distinct(names: list[str], title: str) -> list[str]:
    """Aliases that search differently from the title and from each other (singular and
    plural variants stem alike: one of them is enough)."""
    seen = {tuple(sorted(set(stems(TITLE_ANALYZER, title))))}
    out = []
    for name in names:
        key = tuple(sorted(set(stems(TITLE_ANALYZER, name))))
        if key and key not in seen:
            seen.add(key)
            out.append(name)
    return out


def _unique(names: list[str], title: str) -> list[str]:
    """Aliases without the title itself and without case/spacing duplicates."""
    seen = {fold(title)}
    out = []
    for name in names:
        if fold(name) not in seen:
            seen.add(fold(name))
            out.append(name)
    return out


def _doc(source: str, record_id: str, kind: str, title: str, body: str, *,
         aliases: list[str] | None = None, parent: str | None = None,
         parent_title: str | None = None, page: int | None = None,
         mentions: list[str] | None = None, codex_id: str | None = None,
         position: int = 0, keyword: bool = False, game: str = GAME,
         name: str | None = None) -> dict[str, Any]:
    return {"key": f"{source}:{record_id}", "id": record_id, "source": source, "kind": kind,
            "tags": f"{kind} keyword" if keyword else kind,
            "game": game, "title": title, "aliases": aliases or [], "parent": parent,
            "parent_title": parent_title, "body": body or "", "mentions": mentions or [],
            "page": page, "anchor": record_id, "codex_id": codex_id, "position": position,
            "name": name}
