"""Compact s-expression of an AST, the form golden and gold files store, and its reader.

``(Type field=value ...)`` with fields at their default value left out, tuples as ``[...]``, words bare
and other strings JSON-quoted, ``nil``/``true``/``false``. Spans are never written (they are where,
not what). Short enough to write by hand and diff; :func:`from_sexpr` checks every type and field
name, so a typo in a hand-written tree is an error, not a silent mismatch.
"""
from __future__ import annotations

import json
import re
from dataclasses import MISSING
from typing import Any

from codex.cardtext import ast as A
from codex.cardtext.ast import Node, node_fields

_BARE = re.compile(r"^[A-Za-z][\w'-]*$")
_TOKEN = re.compile(r'\s*(?:(?P<open>\()(?P<type>[A-Z]\w*)|(?P<close>\))|(?P<lopen>\[)|(?P<lclose>\])'
                    r'|(?P<field>[a-z_]\w*)=|(?P<string>"(?:[^"\\]|\\.)*")|(?P<num>-?\d+)(?![\w])'
                    r'|(?P<word>[^\s()\[\]"]+))')
_CLASSES = {name: cls for name, cls in vars(A).items()
            if isinstance(cls, type) and issubclass(cls, Node) and cls is not Node}


def to_sexpr(node: Any) -> str:
    """The s-expression of an AST node (or of a tuple of nodes)."""
    if isinstance(node, Node):
        parts = [type(node).__name__]
        for name, default in node_fields(node):
            value = getattr(node, name)
            if name == "span" or (default is not MISSING and value == default and type(value) is type(default)):
                continue
            parts.append(f"{name}={to_sexpr(value)}")
        return "(" + " ".join(parts) + ")"
    if isinstance(node, (tuple, list)):
        return "[" + " ".join(to_sexpr(x) for x in node) + "]"
    if node is None:
        return "nil"
    if isinstance(node, bool):
        return "true" if node else "false"
    if isinstance(node, int):
        return str(int(node))
    if isinstance(node, str) and _BARE.match(node) and node not in ("nil", "true", "false"):
        return node
    return json.dumps(node, ensure_ascii=False)


class SexprError(ValueError):
    """A malformed s-expression: ``offset`` is where in the text."""

    def __init__(self, message: str, offset: int) -> None:
        self.offset = offset
        super().__init__(f"at offset {offset}: {message}")


def from_sexpr(text: str) -> Any:
    """Read one s-expression back into AST nodes (tuples for ``[...]``). Raises :class:`SexprError` on
    an unknown type, an unknown field or a missing required field."""
    tokens = [(m.lastgroup, m, m.start()) for m in _TOKEN.finditer(text) if m.lastgroup]
    pos = 0

    def value() -> Any:
        nonlocal pos
        if pos >= len(tokens):
            raise SexprError("unexpected end", len(text))
        kind, m, off = tokens[pos]
        pos += 1
        if kind == "type":
            name = m.group("type")
            cls = _CLASSES.get(name)
            if cls is None:
                raise SexprError(f"unknown node type {name!r}", off)
            known = dict(node_fields(cls))
            kwargs: dict[str, Any] = {}
            while pos < len(tokens) and tokens[pos][0] != "close":
                fkind, fm, foff = tokens[pos]
                if fkind != "field":
                    raise SexprError(f"expected field=value in {name}", foff)
                field = fm.group("field")
                if field not in known:
                    raise SexprError(f"{name} has no field {field!r} (fields: {', '.join(known)})", foff)
                pos += 1
                kwargs[field] = value()
            if pos >= len(tokens):
                raise SexprError(f"unclosed ({name}", off)
            pos += 1
            if "span" in known and "span" not in kwargs:
                kwargs["span"] = None  # spans are never written
            missing = [f for f, d in known.items() if d is MISSING and f not in kwargs]
            if missing:
                raise SexprError(f"{name} needs {', '.join(missing)}", off)
            return cls(**kwargs)
        if kind == "lopen":
            items = []
            while pos < len(tokens) and tokens[pos][0] != "lclose":
                items.append(value())
            if pos >= len(tokens):
                raise SexprError("unclosed [", off)
            pos += 1
            return tuple(items)
        if kind == "string":
            return json.loads(m.group("string"))
        if kind == "num":
            return int(m.group("num"))
        if kind == "word":
            word = m.group("word")
            return {"nil": None, "true": True, "false": False}.get(word, word)
        raise SexprError(f"unexpected {m.group(0).strip()!r}", off)

    result = value()
    if pos != len(tokens):
        raise SexprError("text after the expression", tokens[pos][2])
    return result
