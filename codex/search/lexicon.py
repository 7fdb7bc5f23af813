"""Which query words are real English words, and how common: wordfreq's English list.

Typo correction must never rewrite a real word ("retreat" is not a typo of "repeat"), so
the searcher needs to know English, not only the Codex's few thousand words. wordfreq
(pinned in pyproject.toml) ships its word lists inside the package: nothing is downloaded.
Its "large" English list gives every word with a Zipf frequency of at least 1 (once per
hundred million words), in 800 buckets of 0.01 Zipf.

The list also holds frequent misspellings ("cemetary", "airbourne", "threshhold", Zipf
1.5–2.5), which is why a word is *safe* from correction only from ``SAFE_ZIPF`` up (about
once per million words: "upkeep" 3.2, "retreat" 4.1); a rarer word may still be corrected
when the correction is a much more common English word (see ``correct.py``).

Loading builds one dict of ~320k words (~0.2 s, ~35 MB). It is done once per process, on
first use or by ``load()`` (the searcher's ``warm()`` calls it), and shared by every
searcher of the process.
"""
from __future__ import annotations

import threading

SAFE_ZIPF = 3.0        # never corrected from here up (about once per million words)
COMMON_ZIPF = 5.5      # everyday words ("many" 5.9, "which" 6.3): a typo may mean one
FUNCTION_ZIPF = 6.0    # "then", "would", "about", "just": say nothing about a rules topic
LANGUAGE = "en"
WORDLIST = "large"


class English:
    """Zipf frequency of English words (0.0 for a word the list does not know)."""

    def __init__(self) -> None:
        self._zipf: dict[str, float] | None = None
        self._common: tuple[str, ...] | None = None
        self._lock = threading.Lock()

    def load(self) -> None:
        """Read wordfreq's English list now (idempotent, thread-safe)."""
        if self._zipf is not None:
            return
        with self._lock:
            if self._zipf is not None:
                return
            import wordfreq   # only here: the CLI's other commands never pay for it

            buckets = wordfreq.get_frequency_list(LANGUAGE, WORDLIST)
            table: dict[str, float] = {}
            # bucket i holds the words of frequency 10 ** (-i / 100), i.e. Zipf 9 - i/100;
            # filled rarest first, so a word listed twice keeps its higher frequency
            for i in range(len(buckets) - 1, -1, -1):
                table.update(dict.fromkeys(buckets[i], round(9 - i / 100, 2)))
            self._zipf = table

    @property
    def loaded(self) -> bool:
        return self._zipf is not None

    def zipf(self, word: str) -> float:
        """Zipf frequency of ``word`` (lower case), 0.0 if it is not an English word."""
        if self._zipf is None:
            self.load()
        return self._zipf.get(word.replace("’", "'"), 0.0)   # type: ignore[union-attr]

    def common(self) -> tuple[str, ...]:
        """The most common English words (Zipf ≥ ``COMMON_ZIPF``, letters only, three or
        more): what a typo of an everyday word ("meny", "wich") was meant to be."""
        if self._common is None:
            if self._zipf is None:
                self.load()
            self._common = tuple(w for w, z in self._zipf.items()  # type: ignore[union-attr]
                                 if z >= COMMON_ZIPF and w.isalpha() and len(w) >= 3)
        return self._common

    def is_word(self, word: str) -> bool:
        """Whether ``word`` is common enough English never to be taken for a typo."""
        return self.zipf(word) >= SAFE_ZIPF


ENGLISH = English()     # one per process: the list is read-only once loaded
