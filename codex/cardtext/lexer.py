# cython: annotation_typing=True
"""Word-level contextual lexer for the card-text grammar (plugged into lark as a custom lexer).

Why not lark's own lexer: its terminals are character patterns, so a literal like ``"be"`` matches the
start of ``bearer`` and ``"he"`` the end of ``she`` whenever the parser state allows it, which made
whole sentences fail on ordinary words. Card text is made of words, so this lexer cuts the sentence
into words first and only then classifies each word, which makes word boundaries exact and lexing a
dictionary lookup per word (several times faster than trying every terminal regex).

Contextual like lark's ``contextual`` lexer: when a word could be several terminals (a multi-word
literal such as ``your turn`` versus the determiner ``your``; the keyword ``Charge`` versus a
capitalised subtype ``CAPWORD``), the lexer asks the LALR table which terminals the current parser
state accepts and picks the longest accepted reading.
"""
from __future__ import annotations

import re
from typing import Any, Iterator

from lark import Token
from lark.lexer import Lexer, PatternStr

from codex.cardtext import compiled as _compiled

COMPILED_FROM: str | None = None  # the build (setup.py) sets this to the source's SHA-256 when it compiles it
_compiled.use_source_if_stale(globals())

#: Raw pieces of a prepared sentence: quoted abilities, mana symbols, signed numbers, numbers, words
#: (with inner apostrophes and hyphens), a detached possessive, and any other single character.
_PIECE = re.compile(r"""\s*("[^"]*"|\((?:\d+|X|[AEFW])\)|[+-]\d+|\d+|'s\b|[^\W\d_][\w'\-]*|\S)""")
_CAPWORD = re.compile(r"[A-Z][A-Za-z]*(?:-[A-Za-z]+)*$")
_REGEX_PIECES = (("QUOTED", '"'), ("MANA", "("), ("SIGNED", "+"), ("SIGNED", "-"))


class WordLexer(Lexer):
    """Lexes a prepared sentence into grammar terminals, one word (or multi-word literal) at a time."""

    __future_interface__ = 1
    #: Object nouns of the grammar (``minions``, ``site``...), set by the parser once the grammar is built:
    #: a capitalised keyword right before one is a modifier (``Airborne minions``), not the keyword.
    noun_words: frozenset[str] = frozenset()

    def __init__(self, lexer_conf: Any) -> None:
        self.single: dict[str, str] = {}
        self.multi: dict[str, list[tuple[str, str]]] = {}
        for t in lexer_conf.terminals:
            values: list[str] = []
            if isinstance(t.pattern, PatternStr):
                values = [t.pattern.value]
            elif t.name == "SC_ELEMENT":
                values = [f"{p}{e} Spellcaster" for p in ("", "non-") for e in ("air", "earth", "fire", "water")]
            for v in values:
                head = _PIECE.match(v)
                if head is None or head.end() == len(v):
                    self.single[v] = t.name
                else:
                    self.multi.setdefault(head.group(1), []).append((v, t.name))
        for options in self.multi.values():
            options.sort(key=lambda o: len(o[0]), reverse=True)

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Token]:
        """lark's custom-lexer entry point (used by :func:`codex.cardtext.parser.tree_parser`): the pieces
        of :meth:`tokens` as lark Tokens with every position lark's tree builder reads (a sentence is one
        line)."""
        text = lexer_state.text
        for kind, value, start in self.tokens(getattr(text, "text", text), parser_state.state_stack,
                                              parser_state.parse_conf.states):
            end = start + len(value)
            yield Token(kind, value, start, 1, start + 1, 1, end + 1, end)

    def tokens(self, text: str, stack: list[int], states: Any) -> Iterator[tuple[str, str, int]]:
        """The tokens of ``text`` as ``(terminal, text, offset)`` triples; the current parser state is
        ``stack[-1]`` (read before each word, so the caller must feed each token to the parser before
        asking for the next one).

        Triples, not lark Tokens: building a ``str`` subclass with its eight position fields cost more
        than lexing the word, and most tokens end as plain text in the AST. The parse driver makes a Token
        only where one is needed (:data:`codex.cardtext.transform.TYPED_TERMINALS`, an error report);
        :meth:`lex` makes them all for lark's own parser. A sentence is one line: column = offset + 1."""
        first = True
        scan = _PIECE.finditer  # one scanner per sentence: cheaper than a regex match per word
        single: dict = self.single  # typed locals: see codex/cardtext/lalr.py
        multi: dict = self.multi
        accepted: dict
        resume: int | None = 0
        while resume is not None:
            pieces, resume = scan(text, resume), None
            for m in pieces:
                word, start = m.group(1), m.start(1)
                accepted = states[stack[-1]]
                # Fast paths, each giving the answer _readings would give (most words of a sentence and
                # its punctuation take one); the words that need context go to _readings.
                if not word[0].isupper():
                    # a lower-case word that begins no multi-word literal accepted here reads as its
                    # own literal, like any other lower-case word (_readings gives the same answer)
                    if word not in multi or _multi_reading(multi[word], text, start, accepted) is None:
                        kind = single.get(word)
                        if kind is not None and kind in accepted:
                            yield kind, word, start
                            first = False
                            continue
                elif word in single:
                    # an all-capitals literal ("SELF", "X") is that literal when accepted: no other reading
                    # wins over it in _readings
                    kind = single[word]
                    if kind in accepted and word.isupper() and word not in multi and word.lower() not in multi:
                        yield kind, word, start
                        first = False
                        continue
                elif word not in multi:
                    # Capitalised word that is no literal as written ("Deal", "Bearer"): same answer as
                    # _readings, which reads it as its lower-case literal when the parser accepts that here.
                    low = word.lower()
                    kind = single.get(low)
                    if kind is not None and kind in accepted and low not in multi:
                        value = low if first else word
                        yield kind, value, start
                        first = False
                        continue
                for kind, value, end in self._readings(text, word, start, accepted, first):
                    yield kind, value, start
                    start = end
                    first = False
                if end > m.end():  # a multi-word literal consumed further words: scan on from its end
                    resume = end
                    break

    def _readings(self, text: str, word: str, start: int, accepted: dict[str, Any], first: bool = False
                  ) -> list[tuple[str, str, int]]:
        """The token(s) for ``word`` at ``start``: a list because a possessive splits into two.

        A capitalised word may be read as a lower-case literal (``Deal`` → ``deal``, ``Avatar`` → the
        noun ``avatar``); its value stays as written except for the sentence's first word, so the AST
        records mid-sentence capitals (``an Avatar``) and the printer gives them back."""
        end = start + len(word)
        options = self.multi.get(word, [])
        if word[:1].isupper():  # "Water Spellcaster", "Until your next turn" at a sentence start
            options = options + self.multi.get(word.lower(), [])
        if options:
            reading = _multi_reading(options, text, start, accepted)
            if reading is not None:
                return [reading]
        name = self.single.get(word)
        lower = self.single.get(word.lower()) if word[:1].isupper() else None
        other_reading = (lower is not None and lower in accepted) or (
            _capword(word, accepted) and self._before_noun(text, end))
        if name is not None and name in accepted and (
                not _before_lower_word(text, end) or word.isupper() or not other_reading):
            return [(name, word, end)]
        if lower is not None and lower in accepted:  # "Submerge target minion": the verb, not the keyword
            return [(lower, word.lower() if first else word, end)]
        if _capword(word, accepted) and (name is None or name not in accepted or self._before_noun(text, end)):
            return [("CAPWORD", word, end)]  # "Airborne minions": a capitalised modifier, not the keyword
        if name is not None:
            return [(name, word, end)]
        if _capword(word, accepted) or (name is None and _CAPWORD.match(word)):
            return [("CAPWORD", word, end)]
        for kind, prefix in _REGEX_PIECES:
            if word.startswith(prefix) and len(word) > 1:
                return [(kind, word, end)]
        if word.isdecimal():   # "¹" is a digit, not a number int() reads
            return [("NUMBER", word, end)]
        if word.startswith("non-") and len(word) > 4:
            head = start + 4
            return [(self.single.get("non-", "NON"), "non-", head)] + self._readings(text, word[4:], head, {})
        if word == "'" and "'s" in self.single:  # plural possessive: "Blood Ravens' strike damage"
            return [(self.single["'s"], "'", end)]
        if word.endswith("'s") and len(word) > 2:
            stem = self._readings(text, word[:-2], start, accepted)
            return stem + [(self.single.get("'s", "POSSESSIVE"), "'s", end)]
        return [(name or "WORD", word, end)]

    def _before_noun(self, text: str, end: int) -> bool:
        return _next_word(text, end) in self.noun_words


def _multi_reading(options: list[tuple[str, str]], text: str, start: int, accepted: dict[str, Any]
                   ) -> tuple[str, str, int] | None:
    """The longest multi-word literal of ``options`` written at ``start`` (any case, ending at a word
    boundary) that the parser accepts here, as ``(terminal, literal, end)``; None when there is none."""
    for literal, name in options:
        stop = start + len(literal)
        if name in accepted and text[start:stop].lower() == literal.lower() and not text[stop:stop + 1].isalnum():
            return (name, literal, stop)
    return None


def _next_word(text: str, end: int) -> str:
    m = _PIECE.match(text, end)
    return m.group(1) if m else ""


def _before_lower_word(text: str, end: int) -> bool:
    """True when a lower-case word (not and/or) follows: a capitalised literal there is more likely a verb
    (``Submerge target minion``) or a modifier (``Airborne minions``) than a keyword (``Submerge, Voidwalk``,
    ``Ranged 3``, ``Airborne and Stealth``)."""
    rest = text[end:].lstrip(" ")
    return bool(rest) and rest[0].islower() and not rest.startswith(("and ", "or "))


def _capword(word: str, accepted: dict[str, Any]) -> bool:
    return "CAPWORD" in accepted and _CAPWORD.match(word) is not None
