"""Read API over a built corpus: lookup by any name, records for citations, mentions, stats.

Opened read-only; the service shares one ``Corpus`` across threads. Everything downstream
(search, engine citations, the service) reads the corpus through this class.
"""
from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rapidfuzz import process

from codex.corpus.aliases import name_variants
from codex.corpus.errors import CorpusNotBuilt
from codex.corpus.gamestore import GameRecords
from codex.corpus.text import fold


@dataclass
class Entry:
    """A Codex entry or sub-entry with what a judge needs next to it."""

    id: str
    kind: str
    title: str
    parent_id: str | None
    text: str
    markup: str
    csv_row: int
    parent_title: str | None = None
    subentries: list["Entry"] = field(default_factory=list)
    links: list[dict] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)
    linked_from: list[dict] = field(default_factory=list)
    rulebook: list[dict] = field(default_factory=list)
    conflicts: list[dict] = field(default_factory=list)
    #: The markup as paragraphs and lists (offsets into ``markup``; ``codex.corpus.lists``),
    #: or None when the source has no list in it (one paragraph).
    blocks: list[dict] | None = None

    @property
    def anchor(self) -> str:
        return self.id

    def to_dict(self) -> dict[str, Any]:
        data = {k: v for k, v in self.__dict__.items() if k != "subentries"}
        data["anchor"] = self.anchor
        data["subentries"] = [s.to_dict() for s in self.subentries]
        return data


class Corpus(GameRecords):
    """A built corpus database, opened read-only (per-game reading: ``GameRecords``)."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self._lock = threading.Lock()
        self.path = path
        self._names: list[str] | None = None

    @classmethod
    def open(cls, path: Path | str) -> "Corpus":
        path = Path(path)
        if not path.is_file():
            raise CorpusNotBuilt(f"no corpus at {path}: run `arbiter ingest` first")
        conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True,
                               check_same_thread=False)
        conn.row_factory = sqlite3.Row
        return cls(conn, path)

    def close(self) -> None:
        self._conn.close()

    def query(self, sql: str, params: tuple | dict = ()) -> list[dict[str, Any]]:
        with self._lock:
            return [dict(r) for r in self._conn.execute(sql, params).fetchall()]

    # -- lookup -------------------------------------------------------------------------
    def resolve(self, name: str) -> str | None:
        """The id of the Codex record a name refers to: id, anchor, title, alias, or variant."""
        if self.query("select 1 from codex_entries where id = ?", (name.strip(),)):
            return name.strip()
        for variant in sorted(name_variants(name), key=lambda v: v != fold(name)):
            rows = self.query("select record_id from aliases where name = ?", (variant,))
            if rows:
                return rows[0]["record_id"]
        return None

    def suggest(self, name: str, limit: int = 5) -> list[str]:
        """Titles close to a name that did not resolve ("did you mean")."""
        if self._names is None:
            self._names = [r["title"] for r in self.query("select title from codex_entries")]
        hits = process.extract(name, self._names, limit=limit, score_cutoff=60)
        return [title for title, _score, _i in hits]

    def entry(self, name: str) -> Entry | None:
        """An entry by any name, with sub-entries, links, mentions and related records."""
        record_id = self.resolve(name)
        if record_id is None:
            return None
        entry = self._entry(record_id)
        if entry.kind == "entry":
            entry.subentries = [self._entry(r["id"]) for r in self.query(
                "select id from codex_entries where parent_id = ? order by position", (entry.id,))]
        return entry

    def _entry(self, record_id: str) -> Entry:
        row = self.query("select e.*, p.title as parent_title from codex_entries e left join "
                         "codex_entries p on p.id = e.parent_id where e.id = ?", (record_id,))[0]
        entry = Entry(row["id"], row["kind"], row["title"], row["parent_id"], row["text"],
                      row["markup"], row["csv_row"], row["parent_title"])
        if row.get("blocks"):
            entry.blocks = json.loads(row["blocks"])
        entry.links = self.query(
            "select l.target_text, l.target_id, t.title as target_title from links l left join "
            "codex_entries t on t.id = l.target_id where l.source_id = ? order by l.position",
            (record_id,))
        entry.mentions = list(dict.fromkeys(r["card"] for r in self.query(
            "select card from mentions where record_id = ? order by position", (record_id,))))
        entry.linked_from = self.query(
            "select distinct l.source_id as id, s.title from links l join codex_entries s on "
            "s.id = l.source_id where l.target_id = ? order by s.position", (record_id,))
        entry.rulebook = self.query(
            "select id, title, page, 'section' as kind from rulebook_sections where codex_id = ? "
            "union all select id, title, page, kind from glossary where codex_id = ? "
            "union all select id, title, page, kind from quick_reference where codex_id = ?",
            (record_id, record_id, record_id))
        entry.conflicts = self.query(
            "select * from conflicts where codex_id = ? or codex_id like ? || '#%'",
            (record_id, record_id))
        return entry

    # -- records (citations) ------------------------------------------------------------
    def record(self, source: str, record_id: str) -> dict[str, Any] | None:
        rows = self.query("select * from records where source = ? and id = ?", (source, record_id))
        return rows[0] if rows else None

    def record_text(self, source: str, record_id: str) -> str | None:
        """The normalised text a citation's quote must be a verbatim substring of."""
        rec = self.record(source, record_id)
        return rec["text"] if rec else None

    def records(self, source: str | None = None) -> list[dict[str, Any]]:
        if source:
            return self.query("select * from records where source = ?", (source,))
        return self.query("select * from records")

    # -- mentions, rulebook, stats ------------------------------------------------------
    def mentions(self, card: str) -> list[dict[str, Any]]:
        """Records mentioning a card (case- and spacing-insensitive), in Codex order."""
        return self.query(
            "select distinct e.id, e.title, e.kind, e.parent_id from mentions m join codex_entries "
            "e on e.id = m.record_id where m.card_key = ? order by e.position", (fold(card),))

    def cards(self) -> list[dict[str, Any]]:
        return self.query("select min(card) as card, card_key, count(distinct record_id) as records "
                          "from mentions group by card_key order by card_key")

    def suggest_card(self, card: str, limit: int = 5) -> list[str]:
        names = [r["card"] for r in self.cards()]
        return [n for n, _s, _i in process.extract(card, names, limit=limit, score_cutoff=60)]

    def sections(self) -> list[dict[str, Any]]:
        return self.query("select id, title, level, page, parent_id, position from "
                          "rulebook_sections order by position")

    def section(self, section_id: str) -> dict[str, Any] | None:
        rows = self.query("select * from rulebook_sections where id = ?", (section_id,))
        if not rows:
            return None
        section = rows[0]
        section["paragraphs"] = self.query("select * from "
                                           "rulebook_paragraphs where section_id = ? order by "
                                           "position", (section_id,))
        return section

    def sections_on_page(self, page: int) -> list[dict[str, Any]]:
        return self.query("select id, title, level, page from rulebook_sections where page = ? "
                          "order by position", (page,))

    def glossary(self) -> list[dict[str, Any]]:
        return self.query("select * from glossary order by position")

    def keywords(self) -> list[dict[str, Any]]:
        return self.query("select * from glossary where kind = 'keyword' union all select * from "
                          "quick_reference where kind = 'keyword' order by title")

    def conflicts(self) -> list[dict[str, Any]]:
        return self.query("select * from conflicts order by id")

    def entries(self, limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
        return self.query("select id, kind, title, parent_id from codex_entries order by position "
                          "limit ? offset ?", (limit, offset))

    def stats(self) -> dict[str, Any]:
        meta = {r["key"]: r["value"] for r in self.query("select * from meta")}
        counts = {t: self.query(f"select count(*) n from {t}")[0]["n"] for t in (
            "codex_entries", "aliases", "links", "mentions", "rulebook_sections",
            "rulebook_paragraphs", "glossary", "quick_reference", "conflicts", "repairs")}
        counts["codex_main_entries"] = self.query(
            "select count(*) n from codex_entries where kind = 'entry'")[0]["n"]
        counts["codex_subentries"] = counts["codex_entries"] - counts["codex_main_entries"]
        counts["cards_mentioned"] = self.query(
            "select count(distinct card_key) n from mentions")[0]["n"]
        counts["links_unresolved"] = self.query(
            "select count(*) n from links where target_id is null")[0]["n"]
        return {"meta": meta, "counts": counts,
                "sources": self.query("select * from sources order by game != 'sorcery', "
                                      "game, name")}
