"""A Contracts scenario (JSON) → (State, typed action): every problem found here, with its pointer.

Two passes before anything is adjudicated, as for Sorcery (and with its `shape_problems`): the
document's shape against `document.py`'s models, then what the shape cannot say (ids that repeat,
more than 10 extractors, two grey extractors, a cost that cannot be read, an action naming a
Creature that is not there).
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from pydantic import TypeAdapter, ValidationError

from codex.engine.contracts import document as D
from codex.engine.contracts.mana import NONE, Colours, Mana, colour_of, parse_cost
from codex.engine.contracts.model import (MAX_EXTRACTORS, MAX_HAND, TANKS, Buff, Contract, Creature, Deck, Orb, Pile,
                                          Player, Rune, State, Turn)
from codex.engine.errors import Problem, ScenarioError
from codex.engine.scenario import shape_problems

SCHEMA_FILE = "scenario.schema.json"
_DOC = TypeAdapter(D.ScenarioDoc)


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The JSON Schema of the Contracts scenario format, generated from its models."""
    out = D.ScenarioDoc.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://arbiter.example/schemas/contracts-scenario-1.json", **out}


@lru_cache(maxsize=1)
def packaged_schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files("codex.engine.contracts").joinpath(SCHEMA_FILE)
                                      .read_text("utf-8"))
    return data


class _Checks:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, pointer: str, problem: str, fix: str) -> None:
        self.problems.append(Problem(pointer, problem, fix))

    def cost(self, value: D.Cost | None, pointer: str) -> Colours | None:
        if value is None:
            return None
        try:
            return parse_cost(value)
        except ValueError as e:
            self.add(pointer, str(e), "write a cost as {\"red\": 2, \"grey\": 1} or \"2R 1G\"")
            return NONE


def _buff(b: D.BuffDoc) -> Buff:
    return Buff(b.attack, b.health, tuple(k.lower() for k in b.keywords), b.source)


def contract(card: D.Card, pointer: str, checks: _Checks) -> Contract:
    if isinstance(card, str):
        return Contract(card)
    return Contract(card.name, card.type, checks.cost(card.cost, f"{pointer}/cost") or NONE, card.text, card.attack,
                    card.health, card.durability, checks.cost(card.activation, f"{pointer}/activation"),
                    tuple(k.lower() for k in card.keywords), card.id)


def _pile(value: D.Pile | None, pointer: str, checks: _Checks) -> Pile:
    if value is None:
        return Pile(tracked=False)
    if isinstance(value, int):
        return Pile(unnamed=value)
    if isinstance(value, D.PileDoc):
        return Pile(tuple(contract(c, f"{pointer}/cards/{i}", checks) for i, c in enumerate(value.cards)), value.count)
    return Pile(tuple(contract(c, f"{pointer}/{i}", checks) for i, c in enumerate(value)))


def _deck(value: D.Deck | None, pointer: str, checks: _Checks) -> Deck:
    if value is None:
        return Deck(tracked=False)
    if isinstance(value, int):
        return Deck(unnamed=value)
    if isinstance(value, D.DeckDoc):
        return Deck(tuple(contract(c, f"{pointer}/top/{i}", checks) for i, c in enumerate(value.top)), value.count)
    return Deck(tuple(contract(c, f"{pointer}/{i}", checks) for i, c in enumerate(value)))


def _mana(p: D.PlayerDoc, pointer: str, checks: _Checks) -> Mana:
    full, empty = NONE, NONE
    for name, value in p.extractors.items():
        c = colour_of(name)
        if isinstance(value, int):
            full = full.plus(c, value)
        else:
            full, empty = full.plus(c, value.full), empty.plus(c, value.empty)
    if full.total + empty.total > MAX_EXTRACTORS:
        checks.add(f"{pointer}/extractors", f"{full.total + empty.total} extractors: a player has at most "
                   f"{MAX_EXTRACTORS}", "give at most 10 extractors")
    tanks = Colours(grey=p.tanks.full) if isinstance(p.tanks.full, int) else Colours.of(p.tanks.full)
    empty_tanks = p.tanks.empty if p.tanks.empty is not None else max(0, TANKS - tanks.total)
    return Mana(full, empty, tanks, empty_tanks)


def _player(p: D.PlayerDoc, pointer: str, checks: _Checks) -> Player:
    creatures = []
    for i, c in enumerate(p.creatures):
        creatures.append(Creature(c.id, c.name or c.id, p.id, c.attack, c.health, c.damage, c.text,
                                  tuple(k.lower() for k in c.keywords), tuple(_buff(b) for b in c.buffs),
                                  c.magnetized, c.faded, c.played_this_turn, c.acted_this_turn, c.token))
    rune = orb = None
    if p.rune is not None:
        rune = Rune(p.rune.id or f"{p.id}-rune", p.rune.name, p.id, checks.cost(p.rune.activation,
                    f"{pointer}/rune/activation"), p.rune.text, p.rune.used_this_turn)
    if p.orb is not None:
        orb = Orb(p.orb.id or f"{p.id}-orb", p.orb.name, p.id, p.orb.attack, p.orb.durability, p.orb.text,
                  p.orb.used_this_turn, p.orb.active)
    buffs = tuple(_buff(b) for b in p.buffs)
    if p.attack is not None:
        buffs = (Buff(p.attack, source="an effect", attack_value=True),) + buffs
    hand = _pile(p.hand, f"{pointer}/hand", checks)
    if hand.size > MAX_HAND:
        checks.add(f"{pointer}/hand", f"{hand.size} contracts in hand: a hand holds at most {MAX_HAND}",
                   "give at most 10 contracts")
    return Player(p.id, p.health, buffs, p.magnetized, _mana(p, pointer, checks), hand,
                  _deck(p.deck, f"{pointer}/deck", checks), _pile(p.discard, f"{pointer}/discard", checks), p.burnout,
                  p.special_draw_used, p.acted_this_turn, tuple(creatures), rune, orb)


def played_id(card: D.Card, taken: set[str]) -> str:
    """The id a played contract will have on the field: its ``id``, else its name (made unique)."""
    base = card if isinstance(card, str) else (card.id or card.name)
    out, n = base, 2
    while out in taken:
        out, n = f"{base}-{n}", n + 1
    return out


_REFS: dict[type[D.Action], tuple[str, ...]] = {
    D.Attack: ("attacker", "target"), D.Magnetize: ("creature",), D.UseOrb: ("target",),
         D.FadeAction: ("target",), D.CanAttack: ("attacker", "target")}
_PLAYER_FIELDS = ("player", "owner", "first")


def _in_hands(parsed: D.ScenarioDoc) -> dict[str, D.ContractDoc]:
    """The contracts the hands spell out, by name (case folded): what a play by name will put on
    the field, and with which id."""
    out: dict[str, D.ContractDoc] = {}
    for p in parsed.players:
        hand = p.hand
        cards = hand if isinstance(hand, tuple) else hand.cards if isinstance(hand, D.PileDoc) else ()
        for c in cards:
            if isinstance(c, D.ContractDoc):
                out.setdefault(c.name.casefold(), c)
    return out


def _check_action(action: Any, pointer: str, known: set[str], players: set[str], checks: _Checks,
                  hands: dict[str, D.ContractDoc]) -> None:
    if isinstance(action, D.Sequence):
        for i, sub in enumerate(action.actions):
            _check_action(sub, f"{pointer}/actions/{i}", known, players, checks, hands)
        return
    for f in _PLAYER_FIELDS:
        pid = getattr(action, f, None)
        if isinstance(pid, str) and pid not in players:
            checks.add(f"{pointer}/{f}", f"unknown player {pid!r}", f"use one of {sorted(players)}")
    if isinstance(action, D.Setup):
        for pid in action.put_aside:
            if pid not in players:
                checks.add(f"{pointer}/put_aside/{pid}", f"unknown player {pid!r}", f"use one of {sorted(players)}")
    for f in _REFS.get(type(action), ()):
        ref = getattr(action, f)
        if ref is not None and ref not in known:
            checks.add(f"{pointer}/{f}", f"nothing on the field is called {ref!r}",
                       f"use one of {sorted(known)}")
    if isinstance(action, D.Play):
        card = action.card
        if isinstance(card, D.ContractDoc):
            contract(card, f"{pointer}/card", checks)
            if card.type == "creature" and card.health is None:
                checks.add(f"{pointer}/card/health", "a Creature needs its health", "add \"health\"")
            if card.type == "orb" and (card.attack is None or not card.durability):
                checks.add(f"{pointer}/card", "an Orb needs its attack and a durability of at least 1",
                           "add \"attack\" and \"durability\"")
        if isinstance(card, str):          # played by name: the hand's contract of that name, if spelt out
            card = hands.get(card.casefold(), card)
        if isinstance(card, str) or card.type in ("creature", "rune", "orb"):
            known.add(played_id(card, set(known)))      # (a name only: what it is is known as it is played)


def load(doc: Any) -> tuple[State, D.Action]:
    """Validate a Contracts scenario and build its state; returns (state, typed action)."""
    if not isinstance(doc, Mapping):
        raise ScenarioError([Problem("", "a scenario must be a JSON object", "start from {\"format\": ...}")])
    try:
        parsed = _DOC.validate_python(doc)
    except ValidationError as e:
        raise ScenarioError([Problem(p.pointer, p.problem, p.fix.replace("docs/scenarios.md", "docs/contracts.md"))
                             for p in shape_problems(e, doc)]) from None
    checks = _Checks()
    ids = [p.id for p in parsed.players]
    if ids[0] == ids[1]:
        checks.add("/players/1/id", f"duplicate player id {ids[0]!r}", "give each player its own id")
    if parsed.turn.active not in ids:
        checks.add("/turn/active", f"unknown player {parsed.turn.active!r}", f"use one of {ids}")
    players = [_player(p, f"/players/{i}", checks) for i, p in enumerate(parsed.players)]
    seen: dict[str, str] = {pid: f"/players/{i}/id" for i, pid in enumerate(ids)}
    for i, p in enumerate(players):
        for j, c in enumerate(p.line):
            ptr = f"/players/{i}/creatures/{j}/id"
            if c.id in seen:
                checks.add(ptr, f"the id {c.id!r} is already used at {seen[c.id]}", "give everything its own id")
            seen[c.id] = ptr
        for kind, card in (("rune", p.rune), ("orb", p.orb)):
            if card is not None:
                if card.id in seen:
                    checks.add(f"/players/{i}/{kind}/id", f"the id {card.id!r} is already used at {seen[card.id]}",
                               "give everything its own id")
                seen[card.id] = f"/players/{i}/{kind}"
    grey = sum(p.mana.extractors_of("grey") for p in players)
    if grey > 1:
        checks.add("/players", f"{grey} grey extractors: there is only one", "give the grey extractor to one player")
    if D.count_actions(parsed.action) > D.MAX_ACTIONS:
        checks.add("/action", f"more than {D.MAX_ACTIONS} actions in one scenario", "split the sequence")
    _check_action(parsed.action, "/action", set(seen), set(ids), checks, _in_hands(parsed))
    if checks.problems:
        raise ScenarioError(checks.problems)
    phase = parsed.turn.phase or D.default_phase(parsed.action, parsed.turn.active)
    turn = Turn(parsed.turn.active, parsed.turn.number, phase)
    return State(turn, (players[0], players[1])), parsed.action
