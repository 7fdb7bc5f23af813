"""Result types of a search, with the JSON shape the CLI and the service emit."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from codex.search.snippet import Snippet


@dataclass
class Hit:
    """One matching record: enough to show it and to link to it."""

    key: str                 # "<source>:<id>", unique over sources
    id: str
    source: str              # "codex" | "rulebook" (Sorcery's), else the game's name
    kind: str                # entry | subentry | section | term | keyword | quickref | status | ruling | image
    title: str
    parent_id: str | None
    parent_title: str | None
    page: int | None         # rulebook page (None for the Codex)
    anchor: str
    codex_id: str | None     # for rulebook glossary lines: the Codex entry they define
    score: float
    snippet: Snippet
    explain: list[str] = field(default_factory=list)   # "flier → Airborne", "mentions Bosk Troll"
    game: str = "sorcery"

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "id": self.id, "source": self.source, "kind": self.kind,
                "game": self.game, "title": self.title,
                "parent": ({"id": self.parent_id, "title": self.parent_title}
                           if self.parent_id else None),
                "parent_title": self.parent_title,
                "page": self.page, "anchor": self.anchor, "codex_id": self.codex_id,
                "score": self.score, "snippet": self.snippet.to_dict(), "explain": self.explain}


@dataclass
class CardResult:
    """A card named in the query: what the rules say about it, or that they say nothing."""

    name: str
    typed: str                 # the words typed for it ("bosk trol")
    exact: bool                # typed exactly (else a one-letter typo was mended)
    mentions: int              # records of the rules that mention the card by name
    keywords: list[str] = field(default_factory=list)     # from its card text (catalog)
    entries: list[dict[str, str]] = field(default_factory=list)  # {"key", "title"} of them
    type: str | None = None

    @property
    def note(self) -> str | None:
        """What to tell the user when the rules never name the card."""
        if self.mentions:
            return None
        return f"{self.name} is a card; the rules never mention it by name"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "typed": self.typed, "exact": self.exact,
                "mentions": self.mentions, "type": self.type, "keywords": self.keywords,
                "entries": self.entries, "note": self.note}


@dataclass
class SearchResult:
    """Hits of one page of a search, with what was searched and what to try next."""

    query: str
    searched: str
    corrected_query: str | None = None
    # the query with a real word the rules do not use replaced by a title word one letter
    # away ("borrowing minion" → "burrowing minion"): offered, never searched
    did_you_mean: str | None = None
    total: int = 0
    limit: int = 10
    offset: int = 0
    hits: list[Hit] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)
    took_ms: float = 0.0
    cards: list[CardResult] = field(default_factory=list)
    mappings: list[dict[str, Any]] = field(default_factory=list)     # players' terms used
    corrections: list[dict[str, str]] = field(default_factory=list)  # typos mended
    rewritten: bool = False    # something typed was changed: searching as typed differs
    game: str | None = None    # the game searched (None: every game)
    facets: dict[str, dict[str, int]] = field(default_factory=dict)   # {"game": {name: matches}}
    # each game's record named by the whole query, when two or more games define the term
    definitions: list[dict[str, Any]] = field(default_factory=list)
    # every game searched: each game's first record (what searching that game alone would
    # show first), so a player of a game the merged list does not lead still sees its answer
    # on the first screen; empty when one game is searched
    best_by_game: dict[str, Hit] = field(default_factory=dict)

    @property
    def showing_results_for(self) -> str | None:
        """The corrected query when typo correction changed it, else None."""
        return self.corrected_query

    def to_dict(self) -> dict[str, Any]:
        return {"query": self.query, "searched": self.searched,
                "showing_results_for": self.corrected_query,
                "did_you_mean": self.did_you_mean, "total": self.total,
                "limit": self.limit, "offset": self.offset,
                "hits": [h.to_dict() for h in self.hits], "suggestions": self.suggestions,
                "took_ms": self.took_ms, "cards": [c.to_dict() for c in self.cards],
                "mappings": self.mappings, "corrections": self.corrections,
                "rewritten": self.rewritten, "game": self.game, "facets": self.facets,
                "definitions": self.definitions,
                "best_by_game": {g: h.to_dict() for g, h in self.best_by_game.items()}}
