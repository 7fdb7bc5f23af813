"""Typo correction against the index vocabulary.

Only words the index does not know are touched: a word that occurs in the corpus (as
written, or through its stem, e.g. "defending") is never corrected away, even if a more
frequent word is one letter off. Unknown words are mended, in order, by joining with a
neighbour ("death rite" → "deathrite"), splitting ("summoningsickness"), or the closest
vocabulary word by optimal-string-alignment distance (transpositions count as one edit),
ties going to the word seen most often (titles count more). rapidfuzz keeps this well under
a millisecond for the few thousand words of the Codex.
"""
from __future__ import annotations

from typing import Callable, Iterable

from rapidfuzz import process
from rapidfuzz.distance import OSA

MIN_LENGTH = 4  # shorter words are too ambiguous to correct ("fly" vs "ally")


def max_edits(word: str) -> int:
    """Edits allowed for a word of this length: 1 up to five letters, then 2."""
    return 1 if len(word) <= 5 else 2


class Corrector:
    """Mend unknown query words using the corpus vocabulary."""

    def __init__(self, vocabulary: dict[str, int], known: Callable[[str], bool]) -> None:
        self._freq = {w: f for w, f in vocabulary.items() if not w.isdigit()}
        self._choices = [w for w in self._freq if len(w) >= 3]
        self._known = known

    def known(self, word: str) -> bool:
        """Whether the index knows ``word`` as written or by its stem."""
        return word in self._freq or self._known(word)

    def correctable(self, word: str) -> bool:
        return (len(word) >= MIN_LENGTH and word.isalpha() and not self.known(word))

    def closest(self, word: str) -> str | None:
        """The best vocabulary word within ``max_edits`` of ``word``, or None."""
        limit = max_edits(word)
        found = process.extract(word, self._choices, scorer=OSA.distance,
                                score_cutoff=limit, limit=None)
        if not found:
            return None
        best = min(found, key=lambda c: (c[1], c[0][0] != word[0], -self._freq[c[0]], c[0]))
        return best[0]

    def split(self, word: str) -> list[str] | None:
        """Two known words that ``word`` runs together, preferring the most frequent pair."""
        best: tuple[int, list[str]] | None = None
        for i in range(3, len(word) - 2):
            a, b = word[:i], word[i:]
            if a in self._freq and b in self._freq:
                score = min(self._freq[a], self._freq[b])
                if best is None or score > best[0]:
                    best = (score, [a, b])
        return best[1] if best else None

    def correct(self, words: Iterable[str]) -> list[str]:
        """``words`` with unknown ones mended; known words are returned unchanged."""
        words = list(words)
        out: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            nxt = words[i + 1] if i + 1 < len(words) else None
            if nxt is not None and (self.correctable(word) or self.correctable(nxt)) \
                    and (word + nxt) in self._freq:
                out.append(word + nxt)
                i += 2
                continue
            if out and self.correctable(word) and (out[-1] + word) in self._freq:
                out[-1] = out[-1] + word
                i += 1
                continue
            if self.correctable(word):
                mended = self.split(word)
                if mended is None:
                    close = self.closest(word)
                    mended = [close] if close else [word]
                out.extend(mended)
            else:
                out.append(word)
            i += 1
        return out
