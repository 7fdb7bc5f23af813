"""From what was typed to what is searched: card names, players' terms, typo correction.

The steps run in this order, each on the words the previous one left:

1. card names (``cards.py``): every card named is listed beside the results. A card the
   rules never name, of two or more words or one that is not a real word ("Blood
   Ravens"), is taken out of the words (its words would only find unrelated records) and
   searched through its keywords; a card the rules name stays in the words, spelled as
   the card is (a typo in it is mended), since the records naming it use those words; a
   one-word name that is also a real word ("Flood", "Battlefield") stays a word too;
2. players' terms (``vocabulary.py``): "flier" is searched as "airborne";
3. typo correction (``correct.py``) of the words that are not real words.

Only step 1 runs when the user asks to search "as typed" (``correct=False``), and then
only with exact names: nothing typed is rewritten.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from codex.search.cards import CardMatch, CardNames
from codex.search.correct import Correction, Corrector
from codex.search.query import ParsedQuery, words_of
from codex.search.vocabulary import Mapping, Vocabulary


@dataclass
class Understanding:
    """A query as the search will run it, and every change made to what was typed."""

    searched: ParsedQuery
    cards: list[CardMatch] = field(default_factory=list)
    consumed: list[bool] = field(default_factory=list)   # per card: its words taken out
    mappings: list[Mapping] = field(default_factory=list)
    corrections: list[Correction] = field(default_factory=list)
    # other phrasings searched at the weight of a synonym, as (words, phrasing): typed words
    # that a players' term replaced but the rules text also uses ("creature"), and the
    # Sorcery words of a players' term that is also a card's name ("Battlefield": realm)
    also: list[tuple[list[str], list[str]]] = field(default_factory=list)

    @property
    def rewritten(self) -> bool:
        """Whether anything typed was changed (so searching "as typed" would differ)."""
        return bool(self.mappings or self.corrections
                    or any(not c.exact for c in self.cards))


def understand(parsed: ParsedQuery, *, cards: CardNames, vocabulary: Vocabulary,
               corrector: Corrector, rules_word: Callable[[str], bool],
               mentioned: Callable[[str], bool], correct: bool = True,
               searched_word: Callable[[str], bool] | None = None,
               keep: frozenset[str] = frozenset(),
               also_real: Callable[[str], bool] | None = None,
               title_spans: Callable[[list[str]], list[tuple[int, int]]] | None = None
               ) -> Understanding:
    """Run the three steps on ``parsed``; filters are kept as they are.

    ``rules_word``: whether a word is written in the rules text the players' vocabulary
    maps into; ``searched_word`` (default: the same): whether a word any searched rulebook
    uses, so that a players' term replacing it still searches it as typed too (every
    game's words when every game is searched: "graveyard" is Sorcery's cemetery, and
    Sorcerer's Graveyard); ``mentioned``: whether the rules name a card; ``keep``: words
    searched as typed whatever this scope knows of them (the words of a card another
    scope's understanding found: "Men of Leng" is not "men of long" in any game);
    ``also_real``: words that typo correction must leave as typed though this scope does
    not know them (another game's rules words, when every game is searched);
    ``title_spans``: where words spell a title of the rules: a players' term that takes
    part of such a title's words, and not all of them, is not applied ("on deaths door"
    is Death's Door, not the players' "on death").
    """
    searched_word = searched_word or rules_word
    u = Understanding(ParsedQuery([], [], dict(parsed.filters)))
    real = corrector.real
    words = list(parsed.words)
    # runs of words, each either free (searched, mapped, corrected) or a card's name as
    # the rules spell it (searched as it is: "Poisonous Dagger" is not "lethal dagger")
    runs: list[tuple[list[str], bool]] = []
    for match, run in _split_cards(words, cards.find(words, corrector.real_word, typos=correct)):
        if match is None:
            runs.append((run, False))
            continue
        name_words = words_of(match.name)
        named = mentioned(match.name)
        consume = not named and (len(name_words) > 1 or not real(name_words[0]))
        u.cards.append(match)
        u.consumed.append(consume)
        if consume:
            if not match.exact:                       # "blod ravens" → Blood Ravens
                u.corrections.append(Correction(match.typed, " ".join(name_words)))
            continue
        if named and not match.exact:                 # "bosk trol" → "bosk troll"
            u.corrections.append(Correction(match.typed, " ".join(name_words)))
            runs.append((name_words, True))
        elif len(name_words) > 1:
            runs.append((run, True))
        elif not match.exact:
            # a typo one edit from a one-word name that is a word as well ("tokn": the
            # card Town) is listed as that card, but its word is mended like any other:
            # searched as typed it finds nothing, and the rules word it is as close to
            # ("token") is what a rules search means more often than the card's name
            runs.append((run, False))
        else:                 # a one-word name is a word as well: searched as typed, and
            for _s, _e, entry in vocabulary.find(run, rules_word) if correct else ():
                u.mappings.append(Mapping(run[0], entry))   # a players' term beside it
                u.also.append((run, entry.words))
            runs.append((run, True))
    phrases: list[list[str]] = []
    for phrase in parsed.phrases:
        found = cards.find(phrase, corrector.real_word, typos=False)
        if len(found) == 1 and found[0].start == 0 and found[0].end == len(phrase):
            u.cards.append(found[0])
            u.consumed.append(not mentioned(found[0].name))
            if mentioned(found[0].name):
                phrases.append(phrase)
        else:
            phrases.append(phrase)
    if not correct:
        u.searched.words = [w for run, _frozen in runs for w in run]
        u.searched.phrases = phrases
        return u
    out: list[str] = []
    for run, frozen in _merged(_kept(runs, keep)):
        if frozen:
            out += run
            continue
        pos = 0
        titled = title_spans(run) if title_spans is not None else []
        for start, end, entry in vocabulary.find(run, rules_word):
            if any(a < end and start < b and not (start <= a and b <= end) for a, b in titled):
                continue                     # the rules' own phrase, partly taken by the term
            out += _corrected(run[pos:start], corrector, u, also_real)
            typed = run[start:end]
            u.mappings.append(Mapping(" ".join(typed), entry))
            out += entry.words
            known = [w for w in typed if searched_word(w)]
            if known:
                u.also.append((entry.words, known))
            pos = end
        out += _corrected(run[pos:], corrector, u, also_real)
    u.searched.words = out
    for phrase in phrases:
        mended, changes = corrector.corrections(phrase, also_real)
        u.corrections += changes
        u.searched.phrases.append(mended)
    return u


def _kept(runs: list[tuple[list[str], bool]], keep: frozenset[str]
          ) -> list[tuple[list[str], bool]]:
    """``runs`` with every word of ``keep`` in a free run made a frozen run of its own."""
    if not keep:
        return runs
    out: list[tuple[list[str], bool]] = []
    for run, frozen in runs:
        if frozen:
            out.append((run, True))
            continue
        free: list[str] = []
        for w in run:
            if w in keep:
                if free:
                    out.append((free, False))
                    free = []
                out.append(([w], True))
            else:
                free.append(w)
        if free:
            out.append((free, False))
    return out


def _merged(runs: list[tuple[list[str], bool]]) -> list[tuple[list[str], bool]]:
    """Adjacent free runs joined (a consumed card between them leaves them apart)."""
    out: list[tuple[list[str], bool]] = []
    for run, frozen in runs:
        if out and not frozen and not out[-1][1]:
            out[-1] = (out[-1][0] + run, False)
        else:
            out.append((list(run), frozen))
    return out


def _corrected(words: list[str], corrector: Corrector, u: Understanding,
               also_real: Callable[[str], bool] | None = None) -> list[str]:
    if not words:
        return []
    mended, changes = corrector.corrections(words, also_real)
    u.corrections += changes
    return mended


def _split_cards(words: list[str], matches: list[CardMatch]
                 ) -> list[tuple[CardMatch | None, list[str]]]:
    """``words`` cut into runs: ``(None, words)`` between cards, ``(match, words)`` for each."""
    out: list[tuple[CardMatch | None, list[str]]] = []
    pos = 0
    for m in matches:
        if m.start > pos:
            out.append((None, words[pos:m.start]))
        out.append((m, words[m.start:m.end]))
        pos = m.end
    if pos < len(words):
        out.append((None, words[pos:]))
    return out
