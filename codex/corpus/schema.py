"""Table layout of the corpus (documented in docs/corpus.md; keep the two in step)."""
from __future__ import annotations

import sqlite_utils

VERSION = 2

COUNTED = ("codex_entries", "aliases", "links", "mentions", "rulebook_sections",
           "rulebook_paragraphs", "glossary", "quick_reference", "repairs")

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
    db.execute(_RECORDS_VIEW)
