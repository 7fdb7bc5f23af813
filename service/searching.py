"""Search for the service: ``codex.search.Searcher`` behind the service's response shape.

The API schema and the templates depend on this one normalised dict, not on the library's
result classes, so the library can evolve without breaking the service's contract.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from codex.search import Searcher


class IndexSearch:
    """The search index of a build, opened once and shared by every request thread.

    ``Searcher`` is thread-safe and caches repeated queries itself.
    """

    name = "index"

    def __init__(self, searcher: Searcher) -> None:
        self._searcher = searcher

    @classmethod
    def open(cls, index_dir: Path, warm: bool = False,
             catalog: Path | None = None) -> "IndexSearch":
        """Open the index in ``index_dir`` (and the card catalog ``catalog``, if any); raise
        ``codex.search.IndexMissing`` if there is no index.

        ``warm`` reads every term's scores now (~0.2 s) instead of on the first searches that
        use them: a server does it before it takes requests, so no request pays for it and
        nothing competes with the first requests for the interpreter.
        """
        searcher = Searcher.open(index_dir, catalog=catalog)
        if warm:
            searcher.warm()
        return cls(searcher)

    def close(self) -> None:
        self._searcher.close()

    def search(self, q: str, source: str | None = None, kind: str | None = None,
               limit: int = 10, offset: int = 0, correct: bool = True,
               game: str | None = None) -> dict[str, Any]:
        """Search (every game, or ``game``); ``correct=False`` searches the words exactly as
        typed (no typo correction, no players' vocabulary), which the results offer
        whenever either changed the query.

        An import may have replaced the card catalog (card names are found in queries): the
        searcher reads the new one now, before answering, rather than in the background after
        (its own check), so no page drawn from the old catalog is stored in the response cache
        under the new catalog's key. When nothing changed this is two ``stat`` calls (~8 µs).
        """
        self._searcher.reopen_if_changed()
        result = self._searcher.search(q, source=source, kind=kind, limit=limit, offset=offset,
                                       correct=correct, game=game)
        return normalise(result.to_dict(), q, limit, offset, self.name)

    @property
    def games(self) -> list[str]:
        return self._searcher.games


def normalise(data: dict[str, Any], q: str, limit: int, offset: int,
              engine: str) -> dict[str, Any]:
    """Map ``SearchResult.to_dict()`` onto the service's stable response shape."""
    corrected = data.get("showing_results_for")
    return {"query": q, "corrected": corrected if corrected and corrected != q else None,
            "searched": data.get("searched", q), "rewritten": bool(data.get("rewritten")),
            "did_you_mean": data.get("did_you_mean"),
            "corrections": list(data.get("corrections") or []),
            "mappings": list(data.get("mappings") or []),
            "cards": list(data.get("cards") or []),
            "suggestions": [str(s) for s in data["suggestions"]], "total": data["total"],
            "limit": limit, "offset": offset, "engine": engine,
            "game": data.get("game"), "facets": data.get("facets") or {"game": {}},
            "definitions": list(data.get("definitions") or []),
            "best_by_game": {g: _hit(h) for g, h in (data.get("best_by_game") or {}).items()},
            "hits": [_hit(h) for h in data["hits"]]}


def _hit(h: dict[str, Any]) -> dict[str, Any]:
    parent = h.get("parent") or {}
    return {"id": h["id"], "game": h.get("game") or "sorcery", "title": h["title"],
            "parent": parent.get("id"),
            "parent_title": parent.get("title"), "codex_id": h.get("codex_id"),
            "source": h["source"], "kind": h.get("kind"), "page": h.get("page"),
            "anchor": h.get("anchor") or h["id"], "score": float(h["score"]),
            "snippet": h["snippet"]["text"], "snippet_html": h["snippet"]["html"],
            "explain": list(h.get("explain") or [])}
