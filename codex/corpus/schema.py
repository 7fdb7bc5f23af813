"""Table layout of the corpus (documented in docs/corpus.md; keep the two in step)."""
from __future__ import annotations

import sqlite_utils

VERSION = 3     # 3: the other rule systems (games, rules_* tables, records of every game)

COUNTED = ("codex_entries", "aliases", "links", "mentions", "rulebook_sections",
           "rulebook_paragraphs", "glossary", "quick_reference", "repairs")
# Tables of the other games' rulebooks (codex/corpus/games.py), keyed by (game, id).
GAME_TABLES = ("rules_sections", "rules_entries", "rules_paragraphs", "rules_aliases",
               "rules_links", "rules_images", "rules_repairs")

_RECORDS_VIEW = """
create view records as
  select 'codex' as source, id, game, kind, title, parent_id, text, null as page
    from codex_entries
  union all
  select 'rulebook', id, game, 'section', title, parent_id, text, page from rulebook_sections
  union all
  select 'rulebook', id, game, kind, title, parent_id, text, page from glossary
  union all
  select 'rulebook', id, game, kind, title, parent_id, text, page from quick_reference
  union all
  select game, id, game, 'section', title, parent_id, text, page from rules_sections
  union all
  select game, id, game, kind, title, parent_id, text, page from rules_entries
"""


def create(db: sqlite_utils.Database) -> None:
    """Create every table, index and view of an empty corpus."""
    db["meta"].create({"key": str, "value": str}, pk="key")
    db["sources"].create({"name": str, "path": str, "sha256": str, "bytes": int, "game": str,
                          "role": str}, pk="name")
    db["codex_entries"].create({"id": str, "game": str, "kind": str, "title": str, "slug": str,
                                "parent_id": str, "position": int, "text": str, "markup": str,
                                "raw": str, "csv_row": int, "blocks": str}, pk="id",
                               foreign_keys=[("parent_id", "codex_entries", "id")])
    db["aliases"].create({"game": str, "name": str, "record_id": str, "kind": str},
                         pk=("game", "name"), foreign_keys=[("record_id", "codex_entries", "id")])
    db["links"].create({"source_id": str, "position": int, "target_text": str, "target_id": str},
                       pk=("source_id", "position"),
                       foreign_keys=[("source_id", "codex_entries", "id"),
                                     ("target_id", "codex_entries", "id")])
    db["mentions"].create({"card": str, "card_key": str, "record_id": str, "position": int},
                          pk=("record_id", "position"),
                          foreign_keys=[("record_id", "codex_entries", "id")])
    db["rulebook_sections"].create({"id": str, "game": str, "title": str, "level": int,
                                    "page": int, "parent_id": str, "position": int, "line": int,
                                    "text": str, "codex_id": str}, pk="id",
                                   foreign_keys=[("codex_id", "codex_entries", "id")])
    db["rulebook_paragraphs"].create({"id": str, "section_id": str, "position": int, "text": str,
                                      "line": int, "list": str}, pk="id",
                                     foreign_keys=[("section_id", "rulebook_sections", "id")])
    for table in ("glossary", "quick_reference"):
        db[table].create({"id": str, "game": str, "title": str, "kind": str, "page": int,
                          "parent_id": str, "position": int, "line": int, "text": str,
                          "codex_id": str}, pk="id",
                         foreign_keys=[("codex_id", "codex_entries", "id")])
    db["conflicts"].create({"id": str, "game": str, "topic": str, "codex_id": str,
                            "codex_quote": str, "rulebook_id": str, "rulebook_quote": str,
                            "note": str}, pk="id")
    db["repairs"].create({"id": int, "record": str, "csv_row": int, "kind": str, "before": str,
                          "after": str}, pk="id")
    db["mentions"].create_index(["card_key"])
    db["links"].create_index(["target_id"])
    db["codex_entries"].create_index(["parent_id"])
    db["rulebook_sections"].create_index(["page"])
    create_game_tables(db)
    db.execute(_RECORDS_VIEW)


def create_game_tables(db: sqlite_utils.Database) -> None:
    """Tables of every game but Sorcery (whose tables predate them), and the ``games`` list.

    Ids are unique within a game (``source`` in ``records`` is the game's name), so every
    key starts with ``game``. Section ``text`` is all of its paragraphs, its entries' too;
    an entry's ``text`` is its definition (a ruling's, its item). One script, one commit.
    """
    db.conn.executescript("begin;" + _GAME_TABLES + "commit;")


_GAME_TABLES = """
create table games (game text primary key, label text, position integer, title text,
                    preamble text, notes text);
create table rules_sections (game text, id text, title text, qualifier text, level integer,
    parent_id text, page integer, page_end integer, page_from text, line integer,
    position integer, in_contents integer, glossary integer, placed integer, text text,
    primary key (game, id));
create table rules_entries (game text, id text, kind text, title text, qualifier text,
    category text, parent_id text, page integer, page_end integer, page_from text,
    line integer, position integer, form text, text text, primary key (game, id));
create table rules_paragraphs (game text, section_id text, position integer, text text,
    line integer, kind text, entry_id text, primary key (game, section_id, position));
create table rules_aliases (game text, name text, record_id text, kind text,
    primary key (game, name));
create table rules_links (game text, source_id text, position integer, target_text text,
    target_id text, form text, primary key (game, source_id, position));
create table rules_images (game text, id text, section_id text, text text, line integer,
    primary key (game, id));
create table rules_repairs (game text, id integer, line integer, kind text, before text,
    after text, primary key (game, id));
create index rules_links_target on rules_links (game, target_id);
create index rules_entries_parent on rules_entries (game, parent_id);
create index rules_sections_parent on rules_sections (game, parent_id);
"""
