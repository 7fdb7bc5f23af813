"""The ruling: verdict, one-sentence summary, the steps that decided it, the state after.

A ruling narrates the events of the resolution: each event becomes a Step with the rules
applied and their verbatim citations, so a reader can check each decision against the Codex
or rulebook. Nothing is read back from the narration: `state_after.paths` and every answer come
from the events' fields and the state.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any, Callable, Iterable

from codex.engine import rules as R
from codex.engine.events import Activated, CardQuote, Event, Stepped
from codex.engine.geometry import SQUARES, Location
from codex.engine.ongoing import keywords_at, power_of, site_affinity, site_is_water
from codex.engine.lost_abilities import lost_texts
from codex.engine.effects.select import unit_subtypes
from codex.engine.state import DECKS, GameState, Zone, ZoneName


class Verdict(str, Enum):
    """What a ruling decided. Actions resolve (or are illegal / need a choice); questions answer."""

    RESOLVED = "resolved"        # the action happened; see the steps and state_after
    GAME_OVER = "game_over"      # the action happened and ended the game
    ILLEGAL = "illegal"          # the rules forbid the action (state_after.outcome.reason says why)
    AMBIGUOUS = "ambiguous"      # a player must choose; the options are in outcome.answer
    LEGAL = "legal"              # check_only: the action could be taken as declared
    ANSWERED = "answered"        # a question whose answer is a value (range of motion)
    YES = "yes"
    NO = "no"
    STRONGER = "stronger"
    WEAKER = "weaker"
    EQUAL = "equal"


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
    verdict: Verdict
    summary: str
    steps: tuple[Step, ...]
    state_after: dict[str, Any]
    events: tuple[Event, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"verdict": self.verdict.value, "summary": self.summary,
                "steps": [s.to_dict() for s in self.steps], "state_after": self.state_after}

    @property
    def reason(self) -> str | None:
        reason: str | None = self.state_after.get("outcome", {}).get("reason")
        return reason


#: Finds a rule by id in a game's registry (Sorcery's `rules.get`, or another game's).
RuleLookup = Callable[[str], R.Rule]


@lru_cache(maxsize=4096)
def _cited(rule_ids: tuple[str, ...], lookup: RuleLookup) -> tuple[str, tuple[Citation, ...]]:
    rs = [lookup(r) for r in dict.fromkeys(rule_ids)]
    return " ".join(r.statement for r in rs), tuple(Citation(**r.citation()) for r in rs)


def card_citation(quote: CardQuote) -> Citation:
    """A card's own sentence as a citation (``source`` "card", ``id`` the card's name)."""
    return Citation(quote.card, "card", quote.card, quote.card, quote.quote)


def step_of(event: Event, lookup: RuleLookup = R.get) -> Step:
    """Narrate one event: its sentence, the card sentence and the rules that made it happen (found
    with ``lookup``, the registry of the event's game), quoted."""
    statement, citations = _cited(event.rules, lookup)
    if event.from_card is not None:
        citations = (card_citation(event.from_card),) + citations
    return Step(event=event.text(), rule=statement, citations=citations, kind=event.kind,
                rule_ids=tuple(dict.fromkeys(event.rules)), data=event.data())


def narrate(events: Iterable[Event], lookup: RuleLookup = R.get) -> tuple[Step, ...]:
    return tuple(step_of(e, lookup) for e in events if e.narrated)


def paths_of(events: Iterable[Event]) -> list[dict[str, Any]]:
    """Per moving unit: where it started, the path it declared, the locations it entered."""
    paths: dict[str, dict[str, Any]] = {}
    for e in events:
        if isinstance(e, Activated) and e.declared is not None:
            paths[e.unit] = {"unit": e.unit, "start": e.start.to_json(),
                             "declared": [loc.to_json() for loc in e.declared], "taken": []}
        elif isinstance(e, Stepped):
            entry = paths.setdefault(e.unit, {"unit": e.unit, "start": e.frm.to_json(), "declared": [],
                                              "taken": []})
            entry["taken"].append(e.to.to_json())
    return list(paths.values())


def loc_json(loc: Location) -> list[Any]:
    return loc.to_json()


ZONES: tuple[ZoneName, ...] = ("hand", "spellbook", "atlas", "cemetery", "banished")


def zone_json(zone: Zone, deck: bool = False) -> dict[str, Any]:
    """A zone as the public sees it: its size and how many spells and sites (None when the scenario
    did not track it), and the cards it names (a deck's from the top, and those at its bottom)."""
    out: dict[str, Any] = {"size": zone.size, "spells": zone.count("spell"), "sites": zone.count("site"),
                           "cards": [c.name for c in zone.cards]}
    if deck:
        out["bottom"] = [c.name for c in zone.bottom]
    else:
        out["cards"] += [c.name for c in zone.bottom]
    return out


def _counters_json(state: GameState, key: str) -> dict[str, int]:
    """``{"counters": n}`` for a card with counters on it (`effects.counters`), else nothing."""
    n = next((c for k, c in state.counters if k == key), 0)
    return {"counters": n} if n else {}


def state_json(state: GameState) -> dict[str, Any]:
    """Everything needed to draw the board: squares, sites (water/land), voids, units."""
    sites = []
    for s in state.sites:
        water = site_is_water(state, s)
        sites.append({"square": s.square, "name": s.name, "controller": s.controller,
                      "owner": s.owner, "affinity": site_affinity(state, s, water).as_dict(),
                      "water": water, "rubble": s.rubble, "flooded": s.flooded, "tapped": s.tapped,
                      **_counters_json(state, f"site:{s.square}")})
    units = []
    carried: dict[str, list[str]] = {}
    for a in state.artifacts:
        if a.bearer is not None:
            carried.setdefault(a.bearer, []).append(a.name)
    carrying: dict[str, list[str]] = {}
    for u in state.units:
        if u.carried_by is not None:
            carrying.setdefault(u.carried_by, []).append(u.id)
    for u in state.units:
        kw = keywords_at(state, u)
        attack, defense = power_of(state, u)
        entry = {"id": u.id, "name": u.name, "controller": u.controller, "owner": u.owner, "kind": u.kind,
                 "at": loc_json(u.location), "power": f"{attack}/{defense}" if attack != defense else str(attack),
                 "attack": attack, "defense": defense, "damage": u.damage, "tapped": u.tapped,
                 "summoned_this_turn": u.summoned_this_turn, "keywords": kw.names(),
                 "artifacts": carried.get(u.id, []), "carried_by": u.carried_by,
                 "carrying": carrying.get(u.id, []), "interacted": u.interacted}
        if u.held is not None and u.carried_by is not None:
            entry["held"] = u.held        # carried by an effect's words ("disabled": disabled while carried)
        if u.oversized:
            entry["occupies"] = [loc_json(loc) for loc in state.locations_of(u)]
        if u.animates:
            entry["animates"] = u.animates      # the aura or artifact it is (Codex "Animate")
        entry.update(_counters_json(state, f"unit:{u.id}"))
        if u.minions_killed:
            entry["minions_killed"] = u.minions_killed
        typed = unit_subtypes(state, u)
        if tuple(typed) != tuple(u.subtypes):
            entry["subtypes"] = list(typed)     # the type layer changed them (`effects/type_changes.py`)
        if (lost := lost_texts(state, u)):
            entry["lost_abilities"] = list(lost)      # taken away by an effect (its printed text stays)
        units.append(entry)
    artifacts = [{"id": a.id, "name": a.name, "at": loc_json(state.artifact_location(a)), "bearer": a.bearer,
                  "controller": state.artifact_controller(a), "owner": a.owner, "carriable": a.carriable,
                  "token": a.token, "tapped": a.tapped, **({"animated_as": a.animated_as} if a.animated_as else {}),
                  **_counters_json(state, f"artifact:{a.id}")}
                 for a in state.artifacts]
    return {
        "turn": {"active": state.turn.active, "number": state.turn.number, "phase": state.turn.phase},
        "players": [{"id": p.id, "life": p.life, "max_life": p.max_life,
                     "deaths_door": p.at_deaths_door, "deaths_door_turn": p.deaths_door_turn,
                     "mana": p.mana, "opening": p.opening,
                     **({"affinity_gained": p.gained_affinity.as_dict()} if p.gained_affinity.elements() else {}),
                     **({"skip_turns": p.skip_turns} if p.skip_turns else {}),
                     **({"mana_next_turn": p.mana_next_turn} if p.mana_next_turn else {}),
                     **{z: zone_json(p.zone(z), z in DECKS) for z in ZONES}} for p in state.players],
        "squares": list(SQUARES),
        "sites": sites,
        "voids": [sq for sq in SQUARES if state.site_at(sq) is None],
        "units": units,
        "artifacts": artifacts,
        "auras": [{"id": a.id, "name": a.name, "squares": list(a.squares), "effects": list(a.effects),
                   **({"animated_as": a.animated_as} if a.animated_as else {}),
                   **({"border": list(a.border)} if a.border else {}),
                   **_counters_json(state, f"aura:{a.id}")} for a in state.auras],
        "removed": [{"id": r.id, "name": r.name, "fate": r.fate, "at": loc_json(r.location),
                     "controller": r.controller, "owner": r.owner, "zone": r.zone,
                     "killed_by": list(r.killers)} for r in state.removed],
        "lasting": [{"id": e.id, "name": e.name, "controller": e.controller, "until": e.until,
                     "units": list(e.units), "keywords": e.keywords.names(),
                     **({"abilities_lost": list(e.lost_abilities)} if e.lost_abilities else {}),
                     **({"players": list(e.players), "states": sorted(e.states)} if e.players else {})}
                    for e in state.lasting],
        "storyline": [type(p.effect).__name__ for p in state.storyline],
        "winner": state.winner,
        "draw": state.draw,
    }
