"""Card search query language (``grammar/cardquery.lark``) compiled to a SQL WHERE clause.

Fields: ``t/type``, ``kw/keyword``, ``cost/c``, ``th/threshold`` (letters a/e/f/w: ``th>=ff`` = at least
two fire), ``e/element``, ``o/text`` (rules text contains), ``pow/power/atk`` (attack), ``def/defence``,
``life``, ``r/rarity``, ``name/n``, ``s/set``, ``st/sub/subtype``. Operators ``: = != < <= > >=`` (``:``
means "contains" for text fields and ">=" for thresholds). Values are always bound as SQL parameters.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from codex.paths import PROJECT_ROOT

GRAMMAR_PATH = PROJECT_ROOT / "grammar" / "cardquery.lark"
_NUMERIC = {"cost": "cost", "c": "cost", "pow": "attack", "power": "attack", "atk": "attack",
            "def": "defence", "defence": "defence", "life": "life"}
_TEXT = {"t": "type", "type": "type", "r": "rarity", "rarity": "rarity", "name": "name", "n": "name",
         "o": "rules_text", "text": "rules_text", "s": "sets", "set": "sets"}
_LIST = {"e": "elements", "element": "elements", "kw": "keywords", "keyword": "keywords",
         "st": "subtypes", "sub": "subtypes", "subtype": "subtypes"}
_TH = {"a": "th_air", "e": "th_earth", "f": "th_fire", "w": "th_water"}
_SQL_OPS = {"=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=", ":": "="}


class QueryError(ValueError):
    """A bad query: ``column`` is 1-based."""

    def __init__(self, message: str, column: int) -> None:
        self.column = column
        super().__init__(f"column {column}: {message}")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", strict=True, propagate_positions=True)


def _value(tree: Tree) -> str:
    tok = tree.children[0]
    return tok[1:-1] if tok.type == "STRING" else str(tok)


def _comparison(field: str, op: str, value: str, column: int) -> tuple[str, list[Any]]:
    f = field.lower()
    if f in _NUMERIC:
        try:
            n = int(value)
        except ValueError:
            raise QueryError(f"{field}{op} needs a number, got {value!r}", column) from None
        return f"{_NUMERIC[f]} {_SQL_OPS[op]} ?", [n]
    if f in ("th", "threshold"):
        letters = value.lower()
        if not letters or any(ch not in _TH for ch in letters):
            raise QueryError(f"threshold letters are a/e/f/w, got {value!r}", column)
        sql_op = ">=" if op == ":" else _SQL_OPS[op]
        parts = [f"{_TH[ch]} {sql_op} ?" for ch in sorted(set(letters))]
        return "(" + " and ".join(parts) + ")", [letters.count(ch) for ch in sorted(set(letters))]
    if op not in (":", "=", "!="):
        raise QueryError(f"{field} compares text: use ':' or '=', not {op!r}", column)
    if f in _TEXT:
        col = _TEXT[f]
        if op == ":":
            return f"{col} like ? escape '\\'", ["%" + value.replace("%", "\\%").replace("_", "\\_") + "%"]
        return f"lower({col}) {_SQL_OPS[op]} lower(?)", [value]
    if f in _LIST:
        col = _LIST[f]
        clause = f"(',' || lower({col}) || ',') like ?"
        return (clause if op != "!=" else f"not {clause}"), [f"%,{value.lower()},%"]
    known = sorted(set(_NUMERIC) | set(_TEXT) | set(_LIST) | {"th", "threshold"})
    raise QueryError(f"unknown field {field!r}; known fields: {', '.join(known)}", column)


@dataclass(frozen=True)
class Term:
    """One term of a query: ``field`` (canonical, ``name`` for a bare word), operator, value,
    whether it is negated, and where it stands in the query (``start``:``end``, 0-based)."""

    field: str
    typed_field: str
    op: str
    value: str
    negated: bool
    start: int
    end: int
    bare: bool = False


def parse_terms(query: str) -> list[Term]:
    """The query's terms in order; raises :class:`QueryError` (with a column) on bad syntax or
    an unknown field (the message lists the known fields and the closest one)."""
    try:
        tree = _parser().parse(query)
    except UnexpectedInput as e:
        raise QueryError(f"cannot read the query here: {query[e.pos_in_stream or 0:][:20]!r}"
                         if getattr(e, "pos_in_stream", None) is not None else "cannot read the query",
                         getattr(e, "column", 1) or 1) from None
    terms: list[Term] = []
    for term in tree.children:
        neg = any(isinstance(c, Token) and c.type == "NEG" for c in term.children)
        atom = term.children[-1]
        start = term.meta.start_pos if not term.meta.empty else 0
        end = term.meta.end_pos if not term.meta.empty else len(query)
        if atom.data == "comparison":
            fo = str(atom.children[0])
            op = next(o for o in ("<=", ">=", "!=", ":", "<", ">", "=") if fo.endswith(o))
            typed = fo[: -len(op)]
            canonical = FIELDS.get(typed.lower())
            if canonical is None:
                col = (atom.meta.column if not atom.meta.empty else 1)
                close = closest(typed.lower(), sorted(FIELDS), 1, plain=True)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise QueryError(f"unknown field {typed!r}{hint}; known fields: "
                                 f"{', '.join(sorted(FIELDS))}", col)
            terms.append(Term(canonical, typed, op, _value(atom.children[1]), neg, start, end))
        else:
            terms.append(Term("name", "", ":", _value(atom.children[0]), neg, start, end, bare=True))
    return terms


def compile_query(query: str) -> tuple[str, list[Any]]:
    """Compile a query to ``(where_sql, params)``; raises :class:`QueryError` with a column."""
    clauses: list[str] = []
    params: list[Any] = []
    for term in parse_terms(query):
        sql, p = _comparison(term.typed_field or "name", term.op, term.value, term.start + 1)
        clauses.append(f"not ({sql})" if term.negated else f"({sql})")
        params.extend(p)
    return (" and ".join(clauses) or "1"), params


#: Every field name (and alias) → its canonical name.
FIELDS: dict[str, str] = {
    **{k: ("power" if v == "attack" else v) for k, v in _NUMERIC.items()},
    **{k: {"rules_text": "text", "sets": "set"}.get(v, v) for k, v in _TEXT.items()},
    **{k: {"elements": "element", "keywords": "keyword", "subtypes": "subtype"}[v]
       for k, v in _LIST.items()},
    "th": "threshold", "threshold": "threshold",
}
#: Fields whose values come from a closed vocabulary of the catalog (did-you-mean on values).
VOCABULARY_FIELDS = ("type", "rarity", "element", "keyword", "set", "subtype")


def closest(word: str, choices: list[str], limit: int = 3, cutoff: float = 60,
            plain: bool = False) -> list[str]:
    """Choices close to ``word`` (case-insensitive), best first. ``plain``: by edit distance
    only (short codes such as field names, where a partial match of one letter means nothing)."""
    from rapidfuzz import fuzz, process, utils

    hits = process.extract(word, choices, scorer=fuzz.ratio if plain else fuzz.WRatio,
                           processor=utils.default_process,
                           limit=limit, score_cutoff=cutoff)
    return [c for c, _score, _i in hits]


def suggest_values(query: str, vocabulary: dict[str, list[str]]) -> list[dict[str, str]]:
    """For each term whose value is not a known value of its field, the closest known value and
    the whole query with it replaced (``[{field, typed, suggestion, query}]``).

    ``vocabulary``: canonical field → its known values (e.g. every card type of the catalog).
    A value that is known, or has nothing close, gets no suggestion.
    """
    out: list[dict[str, str]] = []
    for term in parse_terms(query):
        known = vocabulary.get(term.field)
        if not known or term.bare or term.value.casefold() in {k.casefold() for k in known}:
            continue
        if term.op == ":" and term.field in ("type", "rarity", "set") and \
                any(term.value.casefold() in k.casefold() for k in known):
            continue                     # "t:mag" contains-matches Magic: not a typo
        close = closest(term.value, known, 1)
        if not close:
            continue
        value = close[0].lower() if term.field in ("keyword", "element", "type", "rarity") else close[0]
        quoted = f'"{value}"' if re.search(r"\s", value) else value
        head = query[term.start:term.end]
        replaced = head[: len(head) - len(_raw_value(head))] + quoted
        out.append({"field": term.field, "typed": term.value, "suggestion": value,
                    "query": query[:term.start] + replaced + query[term.end:]})
    return out


def _raw_value(term_text: str) -> str:
    m = re.search(r'("[^"]*"|[^\s"<>=!:]+)$', term_text)
    return m.group(1) if m else ""
