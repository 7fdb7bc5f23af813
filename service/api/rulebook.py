"""Rulebooks: sections by id and by page, keywords, and Codex/rulebook conflicts.

``game`` (default sorcery) picks the game's rulebook: Sorcery's tables, or another game's
(``codex.corpus.gamestore``); records carry their game and their page's URL.
"""
from __future__ import annotations

from typing import Any

from flask import url_for

from service.api import api
from service.api.errors import not_found
from service.api.schemas import (ConflictList, GameQuery, KeywordList, PageOut, Problem,
                                 SectionList, SectionOut)
from service.resources import resources
from service.urls import entry_url, game_record_api_url, game_record_url, rulebook_url

MAX_PAGE = 10_000
_404 = {404: {"description": "Not found", "content": {
    "application/problem+json": {"schema": Problem}}}}


def section_summary(s: dict[str, Any], game: str = "sorcery") -> dict[str, Any]:
    if game != "sorcery":
        return {**s, "game": game, "url": game_record_url(game, s["id"], "section"),
                "api_url": game_record_api_url(game, s["id"])}
    return {**s, "game": game, "url": url_for("web.section", section_id=s["id"]),
            "api_url": url_for("api.get_section", section_id=s["id"])}


def rulebook_record(r: dict[str, Any], game: str = "sorcery") -> dict[str, Any]:
    if game != "sorcery":
        return {**r, "game": game, "url": game_record_url(game, r["id"], r.get("kind")),
                "entry_url": None, "codex_id": None}
    return {**r, "game": game, "url": rulebook_url(r["id"], r.get("kind"), r.get("page")),
            "entry_url": entry_url(r["codex_id"]) if r.get("codex_id") else None}


@api.get("/rulebook/sections")
@api.input(GameQuery, location="query", arg_name="query")
@api.output(SectionList)
@api.doc(summary="A game's rulebook sections in book order (its table of contents)")
def list_sections(query: dict[str, Any]) -> dict[str, Any]:
    game = query["game"]
    return {"items": [section_summary(s, game) for s in resources().corpus.game_sections(game)]}


@api.get("/rulebook/sections/<path:section_id>")
@api.input(GameQuery, location="query", arg_name="query")
@api.output(SectionOut)
@api.doc(summary="One rulebook section with its paragraphs (a sub-section's id holds its "
                 "parent's: aspects/example-aspects)", responses=_404)
def get_section(section_id: str, query: dict[str, Any]) -> dict[str, Any]:
    game, corpus = query["game"], resources().corpus
    if game != "sorcery":
        section = corpus.game_section(game, section_id[:200])
        if section is None:
            not_found(f"The {game} rulebook has no section {section_id!r}.")
        section["paragraphs"] = [{**p, "id": f"{section_id}/{p['position']}"}
                                 for p in section["paragraphs"]]
        return section_summary(section, game)
    section = corpus.section(section_id[:200])
    if section is None:
        not_found(f"The rulebook has no section {section_id!r}.")
    return section_summary(section)


@api.get("/rulebook/pages/<int:page>")
@api.input(GameQuery, location="query", arg_name="query")
@api.output(PageOut)
@api.doc(summary="Sections and glossary/quick-reference items on one rulebook page",
         responses=_404)
def get_page(page: int, query: dict[str, Any]) -> dict[str, Any]:
    found = page_of(page, query["game"])
    if found is None:
        not_found(f"The {query['game']} rulebook has nothing on page {page}.")
    return found


def page_of(page: int, game: str = "sorcery") -> dict[str, Any] | None:
    """Everything on a book page, or None (shared with the web rulebook browser)."""
    if not 0 < page <= MAX_PAGE:
        return None
    corpus = resources().corpus
    if game != "sorcery":
        sections = [section_summary(s, game) for s in corpus.game_sections(game)
                    if s["page"] == page]
        records = [rulebook_record({**r, "parent_id": r.get("parent_id")}, game)
                   for r in corpus.game_entries(game) if r["page"] == page]
        if not sections and not records:
            return None
        return {"page": page, "sections": sections, "records": records}
    sections = [section_summary(s) for s in corpus.sections_on_page(page)]
    records = [rulebook_record(r) for r in corpus.query(
        "select id, title, kind, page, parent_id, text, codex_id from glossary where page = ? "
        "union all select id, title, kind, page, parent_id, text, codex_id from quick_reference "
        "where page = ? order by id", (page, page))]
    if not sections and not records:
        return None
    return {"page": page, "sections": sections, "records": records}


@api.get("/keywords")
@api.input(GameQuery, location="query", arg_name="query")
@api.output(KeywordList)
@api.doc(summary="Keyword abilities a game's rulebook defines (Sorcery: glossary and quick "
                 "reference)")
def list_keywords(query: dict[str, Any]) -> dict[str, Any]:
    game, corpus = query["game"], resources().corpus
    if game != "sorcery":
        return {"items": [rulebook_record(r, game) for r in corpus.game_entries(game, "keyword")]}
    return {"items": [rulebook_record(r) for r in corpus.keywords()]}


@api.get("/conflicts")
@api.input(GameQuery, location="query", arg_name="query")
@api.output(ConflictList)
@api.doc(summary="Known places where the Codex and the rulebook disagree (Sorcery's; another "
                 "game has one source and lists none)")
def list_conflicts(query: dict[str, Any]) -> dict[str, Any]:
    if query["game"] != "sorcery":
        return {"items": []}
    return {"items": resources().corpus.conflicts()}
