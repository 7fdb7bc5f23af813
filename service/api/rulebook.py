"""The rulebook: sections by id and by page, keywords, and Codex/rulebook conflicts."""
from __future__ import annotations

from typing import Any

from flask import url_for

from service.api import api
from service.api.errors import not_found
from service.api.schemas import ConflictList, KeywordList, PageOut, Problem, SectionList, SectionOut
from service.resources import resources
from service.urls import entry_url, rulebook_url

MAX_PAGE = 10_000
_404 = {404: {"description": "Not found", "content": {
    "application/problem+json": {"schema": Problem}}}}


def section_summary(s: dict[str, Any]) -> dict[str, Any]:
    return {**s, "url": url_for("web.section", section_id=s["id"]),
            "api_url": url_for("api.get_section", section_id=s["id"])}


def rulebook_record(r: dict[str, Any]) -> dict[str, Any]:
    return {**r, "url": rulebook_url(r["id"], r.get("kind"), r.get("page")),
            "entry_url": entry_url(r["codex_id"]) if r.get("codex_id") else None}


@api.get("/rulebook/sections")
@api.output(SectionList)
@api.doc(summary="Rulebook sections in book order")
def list_sections() -> dict[str, Any]:
    return {"items": [section_summary(s) for s in resources().corpus.sections()]}


@api.get("/rulebook/sections/<section_id>")
@api.output(SectionOut)
@api.doc(summary="One rulebook section with its paragraphs", responses=_404)
def get_section(section_id: str) -> dict[str, Any]:
    section = resources().corpus.section(section_id[:200])
    if section is None:
        not_found(f"The rulebook has no section {section_id!r}.")
    return section_summary(section)


@api.get("/rulebook/pages/<int:page>")
@api.output(PageOut)
@api.doc(summary="Sections and glossary/quick-reference items on one rulebook page",
         responses=_404)
def get_page(page: int) -> dict[str, Any]:
    found = page_of(page)
    if found is None:
        not_found(f"The rulebook has nothing on page {page}.")
    return found


def page_of(page: int) -> dict[str, Any] | None:
    """Everything on a book page, or None (shared with the web rulebook browser)."""
    if not 0 < page <= MAX_PAGE:
        return None
    corpus = resources().corpus
    sections = [section_summary(s) for s in corpus.sections_on_page(page)]
    records = [rulebook_record(r) for r in corpus.query(
        "select id, title, kind, page, parent_id, text, codex_id from glossary where page = ? "
        "union all select id, title, kind, page, parent_id, text, codex_id from quick_reference "
        "where page = ? order by id", (page, page))]
    if not sections and not records:
        return None
    return {"page": page, "sections": sections, "records": records}


@api.get("/keywords")
@api.output(KeywordList)
@api.doc(summary="Keyword abilities defined in the rulebook (glossary and quick reference)")
def list_keywords() -> dict[str, Any]:
    return {"items": [rulebook_record(r) for r in resources().corpus.keywords()]}


@api.get("/conflicts")
@api.output(ConflictList)
@api.doc(summary="Known places where the Codex and the rulebook disagree")
def list_conflicts() -> dict[str, Any]:
    return {"items": resources().corpus.conflicts()}
