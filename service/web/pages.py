"""The pages: home/search, entries, card mentions, rulebook browser, keyword index."""
from __future__ import annotations

from itertools import groupby
from typing import Any

from flask import redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from codex.corpus.text import fold
from service.api.cards import mentions_of
from service.api.rulebook import page_of, rulebook_record
from service.api.schemas import GAMES, MAX_QUERY, SOURCES
from service.api.search import run_search
from service.resources import resources
from service.urls import entry_url, split_id
from service.web import web


def _initial(title: str) -> str:
    ch = (title[:1] or "#").upper()
    return ch if ch.isalpha() else "#"


def _not_found(detail: str, suggestions: list[dict[str, str]] | None = None) -> Response:
    html = render_template("error.html", status=404, title="Not found", detail=detail,
                           suggestions=suggestions or [])
    return Response(html, status=404, mimetype="text/html",
                    headers={"Cache-Control": "no-store"})


PER_PAGE = 20
MAX_PAGE = 50          # the search API's offset limit (1,000) over 20 a page


@web.get("/")
@web.get("/search")
def home() -> Response | str:
    """Search box; with ``?q=`` the results render server-side (works without JS).

    A query in card syntax (``t:minion kw:airborne``) is card search: it goes to ``/cards``.
    ``?page=`` pages through every hit. ``?fragment=1`` returns only the results list, which
    the search-as-you-type script swaps in, so there is a single rendering of results.
    """
    from service.web.cards import is_card_query

    q = (request.args.get("q") or "").strip()[:MAX_QUERY]
    if q and is_card_query(q) and not request.args.get("fragment"):
        return redirect(url_for("web.cards", q=q))
    source = request.args.get("source") if request.args.get("source") in SOURCES else None
    game = request.args.get("game") if request.args.get("game") in GAMES else None
    correct = request.args.get("correct", "1") not in ("0", "false")
    try:
        page_no = max(1, min(int(request.args.get("page") or 1), MAX_PAGE))
    except ValueError:
        page_no = 1
    result = None
    if q and is_card_query(q):
        result = {"card_query": True, "hits": [], "cards": [], "total": 0}
    elif q:
        result = run_search(q, source=source, limit=PER_PAGE, offset=(page_no - 1) * PER_PAGE,
                            correct=correct, game=game)
        result["cards"] = [_with_card_facts(c) for c in result["cards"]]
        result["pages"] = min(MAX_PAGE, (result["total"] + PER_PAGE - 1) // PER_PAGE)
        result["page"] = page_no
        result["also_first"] = _also_first(result)
    if request.args.get("fragment"):
        return render_template("_results.html", q=q, result=result, source=source,
                               correct=correct, search_game=game)
    return render_template("home.html", q=q, source=source, result=result, correct=correct,
                           search_box=True, autofocus=not q, search_game=game)


def _also_first(result: dict[str, Any], near: int = 3) -> list[tuple[str, dict[str, Any]]]:
    """Every game searched: the games whose first record is not already among the first
    ``near`` hits, each with that record, so a player of a game the merged list does not
    lead sees its answer on the first screen (first page only)."""
    if result.get("game") or result.get("page", 1) > 1 or len(result["best_by_game"]) < 2:
        return []
    shown = {(h["game"], h["id"]) for h in result["hits"][:near]}
    return [(g, h) for g, h in result["best_by_game"].items() if (g, h["id"]) not in shown]


def _with_card_facts(named: dict[str, Any]) -> dict[str, Any]:
    """A card named in a query, with its type line, cost and text when the catalog has it."""
    from codex.cards.browse import card_facts
    from service.cardpage import with_catalog

    row = with_catalog(lambda cat: cat.get(named["name"]))
    return {**named, "facts": card_facts(row) if row else None}


@web.get("/search/help")
def search_help() -> str:
    return render_template("search_help.html")


@web.get("/entries")
def entries() -> str:
    rows = resources().corpus.query(
        "select id, title from codex_entries where kind = 'entry' order by title collate nocase")
    groups = [(k, list(g)) for k, g in groupby(rows, key=lambda r: _initial(r["title"]))]
    return render_template("entries.html", groups=groups)


@web.get("/entries/<name>")
def entry(name: str) -> Response | str:
    """An entry page; aliases and sub-entry ids redirect to the canonical URL (with #anchor)."""
    res = resources()
    found = res.entry(name)
    if found is None:
        suggestions = [{"title": t, "url": url_for("web.entry", name=t)}
                       for t in res.corpus.suggest(name[:100])]
        return _not_found(f"No Codex entry is called “{name}”.", suggestions)
    if found.id != name or found.kind != "entry":  # alias, other case, or a sub-entry id
        return redirect(entry_url(found.id), code=301)
    sections = [s for s in res.corpus.sections() if fold(s["title"]) == fold(found.title)]
    rulebook = [rulebook_record(r) for r in found.rulebook]
    see_also = _see_also(found)
    cards = list(dict.fromkeys(c for rec in [found, *found.subentries] for c in rec.mentions))
    return render_template("entry.html", entry=found, sections=sections, rulebook=rulebook,
                           see_also=see_also, cards=cards)


def _see_also(entry: Any) -> list[dict[str, str]]:
    """Entries this one links to or is linked from (its sub-entries' links included)."""
    seen: dict[str, str] = {}
    for rec in [entry, *entry.subentries]:
        for link in rec.links:
            if link.get("target_id") and split_id(link["target_id"])[0] != entry.id:
                seen.setdefault(link["target_id"], link.get("target_title") or link["target_text"])
        for back in rec.linked_from:
            if split_id(back["id"])[0] != entry.id:
                seen.setdefault(back["id"], back["title"])
    return [{"id": k, "title": v} for k, v in seen.items()]


@web.get("/rulebook")
def rulebook() -> str:
    return render_template("rulebook.html", sections=resources().corpus.sections(),
                           pages=_book_pages())


@web.get("/rulebook/sections/<section_id>")
def section(section_id: str) -> Response | str:
    found = resources().corpus.section(section_id[:200])
    if found is None:
        return _not_found(f"The rulebook has no section “{section_id}”.")
    return render_template("section.html", section=found)


@web.get("/rulebook/pages/<int:page>")
def page(page: int) -> Response | str:
    found = page_of(page)
    if found is None:
        return _not_found(f"The rulebook has nothing on page {page}.")
    sections = [resources().corpus.section(s["id"]) for s in found["sections"]]
    pages = _book_pages()
    prev = max((p for p in pages if p < page), default=None)
    nxt = min((p for p in pages if p > page), default=None)
    return render_template("page.html", page=page, sections=sections, records=found["records"],
                           prev=prev, next=nxt)


def _book_pages() -> list[int]:
    """Pages that have a section or a glossary/quick-reference record."""
    corpus = resources().corpus
    return sorted({r["page"] for r in corpus.records("rulebook") if r["page"] is not None})


@web.get("/keywords")
def keywords() -> str:
    """Keyword abilities A–Z, one line each (the glossary and quick reference often repeat)."""
    items: dict[str, dict[str, Any]] = {}
    for rec in resources().corpus.keywords():
        items.setdefault(fold(rec["title"]), rulebook_record(rec))
    rows = sorted(items.values(), key=lambda r: fold(r["title"]))
    groups = [(k, list(g)) for k, g in groupby(rows, key=lambda r: _initial(r["title"]))]
    return render_template("keywords.html", groups=groups)


@web.get("/conflicts")
def conflicts() -> str:
    return render_template("conflicts.html", conflicts=resources().corpus.conflicts())
