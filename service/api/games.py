"""The rule systems: the list of games, and any record of any game by its id.

Sorcery keeps its own resources (``/entries``, ``/rulebook``); every game, Sorcery too, is in
``/games`` with its sources, checksums and counts, and every citable record of every game
is listed by ``/records`` (``game``, ``kind``) and read by ``/games/{game}/records/{id}``.
"""
from __future__ import annotations

from typing import Any

from flask import url_for

from service.api import api
from service.api.errors import not_found
from service.api.schemas import (GameDetail, GameList, GameRecordOut, Problem, RecordList,
                                 RecordQuery)
from service.resources import resources
from service.urls import game_record_api_url, game_record_url, record_url

_404 = {404: {"description": "Not found", "content": {
    "application/problem+json": {"schema": Problem}}}}


def game_dict(game: dict[str, Any]) -> dict[str, Any]:
    return {**game, "url": game_home_url(game["game"]),
            "api_url": url_for("api.get_game", game=game["game"])}


def game_home_url(game: str) -> str:
    return url_for("web.game_home", game=game)


@api.get("/games")
@api.output(GameList)
@api.doc(summary="Every rule system: its sources with checksums, and its records' counts")
def list_games() -> dict[str, Any]:
    return {"items": [game_dict(g) for g in resources().corpus.games()]}


@api.get("/games/<game>")
@api.output(GameDetail)
@api.doc(summary="One game: sources, checksums, counts, and what the ingest noted",
         responses=_404)
def get_game(game: str) -> dict[str, Any]:
    found = resources().corpus.game(game.lower()[:40])
    if found is None:
        not_found(f"There is no game {game!r}.", resources().corpus.game_names())
    return game_dict(found)


@api.get("/games/<game>/records/<path:record_id>")
@api.output(GameRecordOut)
@api.doc(summary="A section, glossary entry or ruling of a game other than Sorcery, by id "
                 "(keyword:magnetized, advanced-interactions%233, aspects/example-aspects) "
                 "or by any of its names", responses=_404)
def get_game_record(game: str, record_id: str) -> dict[str, Any]:
    record = game_record(game.lower()[:40], record_id[:200])
    if record is None:
        not_found(f"{game!r} has no record {record_id!r}.")
    return record


def game_record(game: str, name: str) -> dict[str, Any] | None:
    """A record of a game (not Sorcery: its records are the Codex's and the rulebook's) by id
    or any name, with URLs (shared with the web pages)."""
    corpus = resources().corpus
    if game == "sorcery" or game not in corpus.game_names():
        return None
    record_id = corpus.resolve_in(game, name)
    if record_id is None:
        return None
    record = corpus.game_entry(game, record_id) or corpus.game_section(game, record_id)
    if record is None:
        return None
    kind = record.get("kind") or "section"
    out = {**record, "kind": kind, "text": record.get("text") or "",
           "url": game_record_url(game, record["id"], kind),
           "api_url": game_record_api_url(game, record["id"])}
    for field in ("links", "linked_from"):
        out[field] = [{**link, "url": game_record_url(game, link.get("target_id") or link["id"],
                                                      link.get("target_kind") or link.get("kind"))}
                      for link in record.get(field, [])]
    for field in ("entries", "children"):
        if field in record:
            out[field] = [{**e, "url": game_record_url(game, e["id"], e.get("kind") or "section")}
                          for e in record[field]]
    return out


@api.get("/records")
@api.input(RecordQuery, location="query", arg_name="query")
@api.output(RecordList)
@api.doc(summary="Every citable record of every game (or of one), in corpus order, paged: "
                 "the (source, id) pairs citations use")
def list_records(query: dict[str, Any]) -> dict[str, Any]:
    corpus = resources().corpus
    where, params = [], []
    if query["game"]:
        where.append("game = ?")
        params.append(query["game"])
    if query["kind"]:
        where.append("kind = ?")
        params.append(query["kind"])
    clause = (" where " + " and ".join(where)) if where else ""
    total = corpus.query(f"select count(*) n from records{clause}", tuple(params))[0]["n"]
    rows = corpus.query(f"select source, id, game, kind, title, parent_id, page from records"
                        f"{clause} limit ? offset ?", (*params, query["limit"], query["offset"]))
    items = [{**r, "url": record_url(r["source"], r["id"], r["kind"], r["page"])} for r in rows]
    return {"items": items, "total": total, "limit": query["limit"], "offset": query["offset"]}
