"""Re-ranking of Whoosh's BM25F candidates with signals a judge's intent depends on.

BM25F alone prefers short records that repeat a word, so a one-line glossary definition
or a long rulebook chapter can beat the Codex entry a judge wants. The candidates are
therefore re-scored with general signals, the same for every query:

* ``base``: BM25F score relative to the best candidate (how well the text matches);
* ``coverage``: share of the query's words (or their declared synonyms) the record
  contains anywhere (all words of "can stealth minion defend" beat two of them);
* ``title``: how much of the query the title (with the parent's title, for a sub-entry)
  covers, scaled by how much of the title the query covers, so "summoning sickness" picks
  the entry titled exactly that over "Summon";
* ``exact``: the query is the title or one of the record's aliases;
* a prior by source and kind: Codex entries are the reference a judge cites, then sub-entries,
  then rulebook sections and glossary lines (which mostly repeat a Codex entry).
"""
from __future__ import annotations

from dataclasses import dataclass

W_BASE = 1.0
W_COVERAGE = 1.2
W_TITLE = 1.0
W_EXACT = 1.0
PRIORS = {("codex", "entry"): 1.0, ("codex", "subentry"): 0.9, ("rulebook", "section"): 0.8,
          ("rulebook", "term"): 0.78, ("rulebook", "keyword"): 0.78,
          ("rulebook", "quickref"): 0.72}


@dataclass(frozen=True)
class DocFeatures:
    """Per-document data the ranker needs, prepared once when the searcher opens."""

    source: str
    kind: str
    title: frozenset[str]
    context: frozenset[str]              # title ∪ parent title stems
    names: tuple[frozenset[str], ...]    # title and every alias, as stem sets
    terms: frozenset[str]                # every stem of title, aliases and body


@dataclass(frozen=True)
class QueryFeatures:
    """The query as the ranker sees it."""

    words: tuple[frozenset[str], ...]   # per content word: its stems and its synonyms' stems
    title_stems: frozenset[str]         # stems of content words (title analyzer)
    all_stems: frozenset[str]           # stems of every word, stop words included


def score(base: float, doc: DocFeatures, query: QueryFeatures) -> float:
    """Final score of one candidate; ``base`` is its BM25F score over the best candidate's."""
    coverage = (sum(1 for w in query.words if w & doc.terms) / len(query.words)
                if query.words else 0.0)
    title = 0.0
    if query.title_stems and doc.title:
        hit = query.title_stems & doc.context
        cover = len(hit) / len(query.title_stems)
        precision = len(query.title_stems & doc.title) / len(doc.title)
        title = cover * (0.4 + 0.6 * precision)
    exact = 1.0 if query.all_stems and any(n == query.all_stems for n in doc.names) else 0.0
    prior = PRIORS.get((doc.source, doc.kind), 0.7)
    return prior * (W_BASE * base + W_COVERAGE * coverage + W_TITLE * title + W_EXACT * exact)
