"""Snippets: the sentence of a record that best matches the query, with the matches marked.

Highlighting works on surface words, not by re-analysing every hit: at open the searcher
knows which surface words of the corpus make which stem, so a query's stems turn into one
regular expression that finds "defending", "defends" and "defended" for "defend" in
microseconds. The snippet is returned as plain text with match offsets, and as HTML in which
everything but the ``<mark>`` tags is escaped, so a hostile query or record text can never
inject markup; the caller picks the form it needs.
"""
from __future__ import annotations

import html
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\s*\n+\s*")
TARGET = 220   # characters a snippet aims for
MAX_SENTENCE = 320


@dataclass
class Snippet:
    """Plain snippet text plus ``(start, end)`` offsets of the highlighted words in it."""

    text: str
    matches: list[tuple[int, int]] = field(default_factory=list)

    def html(self, tag: str = "mark") -> str:
        """HTML-escaped text with each match wrapped in ``<tag>`` (``mark`` by default)."""
        out, pos = [], 0
        for start, end in self.matches:
            out.append(html.escape(self.text[pos:start]))
            out.append(f"<{tag}>{html.escape(self.text[start:end])}</{tag}>")
            pos = end
        out.append(html.escape(self.text[pos:]))
        return "".join(out)

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "matches": [list(m) for m in self.matches],
                "html": self.html()}


def highlighter(surface_words: Iterable[str]) -> re.Pattern[str] | None:
    """A case-insensitive pattern matching any of the words as whole words."""
    words = sorted(set(surface_words), key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"(?<![\w'’])(?:" + "|".join(map(re.escape, words)) + r")(?![\w])",
                      re.IGNORECASE)


_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")   # surface words, as the vocabulary counts them

Match = tuple[int, int, str]    # start, end, the stem that counts as "the same word"
# What one surface word means for the index: its body term (None for a stop word) and, per
# stem it stands for, (stem, characters matched from its start, the stem it counts as).
WordInfo = tuple["str | None", tuple[tuple[str, int, str], ...]]


def describe_word(word: str, stems_of: dict[str, frozenset[str]], key: dict[str, str],
                  body_stem: Callable[[str], "str | None"]) -> WordInfo:
    """The ``WordInfo`` of ``word`` (the searcher memoises it per word)."""
    own = stems_of.get(word, frozenset())
    entries = [(stem, len(word), key.get(word, word)) for stem in own]
    if "'" in word:                       # "death's" also stands for "death"
        base = word[:word.index("'")]
        entries += [(stem, len(base), key.get(base, base))
                    for stem in stems_of.get(base, frozenset()) - own]
    return body_stem(word), tuple(entries)


class WordIndex:
    """Where the words of one record's text stand, by stem, for highlighting without a regex.

    Built once per record (on first need) from the same surface words the vocabulary counts;
    a query's matches are then a few dict lookups instead of a regular expression over the
    whole text. A word with an apostrophe ("death's") also stands for its first part
    ("death"), highlighted alone when only that part is wanted.

    The same pass collects ``pairs``: the ordered pairs of body stems (``body_stem`` of each
    word; None for stop words, which still count in the gap) standing within ``max_gap``
    characters of each other, for the proximity signal.
    """

    __slots__ = ("_by_stem", "_sentences", "_starts", "pairs")

    def __init__(self, text: str, describe: Callable[[str], WordInfo],
                 spans: list[tuple[int, int]] | None = None, max_gap: int = 12) -> None:
        by_stem: dict[str, list[Match]] = {}
        tokens: list[tuple[str, int, int]] = []
        for m in _WORD.finditer(text.lower().replace("’", "'")):
            start, end = m.span()
            body, entries = describe(m.group(0))
            if body is not None:
                tokens.append((body, start, end))
            for stem, length, k in entries:
                found = by_stem.get(stem)
                if found is None:
                    by_stem[stem] = [(start, start + length, k)]
                else:
                    found.append((start, start + length, k))
        self._by_stem = by_stem
        pairs: set[tuple[str, str]] = set()
        n = len(tokens)
        for i in range(n - 1):
            a, _s, end = tokens[i]
            for j in range(i + 1, min(n, i + 6)):
                b, start, _e = tokens[j]
                if start - end > max_gap:
                    break
                if a != b:
                    pairs.add((a, b))
        self.pairs = frozenset(pairs)
        self._starts = [a for a, _b in spans] if spans else [0]
        self._sentences: dict[str, frozenset[int]] = {}

    def sentences_with(self, stem: str) -> frozenset[int]:
        """Indices (into ``spans``) of the sentences where a word of ``stem`` stands."""
        found = self._sentences.get(stem)
        if found is None:
            starts = self._starts
            found = self._sentences[stem] = frozenset(
                bisect_right(starts, m[0]) - 1 for m in self._by_stem.get(stem, ()))
        return found

    def matches(self, wanted: Iterable[str]) -> list[Match]:
        """Non-overlapping matches of any ``wanted`` stem, in text order (longest first)."""
        found = [m for s in wanted for m in self._by_stem.get(s, ())]
        if len(found) < 2:
            return found
        found.sort(key=lambda m: (m[0], -m[1]))
        out = [found[0]]
        for m in found[1:]:
            if m[0] >= out[-1][1]:
                out.append(m)
        return out


def sentences(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence or line of ``text`` (computed once per record)."""
    spans, pos = [], 0
    for m in _SENTENCE_END.finditer(text):
        if m.start() > pos:
            spans.append((pos, m.start()))
        pos = m.end()
    if pos < len(text):
        spans.append((pos, len(text)))
    return spans or [(0, len(text))]


def make_snippet(text: str, pattern: re.Pattern[str] | None,
                 key: Callable[[str], str] = str.lower,
                 spans: list[tuple[int, int]] | None = None,
                 found_matches: list[Match] | None = None) -> Snippet:
    """The best window of ``text`` for ``pattern``: most distinct matched words, then earliest.

    ``key`` maps a matched surface word to what counts as "the same word" (its stem);
    ``spans`` are the sentences of ``text`` if already known. ``found_matches`` (from a
    ``WordIndex``) replaces ``pattern`` and ``key`` when given.
    """
    if found_matches is None:
        found_matches = ([(m.start(), m.end(), key(m.group(0))) for m in pattern.finditer(text)]
                         if pattern else [])
    matches = [(a, b) for a, b, _k in found_matches]
    spans = spans or sentences(text)
    starts = [s for s, _e in spans]
    found: dict[int, list[str]] = {}
    for a, _b, k in found_matches:            # each match into its sentence, one pass
        found.setdefault(bisect_right(starts, a) - 1, []).append(k)
    best = min(found, key=lambda i: (-len(set(found[i])), -len(found[i]), i), default=0)
    start, end = spans[best]
    j = best + 1
    while end - start < TARGET // 2 and j < len(spans):
        end = spans[j][1]
        j += 1
    if end - start > MAX_SENTENCE:
        first = next((a for a, b in matches if start <= a < end), start)
        start = max(start, text.rfind(" ", 0, max(start, first - 80)) + 1)
        cut = text.rfind(" ", start, start + TARGET)
        end = cut if cut > start else min(end, start + TARGET)
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    shift = len(prefix) - start
    kept = [(a + shift, b + shift) for a, b in matches if start <= a and b <= end]
    return Snippet(prefix + text[start:end] + suffix, kept)
