"""Per-card overrides: the AST of a truly one-of-a-kind card, written by hand with the reason why.

``grammar/overrides.yaml`` lists cards whose text the effect language cannot say in general rules (a
card that asks players to drop a card from a height, or counts a chess knight's move). Each entry has
the card's ``name``, the ``reason``, ``text_sha256`` (the text it was written for, as the first 16 hex
digits of the SHA-256 of the normalised text: the project stores no card text; an errata'd text no
longer matches and the grammar parses it again) and the ``ast`` as an s-expression of its lines.
Overridden cards are reported apart by coverage and never count toward the grammar's.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from codex.cardtext import ast as A
from codex.paths import PROJECT_ROOT

OVERRIDES_PATH = PROJECT_ROOT / "grammar" / "overrides.yaml"


@dataclass(frozen=True)
class Override:
    name: str
    reason: str
    text_sha256: str
    lines: tuple[tuple[Any, ...], ...]


@lru_cache(maxsize=1)
def load(path: Path = OVERRIDES_PATH) -> dict[str, Override]:
    """Overrides by card name (folded)."""
    from codex.cardtext.lexicon import fold
    from codex.cardtext.sexpr import from_sexpr

    if not path.exists():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    out: dict[str, Override] = {}
    for entry in data:
        lines = from_sexpr(entry["ast"])
        out[fold(entry["name"])] = Override(entry["name"], entry["reason"], str(entry["text_sha256"]), lines)
    return out


def override_for(name: str | None, text: str) -> A.CardText | None:
    """The overridden AST of card ``name`` when the overrides file has it for this very text."""
    if not name:
        return None
    from codex.cardtext.lexicon import fold

    o = load().get(fold(name))
    if o is None or text_digest(text) != o.text_sha256:
        return None
    return A.CardText(name, o.lines, overridden=True)


def override_reason(name: str | None) -> str | None:
    """Why card ``name`` has an override (None: it has none)."""
    from codex.cardtext.lexicon import fold

    o = load().get(fold(name)) if name else None
    return o.reason if o is not None else None


def text_digest(text: str) -> str:
    """The key an override is written for: 16 hex digits of the SHA-256 of the normalised text."""
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
