"""Validation for card designers: the AST as JSON, or errors with line, column, expected tokens in
plain words, a caret excerpt and did-you-mean suggestions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import fuzz, process

from codex.cardtext import ast as A
from codex.cardtext.normalize import normalize
from codex.cardtext import lexicon as L
from codex.cardtext.parser import SentenceError, parse_normalized

_MAX_EXPECTED = 15


@dataclass(frozen=True)
class ValidationError:
    """One failing sentence, located in the normalised text."""

    line: int
    column: int
    message: str
    expected: tuple[str, ...]
    excerpt: str
    suggestions: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "column": self.column, "message": self.message,
                "expected": list(self.expected), "excerpt": self.excerpt, "suggestions": list(self.suggestions)}


@dataclass(frozen=True)
class ValidationResult:
    """``ok`` when every sentence parsed; ``ast`` is the (lenient) parse either way."""

    text: str
    ast: A.CardText
    errors: tuple[ValidationError, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "text": self.text, "errata": self.ast.errata, "ast": A.to_json(self.ast),
                "errors": [e.to_dict() for e in self.errors]}


_CATEGORY_WORDS = {"VERB": "a verb", "NOUN": "a noun", "NAME": "a name", "NAME_MOD": "a name", "ADJ": "an adjective",
                   "ADJ_HEAD": "an adjective", "DET": "a determiner", "PREDET": "a determiner", "ORD": "an ordinal",
                   "NUMBER": "a number", "AMOUNT": "a number", "PRON": "a pronoun", "REL_PRON": "a pronoun",
                   "REL_DET": "a determiner", "REL_SELF": "this card's name",
                   "SELF": "this card's name", "PREP": "a preposition", "PARTICLE": "a preposition",
                   "PLACE": "a place word (here, there, nearby...)", "ADV": "an adverb", "MODAL": "may/must/can",
                   "MODAL_ALONE": "may/must/can", "NEG": "not", "NEG_ADV": "never/no longer", "BE": "be",
                   "BE_FIN": "is/are", "BEEN": "been", "HAVE_AUX": "has/have", "DO": "do/does", "PART": "a participle",
                   "GERUND": "an -ing word", "PRED_ADJ": "an adjective", "KEYWORD": "a keyword",
                   "KEYWORD_ADJ": "a keyword", "QUANT": "up to / at least", "COMPARATIVE": "or more / or less",
                   "REL": "that/which", "SUB": "if/when/while/until...", "TO_INF": "to + verb",
                   "CONJ_NP": "and/or", "CONJ_CL": "and/or", "CONJ_V": "and", "THEN": "then", "LC": "a comma",
                   "CC": "a comma", "COLON": "a colon", "DASH": "a dash", "AMP": "&", "END": "the end of the sentence",
                   "$END": "the end of the sentence", "MANA": "a mana symbol like (2)", "SIGNED": "a number like +1",
                   "QUOTED": "a quoted ability", "ABILITY_WORD": "Genesis/Deathrite", "POSS": "'s"}


def expected_words(categories: tuple[str, ...]) -> tuple[str, ...]:
    """The grammar categories a failing position accepts, in plain words."""
    return tuple(sorted({_CATEGORY_WORDS.get(c, c) for c in categories}))


def suggest(word: str, limit: int = 3) -> tuple[str, ...]:
    """Lexicon words close to an unknown ``word`` (``Airbourne`` → ``Airborne``, ``damge`` → ``damage``)."""
    lex = L.load()
    if not word or word in lex.single or word.lower() in lex.lower_words:
        return ()
    pool = sorted(k for k in lex.single if (k[:1].isupper() == word[:1].isupper()) and " " not in k)
    hits = process.extract(word, pool, scorer=fuzz.ratio, limit=limit, score_cutoff=75)
    return tuple(h[0] for h in hits)


def _excerpt(line_text: str, column: int) -> str:
    return f"{line_text}\n{' ' * (column - 1)}^"


def _error(err: SentenceError, lines: list[str]) -> ValidationError:
    words = expected_words(err.expected)
    expected = words[:_MAX_EXPECTED]
    more = len(words) - len(expected)
    exp_text = ", ".join(expected) + (f" (and {more} more)" if more > 0 else "")
    message = f"line {err.line}, column {err.column}: {err.message}"
    if exp_text:
        message += f"; expected one of: {exp_text}"
    sugg = suggest(err.found)
    if not sugg:  # an unknown word is read by its ending; it may be what the sentence trips on later
        for word in err.unknown:
            sugg = suggest(word)
            if sugg:
                break
    if err.unknown and not err.parsed:
        message += f". Unknown word{'s' if len(err.unknown) > 1 else ''}: {', '.join(repr(w) for w in err.unknown)}"
    if sugg:
        message += f". Did you mean {' or '.join(repr(s) for s in sugg)}?"
    return ValidationError(err.line, err.column, message, expected, _excerpt(lines[err.line - 1], err.column), sugg)


def validate(text: str, name: str | None = None) -> ValidationResult:
    """Parse ``text`` (card ``name`` is recognised as SELF) and report every failing sentence."""
    norm = normalize(text)
    card, errors = parse_normalized(norm.text, name, norm.errata)
    lines = norm.lines
    return ValidationResult(norm.text, card, tuple(_error(e, lines) for e in errors))
