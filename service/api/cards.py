"""Cards mentioned in the Codex, and the records that mention each."""
from __future__ import annotations

from typing import Any

from codex.cards.catalog import card_summary
from service.api import api
from service.api.errors import not_found
from service.api.schemas import CardList, GameQuery, MentionsOut, Problem
from service.resources import resources
from service.urls import card_api_url, card_url, entry_api_url, entry_url


@api.get("/cards")
@api.input(GameQuery, location="query", arg_name="query")
@api.output(CardList)
@api.doc(summary="Every card the Codex mentions, with how many records mention it (cards are "
                 "Sorcery's: another game lists none)")
def list_cards(query: dict[str, Any]) -> dict[str, Any]:
    if query["game"] != "sorcery":
        return {"items": []}
    return {"items": [{"card": c["card"], "records": c["records"], "url": card_url(c["card"]),
                       "api_url": card_api_url(c["card"])} for c in resources().corpus.cards()]}


@api.get("/mentions/<card>")
@api.output(MentionsOut)
@api.doc(summary="Records that mention a card (case- and spacing-insensitive)",
         responses={404: {"description": "No record mentions the card", "content": {
             "application/problem+json": {"schema": Problem}}}})
def get_mentions(card: str) -> dict[str, Any]:
    found = mentions_of(card)
    if found is None:
        not_found(f"No Codex record mentions the card {card!r}.",
                  resources().corpus.suggest_card(card[:100]))
    return found


def mentions_of(card: str) -> dict[str, Any] | None:
    """The card's canonical name and the records mentioning it, or None (shared with web)."""
    corpus = resources().corpus
    if len(card) > 200:
        return None
    records = corpus.mentions(card)
    if not records:
        return None
    from codex.corpus.text import fold
    key = fold(card)
    name = next((c["card"] for c in corpus.cards() if c["card_key"] == key), card)
    return {"card": name, "imported": _imported(name),
            "records": [{**r, "game": "sorcery", "url": entry_url(r["id"]),
                         "api_url": entry_api_url(r["id"])} for r in records]}


def _imported(name: str) -> dict[str, Any] | None:
    """The card's catalog data, when a catalog is imported and has it."""
    card = resources().imported_card(name)
    return card_summary(card) if card else None
