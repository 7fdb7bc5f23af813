"""Pages of every game: a home per game (sections, glossary A–Z), section and entry pages.

Sorcery's own pages (``/entries``, ``/rulebook``, ``/keywords``) stay where they are; its
home here (``/sorcery``) lists its rulebook and glossary beside the others'. A record of
another game lives at ``/<game>/…``: ``/contracts/keywords/magnetized``,
``/archmajesty/sections/a-m#keyword:knell-x`` (an entry on its section's page),
``/contracts/sections/advanced-interactions#3`` (a ruling). ``current_game`` tells every
page which game the switcher marks.
"""
from __future__ import annotations

from itertools import groupby
from typing import Any

from flask import redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from codex.corpus.text import fold
from service.api.games import game_record
from service.api.schemas import GAMES, MAX_QUERY
from service.api.search import run_search
from service.resources import resources
from service.urls import ENTRY_PATHS, game_record_url, record_url
from service.web import web

GAME_ROUTE = "any(" + ", ".join(GAMES) + ")"
ENTRY_KINDS = {path: kind for kind, path in ENTRY_PATHS.items()}
# Sorcery's pages: the switcher marks Sorcery on them
SORCERY_ENDPOINTS = {"web.entries", "web.entry", "web.cards", "web.card", "web.rulebook",
                     "web.section", "web.page", "web.keywords", "web.conflicts"}


@web.app_context_processor
def _games() -> dict[str, Any]:
    """The game switcher: every game, and the one the page belongs to (None: all games)."""
    args = request.view_args or {}
    current = args.get("game")
    if current is None and request.endpoint in SORCERY_ENDPOINTS:
        current = "sorcery"
    if current is None and request.args.get("game") in GAMES:
        current = request.args.get("game")
    try:
        labels = {g["game"]: g["label"] for g in resources().corpus.query(
            "select game, label from games order by position")}
    except Exception:                       # a corpus built before the games: Sorcery only
        labels = {"sorcery": "Sorcery: Contested Realm"}
    return {"game_labels": labels, "current_game": current}


def _not_found(detail: str, game: str | None = None, name: str = "") -> Response:
    """A 404 page; with a game and a name, "did you mean" its records of a close name."""
    suggestions = []
    if game and name:
        from rapidfuzz import process

        records = {r["title"]: r for r in resources().corpus.query(
            "select source, id, kind, title, page from records where source = ?", (game,))}
        suggestions = [{"title": t, "url": record_url(game, records[t]["id"],
                                                      records[t]["kind"])}
                       for t, _s, _i in process.extract(name, list(records), limit=5,
                                                        score_cutoff=60)]
    html = render_template("error.html", status=404, title="Not found", detail=detail,
                           suggestions=suggestions)
    return Response(html, status=404, mimetype="text/html",
                    headers={"Cache-Control": "no-store"})


def _initial(title: str) -> str:
    ch = (fold(title).lstrip("“\"'[(")[:1] or "#").upper()
    return ch if ch.isalpha() else "#"


@web.get(f"/<{GAME_ROUTE}:game>")
def game_home(game: str) -> str:
    """A game's home: search in it, its sections in book order, its glossary A–Z."""
    corpus = resources().corpus
    info = corpus.game(game)
    if info is None:
        return _not_found(f"This corpus has no {game} rules; run `arbiter ingest`.")
    q = (request.args.get("q") or "").strip()[:MAX_QUERY]
    result = run_search(q, limit=20, game=game) if q else None
    sections = [{**s, "url": record_url(_source(game), s["id"], "section", s.get("page"))}
                for s in corpus.game_sections(game)]
    entries = [{**e, "url": _entry_url(game, e)} for e in corpus.glossary_az(game)]
    groups = [(k, list(g)) for k, g in groupby(entries, key=lambda e: _initial(e["title"]))]
    rulings = [{**r, "url": game_record_url(game, r["id"], "ruling")}
               for r in corpus.game_entries(game, "ruling")] if game != "sorcery" else []
    images = [i for i in corpus.game_images(game) if not i["section_id"]]
    return render_template("game_home.html", game=game, info=info, sections=sections,
                           groups=groups, rulings=rulings, q=q, result=result, images=images)


@web.get(f"/<{GAME_ROUTE}:game>/sections/<path:section_id>")
def game_section(game: str, section_id: str) -> Response | str:
    """A section with its paragraphs, its glossary entries and rulings at their anchors,
    its sub-sections, and the texts describing its pictures (marked as such)."""
    if game == "sorcery":
        return redirect(url_for("web.section", section_id=section_id), code=301)
    record = game_record(game, section_id[:200])
    if record is None:
        return _not_found(f"The {game} rulebook has no section “{section_id}”.", game,
                          section_id[:100])
    if record["kind"] != "section":                   # a name of an entry: its own page
        return redirect(record["url"], code=301)
    if record["id"] != section_id:                    # another name of the section
        return redirect(record["url"], code=301)
    entries = {e["id"]: e for e in record.get("entries", [])}
    blocks = _blocks(record["paragraphs"], entries)
    return render_template("game_section.html", game=game, label=_label(game), section=record,
                           blocks=blocks, also=_also(game, record["title"]))


@web.get(f"/<{GAME_ROUTE}:game>/<any(keywords, terms, status):kind>/<slug>")
def game_entry(game: str, kind: str, slug: str) -> Response | str:
    """A glossary entry (keyword, term, status effect) on a page of its own."""
    if game == "sorcery":
        return redirect(url_for("web.keywords"), code=301)
    record_id = f"{ENTRY_KINDS[kind]}:{slug}"
    record = game_record(game, record_id[:200]) or game_record(game, slug[:200])
    if record is None:
        return _not_found(f"The {game} rulebook defines no "
                          f"{kind[:-1] if kind != 'status' else kind} “{slug}”.", game, slug[:100])
    if record["id"] != record_id:                     # found by another name: canonical URL
        return redirect(record["url"], code=301)
    return render_template("game_entry.html", game=game, label=_label(game), entry=record,
                           section_url=game_record_url(game, record["parent_id"], "section",)
                           if record.get("parent_id") else None,
                           also=_also(game, record["title"]))


def _blocks(paragraphs: list[dict[str, Any]], entries: dict[str, dict[str, Any]]
            ) -> list[dict[str, Any]]:
    """Paragraphs grouped for display: runs of list items as one list, each entry's name as
    its heading (with its anchor), each ruling with its number as anchor."""
    out: list[dict[str, Any]] = []
    for p in paragraphs:
        entry = entries.get(p.get("entry_id") or "")
        if p["kind"] == "name" and entry is not None:
            out.append({"kind": "entry", "entry": entry, "text": p["text"]})
        elif entry is not None and entry["kind"] == "ruling":
            out.append({"kind": "ruling", "entry": entry, "number": entry["id"].rsplit("#", 1)[1],
                        "text": p["text"]})
        elif p["kind"] == "item":
            if out and out[-1]["kind"] == "list":
                out[-1]["items"].append(p["text"])
            else:
                out.append({"kind": "list", "items": [p["text"]]})
        elif entry is not None and entry.get("form") == "definition":
            # "Name: definition" paragraphs, one per entry defined on the line (an export
            # can run two definitions into one line: Impetus … Recycling …)
            for e in entries.values():
                if e.get("line") == p.get("line") and e.get("form") == "definition":
                    out.append({"kind": "para", "text": e["text"], "anchor": e["id"],
                                "entry": e})
        else:
            out.append({"kind": "row" if p["kind"] in ("row", "table") else "para",
                        "text": p["text"], "anchor": None, "entry": None})
    return out


def _also(game: str, title: str) -> list[dict[str, Any]]:
    """The same name defined in the other games (each with its page)."""
    return [{**r, "url": record_url(r["source"], r["id"], r["kind"], r["page"]),
             "label": _label(r["game"])}
            for r in resources().corpus.find_everywhere(title) if r["game"] != game]


def _label(game: str) -> str:
    info = resources().corpus.game(game)
    return info["label"] if info else game


def _source(game: str) -> str:
    return "rulebook" if game == "sorcery" else game


def _entry_url(game: str, entry: dict[str, Any]) -> str:
    if game == "sorcery":
        return record_url("rulebook", entry["id"], entry["kind"], entry.get("page"))
    return game_record_url(game, entry["id"], entry["kind"])
