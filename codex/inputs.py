"""Reading untrusted input within fixed bounds: JSON documents and free text.

Everything that reaches Arbiter from outside (an HTTP body, a web form field, a file or an
argument on the command line) is read through here first, so that no content can make a reader
recurse without bound (JSON nested 1,000 deep), convert a 5,000-digit number (Python refuses
past 4,300 digits, and no card or board needs more than a handful), or carry text that cannot be
written out again (a lone UTF-16 surrogate such as ``\\ud800``). The standard ``json`` module
does the parsing; this module only adds the bounds, checked before and after it, and turns every
rejection into an :class:`InputError` that says what is wrong, where, and how to fix it.
"""
from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass
from typing import Any

from codex.errors import ArbiterError


@dataclass(frozen=True)
class Limits:
    """Bounds on one JSON document. The defaults fit a scenario or a card-text request."""

    max_bytes: int = 64 * 1024
    max_depth: int = 32           # a scenario is about 6 levels deep
    max_int_digits: int = 15      # |n| < 10**15: exact in every JSON client (2**53 ≈ 9.0e15)
    max_number_chars: int = 40    # a float's text, exponent included
    max_string: int = 10_000      # characters of one string (card text is at most 4,000)


DEFAULT = Limits()
CARD_FILE = Limits(max_bytes=256 * 1024 * 1024)      # `arbiter cards import`
SCENARIO_FILE = Limits(max_bytes=16 * 1024 * 1024)    # `arbiter rule` (a suite of scenarios)


class InputError(ArbiterError):
    """Input outside Arbiter's bounds or not well-formed: what, where, and how to fix it."""

    def __init__(self, problem: str, where: str = "", fix: str = "") -> None:
        self.problem, self.where, self.fix = problem, where, fix
        text = f"{where}: {problem}" if where else problem
        super().__init__(f"{text} ({fix})" if fix else text)

    def to_dict(self) -> dict[str, str]:
        return {"where": self.where, "problem": self.problem, "fix": self.fix}


# A string (possessive, and allowed to run to the end unterminated, so the scan stays linear
# on any input), a bracket, or a number. Everything else is left to the JSON parser.
_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[\]{}]|-?[0-9][0-9.eE+-]*', re.DOTALL)
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_INNERMOST = re.compile(r"[\[{][\]}]")
_DIGITS = re.compile(r"[0-9]+")
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_TEXT_NUMBER = re.compile(r"[0-9]+")


def load_json(data: bytes | str, limits: Limits = DEFAULT, source: str = "the document") -> Any:
    """Parse one JSON document within ``limits``; raise :class:`InputError` otherwise.

    ``source`` names the document in messages ("the request body", "cards.json").
    """
    if isinstance(data, (bytes, bytearray)):
        if len(data) > limits.max_bytes:
            raise InputError(f"{len(data):,} bytes; the limit is "
                             f"{limits.max_bytes:,}", source, "send less")
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            line, col = _line_col(bytes(data)[:exc.start].decode("utf-8", "replace"),
                                  len(bytes(data)[:exc.start].decode("utf-8", "replace")))
            raise InputError(f"byte 0x{data[exc.start]:02x} is not valid UTF-8",
                             f"{source}, line {line}, column {col}",
                             "save the file as UTF-8") from None
    else:
        text = data
        if len(text) > limits.max_bytes:
            raise InputError(f"{len(text):,} characters; the limit is "
                             f"{limits.max_bytes:,}", source, "send less")
    if not _plainly_within(text, limits):
        _scan(text, limits, source)
    try:
        doc = json.loads(text, parse_constant=lambda name: _no_constant(name, source),
                         parse_float=lambda s: _float(s, source),
                         parse_int=lambda s: _int(s, limits, source))
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc.msg}",
                         f"{source}, line {exc.lineno}, column {exc.colno}",
                         "check commas, quotes and brackets") from None
    if _may_hold_bad_strings(text, limits):
        _check_strings(doc, limits, source, "")
    return doc


def value_at(doc: Any, pointer: str) -> tuple[bool, Any]:
    """``(found, value)`` at a JSON pointer of ``doc`` (RFC 6901 tokens, list indices as
    digits): where a problem's pointer leads, to show the value given or read what is beside it."""
    cur = doc
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, list) and part.isascii() and part.isdecimal() and int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return False, None
    return True, cur


def check_text(text: str, where: str, max_chars: int, max_digits: int = DEFAULT.max_int_digits,
               ) -> str:
    """Return ``text`` if it is valid Unicode, at most ``max_chars`` long and has no number longer
    than ``max_digits``; raise :class:`InputError` naming the column otherwise."""
    bad = _first_surrogate(text)
    if bad is not None:
        raise InputError(_surrogate_problem(text[bad]), _at(where, text, bad),
                         "use valid UTF-8 text")
    if len(text) > max_chars:
        raise InputError(f"{len(text):,} characters; the limit is {max_chars:,}", where,
                         "shorten it")
    for m in _TEXT_NUMBER.finditer(text):
        if len(m.group()) > max_digits:
            raise InputError(f"a number of {len(m.group()):,} digits; at most {max_digits} "
                             "are accepted", _at(where, text, m.start()), "use a smaller number")
    return text


# -- the checks ---------------------------------------------------------------------------
def _plainly_within(text: str, limits: Limits) -> bool:
    """The common case, at the speed of C loops: True when depth and numbers are surely within
    bounds. False sends the text to :func:`_scan`, which finds (and names) what is not."""
    skeleton = _STRING.sub('""', text)
    if _long_number(limits).search(skeleton):
        return False
    brackets = _NOT_BRACKET.sub("", skeleton)
    for _ in range(limits.max_depth):     # each pass removes the innermost level
        brackets, removed = _INNERMOST.subn("", brackets)
        if not removed:
            return not brackets   # unbalanced: the scan measures its real depth
    return not brackets


@functools.lru_cache(maxsize=8)
def _long_number(limits: Limits) -> re.Pattern[str]:
    """A run of number characters that might break a limit (the scan decides)."""
    shortest = min(limits.max_int_digits, limits.max_number_chars) + 1
    return re.compile(f"[-0-9.eE+]{{{shortest},}}")


def _scan(text: str, limits: Limits, source: str) -> None:
    """Depth and number size, with line and column, before ``json`` recurses or converts."""
    depth = 0
    for m in _TOKEN.finditer(text):
        tok = m.group()
        first = tok[0]
        if first in "[{":
            depth += 1
            if depth > limits.max_depth:
                raise InputError(f"nested more than {limits.max_depth} levels deep",
                                 _at(source, text, m.start()), "flatten the document")
        elif first in "]}":
            depth -= 1
        elif first != '"':
            digits = _DIGITS.match(tok.lstrip("-"))
            if digits and len(digits.group()) > limits.max_int_digits:
                raise InputError(f"a number of {len(digits.group()):,} digits; at most "
                                 f"{limits.max_int_digits} are accepted",
                                 _at(source, text, m.start()), "use a smaller number")
            if len(tok) > limits.max_number_chars:
                raise InputError(f"a number of {len(tok):,} characters; at most "
                                 f"{limits.max_number_chars} are accepted",
                                 _at(source, text, m.start()), "use a smaller number")


def _int(s: str, limits: Limits, source: str) -> int:
    if len(s.lstrip("-")) > limits.max_int_digits:  # the scan catches these first
        raise InputError(f"a number of {len(s.lstrip('-')):,} digits; at most "
                         f"{limits.max_int_digits} are accepted", source, "use a smaller number")
    return int(s)


def _float(s: str, source: str) -> float:
    value = float(s)
    if not math.isfinite(value):
        raise InputError(f"the number {s} is too large", source, "use a smaller number")
    return value


def _no_constant(name: str, source: str) -> Any:
    raise InputError(f"{name} is not a JSON number", source, "use a number or null")


def _may_hold_bad_strings(text: str, limits: Limits) -> bool:
    """Whether the parsed document needs :func:`_check_strings` (rarely: walking it is slow).

    Decoded text has no surrogates, so a lone one can only come from a ``\\u`` escape; and a
    string is never longer than its JSON spelling.
    """
    if _ESCAPED_SURROGATE.search(text) or _first_surrogate(text) is not None:
        return True
    return len(text) > limits.max_string and \
        max(map(len, _STRING.findall(text)), default=0) > limits.max_string


def _check_strings(value: Any, limits: Limits, source: str, pointer: str) -> None:
    """Every string and key: valid Unicode and not too long. Names the JSON pointer."""
    if isinstance(value, str):
        _check_string(value, limits, source, pointer)
    elif isinstance(value, dict):
        for key, item in value.items():
            where = f"{pointer}/{_escape(key)}"
            _check_string(key, limits, source, where, "key")
            _check_strings(item, limits, source, where)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_strings(item, limits, source, f"{pointer}/{i}")


def _check_string(s: str, limits: Limits, source: str, pointer: str, what: str = "string",
                  ) -> None:
    where = f"{source}, at {pointer or '/'}"
    if len(s) > limits.max_string:
        raise InputError(f"a {what} of {len(s):,} characters; the limit is {limits.max_string:,}",
                         where, "shorten it")
    bad = _first_surrogate(s)
    if bad is not None:
        raise InputError(f"{_surrogate_problem(s[bad])} at character {bad + 1} of the {what}",
                         where, "use valid Unicode text: a surrogate pair, or the character "
                                "itself")


def _first_surrogate(s: str) -> int | None:
    """Index of the first lone surrogate (which UTF-8 cannot encode), or None."""
    if s.isascii():
        return None
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as exc:
        return exc.start
    return None


def _surrogate_problem(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:   # how Python carries an undecodable byte (surrogateescape)
        return f"byte 0x{code - 0xDC00:02x} is not valid UTF-8"
    return f"a lone surrogate \\u{code:04x} is not a character"


def _escape(key: str) -> str:
    """A JSON pointer token, printable even when the key is not valid Unicode."""
    key = key.replace("~", "~0").replace("/", "~1")
    return key if _first_surrogate(key) is None else \
        key.encode("utf-8", "backslashreplace").decode("utf-8")


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _at(where: str, text: str, offset: int) -> str:
    line, col = _line_col(text, offset)
    return f"{where}, line {line}, column {col}" if "\n" in text else f"{where}, column {col}"
