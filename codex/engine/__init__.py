"""Arbiter's rules engine: a scenario in, a ruling out.

    >>> from codex.engine import rule
    >>> rule(scenario).to_dict()   # {"verdict", "summary", "steps", "state_after"}

Legality queries (no state change) are re-exported for callers that hold a GameState.
No Flask, no sqlite, no file I/O besides the packaged JSON Schema.
"""
from __future__ import annotations

from typing import Any

from codex.engine.actions import Outcome, run
from codex.engine.combat import SiteTarget, UnitTarget, attack_reason, defend_reason, intercept_reason
from codex.engine.exceptions import AmbiguousAction, IllegalAction, Problem, ScenarioError
from codex.engine.geometry import Location, Region
from codex.engine.movement import check_survival, range_of_motion, step_reason
from codex.engine.reasons import Reason, explain
from codex.engine.ruling import Citation, Log, Ruling, Step, state_json
from codex.engine.scenario import load, schema
from codex.engine.sites import legal_site_squares, site_placement_reason
from codex.engine.state import GameState

__all__ = ["rule", "load", "schema", "Ruling", "Step", "Citation", "ScenarioError", "IllegalAction",
           "AmbiguousAction", "Problem", "Reason", "explain", "GameState", "Location", "Region",
           "range_of_motion", "step_reason", "attack_reason", "defend_reason", "intercept_reason",
           "site_placement_reason", "legal_site_squares", "UnitTarget", "SiteTarget"]


def rule(scenario: dict[str, Any]) -> Ruling:
    """Adjudicate a scenario. Raises ScenarioError for a bad scenario; an illegal or ambiguous
    action is a ruling (verdict "illegal" / "ambiguous"), not an exception."""
    state, action = load(scenario)
    log = Log()
    state = check_survival(state, log)
    try:
        out = run(state, action, log)
    except IllegalAction as e:
        log.add("illegal", e.message[0].upper() + e.message[1:] + ".", [e.rule_id] if e.rule_id else [],
                reason=e.reason.value, pointer=e.pointer)
        out = Outcome("illegal", f"Illegal: {e.message}.", getattr(e, "state", state), reason=e.reason.value,
                      extra={"pointer": e.pointer})
    except AmbiguousAction as e:
        log.add("ambiguous", f"A choice is needed: {e.message}.", ["projectile.choose"] if e.choice == "hit" else [],
                choice=e.choice, options=e.options, pointer=e.pointer)
        out = Outcome("ambiguous", f"Ambiguous: {e.message}; choose with {e.pointer}.", state,
                      answer={"choice": e.choice, "options": e.options})
    return _ruling(out, log)


def _ruling(out: Outcome, log: Log) -> Ruling:
    after = state_json(out.state)
    paths: dict[str, dict[str, Any]] = {}
    for s in log.steps:
        if s.kind == "activate" and "declared" in s.data:
            paths[s.data["unit"]] = {"unit": s.data["unit"], "start": s.data["start"], "declared": s.data["declared"],
                                     "taken": []}
        elif s.kind == "step":
            entry = paths.setdefault(s.data["unit"], {"unit": s.data["unit"], "start": s.data["from"], "declared": [],
                                                      "taken": []})
            entry["taken"].append(s.data["to"])
    after["paths"] = list(paths.values())
    after["outcome"] = {"reason": out.reason, "answer": out.answer, **out.extra}
    return Ruling(out.verdict, out.summary, tuple(log.steps), after)
