"""A Contracts board as drawing data: the two players' lines of Creatures, their mana extractors
and tanks, Rune and Orb, health and zones. Pure data from a ruling's ``state_after``, drawn by
``_contracts_board.html`` with autoescaping (no markup built from scenario text); the opponent of
the player whose turn it is sits on top, as across a table."""
from __future__ import annotations

from typing import Any

COLOURS = ("red", "blue", "yellow", "grey")


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _creature(c: dict[str, Any]) -> dict[str, Any]:
    keywords = [k for k in c.get("keywords") or [] if isinstance(k, str)]
    flags = (("magnetized", "Magnetized"), ("faded", "Faded"), ("played_this_turn", "played this turn"),
             ("acted_this_turn", "acted"), ("token", "token"))
    marks = [label for key, label in flags if c.get(key)]
    return {"id": str(c.get("id", "")), "name": str(c.get("name") or c.get("id") or "?"),
            "attack": _int(c.get("attack")), "health": _int(c.get("health")), "damage": _int(c.get("damage")),
            "keywords": [k.capitalize() for k in keywords], "marks": marks,
            "buffed": bool(c.get("buffs")) or bool(c.get("given")), "text": str(c.get("text") or "")}


def _pips(p: dict[str, Any]) -> list[dict[str, Any]]:
    """One pip per extractor: its colour, full or empty."""
    out = []
    extractors = p.get("extractors") if isinstance(p.get("extractors"), dict) else {}
    for colour in COLOURS:
        counts = extractors.get(colour) if isinstance(extractors.get(colour), dict) else {}
        out += [{"colour": colour, "full": True}] * min(10, _int(counts.get("full")))
        out += [{"colour": colour, "full": False}] * min(10, _int(counts.get("empty")))
    return out[:10]


def _tanks(p: dict[str, Any]) -> list[dict[str, Any]]:
    tanks = p.get("tanks") if isinstance(p.get("tanks"), dict) else {}
    full = tanks.get("full") if isinstance(tanks.get("full"), dict) else {}
    out = []
    for colour in COLOURS:
        out += [{"colour": colour, "full": True}] * min(10, _int(full.get(colour)))
    out += [{"colour": "", "full": False}] * min(10, _int(tanks.get("empty")))
    return out[:10]


def _side(p: dict[str, Any], active: str) -> dict[str, Any]:
    rune = p.get("rune") if isinstance(p.get("rune"), dict) else None
    orb = p.get("orb") if isinstance(p.get("orb"), dict) else None
    sizes = {z: p[z].get("size") if isinstance(p.get(z), dict) else None for z in ("hand", "deck", "discard")}
    return {"id": str(p.get("id", "")), "active": p.get("id") == active, "health": p.get("health"),
            "attack": p.get("attack"), "magnetized": bool(p.get("magnetized")),
            "keywords": [str(k).capitalize() for k in p.get("keywords") or []],
            "creatures": [_creature(c) for c in p.get("creatures") or [] if isinstance(c, dict)][:8],
            "extractors": _pips(p), "tanks": _tanks(p),
            "rune": None if rune is None else {"name": str(rune.get("name", "")),
                                               "used": bool(rune.get("used_this_turn"))},
            "orb": None if orb is None else {"name": str(orb.get("name", "")), "attack": _int(orb.get("attack")),
                                             "durability": _int(orb.get("durability")),
                                             "active": bool(orb.get("active")),
                                             "used": bool(orb.get("used_this_turn"))},
            "sizes": sizes, "burnout": _int(p.get("burnout")), "special_used": bool(p.get("special_draw_used"))}


def board(state: dict[str, Any] | None) -> dict[str, Any]:
    """Drawing data for a Contracts ``state_after`` (missing pieces simply are not drawn)."""
    state = state if isinstance(state, dict) else {}
    turn = state.get("turn") if isinstance(state.get("turn"), dict) else {}
    active = str(turn.get("active", ""))
    sides = [_side(p, active) for p in state.get("players") or [] if isinstance(p, dict)][:2]
    sides.sort(key=lambda s: s["active"])          # the opponent of the current player on top
    return {"game": "contracts", "sides": sides, "turn": {"active": active, "number": turn.get("number"),
                                                          "phase": turn.get("phase")},
            "winner": state.get("winner"), "draw": bool(state.get("draw"))}
