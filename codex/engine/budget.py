"""A work budget per ruling, so every request does bounded work whatever its content.

The engine's searches are already bounded by the board (range of motion is a breadth-first search
over at most 80 locations), but a scenario can still multiply them: many defenders, a long
sequence of actions. Each unit of work (an action, a location expanded by a search, an event)
spends from the budget of the ruling in progress; overspending raises `TooComplex`, which the
service answers with a 422 and the CLI with exit 2. Counting work instead of measuring time keeps
rulings deterministic: the same scenario always either fits or does not.

The budget lives in a context variable so pure functions need no extra parameter.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterator

from codex.engine.errors import TooComplex

#: Units of work a ruling may spend: about one second on a slow machine. ``ARBITER_RULING_BUDGET``
#: overrides it; the scenario suite's largest ruling spends under 2% of it.
DEFAULT_LIMIT = int(os.environ.get("ARBITER_RULING_BUDGET", "200000"))


@dataclass
class Budget:
    """Work left for one ruling."""

    limit: int
    used: int = 0

    def spend(self, units: int, what: str) -> None:
        self.used += units
        if self.used > self.limit:
            raise TooComplex(what, self.limit)


_current: ContextVar[Budget | None] = ContextVar("arbiter_ruling_budget", default=None)


def spend(units: int = 1, what: str = "the ruling") -> None:
    """Spend from the budget of the ruling in progress (no-op outside a ruling)."""
    budget = _current.get()
    if budget is not None:
        budget.spend(units, what)


@contextmanager
def budget(limit: int | None = None) -> Iterator[Budget]:
    """Run a ruling with a fresh budget of ``limit`` units of work."""
    b = Budget(DEFAULT_LIMIT if limit is None else limit)
    token = _current.set(b)
    try:
        yield b
    finally:
        _current.reset(token)
