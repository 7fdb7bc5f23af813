"""Validation for card designers: the AST as JSON, or errors with line, column, expected tokens in
plain words, a caret excerpt and did-you-mean suggestions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import fuzz, process

from codex.cardtext import ast as A
from codex.cardtext.normalize import normalize
from codex.cardtext.parser import SentenceError, grammar, parse_normalized

_MAX_EXPECTED = 15
_SHOWN_WHEN_MANY = 6


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


def suggest(word: str, limit: int = 3) -> tuple[str, ...]:
    """Grammar words close to ``word`` (``Airbourne`` → ``Airborne``)."""
    g = grammar()
    if not word or word in g.vocab or word in g.cap_literals:
        return ()
    pool = sorted(g.cap_literals if word[:1].isupper() else g.vocab)
    hits = process.extract(word, pool, scorer=fuzz.ratio, limit=limit, score_cutoff=75)
    return tuple(h[0] for h in hits)


def _excerpt(line_text: str, column: int) -> str:
    return f"{line_text}\n{' ' * (column - 1)}^"


def _error(err: SentenceError, lines: list[str]) -> ValidationError:
    expected = err.expected[:_MAX_EXPECTED]
    message = f"line {err.line}, column {err.column}: unexpected {err.found!r}"
    if len(err.expected) > _MAX_EXPECTED:
        # a list cut alphabetically ("'acquire', 'acquires'… and 181 more") says nothing: show
        # the ones closest to what was written, and how many fit here
        close = [h[0] for h in process.extract(str(err.found), list(err.expected), scorer=fuzz.WRatio,
                                               limit=_SHOWN_WHEN_MANY, score_cutoff=50)]
        if close:
            message += (f"; {len(err.expected)} words or symbols can come here, the closest to "
                        f"{err.found!r} being: {', '.join(close)}")
        else:                    # nothing like it: a spread of what fits, not the first few
            step = len(err.expected) / _SHOWN_WHEN_MANY
            sample = [err.expected[int(i * step)] for i in range(_SHOWN_WHEN_MANY)]
            message += (f"; {len(err.expected)} words or symbols can come here, for example: "
                        f"{', '.join(sample)}")
    elif expected:
        message += f"; expected one of: {', '.join(expected)}"
    sugg = suggest(err.found)
    if not sugg:  # an unknown capitalised word lexes as a name; the error shows after it
        before = err.sentence[: err.column - 1 - err.sentence_offset].split()
        sugg = suggest(before[-1].strip(",.")) if before else ()
    if sugg:
        message += f". Did you mean {' or '.join(repr(s) for s in sugg)}?"
    return ValidationError(err.line, err.column, message, expected, _excerpt(lines[err.line - 1], err.column), sugg)


def validate(text: str, name: str | None = None) -> ValidationResult:
    """Parse ``text`` (card ``name`` is recognised as SELF) and report every failing sentence."""
    norm = normalize(text)
    card, errors = parse_normalized(norm.text, name, norm.errata)
    lines = norm.lines
    return ValidationResult(norm.text, card, tuple(_error(e, lines) for e in errors))
