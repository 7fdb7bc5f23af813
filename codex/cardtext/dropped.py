"""The guard against a phrase the grammar did not read: every content word of a sentence must be
represented in its AST.

A parse can be accepted while the meaning layer keeps only part of it (a fronted phrase no rule reads,
a time phrase in an effect body): the engine would then rule as if those words were not printed, a
silent wrong ruling. The printer renders an AST back into canonical English driven by the same
lexicon, so a content word of the sentence (a verb, noun, adjective, number, mana symbol, keyword,
place word, adverb, negation) that none of the printed words can stand for was lost on the way.
:func:`dropped` names those words; the parser refuses such a parse (the search tries the sentence's
other readings, then reports the sentence as not read), so no ability with a lost phrase reaches the
engine.

The comparison is by lemma, not by spelling: the printer writes canonical words (``kill`` for
``slay``, digits for counts, ``when`` for ``upon``), so a printed word counts for every lemma the
lexicon gives it, and a source word for its chosen reading's lemma. Function words (determiners,
prepositions, pronouns, conjunctions, auxiliaries) are not compared: the printer chooses its own.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable

from codex.cardtext import lexicon as L
from codex.cardtext.meaning import MeaningError


class DroppedPhrase(MeaningError):
    """A reading refused by the guard: words of the sentence its AST does not represent (the search
    tries the next reading, as for any reading that means nothing)."""


#: The grammar's terminals that carry content: a word read as one of these must be in the AST.
CONTENT = frozenset({"VERB", "PART", "GERUND", "NOUN", "NOUN_MOD", "ADJ", "ADJ_HEAD", "PRED_ADJ", "NUMBER",
                     "AMOUNT", "ORD", "KEYWORD", "KEYWORD_ADJ", "NAME", "NAME_MOD", "MANA", "SIGNED", "PLACE",
                     "ADV", "NEG", "NEG_ADV", "COMPARATIVE", "QUANT"})

#: A word of printed text: a mana symbol, or letters and digits (hyphens inside: ``two-by-two``); a
#: possessive ``'s`` is not part of the word.
_WORD = re.compile(r"\([0-9A-Za-z]{1,2}\)|\w+n't|[+\-]?\w+(?:-\w+)*")


def _key(value: Any) -> str:
    return str(value).lower()


@lru_cache(maxsize=1 << 14)
def _lemmas_of_word(word: str) -> frozenset[str]:
    """Every lemma the lexicon reads ``word`` as (any section), the word itself and its plain stems."""
    lex = L.load()
    out = {word.lower()}
    for surface in (word, word.lower(), word.capitalize()):
        for cand in lex.single.get(surface, ()):
            for r in cand.readings:
                out.add(_key(r.lemma))
    low = word.lower()
    for suffix in ("s", "es", "ed", "d", "ing"):  # a regular inflection of a word the lexicon lacks
        if low.endswith(suffix) and len(low) > len(suffix) + 2:
            out.add(low[: -len(suffix)])
    return frozenset(out)


def printed_lemmas(printed: str) -> frozenset[str]:
    """The lemmas the words of a printed text stand for."""
    lemmas: set[str] = set()
    for w in _WORD.findall(printed):
        lemmas |= _lemmas_of_word(w)
    return frozenset(lemmas)


def clear_caches() -> None:
    """Forget the memoised readings (the lexicon in use changed: ``lexicon.restricted``)."""
    _lemmas_of_word.cache_clear()
    _primitives.cache_clear()


def ast_words(node: Any) -> frozenset[str]:
    """The words an AST holds: its node types (the primitives) and every string in it (nouns,
    modifiers, lemmas of generic actions, kinds)."""
    out: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, str):
            out.add(n.lower())
        elif isinstance(n, (tuple, list)):
            stack.extend(n)
        elif isinstance(n, int) and not isinstance(n, bool):
            out.add(str(n))
        elif hasattr(n, "__struct_fields__"):
            out.add(type(n).__name__.lower())
            for f in n.__struct_fields__:     # a flag holds its word: negated (not), extra, instead...
                if getattr(n, f) is True:
                    out.add("not" if f == "negated" else f)
            stack.extend(getattr(n, f) for f in n.__struct_fields__ if f != "span")
        elif isinstance(n, dict):
            stack.extend(n.keys())
            stack.extend(n.values())
    return frozenset(out)


@lru_cache(maxsize=1 << 12)
def _primitives(lemma: str) -> frozenset[str]:
    """The primitives (lower case) the senses of verb ``lemma`` map to, its phrasal verbs' too: a verb
    is represented by the node its sense gives (``return`` by ``Put``, ``takes`` damage by ``Damage``),
    which the printer writes with the primitive's own verb."""
    lex = L.load()
    verbs = lex.verbs
    phrasal = [v for v in verbs if v.startswith(lemma + " ")]   # "get" of "get 3 life back"
    return frozenset(s.primitive.lower() for v in [lemma, *phrasal] for s in verbs.get(v, ()) if s.primitive)


def _particle_of(tokens: list[tuple[Any, ...]], i: int, words: frozenset[str]) -> bool:
    """An adverb or particle that makes a phrasal verb with a verb of the sentence (``get ... back``)
    whose primitive the AST holds."""
    verbs = L.load().verbs
    word = str(tokens[i][1]).lower()
    return any(cat == "VERB" and f"{lemma} {word}" in verbs
               and {s.primitive.lower() for s in verbs[f"{lemma} {word}"] if s.primitive} & words
               for cat, lemma, *_ in tokens)


#: Words the meaning layer reads into the shape of the AST rather than into a word of it, each by a
#: documented rule (docs/cardtext.md): a source word is represented when the AST holds one of these.
ABSORBED: dict[str, frozenset[str]] = {
    "game": frozenset({"win"}),                       # "win the game" is Win
    "place": frozenset({"swap"}),                     # "swap / change / trade places" is Swap
    "time": frozenset({"again", "during"}),           # "an extra time" is again; "any time during X" is during X
    "extra": frozenset({"again", "more"}),            # "an extra time"; "1 extra damage" is 1 more damage
    "additional": frozenset({"again", "more"}),       # "an additional time"; "1 additional damage"
    "more": frozenset({"again", "additional_cost"}),  # "one more time"; "costs 4 more life" (an additional cost)
    "also": frozenset({"additional_cost", "costchange"}),  # "Casting this spell also costs 3 life / 2 mana"
    "cast": frozenset({"additional_cost", "costchange"}),  # ... "Casting this also costs 2 mana": costs (2) more
    "death": frozenset({"die"}),                      # "Upon (this minion's) death" is "When this dies"
    "square": frozenset({"step"}),                    # a grid distance: "two squares" are two steps
    "total": frozenset({"sum", "combined"}),          # "a total mana cost of 5"
    "have": frozenset({"changeamount"}),              # "has (base) power N" sets it
    "damage": frozenset({"heal"}),                    # "remove (all) damage from X" heals X
    "badly": frozenset({"that_much"}),                # "gets hurt (just) as badly": that much damage
    "twice": frozenset({"double"}),                   # "deals twice as much damage": double damage
    "much": frozenset({"double"}),
    "least": frozenset({">="}),                       # "at least 3" is "3 or more"
    "stronger": frozenset({"powermod"}),              # "is 2 stronger / weaker" is a power bonus
    "weaker": frozenset({"powermod"}),
    "whoever": frozenset({"unit", "player"}),         # a free relative names its head (the doer)
    "whatever": frozenset({"unit", "everything"}),
    "one": frozenset({"again"}),                      # "one more time"
    "x": frozenset({"quantity", "threshold"}),        # "..., where X is <amount>": X is that amount
    "+x": frozenset({"quantity"}),
    "threshold": frozenset({"mana"}),                 # "(F)(F)(F) threshold" is (F)(F)(F)
    "affinity": frozenset({"mana"}),
    "greater": frozenset({">", ">="}),                # comparisons are a Stat's comparator
    "less": frozenset({"<", "<="}),
    "fewer": frozenset({"<", "<="}),
    "equal": frozenset({"<=", ">="}),
    "most": frozenset({"<="}),                        # "at most 2 power"
    "up": frozenset({"<="}),                          # "up to 1 power"
    "become": frozenset({"target"}),                  # "X becomes the target of Y" is "X is targeted by Y"
    "begin": frozenset({"start"}),                    # "when your next turn begins" is "at the start of" it
    "lie": frozenset({"in"}),                         # "five minions lie in your cemetery" are in it (exec33)
    "hit": frozenset({"damage"}),                     # "hits X for 1" is 1 damage to X (gram30)
    "wound": frozenset({"damage"}),                   # "wound X for 2" is 2 damage to X (gram30)
    "opponent": frozenset({"enemy"}),                 # "foe minion", "each foe here": the enemy side (gram30)
    "rest": frozenset({"this_turn"}),                 # "for the rest of the turn" is this turn (gram30)
    "boost": frozenset({"powermod"}),                 # "a +2 power boost" is +2 power (gram30)
    "bonus": frozenset({"powermod"}),
    "penalty": frozenset({"powermod"}),
    "deal": frozenset({"damage_this_way"}),           # "the damage dealt this way": one amount (exec36)
    "way": frozenset({"damage_this_way"}),
}
ABSORBED["more"] = ABSORBED["more"] | {">", ">="}

#: Causative verbs: ``have/make/let X <verb>`` is the clause they make happen (meaning's causatives).
CAUSATIVES = frozenset({"have", "make", "let"})

#: Verbs that say what the copula says before a participle, a state or a place (``becomes tapped``,
#: ``gets hurt``, ``remains in the realm``): function words there, as ``is`` is.
COPULAS = frozenset({"become", "get", "remain"})
_AFTER_COPULA = frozenset({"PART", "PRED_ADJ", "ADJ", "NUMBER", "AMOUNT", "PREP", "PLACE", "SIGNED"})

#: An element's symbol owned or summed is that element's threshold (``the sum of (A)``: air threshold).
_ELEMENT_SYMBOLS = {"(a)": "air", "(e)": "earth", "(f)": "fire", "(w)": "water"}


def _keys(cat: str, lemma: Any, text: str) -> set[str]:
    """What a source word may be found as: its lemma and spelling, each word of a multi-word entry
    (``mana cost`` by ``cost``), and a verb's primitives."""
    keys = {_key(lemma), text.lower()}
    for k in list(keys):
        if " " in k:
            keys.update(k.split())
    if cat in ("VERB", "PART", "GERUND") and isinstance(lemma, str):
        keys |= _primitives(lemma)
    for k in list(keys):
        keys |= ABSORBED.get(k, frozenset())
    if text.lower() in _ELEMENT_SYMBOLS:
        keys.add(_ELEMENT_SYMBOLS[text.lower()])
    return keys


def _named_by_colon_list(tokens: list[tuple[Any, ...]], i: int) -> bool:
    """A list after a colon names the options of what the word at ``i`` stands for, which the AST
    replaces by the list: the count or noun right before the colon (``Choose one: A, B, or C``), or an
    indefinite object before it (``gains a random mutation until X: A, B, or C``)."""
    later = [t[0] for t in tokens[i + 1:]]
    if "COLON" not in later:
        return False
    if later[0] == "COLON":
        return True
    j = i - 1
    while j >= 0 and tokens[j][0] in ("ADJ", "NOUN_MOD"):
        j -= 1
    return tokens[i][0] == "NOUN" and j >= 0 and tokens[j][0] == "DET" and tokens[j][1] in ("a", "an")


def _light_verb(tokens: list[tuple[Any, ...]], i: int, words: frozenset[str]) -> bool:
    """``give X a push`` is ``push X`` (meaning's light verbs): the verb at ``i`` is represented by the
    primitive of an action noun after it."""
    from codex.cardtext.meaning import _LIGHT_VERBS

    return tokens[i][1] in _LIGHT_VERBS and any(
        t[0] == "NOUN" and isinstance(t[1], str) and _primitives(t[1]) & words for t in tokens[i + 1:])


def lost_at(tokens: Iterable[tuple[Any, ...]], printed: str, node: Any = None) -> list[int]:
    """The positions of the content words among ``tokens`` (``(category, lemma, text)`` of each token
    the accepted reading fed) that neither ``printed`` (the AST printed back) nor the AST ``node``
    itself represents, in the sentence's order."""
    lemmas = printed_lemmas(printed) | (ast_words(node) if node is not None else frozenset())
    low = printed.lower()
    lost: list[int] = []
    tokens = list(tokens)
    for i, (cat, lemma, text, *_form) in enumerate(tokens):
        if cat not in CONTENT:
            continue
        if _keys(cat, lemma, text) & lemmas:
            continue
        if _named_by_colon_list(tokens, i):
            continue
        if cat == "VERB" and lemma in COPULAS and i + 1 < len(tokens) and tokens[i + 1][0] in _AFTER_COPULA:
            continue
        if cat == "ADV" and _particle_of(tokens, i, lemmas):
            continue
        if cat == "MANA" and all(sym in low for sym in re.findall(r"\([^)]*\)", text.lower())):
            continue
        if cat == "VERB" and _light_verb(tokens, i, lemmas):
            continue
        if cat == "VERB" and lemma in CAUSATIVES and any(
                t[0] == "VERB" and t[3:4] == ("base",) for t in tokens[i + 2:]):
            continue   # "have target minion deal 2 damage": the clause it makes happen
        if text.lower().replace(" ", "") in low.replace(" ", ""):  # signed numbers, symbols
            continue
        lost.append(i)
    return lost


def dropped(tokens: Iterable[tuple[Any, ...]], printed: str, node: Any = None) -> tuple[str, ...]:
    """The words :func:`lost_at` finds, as written."""
    tokens = list(tokens)
    return tuple(tokens[i][2] for i in lost_at(tokens, printed, node))
