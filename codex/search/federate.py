"""An every-game search as the merge of each game's own search (federated search).

A search without a game runs once per game, each game as its own collection: the query is
understood with that game's words (its typo corrections, its players' vocabulary: "creature"
is Contracts' own word, a Sorcery player's "minion"), its records are ranked against each
other only, and each game's scores are normalised within the game (its best candidate's
BM25F is the reference). The ranked lists are then merged, each game's scores weighted:

* the **lead game** counts in full, every other game at ``OTHER_GAME_WEIGHT``, and again at
  that weight if it read the query through its players' vocabulary (Archmajesty's "cycle
  step" for "mulligan", a word Sorcery's own rules use): a game that needs a translation of
  the words typed is the less likely one to be asked about;
* the lead is the game whose own vocabulary the query uses: a word typed (not a players'
  term some game maps) that the records of exactly one game use, and that names records
  there (a word of one of its titles: "rune", "orb", "knell", "grimoire", "magnetized");
  a card name is Sorcery's; a typo counts for the game whose correction of it is the
  closest and is that game's own word ("magnitized": Contracts' "magnetized"). With no such
  word, or such words of two games, the **home game** (the first of the index: Sorcery,
  the service's rule system) leads.

Everything is computed from the index (which records of which game use a word, which
words their titles use): no list of words per game. Measured on every query set at once
(docs/search.md): without a lead (every game at full weight) generic questions ("hand
size", "turn sequence", "mulligan") went to whichever small book has a section of that
name, and Sorcery's sets lost up to 9 points; with a lead by a naive-Bayes guess over all
the query's words, common words that happen to be missing from one book decided the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

from rapidfuzz.distance import OSA

OTHER_GAME_WEIGHT = 0.7


@dataclass(frozen=True)
class GameVocabulary:
    """Which games' records use each stem, and the stems of each game's titles."""

    games_of: Mapping[str, frozenset[str]]     # stem → games whose records use it
    title_stems: Mapping[str, frozenset[str]]  # game → stems of its titles and aliases

    @classmethod
    def build(cls, records: Iterable[tuple[str, Iterable[str], Iterable[str]]]
              ) -> "GameVocabulary":
        """From ``(game, stems of the record, stems of its titles)`` per record."""
        games_of: dict[str, set[str]] = {}
        titles: dict[str, set[str]] = {}
        for game, terms, title in records:
            for t in terms:
                games_of.setdefault(t, set()).add(game)
            titles.setdefault(game, set()).update(title)
        return cls({t: frozenset(g) for t, g in games_of.items()},
                   {g: frozenset(t) for g, t in titles.items()})

    def own_game(self, stems: Sequence[str]) -> str | None:
        """The one game whose records use these stems and whose titles use one of them."""
        games = {g for s in stems for g in self.games_of.get(s, ())}
        if len(games) != 1:
            return None
        game = next(iter(games))
        return game if any(s in self.title_stems.get(game, ()) for s in stems) else None


def lead_game(words: Sequence[str], vocabulary: GameVocabulary, home: str,
              stem: Callable[[str], list[str]], card_named: bool = False,
              corrections: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """The game whose own vocabulary the query uses, or ``home`` when none or several do.

    ``words``: the words typed, players' terms left out; ``stem`` gives a word's stems.
    A word no game uses (a typo) counts for the game whose own word its correction is, if
    that game's correction is strictly the closest to what was typed (``corrections``: per
    game, typed word → the word it was corrected to). A card named counts for ``home``
    (card names are the home game's).
    """
    votes: dict[str, int] = {}
    if card_named:
        votes[home] = 1
    for word in words:
        stems = stem(word)
        if not stems:
            continue
        if any(s in vocabulary.games_of for s in stems):
            game = vocabulary.own_game(stems)
        else:
            game = _closest_correction(word, corrections or {}, vocabulary, stem)
        if game is not None:
            votes[game] = votes.get(game, 0) + 1
    if not votes:
        return home
    best = max(votes.values())
    leaders = [g for g, v in votes.items() if v == best]
    return leaders[0] if len(leaders) == 1 else home


def _closest_correction(word: str, corrections: Mapping[str, Mapping[str, str]],
                        vocabulary: GameVocabulary, stem: Callable[[str], list[str]]
                        ) -> str | None:
    """The game whose correction of ``word`` is strictly the closest, if the corrected
    word is that game's own ("magnitized": Contracts' "magnetized")."""
    fixes = {game: fixed for game, fixed_by in corrections.items()
             for fixed in (fixed_by.get(word),) if fixed and " " not in fixed}
    if not fixes:
        return None
    distance = {game: OSA.distance(word, fixed) for game, fixed in fixes.items()}
    best = min(distance.values())
    closest = [game for game, d in distance.items() if d == best]
    if len(closest) != 1:
        return None
    game = closest[0]
    return game if vocabulary.own_game(stem(fixes[game])) == game else None


def weight(game: str, lead: str, translated: bool) -> float:
    """How much a game's scores count in the merge (see the module's docstring)."""
    if game == lead:
        return 1.0
    return OTHER_GAME_WEIGHT * (OTHER_GAME_WEIGHT if translated else 1.0)


def merge(ranked: Mapping[str, Sequence[tuple[int, float]]], lead: str,
          position: Mapping[int, int], translated: Iterable[str] = ()
          ) -> list[tuple[int, float]]:
    """Each game's ``(record, score)`` list weighted (``weight``: ``translated`` are the
    games that read the query through their players' vocabulary) and merged; equal scores
    keep each game's own order (a card's entries, listed unscored), then corpus order
    (``position``)."""
    through = set(translated)
    merged = [(score * weight(game, lead, game in through), i, position[n], n)
              for game, hits in ranked.items() for i, (n, score) in enumerate(hits)]
    merged.sort(key=lambda t: (-t[0], t[1], t[2]))   # equal scores: each game's own order
    return [(n, score) for score, _i, _p, n in merged]
