"""Which Codex entries the project's own scenarios cite: the measure of how much of the game the
engine knows.

A top-level entry counts as cited when a step of some scenario's ruling quotes it or one of its
sub-entries (a sub-entry is part of its entry). The entries no scenario cites are the engine's
known gaps, listed by `arbiter rules coverage`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from codex.engine import rule
from codex.engine.errors import EngineError


@dataclass(frozen=True)
class Coverage:
    entries: tuple[str, ...]                       # every top-level Codex entry id
    cited: dict[str, tuple[str, ...]]              # entry id → names of scenarios citing it
    scenarios: int
    failed: tuple[str, ...] = field(default_factory=tuple)   # scenarios that raised instead of ruling

    @property
    def missing(self) -> list[str]:
        return [e for e in self.entries if e not in self.cited]

    @property
    def share(self) -> float:
        return len([e for e in self.entries if e in self.cited]) / len(self.entries) if self.entries else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"entries": len(self.entries), "cited": len(self.entries) - len(self.missing),
                "share": round(self.share, 4), "scenarios": self.scenarios, "missing": self.missing,
                "failed": list(self.failed),
                "cited_by": {e: list(v) for e, v in sorted(self.cited.items())}}


def scenario_cases(folder: Path) -> Iterable[tuple[str, dict[str, Any]]]:
    """(name, scenario) of every case of every suite file in ``folder``."""
    for path in sorted(folder.glob("*.json")):
        doc = json.loads(path.read_text("utf-8"))
        for case in doc.get("cases", []):
            yield f"{path.stem}: {case.get('name')}", case["scenario"]


def coverage(entries: Iterable[str], cases: Iterable[tuple[str, dict[str, Any]]]) -> Coverage:
    """Rule every case and collect the top-level Codex entries their steps cite."""
    top = tuple(entries)
    cited: dict[str, list[str]] = {}
    failed: list[str] = []
    count = 0
    for name, scenario in cases:
        count += 1
        try:
            ruling = rule(scenario)
        except EngineError:
            failed.append(name)
            continue
        for step in ruling.steps:
            for c in step.citations:
                if c.source == "codex":
                    cited.setdefault(c.id.split("#", 1)[0], []).append(name)
    return Coverage(top, {k: tuple(dict.fromkeys(v)) for k, v in cited.items()}, count, tuple(failed))
