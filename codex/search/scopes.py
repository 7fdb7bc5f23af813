"""What a search understands depends on the game it searches: one lexicon per scope.

A Contracts player's "magnetised" must become Contracts' "magnetized", not whatever word of
four rulebooks is one edit away; "graveyard" means Sorcery's cemetery only to a Sorcery
player (Sorcerer has a Graveyard of its own); card names are Sorcery's cards. So the typo
corrector's vocabulary, the players' vocabulary, the declared synonyms and the card names
are chosen by the scope of a search:

* a game (``game:contracts``): that game's words only; Sorcery's cards, players' terms and
  Codex synonyms only for Sorcery; a game's own players' vocabulary file if it has one
  (``data/players_vocabulary_<game>.yaml``), with the synonym groups it declares;
* every game (no ``game:``): every game's words, and Sorcery's cards, players' terms and
  synonyms, as before there were other games (a term a rulebook of another game uses, such
  as "graveyard", is then also searched as typed: see ``understand.py``).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Callable

from codex.search.cards import CardNames
from codex.search.correct import Corrector
from codex.search.query import words_of
from codex.search.schema import BODY_ANALYZER, stems
from codex.search.vocabulary import DATA_FILE, Vocabulary

SORCERY = "sorcery"


@dataclass
class Lexicon:
    """Everything a search of one scope understands a query with."""

    scope: str | None
    corrector: Corrector
    vocabulary: Vocabulary
    synonyms: list[list[str]]
    cards: CardNames
    titles: list[str]

    @cached_property
    def one_word_synonyms(self) -> dict[str, tuple[str, ...]]:
        """Each one-word synonym with the other one-word members of its groups, built once
        (the ranking asks for a query word's synonyms on every search)."""
        out: dict[str, list[str]] = {}
        for group in self.synonyms:
            words = [w for w in group if " " not in w]
            for w in words:
                out.setdefault(w, []).extend(o for o in words if o != w)
        return {w: tuple(dict.fromkeys(others)) for w, others in out.items()}

    @cached_property
    def title_words(self) -> frozenset[str]:
        """The words of the scope's titles, lower case, letters only."""
        return frozenset(w for title in self.titles for w in words_of(title.lower()) if w.isalpha())

    @cached_property
    def title_stem_phrases(self) -> frozenset[tuple[str, ...]]:
        """The scope's titles of two content words or more, as their stems ("Death's Door":
        death, door), built once."""
        out = set()
        for title in self.titles:
            seq = tuple(s for w in words_of(title.lower()) for s in stems(BODY_ANALYZER, w))
            if len(seq) >= 2:
                out.add(seq)
        return frozenset(out)

    def title_spans(self, words: list[str]) -> list[tuple[int, int]]:
        """Where ``words`` spell a title of two content words or more, as ``(start, end)``
        word positions ("opponent on deaths door": the words of Death's Door)."""
        phrases = self.title_stem_phrases
        seq = [(i, s) for i, w in enumerate(words) for s in stems(BODY_ANALYZER, w)]
        longest = max(map(len, phrases), default=0)
        spans = []
        for a in range(len(seq)):
            for k in range(2, min(longest, len(seq) - a) + 1):
                if tuple(s for _i, s in seq[a:a + k]) in phrases:
                    spans.append((seq[a][0], seq[a + k - 1][0] + 1))
        return spans


def vocabulary_file(game: str) -> Path:
    """The players' vocabulary of a game (Sorcery's is the original file)."""
    if game == SORCERY:
        return DATA_FILE
    return DATA_FILE.with_name(f"players_vocabulary_{game}.yaml")


def game_vocabulary(game: str) -> Vocabulary:
    """A game's players' vocabulary, or an empty one when it has no file."""
    path = vocabulary_file(game)
    return Vocabulary.load(path) if path.exists() else Vocabulary([])


def build_lexicon(scope: str | None, words: dict[str, int], known: Callable[[str], bool],
                  vocabulary: Vocabulary, synonyms: list[list[str]], cards: CardNames,
                  titles: list[str]) -> Lexicon:
    """A lexicon over ``words`` (the scope's index words and their frequencies)."""
    protected = cards.words | vocabulary.words | vocabulary.means_words | vocabulary.source_words
    corrector = Corrector(words, known, protected=protected.__contains__,
                          extra=vocabulary.words | vocabulary.means_words,
                          phrases=title_phrases(titles))
    return Lexicon(scope, corrector, vocabulary, synonyms, cards, sorted(set(titles)))


def title_phrases(titles: list[str]) -> frozenset[tuple[str, str]]:
    """Every pair of adjacent words in the scope's titles ("ready phase", "summoning
    sickness"): a typo next to one word of such a pair is mended to the other when that is
    among its candidates (``Corrector.closest``)."""
    return frozenset(pair for title in titles
                     for words in (words_of(title.lower()),) for pair in zip(words, words[1:]))
