"""Reading the corpus by game: the games, each one's sections, glossary and records.

Mixed into :class:`codex.corpus.Corpus`. Sorcery's records keep their own tables (Codex,
rulebook, glossary); every other game's are the ``rules_*`` tables. Methods here take a
``game`` and answer the same shapes for any of the four, so the CLI, the search and the
service never branch on which game's tables hold a record.
"""
from __future__ import annotations

import json
import re
from typing import Any

from codex.corpus.names import lookup_key
from codex.corpus.text import fold

SORCERY = "sorcery"
_ARTICLE = re.compile(r"^(?:the|an?)\s+")
ENTRY_KINDS = ("keyword", "term", "status", "ruling")


class GameRecords:
    """Queries by game (requires ``self.query`` of :class:`Corpus`)."""

    def query(self, sql: str, params: tuple | dict = ()) -> list[dict[str, Any]]:
        raise NotImplementedError

    def resolve(self, name: str) -> str | None:
        raise NotImplementedError

    # -- games ------------------------------------------------------------------------------
    def game_names(self) -> list[str]:
        """Every game of the corpus, Sorcery first (empty for a corpus built before games)."""
        try:
            return [r["game"] for r in self.query("select game from games order by position")]
        except Exception:                      # a corpus of schema 2 has no games table
            return [SORCERY]

    def games(self) -> list[dict[str, Any]]:
        """Each game with its label, sources (with checksums) and counts."""
        return [g for g in (self.game(name) for name in self.game_names()) if g is not None]

    def game(self, game: str) -> dict[str, Any] | None:
        rows = self.query("select * from games where game = ?", (game,))
        if not rows:
            return None
        row = rows[0]
        row["notes"] = json.loads(row.get("notes") or "{}")
        row["sources"] = self.query("select name, sha256, bytes, role from sources where "
                                    "game = ? order by name", (game,))
        row["counts"] = self.game_counts(game)
        return row

    def game_counts(self, game: str) -> dict[str, int]:
        """Records per kind of one game: sections and glossary entries above all."""
        if game == SORCERY:
            one = lambda sql: self.query(sql)[0]["n"]  # noqa: E731
            return {"sections": one("select count(*) n from rulebook_sections"),
                    "codex_entries": one("select count(*) n from codex_entries"),
                    "glossary_entries": one("select count(*) n from glossary"),
                    "keywords": one("select count(*) n from glossary where kind = 'keyword'"),
                    "terms": one("select count(*) n from glossary where kind = 'term'"),
                    "records": one("select count(*) n from records where game = 'sorcery'")}
        counts = {"sections": self.query("select count(*) n from rules_sections where game = ?",
                                         (game,))[0]["n"]}
        kinds = {r["kind"]: r["n"] for r in self.query(
            "select kind, count(*) n from rules_entries where game = ? group by kind", (game,))}
        counts["glossary_entries"] = sum(n for k, n in kinds.items() if k != "ruling")
        for kind in ENTRY_KINDS:
            counts[kind if kind == "status" else f"{kind}s"] = kinds.get(kind, 0)
        for table, name in (("rules_paragraphs", "paragraphs"), ("rules_images", "images"),
                            ("rules_aliases", "aliases"), ("rules_links", "links"),
                            ("rules_repairs", "repairs")):
            counts[name] = self.query(f"select count(*) n from {table} where game = ?",
                                      (game,))[0]["n"]
        counts["records"] = counts["sections"] + sum(kinds.values())
        return counts

    # -- sections and entries -----------------------------------------------------------------
    def game_sections(self, game: str) -> list[dict[str, Any]]:
        """A game's sections in book order (its table of contents)."""
        if game == SORCERY:
            return self.query("select id, title, null as qualifier, level, page, parent_id, "
                              "position from rulebook_sections order by position")
        return self.query("select id, title, qualifier, level, page, page_end, page_from, "
                          "parent_id, position, glossary, placed, line from rules_sections "
                          "where game = ? order by position", (game,))

    def game_section(self, game: str, section_id: str) -> dict[str, Any] | None:
        """A section with its paragraphs, sub-sections, entries, image texts and links."""
        if game == SORCERY:
            return None
        rows = self.query("select * from rules_sections where game = ? and id = ?",
                          (game, section_id))
        if not rows:
            return None
        section = rows[0]
        section["game"] = game
        section["paragraphs"] = self.query(
            "select position, text, line, kind, entry_id from rules_paragraphs where game = ? "
            "and section_id = ? order by position", (game, section_id))
        section["children"] = self.query(
            "select id, title, qualifier, page from rules_sections where game = ? and "
            "parent_id = ? order by position", (game, section_id))
        section["entries"] = self.query(
            "select id, kind, title, qualifier, category, page, text, line, form from "
            "rules_entries where game = ? and parent_id = ? order by position",
            (game, section_id))
        section["images"] = self.query("select id, text, line from rules_images where game = ? "
                                       "and section_id = ? order by line", (game, section_id))
        section["parent"] = self._title_of(game, section.get("parent_id"))
        section.update(self._links(game, [section_id]))
        return section

    def game_entries(self, game: str, kind: str | None = None) -> list[dict[str, Any]]:
        """Glossary entries (and rulings) of a game, in book order."""
        if game == SORCERY:
            sql = "select id, kind, title, page, text, codex_id from glossary"
            rows = self.query(sql + (" where kind = ?" if kind else "") + " order by position",
                              (kind,) if kind else ())
            return [{**r, "parent_id": None, "qualifier": None} for r in rows]
        sql = ("select id, kind, title, qualifier, category, parent_id, page, page_end, "
               "page_from, text from rules_entries where game = ?")
        if kind:
            return self.query(sql + " and kind = ? order by position", (game, kind))
        return self.query(sql + " order by position", (game,))

    def game_entry(self, game: str, entry_id: str) -> dict[str, Any] | None:
        """One glossary entry or ruling with the section it is in and its links."""
        if game == SORCERY:
            return None
        rows = self.query("select * from rules_entries where game = ? and id = ?",
                          (game, entry_id))
        if not rows:
            return None
        entry = rows[0]
        entry["game"] = game
        entry["parent"] = self._title_of(game, entry["parent_id"])
        entry.update(self._links(game, [entry_id]))
        return entry

    def glossary_az(self, game: str) -> list[dict[str, Any]]:
        """Glossary entries (not rulings) A–Z by title, for a game's index."""
        rows = [r for r in self.game_entries(game) if r["kind"] != "ruling"]
        return sorted(rows, key=lambda r: (fold(r["title"]).strip("“\"'[("), r["id"]))

    def game_images(self, game: str) -> list[dict[str, Any]]:
        """Texts describing pictures, kept apart from the rules."""
        if game == SORCERY:
            return []
        return self.query("select * from rules_images where game = ? order by line", (game,))

    def game_repairs(self, game: str) -> list[dict[str, Any]]:
        if game == SORCERY:
            return self.query("select * from repairs order by id")
        return self.query("select * from rules_repairs where game = ? order by id", (game,))

    # -- names ------------------------------------------------------------------------------
    def resolve_in(self, game: str, name: str) -> str | None:
        """The id of the record ``name`` names in ``game`` (id, title, alias, any case,
        number, bracket form), or None. Sorcery: the Codex entry, else a rulebook record."""
        name = name.strip()
        if not name:
            return None
        if game == SORCERY:
            found = self.resolve(name)
            if found:
                return found
            rows = self.query("select id from glossary where lower(title) = ? union all "
                              "select id from rulebook_sections where lower(title) = ? or id = ?",
                              (fold(name), fold(name), name))
            return rows[0]["id"] if rows else None
        if self.query("select 1 from records where source = ? and id = ?", (game, name)):
            return name
        key = lookup_key(name)
        spaced = key.replace("-", " ")                      # a URL's slug: "the-stack"
        for candidate in dict.fromkeys((key, _ARTICLE.sub("", key), spaced,
                                        _ARTICLE.sub("", spaced))):   # "the stack": "stack"
            rows = self.query("select record_id from rules_aliases where game = ? and name = ?",
                              (game, candidate))
            if rows:
                return rows[0]["record_id"]
        return None

    def find_everywhere(self, name: str) -> list[dict[str, Any]]:
        """Every game's record of that name, Sorcery first: ``[{game, source, id, title,
        kind}]`` (a term such as "Destroy" or "Summon" is defined in several games)."""
        out = []
        for game in self.game_names():
            record_id = self.resolve_in(game, name)
            if record_id is None:
                continue
            source = self._source_of(game, record_id)
            rec = self.query("select source, id, game, kind, title, page from records where "
                             "source = ? and id = ?", (source, record_id))
            if rec:
                out.append(rec[0])
        return out

    def _source_of(self, game: str, record_id: str) -> str:
        if game != SORCERY:
            return game
        if self.query("select 1 from codex_entries where id = ?", (record_id,)):
            return "codex"
        return "rulebook"

    def _title_of(self, game: str, record_id: str | None) -> dict[str, Any] | None:
        if not record_id:
            return None
        rows = self.query("select id, title, kind from records where source = ? and id = ?",
                          (game, record_id))
        return rows[0] if rows else None

    def _links(self, game: str, ids: list[str]) -> dict[str, list[dict[str, Any]]]:
        marks = ",".join("?" for _ in ids)
        out = self.query(
            f"select l.target_text, l.target_id, r.title as target_title, r.kind as target_kind "
            f"from rules_links l join records r on r.source = l.game and r.id = l.target_id "
            f"where l.game = ? and l.source_id in ({marks}) order by l.source_id, l.position",
            (game, *ids))
        back = self.query(
            f"select distinct l.source_id as id, r.title, r.kind from rules_links l join "
            f"records r on r.source = l.game and r.id = l.source_id where l.game = ? and "
            f"l.target_id in ({marks}) order by r.title", (game, *ids))
        return {"links": out, "linked_from": back}
