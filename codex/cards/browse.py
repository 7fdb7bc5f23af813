"""Browsing the imported catalog: a page of cards for a query (sorted, paged, with did-you-mean)
and a card's facts as a judge reads them (type line, cost, threshold, power, sets).

The web pages, the API and the CLI share these, so a query means the same everywhere. The
catalog is read through its public SQLite API (``CardCatalog.db``); every value of a query is a
bound parameter (``codex.cards.query``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from codex.cards.catalog import ELEMENTS, CardCatalog
from codex.cards.query import VOCABULARY_FIELDS, QueryError, compile_query, suggest_values

#: Sort keys: name → SQL order (nulls last for numbers, rarities in their printed order).
RARITY_ORDER = ("Ordinary", "Exceptional", "Elite", "Unique")
SORTS: dict[str, str] = {
    "name": "name collate nocase",
    "cost": "cost is null, cost",
    "power": "attack is null, attack",
    "type": "type collate nocase",
    "rarity": "case rarity " + " ".join(f"when '{r}' then {i}" for i, r in enumerate(RARITY_ORDER))
              + " else 9 end",
}
MAX_LIMIT = 100
MAX_OFFSET = 10_000


@dataclass
class CardPage:
    """One page of a card search: ``cards`` (rows), ``total``, and what went wrong, if anything:
    ``error`` (a query that cannot be read, with ``column``), ``suggestions`` (did-you-mean on a
    value, each a whole corrected query)."""

    query: str
    cards: list[dict[str, Any]]
    total: int
    limit: int
    offset: int
    sort: str
    order: str
    error: str | None = None
    column: int | None = None
    suggestions: list[dict[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"query": self.query, "total": self.total, "limit": self.limit,
                "offset": self.offset, "sort": self.sort, "order": self.order,
                "error": self.error, "column": self.column, "suggestions": self.suggestions,
                "cards": self.cards}


def vocabulary(catalog: CardCatalog) -> dict[str, list[str]]:
    """The known values of each closed field (types, rarities, elements, keywords, sets,
    subtypes), read from the catalog itself, so newer sets bring their own words."""
    columns = {"type": "type", "rarity": "rarity", "element": "elements", "keyword": "keywords",
               "set": "sets", "subtype": "subtypes"}
    out: dict[str, list[str]] = {}
    for fld in VOCABULARY_FIELDS:
        values: set[str] = set()
        for row in catalog.db.query(f"select distinct {columns[fld]} as v from cards"):
            for part in str(row["v"] or "").split(","):
                if part.strip():
                    values.add(part.strip())
        out[fld] = sorted(values, key=str.casefold)
    return out


def search_page(catalog: CardCatalog, query: str, sort: str = "name", order: str = "asc",
                limit: int = 30, offset: int = 0,
                vocab: dict[str, list[str]] | None = None) -> CardPage:
    """Cards matching ``query`` (the card query language; empty = every card), one page.

    A query that cannot be read is not an exception here: the page says what and where
    (``error``, ``column``). When a value is unknown (``t:minon``) the closest known value is
    offered as a whole corrected query, whether or not anything matched.
    """
    sort = sort if sort in SORTS else "name"
    order = "desc" if order == "desc" else "asc"
    limit = max(1, min(int(limit), MAX_LIMIT))
    offset = max(0, min(int(offset), MAX_OFFSET))
    page = CardPage(query, [], 0, limit, offset, sort, order)
    try:
        where, params = compile_query(query)
    except QueryError as exc:
        page.error, page.column = str(exc), exc.column
        return page
    page.suggestions = suggest_values(query, vocab if vocab is not None else vocabulary(catalog))
    direction = " desc" if order == "desc" else ""
    order_sql = ", ".join(part.strip() + (direction if not part.strip().endswith("is null")
                                          else "") for part in SORTS[sort].split(","))
    page.total = next(iter(catalog.db.query(f"select count(*) as n from cards where {where}",
                                            params)))["n"]
    page.cards = [card_facts(dict(r)) for r in catalog.db.query(
        f"select * from cards where {where} order by {order_sql}, name collate nocase "
        f"limit ? offset ?", [*params, limit, offset])]
    return page


_X_COST = re.compile(r"\(X\)|\bX\b")


def cost_text(card: dict[str, Any]) -> str | None:
    """The printed cost: a number, ``X`` for a spell whose cost is X (the catalog stores no
    number then, e.g. Twist of Fate), or None where a card has no cost (sites, Avatars)."""
    if card.get("cost") is not None:
        return str(card["cost"])
    kind = str(card.get("type") or "").casefold()
    if kind in ("site", "avatar", ""):
        return None
    return "X" if _X_COST.search(card.get("rules_text") or "") else None


def type_line(card: dict[str, Any]) -> str:
    """The printed type line when the catalog has one ("An Ordinary Troll of …"), else rarity,
    type and subtypes."""
    for printing in card.get("printings") or []:
        if printing.get("type_text"):
            return str(printing["type_text"])
    parts = [card.get("rarity") or "", card.get("type") or ""]
    line = " ".join(p for p in parts if p)
    subtypes = ", ".join(s for s in str(card.get("subtypes") or "").split(",") if s)
    return f"{line} — {subtypes}" if subtypes else line


def card_facts(card: dict[str, Any]) -> dict[str, Any]:
    """A card's data as one flat dict for pages and the API: every catalog column plus
    ``cost_text``, ``threshold`` ([{element, count}]), ``elements``/``sets``/``subtypes``/
    ``keywords`` as lists, ``power`` ("3" or "3/5") and ``type_line``."""
    out = {k: v for k, v in card.items() if k != "printings" and not k.startswith("th_")}
    out["cost_text"] = cost_text(card)
    out["threshold"] = [{"element": el, "count": int(card.get(f"th_{el}") or 0)}
                        for el in ELEMENTS if card.get(f"th_{el}")]
    for key in ("elements", "sets", "subtypes", "keywords"):
        out[key] = [p for p in str(card.get(key) or "").split(",") if p]
    attack, defence = card.get("attack"), card.get("defence")
    out["power"] = None if attack is None else (
        str(attack) if defence in (None, attack) else f"{attack}/{defence}")
    out["type_line"] = type_line(card)
    if "printings" in card:
        out["printings"] = [{"set": p.get("set_name"), "released": (p.get("released_at") or "")[:10],
                             "type_text": p.get("type_text")} for p in card["printings"]]
    return out
