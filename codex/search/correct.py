"""Typo correction that only touches words that are not real words.

A word is left as typed when the index knows it (as written, or through its stem:
"defending"), when it is part of a card name of the catalog, when the players' vocabulary
file knows it ("hexproof"), or when it is English (wordfreq, see ``lexicon.py``): "retreat"
is never made "repeat", "hide" never "side", "Blood Ravens" never "flood rivers".

What remains is mended, in order, by

1. restoring an apostrophe ("cant" → "can't", "doesnt" → "doesn't") when the written form
   is far more common English (10×) than the bare one;
2. joining it with a neighbour into an index word ("death rite" → "deathrite");
3. splitting it into two index words ("summoningsickness");
4. the closest index word by optimal-string-alignment distance (transpositions count as
   one edit; 1 edit up to five letters, 2 beyond), a word that sounds the same (jellyfish's
   metaphone) first and allowed one edit more: players spell by ear as often as they
   mistype ("evel" is evil, not even; "fait counter" fate, not fail; "berried" buried).
   Ties then go to the closest, to a word with the same first letter, then to the word seen
   most often (titles count more). Before all of these, a candidate that makes a phrase of
   the scope's titles with the word typed before or after it comes first: the words around
   a typo are the best evidence of what was meant ("ready fase" is Sorcerer's Ready Phase,
   not "ready face", though "face" is one edit closer and sounds the same).

British and American spellings of one word ("armor", "armour"; "defense", "defence") are
one word to the analyzer (``spelling.py``, breame's list): either finds the other without
any rewriting. Before the rules above, a word the index knows in neither form but does
know in another spelling by the general patterns below ("-ise"/"-ize", "-our"/"-or",
"-ence"/"-ense", "-tre"/"-ter", "-lled"/"-led", "-ogue"/"-og": a word breame's list does
not hold) is searched in the index's spelling: both spellings are real words, so no other
rule would touch it.

The list of English words also holds common misspellings at low frequency ("cemetary",
Zipf 2.1): a word rarer than ``SAFE_ZIPF`` is corrected only to a word one edit away that
is at least ``CLEARLY_MORE_COMMON`` Zipf more common in English (30×) and keeps its first
letter or its sound (a misspelling of a real word rarely changes its first letter): "cemetary"
→ "cemetery" (3.9), but "flier" stays (2.9; "flies" is 3.9, not clearly more common), and so
does "cleave" (2.85; "leave" is far more common but starts otherwise). Words
under four letters and words with digits are left alone. Besides the index's words, a typo
may mean an everyday English word the index lacks (``English.common``), one edit away only:
"how meny" is "how many", not the rules' "mana". rapidfuzz keeps the search for the
closest word well under a millisecond.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable

from jellyfish import metaphone
from rapidfuzz import process
from rapidfuzz.distance import OSA

from codex.search.lexicon import ENGLISH, SAFE_ZIPF, English

MIN_LENGTH = 4               # shorter words are too ambiguous to correct ("fly" vs "ally")
CLEARLY_MORE_COMMON = 1.5    # Zipf: a rare English word yields only to a 30× more common one
APOSTROPHE_GAIN = 1.0        # Zipf: "cant" → "can't" only if the written form is 10× as common


# British ↔ American spellings, as (pattern, replacement) both ways, at the end of a word or
# before an inflection: colour/color, defence/defense, centre/center, -ise/-ize,
# -yse/-yze, travelled/traveled, catalogue/catalog.
_SPELLINGS = [
    (re.compile(r"our(?=(s|ed|ing|ful|less|able|ite|ites)?$)"), "or"),
    (re.compile(r"(?<=[^aeiou])or(?=(s|ed|ing|ful|less|able)?$)"), "our"),
    (re.compile(r"is(?=(e|es|ed|ing|ation|ations)$)"), "iz"),
    (re.compile(r"iz(?=(e|es|ed|ing|ation|ations)$)"), "is"),
    (re.compile(r"ys(?=(e|es|ed|ing)$)"), "yz"),
    (re.compile(r"yz(?=(e|es|ed|ing)$)"), "ys"),
    (re.compile(r"ence(?=s?$)"), "ense"),
    (re.compile(r"ense(?=s?$)"), "ence"),
    (re.compile(r"tre(?=s?$)"), "ter"),
    (re.compile(r"(?<=[aeiou][^aeiou])ter(?=s?$)"), "tre"),
    (re.compile(r"ll(?=(ed|ing|er|ers)$)"), "l"),
    (re.compile(r"(?<=[aeiou])l(?=(ed|ing|er|ers)$)"), "ll"),
    (re.compile(r"ogue(?=s?$)"), "og"),
]


def spelling_variants(word: str) -> list[str]:
    """The word in its other (British or American) spellings."""
    out = []
    for pattern, replacement in _SPELLINGS:
        variant = pattern.sub(replacement, word, count=1)
        if variant != word and variant not in out:
            out.append(variant)
    return out


def max_edits(word: str) -> int:
    """Edits allowed for a word of this length: 1 up to five letters, then 2."""
    return 1 if len(word) <= 5 else 2


@dataclass(frozen=True)
class Correction:
    """One change made to the query: ``typed`` words became ``searched`` words."""

    typed: str
    searched: str

    def to_dict(self) -> dict[str, str]:
        return {"typed": self.typed, "searched": self.searched}


class Corrector:
    """Mend query words that are not real words, using the index vocabulary."""

    def __init__(self, vocabulary: dict[str, int], known: Callable[[str], bool],
                 protected: Callable[[str], bool] = lambda _w: False,
                 extra: Iterable[str] = (), english: English = ENGLISH,
                 phrases: frozenset[tuple[str, str]] = frozenset()) -> None:
        """``vocabulary``: index words and their frequency; ``known``: whether the index
        knows a word by its stem; ``protected``: other real words (card names, the players'
        vocabulary); ``extra``: words correction may also produce (the players' terms);
        ``phrases``: pairs of adjacent words of the titles (a candidate completing one with
        a neighbour of the typo comes first)."""
        self._freq = {w: f for w, f in vocabulary.items() if not w.isdigit()}
        self._index_words = frozenset(self._freq)          # the rules text's own words
        for w in extra:
            self._freq.setdefault(w, 1)
        # what a typo may be mended to: the index's words, and the singular of a plural the
        # index only has in the plural ("tritan" is one edit from "triton", two from the
        # index's "tritons"; the analyzer finds "tritons" by the singular's stem)
        singular = {w[:-1]: f for w, f in self._freq.items()
                    if len(w) > 4 and w.endswith("s") and not w.endswith("ss")
                    and w[:-1] not in self._freq and known(w[:-1])}
        self._choice_freq = {**singular, **self._freq}
        self._choices = [w for w in self._choice_freq if len(w) >= 3]
        self._known = known
        self._phrases = phrases
        self._protected = protected
        self._english = english
        self._everyday_words: tuple[str, ...] | None = None

    def in_vocabulary(self, word: str) -> bool:
        """Whether ``word`` is written, as it is, in the index (the rules text)."""
        return word in self._freq

    def in_rules_text(self, word: str) -> bool:
        """Whether ``word`` is written, as it is, in the rules text itself: unlike
        ``in_vocabulary``, not merely a word of a players' term (``extra``), so that a term
        word ("blockers" of "declare blockers") does not stop its own inflection from
        matching another term ("blockers" → blocker)."""
        return word in self._index_words

    def known(self, word: str) -> bool:
        """Whether the index knows ``word`` as written or by its stem."""
        return word in self._freq or self._known(word)

    def real(self, word: str) -> bool:
        """Whether ``word`` must never be corrected away (index, cards, players' terms,
        common English)."""
        return self.known(word) or self._protected(word) or self._english.is_word(word)

    def real_word(self, word: str) -> bool:
        """Like ``real`` but with the index's words as written only (not by stem): is
        "marienr's" a word? Its stems "marienr" and "s" say nothing."""
        return word in self._freq or self._protected(word) or self._english.is_word(word)

    def completions(self, prefix: str) -> list[str]:
        """The rules text's words that begin with ``prefix`` (longer than it), the most
        frequent first: what a clipped word ("cap", "max", "travers") may stand for. Only
        asked when a search found nothing, so a scan of the scope's words is affordable."""
        found = [w for w in self._index_words if len(w) > len(prefix) and w.startswith(prefix)]
        return sorted(found, key=lambda w: (-self._freq[w], w))

    def correctable(self, word: str) -> bool:
        return len(word) >= MIN_LENGTH and word.isalpha() and not self.real(word)

    def respelled(self, word: str) -> str | None:
        """The rules text's spelling of a word it has only in another spelling (a players'
        term does not count: "armor" of "armor class" is still Archmajesty's "armour")."""
        if len(word) < MIN_LENGTH or not word.isalpha() or self.known(word):
            return None            # the analyzer finds it (one spelling, its inflections)
        return next((v for v in spelling_variants(word) if v in self._index_words), None)

    def apostrophe(self, word: str) -> str | None:
        """``word`` with its missing apostrophe put back, if that is far more common."""
        if "'" in word or not word.isalpha() or len(word) < 3 or self.known(word) \
                or self._protected(word):
            return None
        base = self._english.zipf(word)
        best, best_zipf = None, base + APOSTROPHE_GAIN
        for i in (len(word) - 1, len(word) - 2):      # what's, can't, they're, i'll, we've
            candidate = f"{word[:i]}'{word[i:]}"
            z = self._english.zipf(candidate)
            if z >= best_zipf:
                best, best_zipf = candidate, z
        return best

    def closest(self, word: str, before: str | None = None, after: str | None = None
                ) -> str | None:
        """The best index word for ``word`` within ``max_edits``, or None; ``before`` and
        ``after``: the words typed around it (a candidate making a title's phrase with one
        of them comes first).

        A word English knows (however rarely) only yields to a clearly more common one.
        """
        rarity = self._english.zipf(word)
        limit = 1 if rarity else max_edits(word)
        sound = metaphone(word)
        # one edit more for a word that sounds the same: spelt by ear, not mistyped
        found = [(choice, distance) for choice, distance, _ in process.extract(
                     word, self._choices, scorer=OSA.distance, score_cutoff=limit + 1,
                     limit=None)
                 if distance <= limit or metaphone(choice) == sound]
        # an everyday word is mistyped, not spelt by ear: one edit only
        found += [(choice, distance) for choice, distance, _ in process.extract(
                      word, self._everyday(), scorer=OSA.distance, score_cutoff=1, limit=None)]
        if rarity:      # a real word, if rare: only its own misspelling, which keeps the
            found = [c for c in found    # first letter or the sound ("cleave" is no typo of
                     if self._english.zipf(c[0]) >= rarity + CLEARLY_MORE_COMMON  # "leave")
                     and (c[0][0] == word[0] or metaphone(c[0]) == sound)]
        if not found:
            return None
        phrases = self._phrases

        def completes_a_phrase(choice: str) -> bool:
            return (before, choice) in phrases or (choice, after) in phrases

        best = min(found, key=lambda c: (not completes_a_phrase(c[0]), metaphone(c[0]) != sound,
                                         c[1], c[0][0] != word[0],
                                         -self._choice_freq.get(c[0], 0), c[0]))
        return best[0]

    def _everyday(self) -> tuple[str, ...]:
        """Everyday English words the index does not hold, as typo targets too: "how meny"
        means "how many" (which makes it a quantity question), not the rules' "mana"."""
        if self._everyday_words is None:
            self._everyday_words = tuple(w for w in self._english.common()
                                         if w not in self._choice_freq)
        return self._everyday_words

    def split(self, word: str, english: bool = False) -> list[str] | None:
        """Two known words that ``word`` runs together, preferring the most frequent pair
        ("summoningsickness"); not an English word ("deathblow", "oversize") unless
        ``english`` (the searcher then searches the parts beside the word, as another
        phrasing, without rewriting it)."""
        if not english and self._english.zipf(word):
            return None
        best: tuple[int, list[str]] | None = None
        for i in range(3, len(word) - 2):
            a, b = word[:i], word[i:]
            if a in self._freq and b in self._freq:
                score = min(self._freq[a], self._freq[b])
                if best is None or score > best[0]:
                    best = (score, [a, b])
        return best[1] if best else None

    def _joinable(self, a: str, b: str) -> bool:
        """Two words typed apart that make one index word ("void walk", "death rite"),
        when at least one of them is not an index word itself (a word of a players' term
        does not count: "mana burn" mapped must not stop "burn out" from being Burnout)."""
        return (a + b) in self._freq and not (self._indexed(a) and self._indexed(b)) \
            and a.isalpha() and b.isalpha()

    def _indexed(self, word: str) -> bool:
        """Whether the rules text has ``word``, as written or by its stem."""
        return word in self._index_words or self._known(word)

    def correct(self, words: Iterable[str]) -> list[str]:
        """``words`` with unreal ones mended; real words are returned unchanged."""
        return self.corrections(words)[0]

    def corrections(self, words: Iterable[str], also_real: Callable[[str], bool] | None = None
                    ) -> tuple[list[str], list[Correction]]:
        """The words to search, and each change made to what was typed. ``also_real``:
        other words never corrected away (the words of the other games' rules, when every
        game is searched: Archmajesty's "grunts" is no typo of Sorcery's "grounds")."""
        words = list(words)
        out: list[str] = []
        changes: list[Correction] = []
        i = 0
        while i < len(words):
            word = words[i]
            nxt = words[i + 1] if i + 1 < len(words) else None
            if nxt is not None and self._joinable(word, nxt):
                out.append(word + nxt)
                changes.append(Correction(f"{word} {nxt}", word + nxt))
                i += 2
                continue
            mended = None
            restored = self.respelled(word) or self.apostrophe(word)
            if restored:
                mended = [restored]
            elif self.correctable(word) and not (also_real and also_real(word)):
                mended = self.split(word)
                if mended is None:
                    close = self.closest(word, out[-1] if out else None, nxt)
                    mended = [close] if close else None
            if mended:
                out.extend(mended)
                changes.append(Correction(word, " ".join(mended)))
            else:
                out.append(word)
            i += 1
        return out, changes
