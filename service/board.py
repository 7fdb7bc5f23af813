"""The realm as drawing instructions: 5x4 squares numbered 1–20 row by row.

Pure data (coordinates, labels, classes) computed here and drawn by ``_board.svg.html`` with
autoescaping, so no markup is built from scenario text. Reads the ruling's ``state_after``:
sites (water/land), voids, units (power, damage, tapped) and the path each moved unit took.
"""
from __future__ import annotations

from typing import Any

COLS, ROWS, CELL, PAD = 5, 4, 76, 4
WIDTH, HEIGHT = COLS * CELL + 2 * PAD, ROWS * CELL + 2 * PAD


def centre(square: int) -> tuple[int, int]:
    row, col = divmod(square - 1, COLS)
    return PAD + col * CELL + CELL // 2, PAD + row * CELL + CELL // 2


def _square_of(at: Any) -> int | None:
    """``13``, ``[13, "surface"]`` or ``{"square": 13}`` → 13."""
    if isinstance(at, bool):
        return None
    if isinstance(at, int):
        return at if 1 <= at <= COLS * ROWS else None
    if isinstance(at, (list, tuple)) and at:
        return _square_of(at[0])
    if isinstance(at, dict):
        return _square_of(at.get("square"))
    return None


def _short(name: str, width: int = 8) -> str:
    """A label that fits a square beside the power (the full name is in the tooltip)."""
    return name if len(name) <= width else name[: width - 1] + "…"


def _level(at: Any) -> str:
    return str(at[1]) if isinstance(at, (list, tuple)) and len(at) > 1 else "surface"


def board(state: dict[str, Any] | None) -> dict[str, Any]:
    """Drawing data for one game state (missing pieces simply are not drawn)."""
    state = state if isinstance(state, dict) else {}
    sites = {s.get("square"): s for s in state.get("sites") or [] if isinstance(s, dict)}
    voids = {v for v in state.get("voids") or [] if isinstance(v, int)}
    squares = []
    for n in range(1, COLS * ROWS + 1):
        row, col = divmod(n - 1, COLS)
        site = sites.get(n)
        kind = "void" if n in voids or not site else ("water" if site.get("water") else "land")
        if site and site.get("rubble"):
            kind = "rubble"
        squares.append({"n": n, "x": PAD + col * CELL, "y": PAD + row * CELL, "kind": kind,
                        "site": (site or {}).get("name") or "", "controller":
                        (site or {}).get("controller") or ""})
    units, per_square = [], {}
    for unit in state.get("units") or []:
        if not isinstance(unit, dict):
            continue
        sq = _square_of(unit.get("at"))
        if sq is None:
            continue
        slot = per_square.get(sq, 0)
        per_square[sq] = slot + 1
        cx, cy = centre(sq)
        units.append({"id": str(unit.get("id", "")), "name": str(unit.get("name", "")),
                      "label": _short(str(unit.get("name") or unit.get("id") or "?")),
                      # below the square's number and controller line, one row per unit
                      "x": cx - CELL // 2 + 6, "y": cy - CELL // 2 + 34 + slot * 21,
                      "power": unit.get("power", ""), "damage": unit.get("damage") or 0,
                      "tapped": bool(unit.get("tapped")), "level": _level(unit.get("at")),
                      "controller": str(unit.get("controller", "")), "square": sq})
    paths = []
    for path in state.get("paths") or []:
        if not isinstance(path, dict):
            continue
        steps = [path.get("start"), *(path.get("taken") or path.get("declared") or [])]
        points = [centre(s) for s in (_square_of(x) for x in steps) if s is not None]
        if len(points) > 1:
            paths.append({"unit": str(path.get("unit", "")),
                          "points": " ".join(f"{x},{y}" for x, y in points)})
    return {"width": WIDTH, "height": HEIGHT, "cell": CELL, "squares": squares,
            "units": units, "paths": paths}
