"""Full-text search over the Codex and the rulebook."""
from __future__ import annotations

from typing import Any

from service.api import api
from service.api.schemas import SearchOut, SearchQuery
from service.resources import resources
from service.urls import card_url, hit_url


@api.get("/search")
@api.input(SearchQuery, location="query", arg_name="query")
@api.output(SearchOut)
@api.doc(summary="Search the rules of every game (or of one), with snippets, corrections, "
                 "suggestions, a game facet, each game's definition of a shared term and, "
                 "searching every game, each game's first record")
def search(query: dict[str, Any]) -> dict[str, Any]:
    return run_search(query["q"], query["source"], query["kind"], query["limit"], query["offset"],
                      query["correct"], query["game"])


def run_search(q: str, source: str | None = None, kind: str | None = None, limit: int = 10,
               offset: int = 0, correct: bool = True, game: str | None = None
               ) -> dict[str, Any]:
    """Search and attach page URLs (shared with the web pages)."""
    result = resources().search.search(q.strip(), source=source, kind=kind, limit=limit,
                                       offset=offset, correct=correct, game=game)
    return {**result, "hits": [{**h, "url": hit_url(h)} for h in result["hits"]],
            "definitions": [{**d, "url": hit_url(d)} for d in result["definitions"]],
            "best_by_game": {g: {**h, "url": hit_url(h)}
                             for g, h in result["best_by_game"].items()},
            "cards": [{**c, "url": card_url(c["name"]),
                       "entries": [{**e, "url": hit_url(e)} for e in c["entries"]]}
                      for c in result["cards"]]}
