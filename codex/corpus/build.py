"""``arbiter ingest``: sources → one SQLite corpus, built atomically.

The corpus is written into the staging folder of a new generation (``generation.py``), checked,
handed to ``after_build`` (the search index is built there from it), and only then published
as the current generation with one atomic switch. Any error, an interrupt or a ``kill -9``
leaves the previous generation as it was.
"""
from __future__ import annotations

import json
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

import sqlite_utils

from codex import paths
from codex.corpus import generation, schema
from codex.corpus.aliases import AliasIndex, declared_synonyms
from codex.corpus.codex_csv import CodexRecord, read_codex_csv
from codex.corpus.conflicts import load_conflicts, verify_quotes
from codex.corpus.errors import BuildCheckError
from codex.corpus.games import read_games, write_games
from codex.corpus.lists import codex_blocks, list_kind
from codex.corpus.rulebook import Rulebook, parse_rulebook
from codex.corpus.sources import Source, external_source, verified_source
from codex.corpus.text import SUSPICIOUS, fold, links_in, mentions_in, plain

GAME = "sorcery"
CODEX_SOURCE = "sorcery-codex.csv"
RULEBOOK_SOURCE = "sorcery-rulebook-2025-12.txt"
SYNONYM_ENTRY = "phrases that are synonymous"

Progress = Callable[[str], None]


@dataclass
class IngestReport:
    """What a build did: counts, every repair, every unresolved link, timing."""

    db_path: Path
    counts: dict[str, int] = field(default_factory=dict)
    repairs: list[dict] = field(default_factory=list)
    unresolved_links: list[dict] = field(default_factory=list)
    unattached_synonyms: list[str] = field(default_factory=list)
    lost_headings: list[str] = field(default_factory=list)
    stale_conflicts: list[dict] = field(default_factory=list)
    lists: dict[str, int] = field(default_factory=dict)
    sources: list[dict] = field(default_factory=list)
    games: dict[str, dict] = field(default_factory=dict)   # the other rule systems (games.py)
    seconds: float = 0.0

    def to_dict(self) -> dict:
        return {
            "db": str(self.db_path), "counts": self.counts, "repairs": self.repairs,
            "repair_counts": dict(Counter(r["kind"] for r in self.repairs)),
            "unresolved_links": self.unresolved_links,
            "unattached_synonyms": self.unattached_synonyms,
            "lost_headings": self.lost_headings, "stale_conflicts": self.stale_conflicts,
            "lists": self.lists,
            "sources": self.sources, "games": self.games,
            "seconds": round(self.seconds, 3),
        }


def ingest(build: paths.BuildPaths, *, codex_csv: Path | None = None,
           sources_dir: Path = paths.SOURCES_DIR, conflicts_file: Path | None = None,
           progress: Progress = lambda _: None,
           after_build: Callable[[Path], None] | None = None) -> IngestReport:
    """Build the corpus into ``build.db``; raise a ``CorpusError`` and keep the old one on failure.

    ``codex_csv`` ingests a newer Codex export instead of the embedded one; ``after_build``
    runs on the finished database in the staging folder before it is published (the search
    index is built there, beside it, so both move together).
    """
    started = time.perf_counter()
    conflicts_file = conflicts_file or sources_dir.parent / "conflicts.yaml"
    progress("verifying sources")
    codex_src = (external_source(codex_csv, GAME, "codex") if codex_csv
                 else verified_source(sources_dir, CODEX_SOURCE))
    rulebook_src = verified_source(sources_dir, RULEBOOK_SOURCE)
    progress("reading the Codex")
    records = read_codex_csv(codex_src.path)
    progress("reading the rulebook")
    rulebook = parse_rulebook(rulebook_src.path)
    books = read_games(sources_dir, progress)
    report = IngestReport(build.db)
    with generation.building(build) as stage:
        tmp = stage.db
        db = sqlite_utils.Database(tmp)
        schema.create(db)
        progress("writing Codex entries")
        index = _write_codex(db, records, report)
        progress("writing the rulebook")
        _write_rulebook(db, rulebook, index, report)
        progress("writing the other games")
        report.games = write_games(db, books)
        progress("checking conflicts")
        conflicts, report.stale_conflicts = verify_quotes(
            conflicts_file, load_conflicts(conflicts_file), _record_texts(db),
            tolerate=frozenset({"codex"}) if codex_csv else frozenset())
        db["conflicts"].insert_all(
            ({"id": c.id, "game": GAME, "topic": c.topic, "codex_id": c.codex.record_id,
              "codex_quote": c.codex.quote, "rulebook_id": c.rulebook.record_id,
              "rulebook_quote": c.rulebook.quote, "note": c.note} for c in conflicts), pk="id")
        report.sources = [_source_row(s) for s in (codex_src, rulebook_src,
                                                   *(b.source for b in books))]
        db["sources"].insert_all(report.sources, pk="name")
        report.counts = _counts(db)
        report.counts["conflicts"] = len(conflicts)
        db["meta"].insert_all([
            {"key": "built_at", "value": datetime.now(timezone.utc).isoformat(timespec="seconds")},
            {"key": "schema_version", "value": str(schema.VERSION)},
            {"key": "game", "value": GAME},
            {"key": "generation", "value": stage.id},
        ], pk="key")
        progress("checking the build")
        _check(db)
        db.close()
        generation.checkpoint("corpus-written")
        if after_build:
            progress("building the search index")
            after_build(tmp)
        progress("installing")
        report.db_path = stage.publish().db
    report.seconds = time.perf_counter() - started
    return report


def _write_codex(db: sqlite_utils.Database, records: list[CodexRecord],
                 report: IngestReport) -> AliasIndex:
    index = AliasIndex(records)
    synonyms = next((r for r in records if fold(r.title) == SYNONYM_ENTRY), None)
    if synonyms is not None:
        report.unattached_synonyms = index.add_synonym_groups(declared_synonyms(synonyms.raw))
    names = [r.title for r in records] + [m for r in records for m in mentions_in(r.markup)]
    blocks = {r.id: codex_blocks(r.markup, names) for r in records}
    report.lists["codex_records"] = sum(1 for b in blocks.values() if b)
    report.lists["codex_items"] = sum(len(x.get("items", [])) for b in blocks.values() if b
                                      for x in b)
    db["codex_entries"].insert_all(
        ({"id": r.id, "game": GAME, "kind": r.kind, "title": r.title, "slug": r.slug,
          "parent_id": r.parent_id, "position": r.position, "text": plain(r.markup),
          "markup": r.markup, "raw": r.raw, "csv_row": r.csv_row,
          "blocks": json.dumps(blocks[r.id]) if blocks[r.id] else None} for r in records),
        pk="id")
    db["aliases"].insert_all(
        ({"game": GAME, "name": a.name, "record_id": a.record_id, "kind": a.kind}
         for a in index.aliases), pk=("game", "name"))
    links, mentions = [], []
    for r in records:
        for pos, target in enumerate(links_in(r.markup)):
            resolved = index.resolve(target)
            links.append({"source_id": r.id, "position": pos, "target_text": target,
                          "target_id": resolved})
            if resolved is None:
                report.unresolved_links.append({"record": r.id, "csv_row": r.csv_row,
                                                "link": target})
        for pos, card in enumerate(mentions_in(r.markup)):
            mentions.append({"card": card, "card_key": fold(card), "record_id": r.id,
                             "position": pos})
        report.repairs += [{"record": r.id, "csv_row": r.csv_row, "kind": rep.kind,
                            "before": rep.before, "after": rep.after} for rep in r.repairs]
    db["links"].insert_all(links, pk=("source_id", "position"))
    db["mentions"].insert_all(mentions, pk=("record_id", "position"))
    db["repairs"].insert_all(({"id": n, **rep} for n, rep in enumerate(report.repairs, 1)),
                             pk="id")
    return index


def _write_rulebook(db: sqlite_utils.Database, rulebook: Rulebook, index: AliasIndex,
                    report: IngestReport) -> None:
    db["rulebook_sections"].insert_all(
        ({"id": s.id, "game": GAME, "title": s.title, "level": s.level, "page": s.page,
          "parent_id": s.parent_id, "position": s.position, "line": s.line, "text": s.text,
          "codex_id": index.resolve(s.title.replace("&", "and"))}
         for s in rulebook.sections), pk="id")
    db["rulebook_paragraphs"].insert_all(
        ({"id": f"{s.id}/{n}", "section_id": s.id, "position": n, "text": p, "line": line,
          "list": list_kind(p)}
         for s in rulebook.sections for n, (p, line) in
         enumerate(zip(s.paragraphs, s.raw_lines), 1)), pk="id")
    report.lists["rulebook_items"] = sum(1 for s in rulebook.sections for p in s.paragraphs
                                         if list_kind(p))
    report.lost_headings = [s.title for s in rulebook.sections if s.line is None]
    for table, terms in (("glossary", rulebook.glossary), ("quick_reference", rulebook.quickref)):
        db[table].insert_all(
            ({"id": t.id, "game": GAME, "title": t.title, "kind": t.kind, "page": t.page,
              "parent_id": t.parent_id, "position": t.position, "line": t.line, "text": t.text,
              "codex_id": _codex_match(index, t.title)} for t in terms), pk="id")


def _codex_match(index: AliasIndex, title: str) -> str | None:
    """The Codex entry a glossary term names: whole title, else its first listed form."""
    for name in (title, *title.replace("&", ",").replace("/", ",").split(",")):
        name = name.replace("[X]", "").strip().removeprefix("and ").strip()
        if name and (hit := index.resolve(name)):
            return hit
    return None


def _record_texts(db: sqlite_utils.Database) -> dict[tuple[str, str], str]:
    """Record texts by (source, id): ids like ``intercept`` exist in both sources."""
    return {(row["source"], row["id"]): row["text"]
            for row in db.query("select source, id, text from records")}


def _source_row(src: Source) -> dict:
    return {"name": src.name, "path": str(src.path), "sha256": src.sha256, "bytes": src.bytes,
            "game": src.game, "role": src.role}


def _counts(db: sqlite_utils.Database) -> dict[str, int]:
    counts = {t: db[t].count for t in schema.COUNTED}
    counts["codex_main_entries"] = db["codex_entries"].count_where("kind = 'entry'")
    counts["codex_subentries"] = db["codex_entries"].count_where("kind = 'subentry'")
    counts["links_resolved"] = db["links"].count_where("target_id is not null")
    counts["cards_mentioned"] = next(db.query("select count(distinct card_key) n from mentions"))["n"]
    return counts


def _check(db: sqlite_utils.Database) -> None:
    """Post-build checks: a corpus that fails any of these is never installed."""
    problems = [f"{row['id']}: suspicious mojibake in {row['text'][max(0, m.start() - 20):m.end() + 20]!r}"
                for row in db.query("select id, text from records")
                if (m := SUSPICIOUS.search(row["text"]))]
    if db["codex_entries"].count == 0:
        problems.append("no Codex entries were written")
    integrity = db.execute("pragma integrity_check").fetchone()[0]
    if integrity != "ok":
        problems.append(f"sqlite integrity check: {integrity}")
    if problems:
        raise BuildCheckError("the new corpus failed its checks and was not installed:\n  "
                              + "\n  ".join(problems))


def open_readonly(path: Path) -> sqlite3.Connection:
    """A read-only connection: the service and tools never write to a built corpus."""
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
