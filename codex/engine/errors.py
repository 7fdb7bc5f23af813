"""The engine's precise errors, all under the project's root `ArbiterError`.

Three ways a request can fail to give an ordinary ruling, as python-chess separates invalid,
illegal and ambiguous moves:

- `ScenarioError`: the scenario itself is malformed or inconsistent (found at load time, every
  problem with its JSON pointer); nothing was adjudicated.
- `IllegalAction`: well-formed, but the rules forbid it, for a named `Reason`; carries the state
  reached before the rules stopped it.
- `AmbiguousAction`: the rules leave a choice to a player and the scenario did not make it.

`TooComplex` is the fourth: the scenario would need more work than a request may do.
`rule()` turns the second and third into rulings (verdicts ``illegal`` / ``ambiguous``); the first
and the fourth reach the caller, who answers 422 (service) or exits 2 (CLI).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from codex.engine.reasons import ReasonCode
from codex.errors import ArbiterError


@dataclass(frozen=True)
class Problem:
    """One problem in a scenario: where (JSON pointer), what, and how to fix it."""

    pointer: str
    problem: str
    fix: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"pointer": self.pointer, "problem": self.problem, "fix": self.fix}


class EngineError(ArbiterError):
    """Base of every error the engine raises on purpose."""


class ScenarioError(EngineError):
    """The scenario itself is malformed or inconsistent; nothing was adjudicated."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        lines = "; ".join(f"{p.pointer or '/'}: {p.problem}" for p in self.problems)
        super().__init__(f"bad scenario: {lines}")

    def to_dict(self) -> dict[str, Any]:
        return {"error": "bad_scenario", "problems": [p.to_dict() for p in self.problems]}


class IllegalAction(EngineError):
    """The action is well-formed but the rules forbid it, for a named reason.

    ``state`` is the game state reached when the rules stopped the action (a unit may already
    have moved before its attack turned out illegal); None when nothing had happened yet. It is the
    state type of the game's engine (Sorcery's `GameState`, or another game's). ``never_taken``: the
    rules find it only while resolving, but the action as declared could never be taken (a repetition
    of a cost its player cannot pay), so the state is the one before it, as for a declared target
    the words refuse. ``one_act``: what the action did is undone, but what the rules checked on the
    way stays told (an attack refused where the unit stands: its tap is undone).
    """

    def __init__(self, reason: ReasonCode, message: str, rule_id: str | None = None, pointer: str = "",
                 state: Any = None, never_taken: bool = False, one_act: bool = False):
        self.reason = reason
        self.message = message
        self.rule_id = rule_id
        self.pointer = pointer
        self.state = state
        self.never_taken = never_taken
        self.one_act = one_act
        super().__init__(f"{reason.value}: {message}")


class AmbiguousAction(EngineError):
    """The rules leave a choice to a player and the scenario did not make it."""

    def __init__(self, message: str, choice: str, options: list[Any] | None = None, pointer: str = ""):
        self.message = message
        self.choice = choice
        self.options = list(options or [])
        self.pointer = pointer
        super().__init__(message)


class TooComplex(EngineError):
    """Adjudicating the scenario would need more work than one request may do."""

    def __init__(self, what: str, limit: int, unit: str = "units of work"):
        self.what = what
        self.limit = limit
        super().__init__(f"scenario too complex: {what} (limit {limit:,} {unit})")

    def to_dict(self) -> dict[str, Any]:
        return {"error": "too_complex", "problems": [
            {"pointer": "", "problem": str(self),
             "fix": "ask about fewer units or actions, or a smaller part of the board"}]}
