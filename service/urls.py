"""Clean URLs for corpus records, shared by the API (``url`` fields) and the web pages.

A sub-entry id is ``parent#anchor``; its page is the parent's page with that fragment, so a
deep link like ``/entries/intercept#the-final-location-is-key`` is what a judge copies.
"""
from __future__ import annotations

from flask import url_for


def split_id(record_id: str) -> tuple[str, str | None]:
    """``"intercept#x"`` → ``("intercept", "x")``; a main entry has no fragment."""
    parent, sep, anchor = record_id.partition("#")
    return parent, (anchor if sep else None)


def entry_url(record_id: str, external: bool = False) -> str:
    parent, anchor = split_id(record_id)
    return url_for("web.entry", name=parent, _anchor=anchor, _external=external)


def entry_api_url(record_id: str) -> str:
    parent, anchor = split_id(record_id)
    if anchor:
        return url_for("api.get_subentry", name=parent, anchor=anchor)
    return url_for("api.get_entry", name=parent)


def card_url(card: str) -> str:
    return url_for("web.card", name=card)


def card_api_url(card: str) -> str:
    return url_for("api.get_mentions", card=card)


def rulebook_url(record_id: str, source_kind: str | None, page: int | None) -> str:
    """Sections have their own page; glossary/quick-reference items live on their book page."""
    if source_kind == "section" or (page is None and ":" not in record_id):
        return url_for("web.section", section_id=record_id)
    if page is None:
        return url_for("web.rulebook")
    return url_for("web.page", page=page, _anchor=record_id)


def hit_url(hit: dict) -> str:
    """The page a search hit opens."""
    if hit.get("source") == "rulebook":
        return rulebook_url(hit["id"], hit.get("kind"), hit.get("page"))
    return entry_url(hit["id"])
