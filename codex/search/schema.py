"""Whoosh schema and analyzers of the search index.

Two analyzers on purpose: titles and aliases keep stop words, because the Codex has entries
whose whole title is a stop word ("You", "May and Can", "Can vs. Can't") and a judge must
still find them by name; bodies drop stop words so that "can", "the", "a" do not swamp
the ranking of long texts. Both stem with the same stemmer (``porter``: Porter2, one
spelling for British and American words), so query words analysed with either agree with
the index.
"""
from __future__ import annotations

from functools import lru_cache

from whoosh import fields
from whoosh.analysis import (Analyzer, Filter, LowercaseFilter, RegexTokenizer, StemFilter,
                             StemmingAnalyzer, StopFilter)
from whoosh.lang.porter2 import stem as _porter2

from codex.search.lexicon import ENGLISH
from codex.search.spelling import american

SCHEMA_VERSION = 6     # 2: tapped → tap; 3: ``tags`` (kind:keyword finds Codex keyword entries);
#                        4: every game's records, per-game vocabulary; 5: single digits kept;
#                        6: Porter2 stems, -ed/-ing forms with their verb, one spelling for
#                           British and American words (``spelling.py``)
GAME = "sorcery"       # the game of the Codex and Sorcery's rulebook

LEMMA_ZIPF = 3.0       # "sacrifice" is a word (Zipf 3.6): "sacrificed" is read as it


# Words are letters/digits with inner apostrophes or dots dropped by the tokenizer:
# "death's" → "death", "s" ("s" is then too short for the body analyzer).
def porter(word: str) -> str:
    """The stem of ``word``: Porter2 (Snowball English), after one spelling for British and
    American forms, and an -ed/-ing form stemmed as its verb when Porter2 parts them.

    Why not the original Porter stemmer (Whoosh's ``porter``, used up to schema 5): it left
    "activated"/"activating" (activat) apart from "activate" (activ), "dies"/"died" (di)
    from "die", "flying" (fly) from "flies" (fli), "bonus" (bonu) from "bonuses", and
    "tapped" (tapp) from "tap". Porter2 conflates all of these. What it still parts is a
    verb whose -ed/-ing form loses more than the e ("sacrificed" sacrif, "sacrifice"
    sacrific; "referencing", "reference"), and a verb ending in a double letter that it
    undoes ("added" ad, "add" add): when the form minus -ed/-ing, with an "e" or else as it
    stands, is an English word (``LEMMA_ZIPF``) with another stem, that stem is the form's.
    "armour" and "armor", "defence" and "defense" are one word (``spelling.american``),
    so each spelling finds the other, in queries and in the rules text alike.
    """
    return _stem(american(word))


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    s = _porter2(word)
    if s == word and len(word) >= 3 and word[-1] == "s" \
            and not any(v in word[:-1] for v in "aeiouy"):
        return word[:-1]          # an initialism's plural: "NPCs" is NPC (Porter2 keeps it)
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            root = word[:-len(suffix)]
            # the verb with its e first ("rated": rate, never rat), else as it stands, the
            # commoner of the two when it ends in a double letter ("added": add, which
            # Porter2 undoes to "ad"; "putting": put, not putt)
            bare = (max((root, root[:-1]), key=ENGLISH.zipf) if root[-1] == root[-2]
                    else root)
            for base in (root + "e", bare):
                if ENGLISH.zipf(base) >= LEMMA_ZIPF:
                    return _porter2(base)
            break
    return s


class ShortWordFilter(Filter):  # type: ignore[misc]
    """Drops one-character words except digits: "s" of "death's" says nothing, but the 9 of
    "9 cards in hand" or the 0 of "life is reduced to 0" is what a rule is about."""

    def __call__(self, tokens):  # type: ignore[no-untyped-def]
        for t in tokens:
            if len(t.text) > 1 or t.text.isdigit():
                yield t


TITLE_ANALYZER: Analyzer = StemmingAnalyzer(stemfn=porter, stoplist=None, minsize=1,
                                            cachesize=-1)
# As Whoosh's StemmingAnalyzer (its tokenizer, stop words and stemming) but keeping digits;
# the stop filter renumbers positions after the dropped words, as before.
BODY_ANALYZER: Analyzer = (RegexTokenizer() | LowercaseFilter() | ShortWordFilter()
                           | StopFilter(minsize=1) | StemFilter(stemfn=porter, cachesize=-1))
# Card names are matched whole (folded), one name per "|"-separated value.
CARD_ANALYZER: Analyzer = RegexTokenizer(r"[^|]+") | LowercaseFilter()

SOURCES = ("codex", "rulebook")          # Sorcery's; every other game's source is its name
KINDS = ("entry", "subentry", "section", "term", "keyword", "quickref", "status", "ruling",
         "image")
HIDDEN_KINDS = ("image",)     # texts describing pictures: searched only when asked for


def build_schema() -> fields.Schema:
    """The index layout; field weights are applied at query time (see ``searcher``)."""
    return fields.Schema(
        key=fields.ID(stored=True, unique=True),      # "<source>:<id>", unique over sources
        id=fields.ID(stored=True),
        source=fields.ID(stored=True),
        kind=fields.ID(stored=True),
        # What ``kind:`` filters on: the record's kind, plus "keyword" for a Codex entry that
        # the rulebook lists as a keyword (Airborne, Stealth…), so a judge filtering for
        # keywords finds the Codex's definition first, not only the glossary's.
        tags=fields.KEYWORD(lowercase=True),
        game=fields.ID(stored=True),
        title=fields.TEXT(analyzer=TITLE_ANALYZER, stored=True),
        aliases=fields.TEXT(analyzer=TITLE_ANALYZER, stored=True),
        parent=fields.ID(stored=True),
        parent_title=fields.TEXT(analyzer=TITLE_ANALYZER, stored=True),
        body=fields.TEXT(analyzer=BODY_ANALYZER, stored=True),
        mentions=fields.TEXT(analyzer=CARD_ANALYZER, stored=True, phrase=False),
        page=fields.NUMERIC(stored=True),
        anchor=fields.STORED(),
        name=fields.STORED(),           # the record's title, when ``title`` is the heading as
                                        # printed ("Omen Counters (Omens)" of "Omen Counters")
        codex_id=fields.STORED(),
        position=fields.STORED(),
    )


_ANALYZERS: dict[int, Analyzer] = {}
MEMO_LENGTH = 80      # query words and titles are memoised; whole record texts are not


def stems(analyzer: Analyzer, text: str) -> list[str]:
    """The index terms ``analyzer`` makes of ``text`` (query side uses the same call).

    Short texts (query words, titles) are memoised per analyzer: a search analyses the same
    few words a dozen times (clauses, features, highlighting), and Whoosh's analyzer chain
    costs ~10 µs a call.
    """
    if len(text) > MEMO_LENGTH:
        return [t.text for t in analyzer(text)]
    key = id(analyzer)
    if key not in _ANALYZERS:
        _ANALYZERS[key] = analyzer          # kept alive, so its id stays its own
    return list(_memo_stems(key, text))


@lru_cache(maxsize=16384)
def _memo_stems(analyzer_id: int, text: str) -> tuple[str, ...]:
    return tuple(t.text for t in _ANALYZERS[analyzer_id](text))
