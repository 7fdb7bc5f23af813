"""Codex entries: paged list, one by any name, and a sub-entry by its anchor."""
from __future__ import annotations

from typing import Any

from flask import url_for

from codex.corpus.store import Entry
from service.api import api
from service.api.errors import not_found
from service.api.schemas import EntryList, EntryOut, PageQuery, Problem, SubEntryOut
from service.resources import resources
from service.urls import card_api_url, card_url, entry_api_url, entry_url, rulebook_url


@api.get("/entries")
@api.input(PageQuery, location="query", arg_name="page")
@api.output(EntryList)
@api.doc(summary="List entries and sub-entries in Codex order (paged). The Codex is "
                 "Sorcery's: another game lists nothing (see /records?game=… for its records)")
def list_entries(page: dict[str, Any]) -> dict[str, Any]:
    res = resources()
    limit, offset = page["limit"], page["offset"]
    if page["game"] != "sorcery":
        return {"items": [], "total": 0, "limit": limit, "offset": offset, "next": None}
    total = res.stats["counts"]["codex_entries"]
    items = [{**row, "game": "sorcery", "url": entry_url(row["id"]),
              "api_url": entry_api_url(row["id"])}
             for row in res.corpus.entries(limit, offset)]
    nxt = None
    if offset + limit < total:
        nxt = url_for("api.list_entries", limit=limit, offset=offset + limit)
    return {"items": items, "total": total, "limit": limit, "offset": offset, "next": nxt}


@api.get("/entries/<name>")
@api.output(EntryOut)
@api.doc(summary="One entry by slug, title or any alias (sub-entry ids work too)",
         responses={404: {"description": "No such entry", "content": {
             "application/problem+json": {"schema": Problem}}}})
def get_entry(name: str) -> dict[str, Any]:
    entry = resources().entry(name)
    if entry is None:
        not_found(f"No Codex entry is called {name!r}.", resources().corpus.suggest(name[:100]))
    return entry_dict(entry)


@api.get("/entries/<name>/subentries/<anchor>")
@api.output(SubEntryOut)
@api.doc(summary="A sub-entry by its parent and anchor",
         responses={404: {"description": "No such sub-entry", "content": {
             "application/problem+json": {"schema": Problem}}}})
def get_subentry(name: str, anchor: str) -> dict[str, Any]:
    parent = resources().entry(name)
    if parent is None:
        not_found(f"No Codex entry is called {name!r}.", resources().corpus.suggest(name[:100]))
    for sub in parent.subentries:
        if sub.id.partition("#")[2] == anchor:
            return entry_dict(sub)
    not_found(f"{parent.title!r} has no sub-entry {anchor!r}.",
              [s.id.partition("#")[2] for s in parent.subentries])


def entry_dict(entry: Entry) -> dict[str, Any]:
    """An entry with URLs on everything it points at."""
    data = {k: v for k, v in entry.__dict__.items() if k != "subentries"}
    data.update(
        game="sorcery",
        anchor=entry.id.partition("#")[2] or entry.id,
        url=entry_url(entry.id), api_url=entry_api_url(entry.id),
        links=[{**l, "url": entry_url(l["target_id"]) if l.get("target_id") else None,
                "api_url": entry_api_url(l["target_id"]) if l.get("target_id") else None}
               for l in entry.links],
        mentions=[{"card": c, "url": card_url(c), "api_url": card_api_url(c)}
                  for c in entry.mentions],
        linked_from=[{**r, "url": entry_url(r["id"])} for r in entry.linked_from],
        rulebook=[{**r, "url": rulebook_url(r["id"], r.get("kind"), r.get("page"))}
                  for r in entry.rulebook],
        subentries=[entry_dict(s) for s in entry.subentries],
    )
    return data
