"""Precise exceptions: a bad scenario is not an illegal action, and neither is an ambiguity."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from codex.engine.reasons import Reason


@dataclass(frozen=True)
class Problem:
    """One problem in a scenario: where (JSON pointer), what, and how to fix it."""

    pointer: str
    problem: str
    fix: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"pointer": self.pointer, "problem": self.problem, "fix": self.fix}


class EngineError(Exception):
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
    """The action is well-formed but the rules forbid it, for a named reason."""

    def __init__(self, reason: Reason, message: str, rule_id: str | None = None,
                 pointer: str = ""):
        self.reason = reason
        self.message = message
        self.rule_id = rule_id
        self.pointer = pointer
        super().__init__(f"{reason.value}: {message}")


@dataclass
class AmbiguousAction(EngineError):
    """The rules leave a choice to a player and the scenario did not make it."""

    message: str
    choice: str
    options: list[Any] = field(default_factory=list)
    pointer: str = ""

    def __post_init__(self) -> None:
        super().__init__(self.message)
