"""Players' vocabulary: other card games' words and table slang, mapped to Sorcery's terms.

The mappings are data, in ``data/players_vocabulary.yaml`` (its header documents the
format; each entry has a source, a reason and a test). A query word or phrase found there
is searched as the Sorcery term instead ("flier" → Airborne); the result lists the
mapping, and every hit that uses the Sorcery term says so. Inflections match through the
index's own stemmer when the typed word is the term with an inflection added ("exiled",
"blockers", "exiling"; "hastings" shares a stem with "haste" but is not an inflection of
it), except for a word that is itself a word of the rules text: "flying" and "fly" share
a stem, but "fly" is a Codex term and stays one.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from codex import yamlio
from codex.search.query import words_of
from codex.search.schema import porter

DATA_FILE = Path(__file__).parent / "data" / "players_vocabulary.yaml"
MAX_TERM_WORDS = 4
# skipped when terms are matched: "removed from the game" is "removed from game"
ARTICLES = frozenset({"the", "a", "an"})


class VocabularyError(ValueError):
    """The vocabulary file is malformed: names the file, the entry and the problem."""


class _EntryModel(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    terms: list[str] = Field(min_length=1)
    means: str = Field(min_length=1)
    sources: list[str] = Field(alias="from", min_length=1)
    reason: str = Field(min_length=10)
    expect: str | list[str]
    top: int = Field(default=1, ge=1, le=3)

    @field_validator("terms")
    @classmethod
    def _terms(cls, terms: list[str]) -> list[str]:
        for t in terms:
            words = words_of(t)
            if not words or len(words) > MAX_TERM_WORDS or " ".join(words) != t:
                raise ValueError(f"term {t!r} must be 1-{MAX_TERM_WORDS} lower-case words "
                                 "separated by single spaces")
        return terms


@dataclass(frozen=True)
class Entry:
    """One mapping of the file: ``terms`` (players' words) → ``means`` (Sorcery's)."""

    terms: tuple[str, ...]
    means: str
    sources: tuple[str, ...]
    reason: str
    expect: tuple[str, ...]
    top: int

    @property
    def words(self) -> list[str]:
        """The Sorcery words searched for this entry."""
        return words_of(self.means)


@dataclass(frozen=True)
class Mapping:
    """A players' term found in a query: the words typed and the entry they matched."""

    typed: str
    entry: Entry

    @property
    def label(self) -> str:
        """How a result explains itself: "flier → Airborne"."""
        return f"{self.typed} → {self.entry.means}"

    def to_dict(self) -> dict[str, Any]:
        return {"typed": self.typed, "means": self.entry.means, "label": self.label,
                "from": list(self.entry.sources), "reason": self.entry.reason}


class _SynonymModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    words: list[str] = Field(min_length=2)
    reason: str = Field(min_length=10)


class Vocabulary:
    """The entries of the file, indexed for matching query words.

    ``synonyms`` (a game's file only): groups of the game's own words its rules use for one
    thing ("cards" and "contracts"), searched for each other at a synonym's weight, as the
    Codex's declared synonyms are for Sorcery.
    """

    def __init__(self, entries: list[Entry], synonyms: list[list[str]] | None = None) -> None:
        self.entries = entries
        self.synonyms = synonyms or []
        self._exact: dict[tuple[str, ...], tuple[Entry, tuple[str, ...]]] = {}
        self._stemmed: dict[tuple[str, ...], tuple[Entry, tuple[str, ...]]] = {}
        for e in entries:
            for term in e.terms:
                words = tuple(term.split())
                self._exact.setdefault(words, (e, words))
                self._stemmed.setdefault(tuple(_stem(w) for w in words), (e, words))
        self.words = frozenset(w for e in entries for t in e.terms for w in t.split())
        self.means_words = frozenset(w for e in entries for w in e.words)
        self.source_words = _source_words(e.sources for e in entries)

    @classmethod
    def load(cls, path: Path = DATA_FILE) -> "Vocabulary":
        """Read and check the vocabulary file; raise ``VocabularyError`` if it is malformed."""
        return _load(Path(path))

    def find(self, words: list[str], rules_word: Callable[[str], bool]
             ) -> list[tuple[int, int, Entry]]:
        """Non-overlapping ``(start, end, entry)`` spans of ``words`` that are players' terms.

        Longest terms first, left to right. A typed word matches a term word as written,
        or by stem when it is not a word of the rules text (``rules_word``). An article
        typed inside a term is skipped ("removed from the game" is the term "removed from
        game"); a term's own articles are part of it ("on the draw" is not "draw").
        """
        found: list[tuple[int, int, Entry]] = []
        i = 0
        while i < len(words):
            for n in range(min(MAX_TERM_WORDS, len(words) - i), 0, -1):
                hit, end = self._match(words, i, n, rules_word)
                if hit is not None:
                    found.append((i, end, hit))
                    i = end
                    break
            else:
                i += 1
        return found

    def _match(self, words: list[str], i: int, n: int, rules_word: Callable[[str], bool]
               ) -> tuple[Entry | None, int]:
        """The entry of the ``n``-word term typed at ``i`` (as typed, then with the articles
        after its first word skipped), and where the term ends in ``words``."""
        spans = [(tuple(words[i:i + n]), i + n)]
        if n > 1:           # the same n words with any articles among them left out
            rest = [k for k in range(i + 1, len(words)) if words[k] not in ARTICLES][:n - 1]
            if len(rest) == n - 1 and rest[-1] >= i + n:
                spans.append(((words[i], *(words[k] for k in rest)), rest[-1] + 1))
        for gram, end in spans:
            hit = self._exact.get(gram)
            if hit is None:
                hit = self._stemmed.get(tuple(_stem(w) for w in gram))
                if hit is not None and any(t != w and (rules_word(t) or not _inflects(t, w))
                                           for t, w in zip(gram, hit[1])):
                    hit = None
            if hit is not None:
                return hit[0], end
        return None, i + 1


def _source_words(sources: Iterable[Iterable[str]]) -> frozenset[str]:
    """The words of the games and places the terms come from ("Lorcana", "Yu-Gi-Oh!",
    "Pokémon" and "pokemon"): a player names their game ("lorcana ward same thing here?"),
    and such a word is neither a typo of a rules word nor a topic of the rules."""
    out: set[str] = set()
    for names in sources:
        for name in names:
            for w in words_of(name.lower()):
                out.add(w)
                out.add(unicodedata.normalize("NFKD", w).encode("ascii", "ignore").decode())
    out.discard("")
    return frozenset(out)


@lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    return porter(word)


_SUFFIXES = ("s", "es", "d", "ed", "ing", "er", "ers")


def _inflects(typed: str, term: str) -> bool:
    """Whether ``typed`` is ``term`` with an inflection added ("exiled", "blockers",
    "exiling"), not merely a word of the same stem ("hastings" is not "haste")."""
    for suffix in _SUFFIXES:
        if typed == term + suffix:
            return True
        if term.endswith("e") and suffix[0] in "ei" and typed == term[:-1] + suffix:
            return True                                   # exile → exiling, exiled
        if len(term) >= 3 and typed == term + term[-1] + suffix and suffix[0] in "ei":
            return True                                   # chump → chumped; pin → pinned
    return False


@lru_cache(maxsize=4)
def _load(path: Path) -> Vocabulary:
    try:
        data = yamlio.load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise VocabularyError(f"{path}: cannot read the vocabulary file: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise VocabularyError(f"{path}: expected a mapping with a list under 'entries'")
    if not isinstance(data.get("synonyms") or [], list):
        raise VocabularyError(f"{path}: 'synonyms' must be a list of groups")
    entries: list[Entry] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(data["entries"]):
        try:
            m = _EntryModel.model_validate(raw)
        except ValidationError as e:
            problems = "; ".join(f"{'.'.join(map(str, err['loc'])) or 'entry'}: {err['msg']}"
                                 for err in e.errors())
            raise VocabularyError(f"{path}: entry #{i + 1}: {problems}") from None
        for t in m.terms:
            if t in seen:
                raise VocabularyError(f"{path}: entry #{i + 1}: term {t!r} is already in "
                                      f"entry #{seen[t]}")
            seen[t] = i + 1
        entries.append(Entry(tuple(m.terms), m.means, tuple(m.sources), m.reason,
                             tuple([m.expect] if isinstance(m.expect, str) else m.expect),
                             m.top))
    synonyms: list[list[str]] = []
    for i, raw in enumerate(data.get("synonyms") or []):
        try:
            group = _SynonymModel.model_validate(raw)
        except ValidationError as e:
            problems = "; ".join(f"{'.'.join(map(str, err['loc'])) or 'group'}: {err['msg']}"
                                 for err in e.errors())
            raise VocabularyError(f"{path}: synonym group #{i + 1}: {problems}") from None
        synonyms.append([" ".join(words_of(w)) for w in group.words])
    return Vocabulary(entries, synonyms)

