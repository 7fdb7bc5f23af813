"""The Contracts ruling's ``state_after``: the two players' boards as JSON (what the rulings page
draws and what scenario expectations address), computed from the state, never from the narration."""
from __future__ import annotations

from typing import Any

from codex.engine.contracts.mana import COLOURS, Mana
from codex.engine.contracts.model import Buff, Pile, Player, State
from codex.engine.contracts.ongoing import creature_view, gives, player_view


def _buff(b: Buff) -> dict[str, Any]:
    return {"attack": b.attack, "health": b.health, "keywords": list(b.keywords), "source": b.source}


def _pile(p: Pile) -> dict[str, Any]:
    return {"size": p.size if p.tracked else None, "cards": [c.name for c in p.cards]}


def _mana(m: Mana) -> dict[str, Any]:
    extractors = {c: {"full": m.extractors_full.get(c), "empty": m.extractors_empty.get(c)} for c in COLOURS
                  if m.extractors_full.get(c) or m.extractors_empty.get(c)}
    return {"extractors": extractors, "extractor_count": m.extractors,
            "tanks": {"full": m.tanks_full.as_dict(), "empty": m.tanks_empty}}


def player_json(state: State, p: Player) -> dict[str, Any]:
    all_gives = gives(state)
    view = player_view(state, p, all_gives)
    creatures = []
    for i, c in enumerate(p.line):
        v = creature_view(state, c, all_gives)
        creatures.append({"id": c.id, "name": c.name, "position": i, "attack": v.attack, "health": v.health,
                          "max_health": v.max_health, "damage": c.damage, "printed": [c.attack, c.health],
                          "keywords": sorted(v.keywords), "magnetized": v.magnetized, "faded": c.faded,
                          "buffs": [_buff(b) for b in c.buffs],
                          "given": [{"source": g.source_name, "text": g.sentence} for g in v.given],
                          "played_this_turn": c.played_this_turn, "acted_this_turn": c.acted_this_turn,
                          "token": c.token, "text": c.text})
    return {
        "id": p.id, "health": view.health, "attack": view.attack, "keywords": sorted(view.keywords),
        "magnetized": view.magnetized, "buffs": [_buff(b) for b in p.buffs], **_mana(p.mana),
        "hand": _pile(p.hand), "deck": {"size": p.deck.size, "top": [c.name for c in p.deck.top]},
        "discard": _pile(p.discard), "burnout": p.burnout, "next_burnout": p.burnout + 1,
        "special_draw_used": p.special_draw_used, "acted_this_turn": p.acted_this_turn,
        "creatures": creatures,
        "rune": None if p.rune is None else {"id": p.rune.id, "name": p.rune.name, "text": p.rune.text,
                                             "used_this_turn": p.rune.used_this_turn,
                                             "activation": p.rune.cost.as_dict() if p.rune.cost else None},
        "orb": None if p.orb is None else {"id": p.orb.id, "name": p.orb.name, "attack": p.orb.attack,
                                           "durability": p.orb.durability, "used_this_turn": p.orb.used_this_turn,
                                           "active": p.orb.active, "text": p.orb.text},
    }


def state_json(state: State) -> dict[str, Any]:
    return {
        "game": "contracts",
        "turn": {"active": state.turn.active, "number": state.turn.number, "phase": state.turn.phase},
        "players": [player_json(state, p) for p in state.players],
        "left": [{"id": g.id, "name": g.name, "owner": g.owner, "kind": g.kind, "why": g.why, "zone": g.zone}
                 for g in state.left],
        "winner": state.winner,
        "draw": state.draw,
    }
