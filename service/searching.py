"""Search behind one small interface: ``codex.search`` when it is built, a fallback otherwise.

The service must answer search even on a build without an index (or before ``codex.search``
exists), so a plain substring matcher over the corpus stands in. Both backends return the same
normalised dict, so the API schema and the templates never depend on which one answered.
"""
from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from typing import Any, Protocol

from codex.corpus import Corpus
from codex.corpus.text import fold
from codex.paths import BuildPaths

SOURCES = ("codex", "rulebook")


class SearchBackend(Protocol):
    name: str

    def search(self, q: str, source: str | None = None, kind: str | None = None,
               limit: int = 10, offset: int = 0) -> dict[str, Any]: ...


def open_search(build: BuildPaths, corpus: Corpus) -> SearchBackend:
    """The real searcher when ``codex.search`` imports and its index opens, else the fallback."""
    try:
        from codex.search import Searcher  # type: ignore[import-not-found]
    except ImportError:
        return FallbackSearch(corpus)
    try:
        return IndexSearch(Searcher.open(build.index))
    except Exception:  # noqa: BLE001 - a missing/old index must not stop the service
        return FallbackSearch(corpus)


class IndexSearch:
    """Adapter over ``codex.search.Searcher``: memoised and normalised."""

    name = "index"

    def __init__(self, searcher: Any) -> None:
        self._searcher = searcher
        self._cached = lru_cache(maxsize=4096)(self._search)

    def search(self, q: str, source: str | None = None, kind: str | None = None,
               limit: int = 10, offset: int = 0) -> dict[str, Any]:
        return self._cached(q, source, kind, limit, offset)

    def _search(self, q: str, source: str | None, kind: str | None, limit: int,
                offset: int) -> dict[str, Any]:
        result = self._searcher.search(q, source=source, kind=kind, limit=limit, offset=offset)
        data = result.to_dict() if hasattr(result, "to_dict") else dict(result)
        return normalise(data, q, limit, offset, self.name)


def normalise(data: dict[str, Any], q: str, limit: int, offset: int,
              engine: str) -> dict[str, Any]:
    """Map a search result dict onto the service's stable response shape."""
    hits = [_hit(h) for h in data.get("hits") or data.get("results") or []]
    corrected = (data.get("corrected") or data.get("corrected_query")
                 or data.get("showing_results_for") or None)
    if isinstance(corrected, dict):
        corrected = corrected.get("query") or corrected.get("text")
    total = data.get("total", data.get("count", len(hits)))
    return {"query": q, "corrected": corrected if corrected and corrected != q else None,
            "suggestions": [str(s) for s in data.get("suggestions") or []],
            "total": int(total) if isinstance(total, (int, float)) else len(hits),
            "limit": limit, "offset": offset, "engine": engine, "hits": hits}


def _hit(h: dict[str, Any]) -> dict[str, Any]:
    snippet = h.get("snippet") or ""
    if isinstance(snippet, dict):  # {"text": ..., "html": ...}
        snippet_html = snippet.get("html") or escape(snippet.get("text") or "")
        snippet = snippet.get("text") or ""
    else:
        snippet_html = (h.get("snippet_html") or h.get("html") or h.get("highlight")
                        or escape(str(snippet)))
    record_id = h.get("id") or h.get("record_id") or h.get("anchor") or ""
    parent = h.get("parent") or h.get("parent_id")
    parent_title = h.get("parent_title")
    if isinstance(parent, dict):  # codex.search: {"id": ..., "title": ...}
        parent_title = parent_title or parent.get("title")
        parent = parent.get("id")
    page = h.get("page")
    return {"id": str(record_id), "title": str(h.get("title") or record_id),
            "parent": parent, "parent_title": parent_title, "codex_id": h.get("codex_id"),
            "source": str(h.get("source") or "codex"), "kind": h.get("kind"),
            "page": page if isinstance(page, int) else None,
            "anchor": h.get("anchor") or record_id, "score": float(h.get("score") or 0.0),
            "snippet": str(snippet), "snippet_html": str(snippet_html)}


_WORD = re.compile(r"[\w']+")


class FallbackSearch:
    """Token match over titles and text of every record: small, predictable, index-free."""

    name = "fallback"

    def __init__(self, corpus: Corpus) -> None:
        self._corpus = corpus
        titles = {r["id"]: r["title"] for r in corpus.query("select id, title from codex_entries")}
        self._records = []
        for rec in corpus.records():
            parent = rec.get("parent_id")
            self._records.append({**rec, "parent_title": titles.get(parent) if parent else None,
                                  "_title": fold(rec["title"] or ""),
                                  "_text": fold(rec["text"] or "")})
        self._cached = lru_cache(maxsize=4096)(self._search)

    def search(self, q: str, source: str | None = None, kind: str | None = None,
               limit: int = 10, offset: int = 0) -> dict[str, Any]:
        return self._cached(q, source, kind, limit, offset)

    def _search(self, q: str, source: str | None, kind: str | None, limit: int,
                offset: int) -> dict[str, Any]:
        terms = [t for t in _WORD.findall(fold(q)) if t]
        scored: list[tuple[float, dict[str, Any]]] = []
        if terms:
            for rec in self._records:
                if (source and rec["source"] != source) or (kind and rec["kind"] != kind):
                    continue
                score = 0.0
                for term in terms:
                    in_title, in_text = term in rec["_title"], rec["_text"].count(term)
                    if not in_title and not in_text:
                        score = 0.0
                        break
                    score += 5.0 * in_title + min(in_text, 5)
                if score:
                    if rec["_title"] == " ".join(terms):
                        score += 20
                    scored.append((score, rec))
        scored.sort(key=lambda pair: (-pair[0], pair[1]["source"] != "codex", pair[1]["id"]))
        hits = [self._hit(score, rec, terms) for score, rec in scored[offset:offset + limit]]
        suggestions = [] if scored else self._corpus.suggest(q, limit=5)
        return {"query": q, "corrected": None, "suggestions": suggestions, "total": len(scored),
                "limit": limit, "offset": offset, "engine": self.name, "hits": hits}

    @staticmethod
    def _hit(score: float, rec: dict[str, Any], terms: list[str]) -> dict[str, Any]:
        text, snippet_html = _snippet(rec["text"] or "", terms)
        return {"id": rec["id"], "title": rec["title"], "parent": rec.get("parent_id"),
                "parent_title": rec.get("parent_title"), "codex_id": rec.get("codex_id"),
                "source": rec["source"],
                "kind": rec["kind"], "page": rec.get("page"), "anchor": rec["id"],
                "score": score, "snippet": text, "snippet_html": snippet_html}


def _snippet(text: str, terms: list[str], width: int = 160) -> tuple[str, str]:
    """A window of ``text`` around the first term, plain and with escaped ``<mark>`` markup."""
    low = text.lower()
    positions = [low.find(t) for t in terms if low.find(t) >= 0]
    start = max(0, min(positions) - width // 3) if positions else 0
    window = text[start:start + width]
    plain = ("…" if start else "") + window + ("…" if start + width < len(text) else "")
    if not terms:
        return plain, escape(plain)
    pattern = re.compile("|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True)),
                         re.IGNORECASE)
    parts, last = [], 0
    for m in pattern.finditer(plain):
        parts.append(escape(plain[last:m.start()]))
        parts.append(f"<mark>{escape(m.group(0))}</mark>")
        last = m.end()
    parts.append(escape(plain[last:]))
    return plain, "".join(parts)
