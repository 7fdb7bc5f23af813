"""In-memory scoring: Whoosh's own BM25F figures, summed in Python without its matchers.

On 410 records Whoosh's matcher machinery (a union tree of term matchers, a collector,
a scorer call per posting) costs far more than the arithmetic it performs: a typical
query of a dozen term clauses over ~65 matching records took ~1.5 ms of pure-Python
overhead. Here each ``(field, term)`` is read from Whoosh once, on first use, as
``{docnum: bm25f}`` computed with Whoosh's own scorer (so the figures are identical), and a
query is a sum of a few small dicts. Phrase clauses (quoted phrases, multi-word synonyms)
are rare and still go through Whoosh's phrase matcher, also memoised.

The total is exact: every record matching any clause (and every required group, and the
filter) is counted, as ``search(..., limit=None).scored_length()`` did.

Every game is its own collection: a record is scored with its game's statistics (record
count, documents containing the term, average field length), as if each game had an index
of its own. Four rulebooks in one index must not change how Sorcery's records rank
against each other, and a term rare in Contracts is rare there whatever Sorcery says.
With one game the figures are exactly Whoosh's (a test compares them).

Not thread-safe by itself: the ``Searcher`` calls it under its lock.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from math import log
from typing import Any, Iterable, Sequence

from whoosh import query as wq
from whoosh.scoring import BM25F, bm25

Scores = dict[int, float]
_EMPTY: Scores = {}


@dataclass(frozen=True)
class Collection:
    """One game's statistics: its records and each field's total length."""

    docs: int
    lengths: dict[str, int]

    def avg_length(self, field: str) -> float:
        return (self.lengths.get(field, 0) / self.docs if self.docs else 0.0) or 1.0


class MemoryScorer:
    """Per-clause ``{docnum: score}`` tables read once from an open Whoosh searcher.

    ``collections`` (one per game) and ``collection_of`` (docnum → index into it) score
    each record within its game; without them the index is one collection.
    """

    def __init__(self, searcher: Any, max_phrases: int = 2048,
                 collections: Sequence[Collection] | None = None,
                 collection_of: dict[int, int] | None = None) -> None:
        self._searcher = searcher
        self._reader = searcher.reader()
        self._terms: dict[tuple[str, str], Scores] = {}
        self._phrases: dict[tuple[str, tuple[str, ...]], Scores] = {}
        self._max_phrases = max_phrases
        self._collections = list(collections or [])
        self._collection_of = collection_of or {}
        weighting = BM25F()
        self._b, self._k1 = weighting.B, weighting.K1

    def term(self, field: str, text: str) -> Scores:
        """BM25F score (boost 1) of every record containing ``text`` in ``field``."""
        key = (field, text)
        found = self._terms.get(key)
        if found is None:
            found = self._read_term(field, text)
            if found is not _EMPTY:      # only index terms are kept: the memo stays bounded
                self._terms[key] = found
        return found

    def _read_term(self, field: str, text: str) -> Scores:
        btext = text.encode("utf-8")
        if (field, btext) not in self._reader:
            return _EMPTY
        m = self._searcher.postings(field, btext)
        if not self._collections:
            out: Scores = {}
            while m.is_active():
                out[m.id()] = m.score()
                m.next()
            return out
        postings: list[tuple[int, float]] = []
        while m.is_active():
            postings.append((m.id(), m.weight()))
            m.next()
        return self._per_collection(field, postings)

    def _per_collection(self, field: str, postings: list[tuple[int, float]]) -> Scores:
        """Whoosh's BM25F (``bm25`` with its B and K1, its idf formula and its stored
        field lengths), with each record's own collection's record count, document
        frequency and average field length."""
        of = self._collection_of
        df = Counter(of.get(doc, 0) for doc, _w in postings)
        idf = {c: log(self._collections[c].docs / (n + 1)) + 1 for c, n in df.items()}
        avg = {c: self._collections[c].avg_length(field) for c in df}
        length = self._reader.doc_field_length
        out: Scores = {}
        for doc, weight in postings:
            c = of.get(doc, 0)
            out[doc] = bm25(idf[c], weight, length(doc, field, 1), avg[c], self._b, self._k1)
        return out

    def phrase(self, field: str, words: tuple[str, ...]) -> Scores:
        """Whoosh's score of the phrase ``words`` in ``field``, per matching record."""
        key = (field, words)
        found = self._phrases.get(key)
        if found is None:
            m = wq.Phrase(field, list(words)).matcher(self._searcher)
            found = {}
            while m.is_active():
                found[m.id()] = m.score()
                m.next()
            if self._collections:      # a phrase scores the sum of its words' scores
                tables = [self.term(field, w) for w in words]
                found = {doc: sum(t.get(doc, 0.0) for t in tables) for doc in found}
            if len(self._phrases) >= self._max_phrases:   # phrases are free text: bound them
                self._phrases.clear()
            self._phrases[key] = found
        return found

    def clause(self, q: wq.Query) -> tuple[Scores, float]:
        """The table of a leaf clause (``Term`` or ``Phrase``) and its boost."""
        if isinstance(q, wq.Term):
            return self.term(q.fieldname, q.text), q.boost
        if isinstance(q, wq.Phrase):
            return self.phrase(q.fieldname, tuple(q.words)), q.boost
        raise TypeError(f"not a leaf clause: {q!r}")

    def run(self, optional: Iterable[wq.Query], required: list[list[wq.Query]],
            allowed: frozenset[int] | None) -> Scores:
        """Summed scores of the matching records.

        A record matches if it matches at least one clause of every ``required`` group (each
        a quoted phrase in its fields) and, when there is no required group, any
        ``optional`` clause; ``allowed`` (a filter's records) restricts the result. Scores
        add up as in Whoosh's ``Or``/``And``/``AndMaybe`` (the sum of matching clauses).
        """
        total: Scores = {}
        for i, group in enumerate(required):
            group_scores: Scores = {}
            for q in group:
                table, boost = self.clause(q)
                for doc, s in table.items():
                    group_scores[doc] = group_scores.get(doc, 0.0) + s * boost
            if i == 0:
                total = group_scores
            else:
                total = {d: s + group_scores[d] for d, s in total.items() if d in group_scores}
            if not total:
                return {}
        gate = dict(total) if required else None
        for q in optional:
            table, boost = self.clause(q)
            if not table:
                continue
            get = total.get
            if gate is None:
                for doc, s in table.items():
                    total[doc] = get(doc, 0.0) + s * boost
            else:
                for doc, s in table.items():
                    if doc in gate:
                        total[doc] = get(doc, 0.0) + s * boost
        if allowed is not None:
            total = {d: s for d, s in total.items() if d in allowed}
        return total

