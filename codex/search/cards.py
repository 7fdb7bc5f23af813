"""Card names in queries: every card of the imported catalog and every card the Codex names.

A judge types a card's name to learn what the rules say about it. The name must be found
as typed (never "corrected" into rules words: "Blood Ravens" is not "flood rivers"), and
with a one-letter typo ("Bosk Trol"). Matching works on the words of the name, as the
query parser splits them ("All-terrain Vestments" → all terrain vestments):

* exact: a run of query words spelling a whole card name, longest first;
* typo: a run within one edit (optimal string alignment) of a name, found through a
  one-deletion index built once (every name and every name with one letter removed), so a
  query costs a few dictionary look-ups however many cards there are. A typo is accepted
  for a run of two or more words, or for one word that is not a real word itself.

What the search then does with a card (the records that mention it, or its keywords'
entries when none does) is the searcher's business; ``CardInfo`` carries what it needs.
The catalog is read through its public API only (``CardCatalog.names``/``get``), and a
card's keywords through the card-text parser's public ``keywords_of``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from rapidfuzz.distance import OSA

from codex.search.query import words_of

MIN_TYPO_CHARS = 3       # a one-word name shorter than this is matched exactly only
MIN_TYPO_PHRASE = 6      # a multi-word run needs this many characters to match with a typo


@dataclass(frozen=True)
class CardMatch:
    """A card named in a query: the words typed (``start``:``end``) and the card's name."""

    start: int
    end: int
    name: str
    typed: str
    exact: bool


@dataclass
class CardInfo:
    """What the search shows of a card: keywords from its text, its type."""

    name: str
    type: str | None = None
    keywords: list[str] = field(default_factory=list)


class CardNames:
    """Every known card name, for finding names in a query's words."""

    def __init__(self, names: Iterable[str]) -> None:
        self._names: dict[str, str] = {}          # "blood ravens" → "Blood Ravens"
        for name in names:
            key = " ".join(words_of(name))
            if key:
                self._names.setdefault(key, name.strip())
        self._lengths = sorted({k.count(" ") + 1 for k in self._names}, reverse=True)
        self.words = frozenset(w for k in self._names for w in k.split())
        self._deletions: dict[str, set[str]] | None = None

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: str) -> bool:
        return " ".join(words_of(name)) in self._names

    def names(self) -> list[str]:
        return list(self._names.values())

    def prepare(self) -> None:
        """Build the one-deletion index now (a few ms) instead of on the first typo query."""
        if self._deletions is None:
            table: dict[str, set[str]] = {}
            for key in self._names:
                for variant in _deletions(key) | {key}:
                    table.setdefault(variant, set()).add(key)
            self._deletions = table

    def find(self, words: list[str], real: Callable[[str], bool], typos: bool = True
             ) -> list[CardMatch]:
        """Non-overlapping card names in ``words``, longest first, left to right.

        ``real(word)``: whether a word is a real word (a one-word typo match needs a word
        that is not); ``typos``: also accept names one edit away.
        """
        found: list[CardMatch] = []
        i = 0
        while i < len(words):
            match = self._match_at(words, i, real, typos)
            if match is None:
                i += 1
            else:
                found.append(match)
                i = match.end
        return found

    def _match_at(self, words: list[str], i: int, real: Callable[[str], bool],
                  typos: bool) -> CardMatch | None:
        """The longest name starting at word ``i``: exact, or (``typos``) one edit away.

        A typo can also split or join words, hence runs of one word more than the longest
        name. A typo run must start with a word of some card name or with a word that is
        not a real word, and a longer typo match wins over a shorter exact one ("Valley
        of Delgiht" is Valley of Delight, not Valley).
        """
        typo_here = typos and bool(self._names) and (words[i] in self.words or not real(words[i]))
        longest = self._lengths[0] + (1 if typo_here else 0) if self._lengths else 0
        for width in range(min(longest, len(words) - i), 0, -1):
            gram = " ".join(words[i:i + width])
            name = self._names.get(gram)
            if name is not None:
                return CardMatch(i, i + width, name, gram, True)
            if not typo_here:
                continue
            if width == 1 and (len(gram) < MIN_TYPO_CHARS or real(gram)):
                continue
            if width > 1 and len(gram) < MIN_TYPO_PHRASE:
                continue
            key = self._closest(gram)
            if key is not None:
                return CardMatch(i, i + width, self._names[key], gram, False)
        return None

    def _closest(self, text: str) -> str | None:
        """The name within one edit of ``text`` (the first in name order if several)."""
        self.prepare()
        assert self._deletions is not None
        candidates: set[str] = set()
        for variant in _deletions(text) | {text}:
            candidates |= self._deletions.get(variant, set())
        close = sorted(k for k in candidates if OSA.distance(text, k, score_cutoff=1) <= 1)
        return close[0] if close else None


def _deletions(text: str) -> set[str]:
    return {text[:i] + text[i + 1:] for i in range(len(text))}


def catalog_names(path: Path | None) -> list[str]:
    """Names of the imported catalog at ``path`` (none if there is no catalog)."""
    if path is None or not Path(path).is_file():
        return []
    from codex.cards.catalog import CardCatalog, CatalogError

    try:
        catalog = CardCatalog.open(path)
    except CatalogError:
        return []
    try:
        return catalog.names()
    finally:
        catalog.db.conn.close()


class CardTexts:
    """Keywords and type of catalog cards, read on demand (or all at once by ``warm``)."""

    def __init__(self, path: Path | None, keyword_titles: dict[str, str]) -> None:
        """``keyword_titles``: lower-case keyword entry title → keyword name, looked for in
        card text as whole words ("Genesis →", "Deathrite →")."""
        self._path = path
        self._catalog: Any = None
        self._info: dict[str, CardInfo | None] = {}
        self._titles = keyword_titles
        self._title_re = (re.compile(r"\b(" + "|".join(re.escape(t) for t in sorted(
            keyword_titles, key=len, reverse=True)) + r")\b", re.IGNORECASE)
            if keyword_titles else None)

    def info(self, name: str) -> CardInfo | None:
        """The card's keywords and type, or None if the catalog does not have it."""
        if name not in self._info:
            self._info[name] = self._read(name)
        return self._info[name]

    def warm(self, names: Iterable[str]) -> None:
        for name in names:
            self.info(name)

    def close(self) -> None:
        if self._catalog is not None:
            self._catalog.db.conn.close()
            self._catalog = None

    def _read(self, name: str) -> CardInfo | None:
        if self._path is None or not Path(self._path).is_file():
            return None
        from codex.cards.catalog import CardCatalog, CatalogError

        try:
            if self._catalog is None:
                self._catalog = CardCatalog.open(self._path)
            card = self._catalog.get(name)
        except (CatalogError, OSError, ValueError):
            return None
        if card is None:
            return None
        text = card.get("rules_text") or ""
        keywords = list(_keywords(text, card.get("name") or name, card.get("keywords")))
        if self._title_re is not None:
            for m in self._title_re.finditer(text):
                keywords.append(self._titles[m.group(1).lower()])
        return CardInfo(card.get("name") or name, card.get("type"), list(dict.fromkeys(keywords)))


def _keywords(text: str, name: str, stored: Any) -> list[str]:
    """Keyword abilities of the card's text, by the card-text parser (its public function);
    the catalog's stored list if the parser cannot read the text."""
    try:
        from codex.cardtext import keywords_of

        return list(keywords_of(text, name))
    except Exception:                       # a parser bug must not break search
        return [k for k in str(stored or "").split(",") if k]
