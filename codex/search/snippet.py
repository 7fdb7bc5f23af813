"""Snippets: the sentence of a record that best matches the query, with the matches marked.

Highlighting works on surface words, not by re-analysing every hit: at open the searcher
knows which surface words of the corpus make which stem, so a stem turns into one regular
expression that finds "defending", "defends" and "defended" for "defend" in microseconds
(the searcher memoises its matches per record and merges those of the query's stems). The snippet is returned as plain text with match offsets, and as HTML in which
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
    # not inside a word, nor after an apostrophe inside one ("death's" gives no "s"), but
    # right after an opening quote ('defender') is fine
    return re.compile(r"(?<![\w])(?<!\w['’])(?:" + "|".join(map(re.escape, words))
                      + r")(?![\w])", re.IGNORECASE)


Match = tuple[int, int, str]    # start, end, the stem that counts as "the same word"


def merge_matches(groups: Iterable[list[Match]]) -> list[Match]:
    """Matches of several stems in text order, overlaps dropped (the longest match kept)."""
    found = [m for g in groups for m in g]
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
