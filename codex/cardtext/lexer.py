"""Cut a sentence into pieces and give each piece its readings (lexicon words, names, symbols).

Why our own lexer: card text is made of words whose category depends on context (``target`` is a
determiner or a verb, ``that`` a determiner, a relative or a pronoun, ``tapped`` an adjective or a
participle). The lexer does not decide: it lists every reading of each piece in preference order
(:data:`codex.cardtext.lexicon._ORDER`) and the parser keeps the first one that lets the sentence
parse and mean something. Word boundaries are exact (a piece is a whole word, number or symbol).

Names are matched on the text itself, longest first: the card's own names (``SELF``: its full name,
without a leading ``The``, and a part of it that is no ordinary word: ``Pudge`` for Pudge Butcher),
then names the :class:`~codex.cardtext.lexicon.NameBook` knows (cards, subtypes, tokens, titles), then
any run of capitalised words that are not lexicon words (an unknown card or subtype name).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from codex.cardtext.lexicon import PIECE, Candidate, Lexicon, NameBook, Reading, fold

_PUNCT = {",": ("LC", "CC"), ":": ("COLON", "END"), ".": ("END",), "!": ("END",), ";": ("CC",),
          "\u2014": ("DASH",), "\u2013": ("DASH",), "-": ("DASH",), "&": ("AMP",),
          "(": ("LPAREN",), ")": ("RPAREN",)}
_WORD = re.compile(r"[^\W\d_]")
#: Adjectives of identity that stand for a noun after "the" when nothing follows in their phrase.
_IDENTITY_HEADS = frozenset({"other"})
_PHRASE_ENDERS = {",", ".", "!", ":", ";", "and", "or", "and/or", "but", "then", "\u2014", "\u2013", "-", "of"}
#: Determiners English puts before a singular noun only (a closed class): an -s word after one is a
#: verb, never a plural noun ("this moves", "each borders").
SINGULAR_DETERMINERS = frozenset({"a", "an", "this", "that", "each", "every", "another", "either", "neither"})
#: Determiners that may start the subject of a relative clause with no relative word, after the noun
#: it restricts ("spells your opponents cast", "a site an opponent controls"): articles and possessives.
#: Causative verb forms after which a noun phrase and a bare verb are the clause they make happen.
CAUSATIVE_FORMS = frozenset({"have", "make", "let"})
#: Comparatives that compare with "than" (a closed class): "power greater than 3".
COMPARATIVE_WORDS = frozenset({"less", "more", "fewer", "greater"})
CONTACT_DETERMINERS = frozenset({"a", "an", "the", "your", "their", "his", "her", "its", "target", "another", "this"})


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece of the sentence: its text and its offset in the sentence."""

    text: str
    start: int
    end: int


def pieces(sentence: str) -> list[Piece]:
    """The pieces of a sentence; a possessive ``'s`` (or the ``'`` after a plural) is its own piece."""
    out: list[Piece] = []
    for m in PIECE.finditer(sentence):
        text, start = m.group(1), m.start(1)
        end = start + len(text)
        if _WORD.match(text) and len(text) > 2 and (text.endswith("'s") or text.endswith("\u2019s")):
            out.append(Piece(text[:-2], start, end - 2))
            out.append(Piece("'s", end - 2, end))
        elif _WORD.match(text) and text.endswith("'") and len(text) > 1:
            out.append(Piece(text[:-1], start, end - 1))
            out.append(Piece("'", end - 1, end))
        else:
            out.append(Piece(text, start, end))
    return out


def self_aliases(name: str | None, lexicon: Lexicon, names: NameBook) -> tuple[str, ...]:
    """Ways a card names itself, longest first: its full name; without a leading ``The``; a leading or
    trailing run of its words that holds no ordinary word (``Pudge`` Butcher, Ribble ``Boggart``, the
    ``Lady of the Lake``), or the two or more capitalised words before "of" however common (``Four
    Waters`` of Paradise), when that run is not another known name."""
    if not name:
        return ()
    name = " ".join(name.split())
    out = {name}
    if name[-1:] in "!?" and len(name) > 2:  # "Castle's Ablaze!" is written "Castle's Ablaze" in a sentence
        name = name[:-1]
        out.add(name)
    if name.startswith("The "):
        out.add(name[4:])
    words = name.split()
    if len(words) > 1:
        runs = [" ".join(words[:k]) for k in range(1, len(words))] + [" ".join(words[k:]) for k in range(1, len(words))]
        for run in runs:
            parts = run.split()
            if not all(p[:1].isupper() or p[:1].isdigit() for p in parts[:1] + parts[-1:]):
                continue
            if any(_ordinary(p, lexicon) for p in parts if p[:1].isupper()) or fold(run) in names.names:
                continue
            if run in ("The",) or (len(parts) == 1 and not parts[0][:1].isupper()):
                continue
            out.add(run)
        if " of " in name:   # "Four Waters" of Four Waters of Paradise: the words before "of", however common
            head = name.split(" of ", 1)[0].split()
            if len(head) >= 2 and all(w[:1].isupper() or w[:1].isdigit() for w in head) \
                    and fold(" ".join(head)) not in names.names:
                out.add(" ".join(head))
        for word in words[1:-1]:  # "the Treasures" of 13 Treasures of Britain
            if word[:1].isupper() and not _ordinary(word, lexicon) and fold(word) not in names.names:
                out.add(word)
    # "the Treasures", "the Hart": a short name with "the" is still this card
    out |= {f"{the} {a}" for a in list(out) if not a.startswith(("The ", "the ")) for the in ("the", "The")}
    return tuple(sorted(out, key=len, reverse=True))


_CAPITALISED = re.compile(r"(?<![\w'\u2019-])[A-Z0-9][\w'\u2019-]*")


def misprint_at(sentence: str, ps: list[Piece], i: int, alias: str, names: NameBook, lexicon: Lexicon) -> int:
    """How many pieces from ``ps[i]`` misprint ``alias`` (0: none): a run of words starting and ending
    with a capital, one word fewer to one more than the alias, no known name itself, whose words
    that are not the alias's are no ordinary words (``When Phantasmal Shade`` is not a misprint of
    ``The Phantasmal Shade``). A name with a leading ``the`` is not matched loosely at all."""
    starts = ps[i].text[:1]
    if not (starts.isupper() or starts.isdigit()) or alias.startswith(("the ", "The ")):
        return 0
    own = set(alias.split())
    words = len(own)
    for k in sorted({max(1, words - 1), words, words + 1}, reverse=True):
        run = ps[i:i + k]
        if len(run) < k or not all(_WORD.match(p.text) for p in run) or not run[-1].text[:1].isupper():
            continue
        if any(p.text not in own and _ordinary(p.text, lexicon) for p in run):
            continue
        written = sentence[run[0].start:run[-1].end]
        if fold(written) not in names.names and misprint_of(written, alias):
            return k
    return 0


def misprinted_in(sentence: str, aliases: tuple[str, ...], names: NameBook, lexicon: Lexicon) -> tuple[str, ...]:
    """The ``aliases`` that ``sentence`` names by a misprint (see :func:`misprint_at`). A misprint has a
    word that is no ordinary word, and most sentences have none: only runs around one are tried."""
    aliases = tuple(a for a in aliases if len(a) >= 6 and not a.startswith(("the ", "The ")))
    if not aliases or not any(not _ordinary(w, lexicon) for w in _CAPITALISED.findall(sentence)):
        return ()   # a misprinted name has a capitalised word that is no ordinary word
    ps = pieces(sentence)
    odd = [i for i, p in enumerate(ps) if _WORD.match(p.text) and not _ordinary(p.text, lexicon)]
    if not odd:
        return ()
    starts = sorted({j for i in odd for j in range(max(0, i - 3), i + 1)})
    return tuple(a for a in aliases if any(misprint_at(sentence, ps, j, a, names, lexicon) for j in starts))


def misprint_of(written: str, name: str) -> bool:
    """Whether ``written`` is a misprint of ``name``: not the name (nor its plural), and within one edit
    (insertion, deletion, substitution) of a name of 6 letters or more, two of 12 or more; shorter
    names tolerate none (too many words lie one letter from a short name)."""
    a, b = fold(written), fold(name)
    if a == b or a in (b + "s", b + "es"):
        return False
    limit = 2 if len(b) >= 12 else 1 if len(b) >= 6 else 0
    return limit > 0 and abs(len(a) - len(b)) <= limit and _edits(a, b, limit) <= limit


def _edits(a: str, b: str, limit: int) -> int:
    """Levenshtein distance of ``a`` and ``b``, stopping once every path exceeds ``limit``."""
    prev = list(range(len(b) + 1))
    for x, ca in enumerate(a, 1):
        cur = [x] + [0] * len(b)
        for y, cb in enumerate(b, 1):
            cur[y] = min(prev[y] + 1, cur[y - 1] + 1, prev[y - 1] + (ca != cb))
        if min(cur) > limit:
            return limit + 1
        prev = cur
    return prev[-1]


def _ordinary(word: str, lexicon: Lexicon) -> bool:
    """A lexicon word, keyword or title: not a name of its own."""
    w = word.strip("'\u2019")
    return (w.lower() in lexicon.lower_words or w in lexicon.keywords or w in lexicon.names
            or w in lexicon.single or w.lower() in ("the", "of"))


class Lexer:
    """Readings of the pieces of one sentence (built per sentence; candidates computed on demand)."""

    def __init__(self, sentence: str, lexicon: Lexicon, names: NameBook, aliases: tuple[str, ...]) -> None:
        self.sentence = sentence
        self.lexicon = lexicon
        self.names = names
        self.aliases = aliases
        self.pieces = pieces(sentence)
        self._starts = {p.start: i for i, p in enumerate(self.pieces)}
        self._cache: dict[int, list[Candidate]] = {}
        self.unknown: list[int] = []  # pieces read only by a guess (an unknown word)

    def candidates(self, i: int) -> list[Candidate]:
        """Every reading of the piece at index ``i`` (a multi-piece reading first when longer)."""
        got = self._cache.get(i)
        if got is None:
            got = self._cache[i] = self._candidates(i)
        return got

    def _candidates(self, i: int) -> list[Candidate]:
        piece = self.pieces[i]
        text = piece.text
        lex = self.lexicon
        low = text.lower()
        # readings that look ahead: names, multi-word entries, "Movement +2", mana symbols written together
        ahead: list[Candidate] = self._names(i)
        for key in (low, text) if text != low else (low,):
            for words, cand in lex.multi.get(key, ()):
                if self._matches(i, words) and not self._open_demonstrative(i, words):
                    ahead.append(cand)
        value = self._keyword_value(i)
        if value is not None:
            ahead.append(value)
        ahead.sort(key=lambda c: -c.length)
        if text.startswith("(") and text != "(":  # a mana symbol; a bare "(" opens an aside
            j = i + 1
            while j < len(self.pieces) and self.pieces[j].text.startswith("(") and self.pieces[j].start == self.pieces[j - 1].end:
                j += 1
            symbols = tuple(p.text for p in self.pieces[i:j])
            ahead.append(Candidate(j - i, (Reading("MANA", symbols, entry="symbol"),)))
        nxt = self.pieces[i + 1].text if i + 1 < len(self.pieces) else ""
        out = _local_readings(lex, text, nxt)
        if low == "as":
            # "As this minion enters the realm, ...": a subordinator only where it opens the sentence (tried
            # first there: the meaning layer refuses any other clause it opens, and the preposition is tried
            # next, "As an additional cost, ..."); elsewhere "as" is the preposition ("enters as a copy")
            out = [c for c in out if c.readings[0].cat == "SUB" and i == 0] + \
                [c for c in out if c.readings[0].cat != "SUB"]
        if text == "," and self._ends_fronted_phrase(i):
            # the first comma of a sentence that opens with "When", "If", "At", "After"...: the end of that
            # phrase (a clause comma) before a list comma
            out = [c for c in out if c.readings[0].cat == "CC"] + [c for c in out if c.readings[0].cat != "CC"]
        if self._after_bare_verb_prep(i):
            out = out + _bare_verb_as_gerund(out)
        if i > 0 and _WORD.match(nxt) and nxt.lower() not in _PHRASE_ENDERS and not _word_readings(lex, nxt) \
                and not any(c.readings[0].cat == "ADJ" for c in out) \
                and (self._determines(self.pieces[i - 1].text) or self.pieces[i - 1].text[:1].isdigit()
                     or any(c.readings[0].cat == "NUMBER" for c in _word_readings(lex, self.pieces[i - 1].text))):
            # "a chosen span", "a broken Weapon", "three submerged Frog tokens": after a determiner or a
            # count, a participle before a word the lexicon does not know (a noun, a name) modifies it
            out = out + _participles_as_adjectives(out, low)
        if i > 0 and any(c.readings[0].cat == "SELF" for c in ahead) and self._after_noun(i):
            # "all artifacts Test Card carries": the card's own name may be the subject of a relative
            # clause with no relative word (tried last)
            late = [Candidate(c.length, (Reading("REL_SELF", "SELF", entry="name:self"),))
                    for c in ahead if c.readings[0].cat == "SELF"][:1]
        else:
            late = []
        if i > 0 and any(c.readings[0].cat == "DET" for c in out) and low in CONTACT_DETERMINERS \
                and self._after_noun(i):
            # "spells your opponents cast", "a site an opponent controls": after a noun, a determiner may
            # start the subject of a relative clause with no relative word (tried after its own readings)
            out = out + [Candidate(1, (Reading("REL_DET", c.readings[0].lemma, "", c.readings[0].entry),))
                         for c in out if c.readings[0].cat == "DET"][:1]
        self_pron = [c for c in out if c.readings[0].cat == "PRON" and c.readings[0].lemma == "SELF"][:1]
        if self_pron and i > 0 and self._after_noun(i):
            # "the border this sits atop": the card named by a pronoun ("this") may be the subject of a
            # relative clause with no relative word, as its name may (tried after its own readings)
            out = out + [Candidate(c.length, (Reading("REL_SELF", "SELF", entry=c.readings[0].entry),))
                         for c in self_pron]
        if self._after_indefinite(i):
            out = out + [c for c in _word_readings(lex, text) if c.readings[0].cat == "ADJ_HEAD" and c not in out]
        if ahead:
            local = out
            out = [c for c in _with_roles(ahead) if nxt.lower() in _PHRASE_ENDERS or not nxt or
                   c.readings[0].cat not in ("PARTICLE", "ADJ_HEAD")] + out
            if not local and i == 0 and _WORD.match(text) \
                    and all(c.readings[0].entry == "name:unknown" or c.readings[0].entry.startswith("name:") and c.length == 1
                            for c in ahead):
                # a capitalised word the lexicon does not know at the start of a sentence may be an
                # ordinary word ("Immediately after ...", "Freeze X"), read by its ending after the name
                # (a one-word card name too, the card's own or another's: a spell named by its verb,
                # "Blink target minion");
                # before it when it is an English word standing alone (no capitalised word after it)
                # before a plural noun: the capital is the sentence's, the word that noun's adjective
                # ("Rival minions ..." names no subtype of minions; a real subtype the catalog knows is
                # a name, never unknown)
                guessed = _with_roles(self._guess(i, text))
                if all(c.length == 1 for c in ahead) and nxt_plural_noun(lex, self.pieces, i, self.names) \
                        and english_word(text):
                    out = guessed + out
                else:
                    out = out + guessed
            out = out + late
        elif not out and _WORD.match(text):
            out = _with_roles(self._guess(i, text))
        elif low in _IDENTITY_HEADS and i > 0 and self.pieces[i - 1].text.lower() == "the" and (
                not nxt or nxt.lower() in _PHRASE_ENDERS or any(
                    c.readings[0].cat in ("PREP", "VERB", "MODAL") for c in _word_readings(lex, nxt))):
            # "the other" ending its phrase is the one left (of two): "one into your hand and the other on
            # the bottom", "the other gains +1 power" (English's pronoun use; before a noun it modifies it)
            out = out + [Candidate(1, (Reading("NOUN", low, "sg", out[0].readings[0].entry),))]
        elif out and i > 0 and _WORD.match(text) and nxt and _WORD.match(nxt) \
                and all(c.readings[0].cat in _ADVERBIAL for c in out) and self._determines(self.pieces[i - 1].text):
            # an adverb right after a determiner or possessive, before another word, modifies a noun as an
            # adjective would ("your back row", "the down side"): English puts no adverb there
            entry = out[0].readings[0].entry
            out = out + [Candidate(1, (Reading("ADJ", low, "", entry),)), Candidate(1, (Reading("NOUN", low, "sg", entry),))]
        elif out and i > 0 and _WORD.match(text) and (not nxt or nxt.lower() in _PHRASE_ENDERS) \
                and all(c.readings[0].cat in _ADVERBIAL | {"PREP"} for c in out) and self._determines(self.pieces[i - 1].text) \
                and not any(c.readings[0].cat == "PRON" for c in _word_readings(lex, self.pieces[i - 1].text)):
            # a place word or preposition after a determiner, ending the phrase, is the noun of the place
            # it names: "from the outside", "to the inside" (English puts no adverb there); not after a
            # determiner that may stand alone ("provides that permanently": "that" is the object)
            out = out + [Candidate(1, (Reading("NOUN", low, "sg", out[0].readings[0].entry),))]
        elif out and i > 0 and _WORD.match(text) and all(c.readings[0].cat == "PLACE" for c in out) \
                and self._after_preposition(i) and (not nxt or nxt.lower() in _PHRASE_ENDERS or any(
                    c.readings[0].cat == "PREP" for c in _word_readings(lex, nxt))
                    or _word_readings(lex, nxt)[:1] and _word_readings(lex, nxt)[0].readings[0].cat in _FINITE_CATS):
            # a place word right after a preposition is the place it names, that preposition's object:
            # "from anywhere", "from here to an adjacent site" (English puts no adverb there); before a
            # word that is first of all a verb too, where a subject's relative clause ends ("spells you
            # cast from here cost ...")
            out = out + [Candidate(1, (Reading("NOUN", out[0].readings[0].lemma, "sg", out[0].readings[0].entry),))]
        elif out and i > 0 and _WORD.match(text) and (not nxt or nxt.lower() in _PHRASE_ENDERS) \
                and all(c.readings[0].cat in _VERBAL | {"ADJ", "ADJ_HEAD"} for c in out) and self._after_preposition(i):
            # a bare verb or adjective right after a preposition, ending the phrase, is the noun English
            # makes of it: "by force", "on impact", "by magic" (after its own readings: "rather than pay"
            # stays a verb)
            out = out + [Candidate(1, (Reading("NOUN", r.lemma, "sg", r.entry),))
                         for c in out for r in c.readings[:1]
                         if r.cat == "ADJ" or (r.cat == "VERB" and r.form == "base")][:1]
        elif out and _WORD.match(text) and nxt and all(c.readings[0].cat == "NOUN" for c in out) \
                and self._determines(nxt) and self._where_a_verb_goes(i):
            # a noun where the verb goes, before its object, is the verb English makes of it (zero
            # derivation): "Start the game with ...", "if Arthur and Guinevere start your turn here"
            out = out + [Candidate(1, (Reading("VERB", r.lemma, "third" if r.form == "pl" else "base", r.entry),))
                         for c in out for r in c.readings[:1]][:1]
        elif out and i > 1 and _WORD.match(text) and all(c.readings[0].cat in _VERBAL for c in out) \
                and self._compound_before_verb(i, nxt):
            # "your deck searches are ...": an -s verb after a determiner and a noun, before the verb of
            # the clause, is the plural of the noun it makes, the head of a compound
            out = out + [Candidate(1, (Reading("NOUN", r.lemma, "pl", r.entry),))
                         for c in out for r in c.readings[:1] if r.cat == "VERB" and r.form == "third"][:1]
        elif out and i > 0 and _WORD.match(text) and all(c.readings[0].cat in _VERBAL for c in out) \
                and self._in_noun_phrase(i):
            # a verb after a determiner (and its adjectives) is the noun English makes of it: "evade the
            # attack", "an undefended strike" (a base form is one, an -s form several)
            singular = self._singular_determiner(i)
            out = out + [Candidate(1, (Reading("NOUN", r.lemma, "pl" if r.form == "third" else "sg", r.entry),))
                         for c in out for r in c.readings[:1] if r.cat == "VERB" and r.form in ("base", "third")
                         and not (singular and r.form == "third")][:1]
        elif out and i > 0 and text.islower() and _WORD.match(text) \
                and all(c.readings[0].cat in ("KEYWORD", "KEYWORD_ADJ") for c in out) \
                and (self._determines(self.pieces[i - 1].text) or self.pieces[i - 1].text[:1] in "+-"
                     and self.pieces[i - 1].text[1:2].isdigit()):
            # a keyword written in lower case after a determiner, a possessive or a signed number is the
            # noun it names ("its range of motion", "+1 range"; keyword lines print keywords capitalised),
            # after its own readings: a newer set's noun for its keyword
            out = out + [Candidate(1, (Reading("NOUN", low, "sg", out[0].readings[0].entry),))]
        if nxt[:1].isupper() and not any(c.readings[0].cat == "NOUN_MOD" for c in out) \
                and any(len(c.readings) == 1 and c.readings[0].cat == "NOUN" and c.readings[0].form == "sg" for c in out) \
                and any(len(c.readings) == 1 and c.readings[0].cat == "NAME" for c in self._names(i + 1)):
            # a noun before a name that may modify the noun after it is one of that noun's modifiers too
            # (tried after its own readings): "a 1 power Spirit token", "an aura Dragon minion" (the
            # local rule above sees only a noun or an unknown lowercase word next)
            out = out + [Candidate(c.length, (Reading("NOUN_MOD", c.readings[0].lemma, "sg", c.readings[0].entry),))
                         for c in out if len(c.readings) == 1 and c.readings[0].cat == "NOUN"
                         and c.readings[0].form == "sg"][:1]
        return out

    def _in_noun_phrase(self, i: int) -> bool:
        """Whether the piece comes after a determiner or possessive and only words that cannot be a
        noun phrase's head since (adjectives that never stand alone, an unknown -ed word): where the head
        goes.
        A word that may be a head (a noun, a name, a capitalised word) ends the phrase before the piece
        ("an enemy enters": "enters" is the verb)."""
        j = i - 1
        while j >= 0 and j > i - 4:
            text = self.pieces[j].text
            if self._determines(text):
                return True
            if text[:1].isupper() or not _WORD.match(text):
                return False
            readings = _word_readings(self.lexicon, text) or ()
            cats = {c.readings[0].cat for c in readings}
            if not readings:
                if not text.lower().endswith("ed"):
                    return False
            elif not cats <= {"ADJ", "PRED_ADJ", "ADV"} or "ADJ" not in cats:
                return False   # a word that may stand as the head itself ("the first dies") ends it too
            j -= 1
        return False

    def _after_noun(self, i: int) -> bool:
        """Whether the piece follows a noun (a lexicon noun or a name), the head a relative clause with
        no relative word may restrict, or a causative verb (``have target minion deal``: the clause it
        makes happen is read as such a relative clause with no noun)."""
        prev = self.pieces[i - 1].text
        if not _WORD.match(prev) or self._determines(prev):
            return False
        if prev.lower() in CAUSATIVE_FORMS:
            return True
        return any(c.readings[0].cat in ("NOUN", "NAME") for c in _word_readings(self.lexicon, prev)) \
            or any(c.readings[0].cat in ("NOUN", "NAME") for c in self.candidates(i - 1))

    def _singular_determiner(self, i: int) -> bool:
        """Whether the determiner the piece's noun phrase starts with takes a singular noun only (``a``,
        ``this``, ``each``...): after it an -s verb is no plural noun (``this moves``: the verb)."""
        j = i - 1
        while j >= 0 and j > i - 4:
            text = self.pieces[j].text
            if self._determines(text):
                return text.lower() in SINGULAR_DETERMINERS
            j -= 1
        return False

    def _where_a_verb_goes(self, i: int) -> bool:
        """Whether the piece starts the sentence (an imperative) or follows what ends a subject: a name (a
        capitalised word not starting the sentence) or a personal pronoun; or a relative word, whose clause
        has its subject in the noun before it ("each site that borders an enemy site")."""
        if i == 0:
            return True
        prev = self.pieces[i - 1].text
        if not _WORD.match(prev):
            return False
        if prev[:1].isupper() and i > 1:
            return True
        if any(c.readings[0].cat == "REL" for c in _word_readings(self.lexicon, prev)):
            return True
        return any(c.readings[0].cat == "PRON" for c in _word_readings(self.lexicon, prev)) \
            and not self._determines(prev)

    def _compound_before_verb(self, i: int, nxt: str) -> bool:
        """Whether the piece follows a determiner (or possessive) and a noun, and precedes an auxiliary or
        copula (``is``, ``are``, ``can``...): where a compound noun's head goes, not a verb."""
        prev, before = self.pieces[i - 1].text, self.pieces[i - 2].text
        return self._determines(before) and any(c.readings[0].cat == "NOUN" for c in _word_readings(self.lexicon, prev)) \
            and any(c.readings[0].cat in _AUXILIARY_CATS for c in _word_readings(self.lexicon, nxt))

    def _after_preposition(self, i: int) -> bool:
        """Whether the piece follows a preposition (not ``to``, which may mark an infinitive)."""
        prev = self.pieces[i - 1].text
        return prev.lower() != "to" and _WORD.match(prev) is not None and any(
            c.readings[0].cat == "PREP" for c in _word_readings(self.lexicon, prev))

    def _after_bare_verb_prep(self, i: int) -> bool:
        """Whether the piece follows a preposition English completes with a bare verb (``rather than
        pay``), where other prepositions take the -ing form (``instead of paying``)."""
        words = tuple(p.text.lower() for p in self.pieces[max(0, i - 2):i])
        return any(words[-len(prep):] == prep for prep in _BARE_VERB_PREPS if len(words) >= len(prep))

    def _determines(self, text: str) -> bool:
        """Whether a piece is a determiner or a possessive (a noun phrase goes on after it)."""
        return text in ("'s", "'") or any(c.readings[0].cat == "DET" for c in _word_readings(self.lexicon, text))

    def _after_indefinite(self, i: int) -> bool:
        """Whether the piece follows an indefinite pronoun, directly or after a list of adjectives
        (``everything Unique``, ``anything Unique or Elite``): English puts an indefinite pronoun's
        adjectives after it, so there an adjective may stand with no noun of its own (``ADJ_HEAD``)."""
        j = i - 1
        while j >= 0:
            word = self.pieces[j].text.lower()
            if word in INDEFINITE_PRONOUNS:
                return True
            if word in ("or", "and") and j >= 1 and self.pieces[j - 1].text == ",":
                j -= 1  # ", or": one separator
            if word in ("or", "and", ",") and j >= 1 and any(
                    c.readings[0].cat == "ADJ_HEAD" for c in _word_readings(self.lexicon, self.pieces[j - 1].text)):
                j -= 2
                continue
            return False
        return False

    def _ends_fronted_phrase(self, i: int) -> bool:
        if any(p.text == "," for p in self.pieces[:i]):
            return False
        first = _word_readings(self.lexicon, self.pieces[0].text.lower()) if self.pieces else ()
        return any(c.readings[0].cat in ("SUB", "PREP") for c in first)

    def _keyword_value(self, i: int) -> Candidate | None:
        """A keyword that takes a number with its number: ``Movement +2``, ``Ranged 3`` (one token);
        one whose number comes first: ``+1 Range``."""
        here = self.pieces[i].text
        if here[:1] in "+-" and here[1:].isdigit() and i + 1 < len(self.pieces):
            after = self.pieces[i + 1].text    # capitalised as keywords are printed: "+1 range" is a bonus given
            if (self.lexicon.keywords.get(after) or {}).get("value") == "number before":
                return Candidate(2, (Reading("KEYWORD", after, here, f"keywords:{after}"),))
            return None
        entry = self.lexicon.keywords.get(self.pieces[i].text.capitalize())
        if not entry or entry.get("value") != "number" or i + 1 >= len(self.pieces):
            return None
        nxt = self.pieces[i + 1].text
        if not (nxt.isdigit() or (nxt[:1] in "+-" and nxt[1:].isdigit())):
            return None
        name = self.pieces[i].text.capitalize()
        return Candidate(2, (Reading("KEYWORD", name, nxt, f"keywords:{name}"),))

    def _open_demonstrative(self, i: int, words: tuple[str, ...]) -> bool:
        """A multi-word entry ending in "that" ("after that") with no comma after it: there "that"
        determines the noun that follows ("after that minion attacks"), so the entry is not read; the
        phrase stands alone only when a comma closes it ("After that, draw a spell")."""
        j = i + len(words)
        return words[-1] == "that" and len(words) > 1 and (j >= len(self.pieces) or self.pieces[j].text != ",")

    def _matches(self, i: int, words: tuple[str, ...]) -> bool:
        if i + len(words) > len(self.pieces):
            return False
        return all(self.pieces[i + k].text.lower() == w for k, w in enumerate(words))

    def _span_pieces(self, i: int, length_chars: int) -> int | None:
        """How many pieces starting at ``i`` cover exactly ``length_chars`` characters of the sentence."""
        end = self.pieces[i].start + length_chars
        for j in range(i, len(self.pieces)):
            if self.pieces[j].end == end:
                return j - i + 1
            if self.pieces[j].end > end:
                return None
        return None

    def _known_name_at(self, i: int) -> bool:
        """Whether a name the name book knows starts at piece ``i`` (its plural too: ``Dragons``)."""
        piece = self.pieces[i]
        return any(self._text_match(i, written) for _, (written, _) in self.names.by_first.get(fold(piece.text), ())) \
            or self.names.singular(piece.text) is not None

    def _text_match(self, i: int, name: str) -> int | None:
        start = self.pieces[i].start
        chunk = self.sentence[start:start + len(name)]
        if len(chunk) != len(name) or fold(chunk) != fold(name):
            return None
        after = self.sentence[start + len(name):start + len(name) + 1]
        if after and (after.isalnum() or after == "_"):
            return None
        return self._span_pieces(i, len(name))

    def _names(self, i: int) -> list[Candidate]:
        piece = self.pieces[i]
        if piece.text in ("the", "The"):
            for alias in self.aliases:
                if alias.startswith(("the ", "The ")):
                    n = self._text_match(i, alias)
                    if n:
                        return [Candidate(n, (Reading("SELF", "SELF", entry="name:self"),))]
            return []
        if not piece.text[:1].isupper() and not piece.text[:1].isdigit():
            return []
        out: list[Candidate] = []
        for alias in self.aliases:
            n = self._text_match(i, alias)
            if n:
                out.append(Candidate(n, (Reading("SELF", "SELF", entry="name:self"),)))
                break
        loose = self._misprinted_self(i)   # "Gloomfen Stalkr": longer than the short name "Gloomfen"
        if loose and (not out or loose[0].length > out[0].length):
            out = loose
        key = fold(piece.text)
        for folded, (written, kind) in self.names.by_first.get(key, ()):
            n = self._text_match(i, written)
            if n:
                out.append(Candidate(n, (Reading("NAME", written, "sg", f"name:{kind}"),)))
        if piece.text[:1].isupper() and not out:
            plural_of = self.names.singular(piece.text)
            if plural_of:
                out.append(Candidate(1, (Reading("NAME", plural_of, "pl", "name:plural"),)))
        # an unknown name: a run of capitalised pieces that are not lexicon words; at the start of a
        # sentence it ends before a name the name book knows ("Rival Dragons": an unknown word before the
        # subtype, not one unknown name swallowing it)
        j = i
        while j < len(self.pieces) and self.pieces[j].text[:1].isupper() and not _ordinary(self.pieces[j].text, self.lexicon):
            if i == 0 and j > i and self._known_name_at(j):
                break
            j += 1
        # (a part of the card's own name covers no more: "Spirit" of Spirit Kindler may also be another
        # name, "Summon a Spirit token", tried after the card's own reading; found by blind ruling round 14)
        if j > i and not any(c.length >= j - i and c.readings[0].cat != "SELF" for c in out):
            written = self.sentence[piece.start:self.pieces[j - 1].end]
            out.append(Candidate(j - i, (Reading("NAME", written, "sg", "name:unknown"),)))
        return out

    def _misprinted_self(self, i: int) -> list[Candidate]:
        """The card's own name misprinted (``Tuft Turtles`` on Tufted Turtles): a run of words starting
        and ending with a capital, one word fewer to one more than one of the card's names, within a
        small edit distance of it (:func:`misprint_of`) and no known name itself, is ``SELF``. Printed
        sets carry such misprints; a newer set will too."""
        for alias in self.aliases:
            k = misprint_at(self.sentence, self.pieces, i, alias, self.names, self.lexicon)
            if k:
                return [Candidate(k, (Reading("SELF", "SELF", entry="name:self"),))]
        return []

    def _guess(self, i: int, text: str) -> list[Candidate]:
        """Readings of a word the lexicon does not know, from its ending (an English word's form)."""
        self.unknown.append(i)
        w = text.lower()
        entry = "oov:" + w

        def c(cat: str, lemma: str, form: str = "") -> Candidate:
            return Candidate(1, (Reading(cat, lemma, form, entry),))

        if i == 0 and nxt_plural_noun(self.lexicon, self.pieces, i, self.names):
            # opening the sentence before a plural noun: that noun's modifier first ("Rival minions
            # nearby ...", "Friendly units ..."), an -ly adverb or a verb after
            return [c("ADJ", w), c("ADV", w)] if w.endswith("ly") and len(w) > 3 else [c("ADJ", w), c("VERB", w, "base")]
        if w.endswith("ly") and len(w) > 3:
            # an adverb; right after a determiner or a possessive a noun or an adjective ("his belly",
            # "a deadly foe"), which no adverb stands after; elsewhere an adverb first, then a verb ("rally
            # your allies"); "fly", "ply" are no adverbs at all
            if i > 0 and self._determines(self.pieces[i - 1].text):
                return [c("NOUN", w, "sg"), c("ADJ", w), c("ADV", w)]
            return [c("ADV", w), c("VERB", w, "base")]
        nxt = self.pieces[i + 1].text if i + 1 < len(self.pieces) else ""
        if i > 0 and self._determines(self.pieces[i - 1].text) and self.pieces[i - 1].text.lower() != "that" \
                and not w.endswith(("ing", "ed")) and nxt \
                and any(c.readings[0].cat == "NOUN" for c in _word_readings(self.lexicon, nxt)):
            # between a determiner and a noun: that noun's modifier first ("the base power"), else a noun
            # modifying it, a verb last
            return [c("ADJ", w), c("NOUN", w, "sg"), c("VERB", w, "base")]
        if w.endswith("ing") and len(w) > 4:
            return [c("GERUND", w[:-3], "ing"), c("ADJ", w)]
        if w.endswith("eed") and len(w) > 4:
            # "proceed", "exceed": a base form first; "freed", "agreed": the past of a verb in -ee
            return [c("VERB", w, "base"), c("VERB", w[:-1], "past"), c("PART", w[:-1], "part"), c("ADJ", w)]
        if w.endswith("ed") and len(w) > 3:
            stem = past_stem(w)
            return [c("VERB", stem, "past"), c("PART", stem, "part"), c("ADJ", w)]
        if w.endswith("s") and not w.endswith("ss") and len(w) > 2:
            stem = s_stem(w)
            if i > 0 and self.pieces[i - 1].text.lower() in SINGULAR_DETERMINERS:
                return [c("VERB", stem, "third")]   # "that borders", "each enters": no plural after them
            return [c("VERB", stem, "third"), c("NOUN", stem, "pl")]
        return [c("VERB", w, "base"), c("NOUN", w, "sg"), c("ADJ", w)]


def nxt_plural_noun(lexicon: Lexicon, ps: list[Piece], i: int, names: NameBook | None = None) -> bool:
    """Whether the piece after ``i`` is a plural noun the lexicon knows (``minions``, ``units``) or the
    plural of a name the name book knows (``Dragons``)."""
    if i + 1 >= len(ps):
        return False
    nxt = ps[i + 1].text
    return any(r.cat == "NOUN" and r.form == "pl" for c in _word_readings(lexicon, nxt) for r in c.readings) \
        or (names is not None and nxt[:1].isupper() and names.singular(nxt) is not None)


#: An English word this common (Zipf, about once per million words) is an ordinary word: the search's
#: own threshold for a word never taken for a typo (codex/search/lexicon.py).
ENGLISH_ZIPF = 3.0


def english_word(text: str) -> bool:
    """Whether ``text`` (any case) is an ordinary English word by wordfreq's list, which the project
    already pins for search; the list is read on first use only (a capitalised unknown word opening a
    sentence is rare), so parsing a card that has none never pays for it."""
    from codex.search.lexicon import ENGLISH

    return ENGLISH.zipf(text.lower()) >= ENGLISH_ZIPF


_VOWELS = frozenset("aeiou")


def past_stem(w: str) -> str:
    """The base form of an -ed word the lexicon does not know, by English spelling: ``tied`` → ``tie``,
    ``tried`` → ``try``, ``stopped`` → ``stop``, ``halved`` → ``halve``, ``reduced`` → ``reduce``,
    ``damaged`` → ``damage``, ``caused`` → ``cause``, ``attacked`` → ``attack``, ``divided`` →
    ``divide``, ``rotated`` → ``rotate`` (after two syllables, one vowel between consonants before ``d``,
    or ``a``/``u`` before ``t``; ``visited`` stays ``visit``). A guess (``created`` stays ``creat``,
    ``combated`` becomes ``combate``): the lemma names a verb the rules do not type, so nothing executes
    by it."""
    if w.endswith("ied"):
        return w[:-1] if len(w) <= 4 else w[:-3] + "y"
    stem = w[:-2]
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS and stem[-1] not in "lsz":
        return stem[:-1]   # a doubled final consonant
    if stem.endswith(("v", "c", "z", "u", "dg", "rg")) or (
            len(stem) > 2 and stem[-1] == "g" and stem[-2] in _VOWELS) or (
            len(stem) > 3 and stem[-1] == "s" and stem[-2] in _VOWELS and stem[-3] in _VOWELS):
        return stem + "e"  # no English base form ends so: the -e was dropped before -ed
    if len(stem) > 3 and stem[-3] not in _VOWELS and stem[-2] in _VOWELS and stem[-2] != "e" and (
            stem[-1] == "d" or (stem[-1] == "t" and stem[-2] in "au")) and _syllables(stem) > 1:
        return stem + "e"  # "divided", "invaded", "created", "distributed": a base ending in a silent -e
    return stem


def _syllables(w: str) -> int:
    """Groups of vowels in ``w``: a rough count of syllables."""
    return sum(1 for k, ch in enumerate(w) if ch in _VOWELS and (k == 0 or w[k - 1] not in _VOWELS))


def s_stem(w: str) -> str:
    """The base form of an -s word the lexicon does not know: ``ties`` → ``tie``, ``tries`` → ``try``,
    ``reaches`` → ``reach``, ``halves`` → ``halve``."""
    if w.endswith("ies"):
        return w[:-1] if len(w) <= 4 else w[:-3] + "y"
    if w.endswith(("ches", "shes", "sses", "xes")):
        return w[:-2]
    return w[:-1]


#: Categories of a word that cannot stand between a determiner and its noun (an adverb, a place
#: adverb, a particle): after a determiner such a word is read as a modifier too.
_ADVERBIAL = frozenset({"ADV", "PLACE", "PARTICLE"})

#: Categories of a verb form: after a determiner such a word is read as its noun too.
_VERBAL = frozenset({"VERB", "PART", "GERUND"})

#: Words English uses mostly as a place adverb or adjective (``each nearby minion``, ``units nearby``)
#: and as a preposition only before a noun phrase with a determiner or a pronoun (``a unit nearby the
#: caster``, ``nearby it``).
_DETERMINED_PREPS = frozenset({"nearby"})

#: Categories of an auxiliary or a copula: a verb group's first word that is no lexical verb.
_AUXILIARY_CATS = frozenset({"BE_FIN", "MODAL", "HAVE_AUX", "DO"})

#: Categories that begin a verb group: a word of these after a headless ordinal makes it a subject.
_FINITE_CATS = frozenset({"VERB", "BE_FIN", "MODAL", "HAVE_AUX", "DO"})

#: Pronouns whose adjectives follow them (``everything Unique``, ``anything else``).
INDEFINITE_PRONOUNS = frozenset({"everything", "anything", "something", "nothing", "everyone", "anyone",
                                 "someone"})

#: Prepositions whose verb complement is a bare infinitive, as word tuples.
_BARE_VERB_PREPS = (("rather", "than"),)


def _bare_verb_as_gerund(cands: list[Candidate]) -> list[Candidate]:
    """A verb's base form after ``rather than`` read as the -ing clause a preposition takes (the same
    reading ``rather than paying`` gives): ``discard a card rather than pay its cost``."""
    return [Candidate(c.length, (Reading("GERUND", c.readings[0].lemma, "ing", c.readings[0].entry),))
            for c in cands if len(c.readings) == 1 and c.readings[0].cat == "VERB" and c.readings[0].form == "base"]


def clear_cache() -> None:
    """Forget the remembered word readings (benchmarks measure cold parses)."""
    _STATIC.clear()
    _LOCAL.clear()


def _non_word(lex: Lexicon, word: str) -> str:
    """``non-X``: X as its lemma (``non-fire``, ``non-Ordinary``, ``non-Airborne``)."""
    for cand in lex.single.get(word.lower(), []) + lex.single.get(word, []):
        r = cand.readings[0]
        if r.cat in ("ADJ", "KEYWORD", "ORD") and isinstance(r.lemma, str):
            return r.lemma
    return word


_STATIC: dict[tuple[int, str], tuple[Candidate, ...]] = {}
_LOCAL: dict[tuple[int, str, str], list[Candidate]] = {}


def _local_readings(lex: Lexicon, text: str, nxt: str) -> list[Candidate]:
    """A piece's readings that depend on the piece and the next one only (shared, do not mutate): its
    words' readings, a modal standing for the verb before it ("he must", "if it can't"), a noun or a past
    participle modifying the noun after it ("an aura minion", "the discarded card"), and no reading that
    only ends a phrase (a stranded preposition, a headless adjective) before more of the phrase."""
    key = (id(lex), text, nxt)
    got = _LOCAL.get(key)
    if got is not None:
        return got
    out = list(_word_readings(lex, text))
    low, nxt_low = text.lower(), nxt.lower()
    if low in _DETERMINED_PREPS and not any(c.readings[0].cat in ("DET", "PREDET", "PRON")
                                            for c in _word_readings(lex, nxt)):
        # "each other nearby minion": the place word before a bare noun, never its preposition
        out = [c for c in out if c.readings[0].cat != "PREP"]
    if not nxt or nxt_low in (",", ".", "!", ";"):
        for c in list(out):
            r = c.readings[0]
            if r.cat == "MODAL" and len(c.readings) == 1:
                out.append(Candidate(1, (Reading("MODAL_ALONE", low, entry=f"modals:{low}"),)))
            elif r.cat in ("MODAL", "DO") and len(c.readings) == 2 and c.readings[1].cat == "NEG":
                out.append(Candidate(1, (Reading("MODAL_ALONE", r.lemma, entry=r.entry), c.readings[1])))
    if nxt and (any(c.readings[0].cat == "NOUN" or c.readings[0].cat == "VERB" and c.readings[0].form == "third"
                    for c in _word_readings(lex, nxt)) or _unknown_noun(lex, nxt)):
        # "an aura minion"; before a word the lexicon does not know, which may be a noun, too ("life
        # loss"), or an -s verb, which may be the plural of its noun ("deck searches are ...")
        out += [Candidate(c.length, (Reading("NOUN_MOD", c.readings[0].lemma, "sg", c.readings[0].entry),))
                for c in out if len(c.readings) == 1 and c.readings[0].cat == "NOUN" and c.readings[0].form == "sg"]
    elif nxt and any(c.readings[0].cat == "ADJ" for c in _word_readings(lex, nxt)):
        # "two target allied minions": a noun modifying the noun phrase goes before its adjectives too
        # (tried after the word's own readings)
        out += [Candidate(c.length, (Reading("NOUN_MOD", c.readings[0].lemma, "sg", c.readings[0].entry),))
                for c in out if len(c.readings) == 1 and c.readings[0].cat == "NOUN" and c.readings[0].form == "sg"]
    if nxt_low == "than" and low in COMPARATIVE_WORDS and not any(c.readings[0].cat == "ADV" for c in out):
        # "power greater than 3", "fewer than two": a comparative before "than" compares, as "less" does
        out.append(Candidate(1, (Reading("ADV", low, "", out[0].readings[0].entry if out else "rule:comparative"),)))
    if any(c.readings[0].cat == "ABILITY_WORD" for c in out) and nxt_low not in ("→", "&"):
        # an ability word outside an ability's marker names that kind of ability, as a noun ("its
        # Deathrite") or a noun's modifier ("Deathrite abilities"): a newer set's ability words too
        word = next(c.readings[0] for c in out if c.readings[0].cat == "ABILITY_WORD")
        if not any(c.readings[0].cat == "NOUN" for c in out):
            out.append(Candidate(1, (Reading("NOUN", word.lemma, "sg", word.entry),)))
        if nxt and any(c.readings[0].cat == "NOUN" for c in _word_readings(lex, nxt)) \
                and not any(c.readings[0].cat == "NOUN_MOD" for c in out):
            out.append(Candidate(1, (Reading("NOUN_MOD", word.lemma, "sg", word.entry),)))
    if nxt and any(c.readings[0].cat == "NOUN" for c in _word_readings(lex, nxt)) \
            and not any(c.readings[0].cat == "ADJ" for c in out):
        # "the discarded card", "the defending player": a participle before a noun modifies it
        out += _participles_as_adjectives(out, low)
    if nxt and nxt_low not in _PHRASE_ENDERS:
        # an ordinal or a superlative standing for its noun may be a subject, a verb after it ("when the
        # last is removed", "the strongest dies")
        ordinal_subject = any(c.readings[0].cat == "ORD" or c.readings[0].cat == "ADJ_HEAD" and low.endswith("est")
                              for c in out) and any(c.readings[0].cat in _FINITE_CATS for c in _word_readings(lex, nxt))
        # a stranded preposition stays before a word that is first of all a finite verb, where a subject's
        # relative clause ends ("each unit it passes over takes 1 damage"); before anything else (a word
        # that may be a determiner first: "of target minion") it is the preposition
        nxt_readings = _word_readings(lex, nxt)
        stranded = bool(nxt_readings) and nxt_readings[0].readings[0].cat in _FINITE_CATS
        out = [c for c in out if (c.readings[0].cat != "PARTICLE" or stranded) and (
            c.readings[0].cat != "ADJ_HEAD" or ordinal_subject)]
        if any(c.readings[0].cat == "KEYWORD" for c in out) and any(c.readings[0].cat == "VERB" for c in out):
            # a keyword that is also a verb, with more of its phrase after it, is the verb first ("Submerge
            # target minion"); a keyword stands alone ("Submerge, Lethal")
            out = [c for c in out if c.readings[0].cat != "KEYWORD"] + [c for c in out if c.readings[0].cat == "KEYWORD"]
    if len(_LOCAL) > 1 << 16:
        _LOCAL.clear()
    _LOCAL[key] = out
    return out


def _unknown_noun(lex: Lexicon, text: str) -> bool:
    """Whether a piece is a lowercase word the lexicon does not know that may be a noun by its ending (no
    -ly, -ed or -ing form): a newer set's noun."""
    return bool(_WORD.match(text)) and text.islower() and not _word_readings(lex, text) \
        and not text.endswith(("ly", "ed", "ing")) and text not in _PHRASE_ENDERS


def _participles_as_adjectives(out: list[Candidate], low: str) -> list[Candidate]:
    """The adjective a participle (past or -ing) makes, when it modifies the noun after it."""
    return [Candidate(c.length, (Reading("ADJ", low, "", c.readings[0].entry),))
            for c in out if len(c.readings) == 1 and c.readings[0].cat in ("PART", "GERUND")][:1]


def _word_readings(lex: Lexicon, text: str) -> tuple[Candidate, ...]:
    """A piece's readings that depend on nothing around it (the lexicon's words, punctuation, numbers,
    symbols), with their positional variants; remembered per lexicon and spelling."""
    if not text:   # no piece (the end of the sentence)
        return ()
    key = (id(lex), text)
    got = _STATIC.get(key)
    if got is not None:
        return got
    low = text.lower()
    out: list[Candidate] = list(lex.single.get(text, []))
    if text != low:
        out += lex.single.get(low, [])
    elif text.capitalize() in lex.keywords:  # "without submerge": a keyword written in lower case
        out += [c for c in lex.single.get(text.capitalize(), []) if c.readings[0].cat in ("KEYWORD", "KEYWORD_ADJ")]
    if text in _PUNCT:
        out += [Candidate(1, (Reading(cat, text, entry="punct"),)) for cat in _PUNCT[text]]
    elif text.startswith('"'):
        out.append(Candidate(1, (Reading("QUOTED", text, entry="symbol"),)))
    elif text[0] in "+-" and text[1:].isdecimal():
        out.append(Candidate(1, (Reading("SIGNED", int(text), entry="symbol"),)))
    elif text in ("+X", "-X"):   # "+X power": a change by an amount the card defines ("where X is ...")
        out.append(Candidate(1, (Reading("SIGNED", text.lstrip("+"), entry="symbol"),)))
    elif text[0].isdecimal():  # "¹" is a digit to isdigit, not a number int() reads
        value = int(text.rstrip("+"))
        out.append(Candidate(1, (Reading("NUMBER", value, "plus" if text.endswith("+") else "", "symbol"),)))
    elif text in ("'s", "'"):
        out.append(Candidate(1, (Reading("POSS", "'s", entry="symbol"),)))
    elif text == "X":
        out.append(Candidate(1, (Reading("NUMBER", "X", entry="numbers:X"),)))
    elif text.startswith(("non-", "Non-")) and len(text) > 4:
        out.append(Candidate(1, (Reading("ADJ", "non-" + _non_word(lex, text[4:]), entry="rule:non"),)))
    got = tuple(_with_roles(out))
    if len(_STATIC) > 1 << 16:
        _STATIC.clear()
    _STATIC[key] = got
    return got


def _with_roles(cands: list[Candidate]) -> list[Candidate]:
    """Add the positional variants the grammar tells apart: a name may modify a noun (``NAME_MOD``,
    tried first: ``a Foot Soldier token``) or head a phrase; a number may count a noun (``NUMBER``)
    or stand alone (``AMOUNT``: ``heal 3``)."""
    out: list[Candidate] = []
    for c in cands:
        r = c.readings[0]
        if len(c.readings) == 1 and r.cat == "NAME":
            out.append(Candidate(c.length, (Reading("NAME_MOD", r.lemma, r.form, r.entry),)))
            out.append(c)
        elif len(c.readings) == 1 and r.cat == "NUMBER":
            out.append(c)
            out.append(Candidate(c.length, (Reading("AMOUNT", r.lemma, r.form, r.entry),)))
        else:
            out.append(c)
    return out
