"""Card search query language (``grammar/cardquery.lark``) compiled to a SQL WHERE clause.

Fields: ``t/type``, ``kw/keyword``, ``cost/c``, ``th/threshold`` (letters a/e/f/w: ``th>=ff`` = at least
two fire), ``e/element``, ``o/text`` (rules text contains), ``pow/power/atk`` (attack), ``def/defence``,
``life``, ``r/rarity``, ``name/n``, ``s/set``, ``st/sub/subtype``. Operators ``: = != < <= > >=`` (``:``
means "contains" for text fields and ">=" for thresholds). Values are always bound as SQL parameters.
"""
from __future__ import annotations

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


def compile_query(query: str) -> tuple[str, list[Any]]:
    """Compile a query to ``(where_sql, params)``; raises :class:`QueryError` with a column."""
    try:
        tree = _parser().parse(query)
    except UnexpectedInput as e:
        raise QueryError(f"cannot read the query here: {query[e.pos_in_stream or 0:][:20]!r}"
                         if getattr(e, "pos_in_stream", None) is not None else "cannot read the query",
                         getattr(e, "column", 1) or 1) from None
    clauses: list[str] = []
    params: list[Any] = []
    for term in tree.children:
        neg = any(isinstance(c, Token) and c.type == "NEG" for c in term.children)
        atom = term.children[-1]
        col = atom.meta.column if not atom.meta.empty else 1
        if atom.data == "comparison":
            fo = str(atom.children[0])
            op = next(o for o in ("<=", ">=", "!=", ":", "<", ">", "=") if fo.endswith(o))
            sql, p = _comparison(fo[: -len(op)], op, _value(atom.children[1]), col)
        else:
            sql, p = _comparison("name", ":", _value(atom.children[0]), col)
        clauses.append(f"not ({sql})" if neg else f"({sql})")
        params.extend(p)
    return (" and ".join(clauses) or "1"), params
