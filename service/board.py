"""The realm as drawing instructions: 5x4 squares numbered 1–20 row by row.

Pure data (coordinates, labels, classes) computed here and drawn by ``_board.html`` with
autoescaping, so no markup is built from scenario text. A board is drawn from one game state
(``state_json``: the scenario as given, or the ruling's ``state_after``). Units are numbered
tokens coloured by their controller, so any number of them fits a square and no name is ever
cut: the legend beside the board gives each number's full name, power, damage and state. On
the board after a ruling, units that left the realm are drawn as gone where they were, and
each move's path is drawn square by square.
"""
from __future__ import annotations

from typing import Any

COLS, ROWS, CELL, PAD = 5, 4, 76, 4
WIDTH, HEIGHT = COLS * CELL + 2 * PAD, ROWS * CELL + 2 * PAD
TOKEN_R = 11
#: Token slots inside a square (3 x 2 below the square's number and site name).
_SLOTS = [(-24, 8), (0, 8), (24, 8), (-24, 31), (0, 31), (24, 31)]
PLAYER_CLASSES = 4     # p0..p3 in the CSS; more players reuse them


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


def _level(at: Any) -> str:
    return str(at[1]) if isinstance(at, (list, tuple)) and len(at) > 1 else "surface"


def _short_site(name: str, width: int = 11) -> str:
    """A site name on one line of its square (the full name is in the square's tooltip and
    in the legend of sites)."""
    return name if len(name) <= width else name[: width - 1] + "…"


def players_of(*states: dict[str, Any] | None) -> list[dict[str, str]]:
    """The players in order of appearance (first the states' player lists, then controllers
    seen on units and sites), each with its colour class."""
    ids: list[str] = []
    for state in states:
        if not isinstance(state, dict):
            continue
        for p in state.get("players") or []:
            if isinstance(p, dict) and p.get("id") not in ids and p.get("id") is not None:
                ids.append(str(p["id"]))
        for item in [*(state.get("units") or []), *(state.get("sites") or []),
                     *(state.get("removed") or [])]:
            ctl = item.get("controller") if isinstance(item, dict) else None
            if ctl is not None and str(ctl) not in ids:
                ids.append(str(ctl))
    return [{"id": pid, "cls": f"p{i % PLAYER_CLASSES}"} for i, pid in enumerate(ids)]


def numbering(*states: dict[str, Any] | None) -> dict[str, int]:
    """One number per unit id across the boards (before and after show the same numbers)."""
    nums: dict[str, int] = {}
    for state in states:
        if not isinstance(state, dict):
            continue
        for unit in [*(state.get("units") or []), *(state.get("removed") or [])]:
            uid = str(unit.get("id", "")) if isinstance(unit, dict) else ""
            if uid and uid not in nums:
                nums[uid] = len(nums) + 1
    return nums


def board(state: dict[str, Any] | None, players: list[dict[str, str]] | None = None,
          numbers: dict[str, int] | None = None, after: bool = False) -> dict[str, Any]:
    """Drawing data for one game state (missing pieces simply are not drawn).

    ``after``: this is the state after a ruling, so units in ``removed`` are drawn as gone
    and the paths of moves are drawn.
    """
    state = state if isinstance(state, dict) else {}
    players = players if players is not None else players_of(state)
    numbers = numbers if numbers is not None else numbering(state)
    colour = {p["id"]: p["cls"] for p in players}
    sites = {s.get("square"): s for s in state.get("sites") or [] if isinstance(s, dict)}
    voids = {v for v in state.get("voids") or [] if isinstance(v, int)}
    squares = []
    for n in range(1, COLS * ROWS + 1):
        row, col = divmod(n - 1, COLS)
        site = sites.get(n)
        kind = "void" if n in voids or not site else ("water" if site.get("water") else "land")
        if site and site.get("rubble"):
            kind = "rubble"
        name = str((site or {}).get("name") or "")
        squares.append({"n": n, "x": PAD + col * CELL, "y": PAD + row * CELL, "kind": kind,
                        "site": name, "site_label": _short_site(name),
                        "controller": str((site or {}).get("controller") or ""),
                        "cls": colour.get(str((site or {}).get("controller") or ""), "")})
    units: list[dict[str, Any]] = []
    per_square: dict[int, int] = {}

    def place(unit: dict[str, Any], gone: str | None) -> None:
        sq = _square_of(unit.get("at"))
        if sq is None:
            return
        slot = per_square.get(sq, 0)
        per_square[sq] = slot + 1
        cx, cy = centre(sq)
        dx, dy = _SLOTS[slot] if slot < len(_SLOTS) else _SLOTS[-1]
        uid = str(unit.get("id", ""))
        units.append({
            "id": uid, "num": numbers.get(uid, 0), "name": str(unit.get("name") or uid or "?"),
            "x": cx + dx, "y": cy + dy, "overflow": slot >= len(_SLOTS),
            "power": unit.get("power", ""), "damage": unit.get("damage") or 0,
            "tapped": bool(unit.get("tapped")), "level": _level(unit.get("at")),
            "kind": str(unit.get("kind") or "minion"),
            "controller": str(unit.get("controller", "")),
            "cls": colour.get(str(unit.get("controller", "")), "p0"), "square": sq,
            "gone": gone, "zone": unit.get("zone")})

    for unit in state.get("units") or []:
        if isinstance(unit, dict):
            place(unit, None)
    if after:
        for unit in state.get("removed") or []:
            if isinstance(unit, dict):
                place(unit, str(unit.get("fate") or "gone"))
    paths = []
    for path in (state.get("paths") or []) if after else []:
        if not isinstance(path, dict):
            continue
        steps = [path.get("start"), *(path.get("taken") or path.get("declared") or [])]
        points = [centre(s) for s in (_square_of(x) for x in steps) if s is not None]
        if len(points) > 1:
            uid = str(path.get("unit", ""))
            paths.append({"unit": uid, "num": numbers.get(uid, 0),
                          "points": " ".join(f"{x},{y}" for x, y in points),
                          "squares": [s for s in (_square_of(x) for x in steps) if s]})
    legend = sorted(units, key=lambda u: u["num"])
    return {"width": WIDTH, "height": HEIGHT, "cell": CELL, "r": TOKEN_R, "squares": squares,
            "units": units, "paths": paths, "legend": legend, "players": players,
            "sites": [s for s in squares if s["site"]], "after": after}


def boards(before: dict[str, Any] | None, after: dict[str, Any] | None) -> dict[str, Any]:
    """The board before and after a ruling, with shared player colours and unit numbers."""
    players = players_of(before, after)
    numbers = numbering(before, after)
    return {"before": board(before, players, numbers) if before is not None else None,
            "after": board(after, players, numbers, after=True), "players": players}
