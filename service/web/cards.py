"""Card pages: ``/cards`` searches the imported catalog with the card query language (paged,
sorted, did-you-mean), ``/cards/syntax`` explains the language, ``/cards/<name>`` shows one
card (every imported card has one, whether or not the rules name it)."""
from __future__ import annotations

from itertools import groupby
from typing import Any, Iterable

from flask import render_template, request, url_for
from werkzeug.wrappers import Response

from codex.cards.browse import SORTS, search_page
from codex.cards.query import FIELDS
from codex.corpus.text import fold, slugify
from service.api.cards import mentions_of
from service.cardpage import card_page, catalog_vocabulary, mention_sentences, with_catalog
from service.resources import resources
from service.web import web

PER_PAGE = 30
MAX_CARD_QUERY = 200


def _int(value: str | None, default: int, lo: int, hi: int) -> int:
    try:
        return max(lo, min(int(value or default), hi))
    except ValueError:
        return default


@web.get("/cards")
def cards() -> str:
    """The catalog searched with the card query language; the Codex's cards without one."""
    q = (request.args.get("q") or "").strip()[:MAX_CARD_QUERY]
    sort = request.args.get("sort") if request.args.get("sort") in SORTS else "name"
    order = "desc" if request.args.get("order") == "desc" else "asc"
    page_no = _int(request.args.get("page"), 1, 1, 400)
    result = with_catalog(lambda cat: search_page(
        cat, q, sort, order, PER_PAGE, (page_no - 1) * PER_PAGE, catalog_vocabulary(cat)))
    mentioned = []
    if result is None:
        rows = resources().corpus.cards()
        mentioned = [(k, list(g)) for k, g in groupby(rows, key=lambda r: _initial(r["card"]))]
    pages = 0 if result is None else (result.total + PER_PAGE - 1) // PER_PAGE

    def link(**changes: Any) -> str:
        args = {"q": q or None, "sort": sort if sort != "name" else None,
                "order": order if order != "asc" else None, "page": None}
        args.update(changes)
        return url_for("web.cards", **{k: v for k, v in args.items() if v not in (None, "")})

    return render_template("cards.html", q=q, result=result, sort=sort, order=order,
                           page_no=page_no, pages=pages, link=link, sorts=list(SORTS),
                           groups=mentioned)


def _initial(title: str) -> str:
    ch = (title[:1] or "#").upper()
    return ch if ch.isalpha() else "#"


@web.get("/cards/syntax")
def card_syntax() -> str:
    fields: dict[str, list[str]] = {}
    for alias, canonical in FIELDS.items():
        fields.setdefault(canonical, []).append(alias)
    vocab = with_catalog(catalog_vocabulary) or {}
    return render_template("card_syntax.html", fields=fields, vocab=vocab)


@web.get("/cards/<name>")
def card(name: str) -> Response | str:
    """One card: its catalog data when imported, else the records naming it."""
    name = name[:200]
    imported = with_catalog(lambda cat: cat.get(name) or _by_slug(cat, name))
    if imported is not None:
        if imported["name"] != name:
            from flask import redirect

            return redirect(url_for("web.card", name=imported["name"]), code=301)
        return render_template("card.html", card=card_page(imported), name=imported["name"])
    found = mentions_of(name)
    if found is None:
        named = _mentioned_by_slug(name)
        if named is not None:
            from flask import redirect

            return redirect(url_for("web.card", name=named), code=301)
        names = with_catalog(lambda cat: cat.names()) or []
        from codex.cards.query import closest

        close = closest(name, names, 5, 70) if names else resources().corpus.suggest_card(name[:100])
        from service.web.pages import _not_found

        return _not_found(f"No card is called “{name}”.",
                          [{"title": c, "url": url_for("web.card", name=c)} for c in close])
    return render_template("card.html", card=None, name=found["card"],
                           mentions=mention_sentences(found["card"]),
                           no_catalog=resources().catalog is None)


def _named_by_slug(typed: str, names: Iterable[str]) -> str | None:
    """The name among ``names`` that, written as a URL slug, is ``typed``
    (``/cards/blood-ravens``, as every other page's address is written): a link typed or
    shared that way finds the card rather than a "did you mean"."""
    wanted = slugify(typed)
    if not wanted or wanted != typed.lower():
        return None
    return next((n for n in names if slugify(n) == wanted), None)


def _by_slug(catalog: Any, typed: str) -> dict[str, Any] | None:
    """The imported card named by ``typed`` as a slug."""
    name = _named_by_slug(typed, catalog.names())
    return catalog.get(name) if name else None


def _mentioned_by_slug(typed: str) -> str | None:
    """The card the Codex names whose name is ``typed`` as a slug (no catalog needed)."""
    return _named_by_slug(typed, (c["card"] for c in resources().corpus.cards()))


def is_card_query(q: str) -> bool:
    """Whether a query typed in the one search box is in card syntax (``t:minion kw:airborne``,
    ``cost<=3``): every field it uses is a card field and none is a rules filter."""
    import re

    fields = re.findall(r"(?:^|\s)-?([A-Za-z]+)(?:<=|>=|!=|:|<|>|=)", q)
    return bool(fields) and all(f.lower() in FIELDS for f in fields) and \
        not any(fold(f) in ("source", "kind", "mentions", "parent") for f in fields)
