"""How many times a limited ability has been used (fired) this turn: "Once on your turn", "twice
per turn", "three times each turn", "up to three times each turn" on an activated ability, "This
ability triggers only twice per turn" on a triggered one (Codex "Activated Ability": an ability with
no cost "will likely have some other limit, such as once on your turn ... Track your use of such
abilities during your turn").

The memory is `GameState.used_abilities`, a set of keys forgotten as the turn ends (but for keys
starting ``ever:``): the first use is the ability's key itself, each later one the key with ``#n``
(its n-th use), so a limit of one reads exactly as before and a count is the number of keys.
"""
from __future__ import annotations

from typing import Any


def uses(used: frozenset[str], key: str) -> int:
    """How many times the ability ``key`` names was used (fired) while the memory lasts."""
    return sum(1 for k in used if k == key or k.startswith(key + "#"))


def spent(used: frozenset[str], key: str, allowed: int) -> bool:
    """Whether the ability has been used as many times as its limit allows."""
    return uses(used, key) >= allowed


def with_use(used: frozenset[str] | set[str], key: str) -> frozenset[str]:
    """The memory with one more use of ``key``."""
    n = uses(frozenset(used), key)
    return frozenset(used) | {key if n == 0 else f"{key}#{n + 1}"}


def allowed_uses(limit: Any) -> int:
    """How many uses a limit allows (``Limit.count``; 1 for anything that is no number)."""
    count = getattr(limit, "count", 1)
    return count if isinstance(count, int) and not isinstance(count, bool) and count >= 1 else 1
