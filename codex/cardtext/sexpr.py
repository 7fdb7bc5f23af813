"""Compact s-expression of an AST, the form golden tests store as the expected tree.

``(Type field=value ...)`` with fields at their default value left out, tuples as ``[...]``, words bare
and other strings JSON-quoted. Short enough to read and diff in ``tests/grammar/*.txt``; exact enough
that any change to the AST a sentence produces changes the text.
"""
from __future__ import annotations

import json
import re
from dataclasses import MISSING
from typing import Any

from codex.cardtext.ast import Node, node_fields

_BARE = re.compile(r"^[A-Za-z][\w'-]*$")


def to_sexpr(node: Any) -> str:
    """The s-expression of an AST node (or of a tuple of nodes)."""
    if isinstance(node, Node):
        parts = [type(node).__name__]
        for name, default in node_fields(node):
            value = getattr(node, name)
            if default is not MISSING and value == default and type(value) is type(default):
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
