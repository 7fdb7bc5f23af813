"""The ruling: verdict, one-sentence summary, the steps that decided it, the state after.

Every event is its own Step with the rule applied and verbatim citations, so a reader can
check each decision against the Codex or rulebook.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from codex.engine import rules as R
from codex.engine.effects import keywords_at, site_affinity, site_is_water
from codex.engine.geometry import SQUARES, Location
from codex.engine.state import GameState


@dataclass(frozen=True)
class Citation:
    id: str
    source: str
    title: str
    anchor: str
    quote: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "source": self.source, "title": self.title,
                "anchor": self.anchor, "quote": self.quote}


@dataclass(frozen=True)
class Step:
    """One event of the ruling, the rule that governs it, and its citations."""

    event: str
    rule: str
    citations: tuple[Citation, ...]
    kind: str = "note"
    rule_ids: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.event, "rule": self.rule,
                "citations": [c.to_dict() for c in self.citations],
                "kind": self.kind, "rule_ids": list(self.rule_ids), "data": self.data}


@dataclass(frozen=True)
class Ruling:
    verdict: str
    summary: str
    steps: tuple[Step, ...]
    state_after: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "summary": self.summary,
                "steps": [s.to_dict() for s in self.steps], "state_after": self.state_after}

    @property
    def reason(self) -> str | None:
        return self.state_after.get("outcome", {}).get("reason")


def make_step(kind: str, event: str, rule_ids: tuple[str, ...] | list[str], **data: Any) -> Step:
    rs = [R.get(r) for r in rule_ids]
    return Step(event=event, rule=" ".join(r.statement for r in rs) if rs else "",
                citations=tuple(Citation(**r.citation()) for r in rs), kind=kind,
                rule_ids=tuple(rule_ids), data=data)


class Log:
    """Collects steps while rules resolve; modules append, the ruling reads."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def add(self, kind: str, event: str, rule_ids: tuple[str, ...] | list[str] = (), **data: Any) -> Step:
        step = make_step(kind, event, rule_ids, **data)
        self.steps.append(step)
        return step


def loc_json(loc: Location) -> list:
    return loc.to_json()


def state_json(state: GameState) -> dict[str, Any]:
    """Everything needed to draw the board: squares, sites (water/land), voids, units."""
    sites = []
    for s in state.sites:
        sites.append({"square": s.square, "name": s.name, "controller": s.controller,
                      "owner": s.owner, "affinity": site_affinity(state, s).as_dict(),
                      "water": site_is_water(state, s), "rubble": s.rubble, "flooded": s.flooded})
    units = []
    for u in state.units:
        kw = keywords_at(state, u)
        units.append({"id": u.id, "name": u.name, "controller": u.controller, "kind": u.kind,
                      "at": loc_json(u.location), "power": u.power_text(), "attack": u.attack,
                      "defense": u.defense, "damage": u.damage, "tapped": u.tapped,
                      "summoned_this_turn": u.summoned_this_turn, "keywords": kw.names(),
                      "artifacts": list(u.artifacts)})
    return {
        "turn": {"active": state.turn.active, "number": state.turn.number, "phase": state.turn.phase},
        "players": [{"id": p.id, "life": p.life, "max_life": p.max_life,
                     "deaths_door": p.at_deaths_door, "deaths_door_turn": p.deaths_door_turn,
                     "mana": p.mana} for p in state.players],
        "squares": list(SQUARES),
        "sites": sites,
        "voids": [sq for sq in SQUARES if state.site_at(sq) is None],
        "units": units,
        "auras": [{"id": a.id, "name": a.name, "squares": list(a.squares), "effects": list(a.effects)}
                  for a in state.auras],
        "removed": [{"id": r.id, "name": r.name, "fate": r.fate, "at": loc_json(r.location),
                     "controller": r.controller} for r in state.removed],
        "winner": state.winner,
        "draw": state.draw,
    }
