"""Keyword abilities of a unit, read from its card text and/or given explicitly.

`unit_keywords(text, explicit)` is the single seam between card text and the engine. Two
readers feed it: the card-text grammar (`codex.cardtext.keywords_of`), which finds keyword
lines inside whole card texts ("Airborne. Genesis → …"), and the small line reader below,
which also knows the engine-only forms the grammar does not report ("+1 range",
"Strikes first"). A keyword either reader finds applies.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Iterable

from codex.cardtext import keywords_of

ELEMENTS = ("air", "earth", "fire", "water")
ELEMENT_LETTERS = {"A": "air", "E": "earth", "F": "fire", "W": "water"}

_FLAGS = ("airborne", "stealth", "lance", "lethal", "burrowing", "submerge", "voidwalk",
          "immobile", "charge", "spellcaster", "waterbound", "landbound", "disabled",
          "first_strike", "moves_freely")


@dataclass(frozen=True)
class Keywords:
    """The keyword abilities a unit has right now (before location-dependent effects)."""

    airborne: bool = False
    stealth: bool = False
    lance: bool = False
    lethal: bool = False
    burrowing: bool = False
    submerge: bool = False
    voidwalk: bool = False
    immobile: bool = False
    charge: bool = False
    spellcaster: bool = False
    spellcaster_elements: frozenset[str] = frozenset()
    waterbound: bool = False
    landbound: bool = False
    disabled: bool = False
    first_strike: bool = False
    moves_freely: bool = False
    movement: int = 0
    ranged: int | None = None
    range_bonus: int = 0
    unknown: tuple[str, ...] = field(default_factory=tuple)

    def names(self) -> list[str]:
        """Readable keyword list, e.g. for the board drawing."""
        out = [f.replace("_", " ").title() for f in _FLAGS if getattr(self, f)]
        if self.spellcaster_elements:
            out = [x for x in out if x != "Spellcaster"]
            out += [f"{e.title()} Spellcaster" for e in sorted(self.spellcaster_elements)]
        if self.movement:
            out.append(f"Movement +{self.movement}")
        if self.ranged is not None:
            out.append("Ranged" if self.ranged == 1 else f"Ranged {self.ranged}")
        return out

    def silenced(self) -> "Keywords":
        """The keywords left when abilities are removed (e.g. a Silence aura)."""
        return Keywords()


_MOVEMENT = re.compile(r"^movement\s*\+\s*(\d+)$")
_RANGED = re.compile(r"^ranged(?:\s+(\d+))?$")
_RANGE_BONUS = re.compile(r"^\+\s*(\d+)\s+range$")
_ELEMENT_CASTER = re.compile(r"^(air|earth|fire|water)\s+spellcaster$")


def _norm(token: str) -> str:
    return re.sub(r"\s+", " ", token.strip().lower().replace("_", " ").replace("-", " "))


def _apply(kw: dict, token: str) -> bool:
    """Fold one keyword token into `kw`; False when the token is not a keyword."""
    t = _norm(token).rstrip(".")
    if not t:
        return True
    if m := _MOVEMENT.match(t):
        kw["movement"] += int(m.group(1))
        return True
    if m := _RANGED.match(t):
        kw["ranged"] = max(kw["ranged"] or 0, int(m.group(1) or 1))
        return True
    if m := _RANGE_BONUS.match(t):
        kw["range_bonus"] += int(m.group(1))
        return True
    if m := _ELEMENT_CASTER.match(t):
        kw["spellcaster"] = True
        kw["spellcaster_elements"] = kw["spellcaster_elements"] | {m.group(1)}
        return True
    flag = t.replace(" ", "_")
    if flag in ("first_strike", "strikes_first"):
        kw["first_strike"] = True
        return True
    if flag in _FLAGS:
        kw[flag] = True
        return True
    return False


def _empty() -> dict:
    return {f: False for f in _FLAGS} | {"spellcaster_elements": frozenset(), "movement": 0,
                                        "ranged": None, "range_bonus": 0, "unknown": []}


def parse_keyword_text(text: str) -> tuple[list[str], list[str]]:
    """Split card text into keyword tokens and non-keyword lines.

    A line is a keyword line when every comma-separated part of it is a keyword
    ("Airborne, Movement +2"); any other line is ability text left for later issues.
    """
    tokens: list[str] = []
    other: list[str] = []
    for line in re.split(r"[\n;]+", text or ""):
        parts = [p for p in line.split(",") if p.strip()]
        if parts and all(_apply(_empty(), p) for p in parts):
            tokens += parts
        elif line.strip():
            other.append(line.strip())
    return tokens, other


def unit_keywords(text: str | None, explicit: Iterable[str] = ()) -> Keywords:
    """Keywords of a unit: those of its card text's keyword lines plus explicit ones.

    Explicit keywords that are not recognised are kept in `unknown` rather than dropped,
    so a ruling can say it did not apply them.
    """
    kw = _empty()
    tokens, _ = parse_keyword_text(text or "")
    for tok in tokens:
        _apply(kw, tok)
    _merge_grammar(kw, grammar_keywords(text or ""))
    for tok in explicit:
        if not _apply(kw, tok):
            kw["unknown"].append(tok)
    kw["unknown"] = tuple(kw["unknown"])
    return Keywords(**kw)


_GRAMMAR_FLAGS = ("airborne", "burrowing", "submerge", "voidwalk", "stealth", "charge",
                  "lethal", "immobile", "waterbound", "landbound")


@lru_cache(maxsize=4096)
def grammar_keywords(text: str) -> dict[str, int | bool | str]:
    """`keywords_of` memoised: the same card texts recur across units and rulings."""
    return keywords_of(text) if text.strip() else {}


def _merge_grammar(kw: dict, found: dict[str, int | bool | str]) -> None:
    """Fold the grammar's keywords into `kw` (a keyword found by both readers counts once)."""
    for flag in _GRAMMAR_FLAGS:
        if found.get(flag):
            kw[flag] = True
    if found.get("lance"):
        kw["lance"] = True
    kw["movement"] = max(kw["movement"], int(found.get("movement", 0)))
    if "ranged" in found:
        kw["ranged"] = max(kw["ranged"] or 0, int(found["ranged"]))
    caster = found.get("spellcaster")
    if caster:
        kw["spellcaster"] = True
        if isinstance(caster, str) and caster in ELEMENTS:
            kw["spellcaster_elements"] = kw["spellcaster_elements"] | {caster}


def with_keywords(base: Keywords, **changes: object) -> Keywords:
    return replace(base, **changes)


def parse_threshold(value: str | dict | None) -> dict[str, int]:
    """A threshold or affinity as {element: count}: accepts "FFW", "(F)(F)", or {"fire": 2}."""
    out = {e: 0 for e in ELEMENTS}
    if not value:
        return out
    if isinstance(value, dict):
        for k, v in value.items():
            key = ELEMENT_LETTERS.get(k.upper(), k.lower()) if len(k) == 1 else k.lower()
            out[key] += int(v)
        return out
    for ch in value.upper():
        if ch in ELEMENT_LETTERS:
            out[ELEMENT_LETTERS[ch]] += 1
    return out
