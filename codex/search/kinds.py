"""A query that names the kind of record it wants: "glossary stronger and weaker",
"remember box on the quick reference page".

Players name the part of the book they read ("the glossary", "the quick reference"); the
word names where to look, not the topic. Searched as a topic word it finds the chapter's
own heading ("Glossary of Terms and Keywords") before the line about the topic. So when
other words remain, the best record of that kind among the first few goes first; a query
that is only the book's part ("quick reference", "glossary") is about that part and ranks
as it is. Only the parts whose name is never a rules topic are listed: "rulebook" and
"codex" are topics as often ("card text vs rulebook which wins").
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

# The words, as typed (lower case), and the parts of a book they name in any game, as the
# first part of a record's id: Sorcery's rulebook files its glossary lines under
# ``glossary:`` and its quick reference under ``quickref:``; the other books' defined terms
# are ``term:`` or ``keyword:`` records (Contracts' keywords, Sorcerer's game terms,
# Archmajesty's effect terminology).
KIND_WORDS: dict[tuple[str, ...], frozenset[str]] = {
    ("glossary",): frozenset({"glossary", "term", "keyword"}),
    ("quick", "reference"): frozenset({"quickref"}),
    ("quickref",): frozenset({"quickref"}),
}
WITHIN = 10    # the record of the kind asked for must be among the first this many


def asked_kinds(words: Sequence[str]) -> tuple[frozenset[str], int]:
    """The parts of a book the words name, and how many of the words name them."""
    kinds: frozenset[str] = frozenset()
    used = 0
    lowered = [w.lower() for w in words]
    for phrase, named in KIND_WORDS.items():
        n = len(phrase)
        for i in range(len(lowered) - n + 1):
            if tuple(lowered[i:i + n]) == phrase:
                kinds |= named
                used += n
    return kinds, used


def part_of(record_id: str) -> str:
    """The part of its book a record is filed under: ``glossary`` of ``glossary:lethal``,
    ``term`` of ``term:heal-and-restore``; a record filed under none has none ("")."""
    head, sep, _rest = record_id.partition(":")
    return head if sep else ""


def kind_first(ranked: list[tuple[int, float]], kinds: frozenset[str],
               kind_of: Callable[[int], str]) -> list[tuple[int, float]]:
    """``ranked`` with its best record of one of ``kinds`` (``kind_of``: a record's part)
    first, when one is among the first
    ``WITHIN``; otherwise unchanged (nothing of that kind answers the other words). The
    record moved takes the first one's score, so that a merge of several games' lists by
    score (which keeps each list's order for equal scores) keeps it first too."""
    for i, (n, _score) in enumerate(ranked[:WITHIN]):
        if kind_of(n) in kinds:
            return [(n, ranked[0][1])] + ranked[:i] + ranked[i + 1:] if i else ranked
    return ranked
