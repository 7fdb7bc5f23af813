"""What the cards on the field mean now: attack, health and keywords under every effect.

A Creature's printed facts and marks (`model.Creature`) are its base; on top come the effects
applied to it (`Buff`s, Magnetized) and the continuous "give" effects of the cards on the field
(a Creature's, Rune's or Orb's text such as "Give +1 attack to adjacent Creatures."). A Faded
Creature has lost the effects of its own text (its keywords, its gives, its triggers). Recomputed
each time it is asked, never written back, so a giver that Fades or leaves takes its buff with it.
"""
from __future__ import annotations

from dataclasses import dataclass

from codex.engine.contracts import ast as A
from codex.engine.contracts.model import Creature, Permanent, Player, Rune, State


@dataclass(frozen=True)
class Give:
    """A continuous effect of a card on the field, and what it applies to."""

    source: str            # the giving card's id
    source_name: str
    owner: str
    modify: A.Modify
    sentence: str


@dataclass(frozen=True)
class CreatureView:
    creature: Creature
    attack: int
    health: int            # what is left: printed + buffs + gives - damage
    max_health: int        # printed + buffs + gives
    keywords: frozenset[str]
    magnetized: bool
    given: tuple[Give, ...]

    @property
    def magnetic_target(self) -> bool:
        """Magnetized or Magnetic: the opponent's attacks must go to targets like it."""
        return self.magnetized or "magnetic" in self.keywords


@dataclass(frozen=True)
class PlayerView:
    player: Player
    attack: int | None     # None: no attack value
    health: int
    keywords: frozenset[str]
    magnetized: bool
    given: tuple[Give, ...]

    @property
    def magnetic_target(self) -> bool:
        return self.magnetized or "magnetic" in self.keywords


def text_of(card: Permanent) -> A.CardText:
    """What a card on the field says now: nothing for a Faded Creature."""
    if isinstance(card, Creature) and card.faded:
        return A.NO_TEXT
    return card.abilities


def printed_keywords(creature: Creature) -> frozenset[str]:
    if creature.faded:
        return frozenset()
    return creature.abilities.keywords | {k.lower() for k in creature.keywords}


def gives(state: State) -> tuple[Give, ...]:
    """Every continuous "give" of the Creatures and Orbs on the field: a sentence without a label
    that gives to something it does not choose (a Faded Creature gives nothing)."""
    out: list[Give] = []
    for p in state.players:
        for card in p.permanents():
            if isinstance(card, Rune):      # a Rune's sentences are the effect it is used for
                continue
            for modify, sentence in text_of(card).gives:
                if not modify.target.choose:
                    out.append(Give(card.id, card.name, p.id, modify, sentence))
    return tuple(out)


def applies_to_creature(state: State, give: Give, creature: Creature) -> bool:
    """Whether a continuous give reaches this Creature (adjacency: neighbours in the giver's line)."""
    t = give.modify.target
    if t.kind not in ("creature", "creature_or_player"):
        return t.fixed == "self" and t.kind == "contract" and creature.id == give.source
    if t.fixed == "self":
        return creature.id == give.source
    if t.fixed:
        return False
    if t.other and creature.id == give.source:
        return False
    if t.side == "allied" and creature.owner != give.owner:
        return False
    if t.side == "enemy" and creature.owner == give.owner:
        return False
    if t.adjacent:
        line = state.player(give.owner).line
        i = next((k for k, c in enumerate(line) if c.id == give.source), None)
        j = next((k for k, c in enumerate(line) if c.id == creature.id), None)
        return i is not None and j is not None and abs(i - j) == 1
    return True


def applies_to_player(give: Give, player: Player) -> bool:
    t = give.modify.target
    if t.kind not in ("player", "creature_or_player"):
        return False
    if t.fixed == "you":
        return player.id == give.owner
    if t.fixed == "opponent":
        return player.id != give.owner
    if t.fixed:
        return False
    if t.side == "allied":
        return player.id == give.owner
    if t.side == "enemy":
        return player.id != give.owner
    return True


def creature_view(state: State, creature: Creature, all_gives: tuple[Give, ...] | None = None) -> CreatureView:
    given = tuple(g for g in (gives(state) if all_gives is None else all_gives)
                  if applies_to_creature(state, g, creature))
    attack = creature.attack + sum(b.attack for b in creature.buffs) + sum(g.modify.attack for g in given)
    max_health = creature.health + sum(b.health for b in creature.buffs) + sum(g.modify.health for g in given)
    keywords = set(printed_keywords(creature))
    for b in creature.buffs:
        keywords.update(b.keywords)
    for g in given:
        keywords.update(g.modify.keywords)
    magnetized = creature.magnetized or "magnetized" in keywords
    keywords.discard("magnetized")
    return CreatureView(creature, max(0, attack), max_health - creature.damage, max_health,
                        frozenset(keywords), magnetized, given)


def player_view(state: State, player: Player, all_gives: tuple[Give, ...] | None = None) -> PlayerView:
    given = tuple(g for g in (gives(state) if all_gives is None else all_gives) if applies_to_player(g, player))
    has_attack = any(b.attack or b.attack_value for b in player.buffs) or any(g.modify.attack for g in given)
    attack = (sum(b.attack for b in player.buffs) + sum(g.modify.attack for g in given)) if has_attack else None
    keywords: set[str] = set()
    for b in player.buffs:
        keywords.update(b.keywords)
    for g in given:
        keywords.update(g.modify.keywords)
    magnetized = player.magnetized or "magnetized" in keywords
    keywords.discard("magnetized")
    health = player.health + sum(b.health for b in player.buffs) + sum(g.modify.health for g in given)
    return PlayerView(player, None if attack is None else max(0, attack), health, frozenset(keywords), magnetized,
                      given)


def magic_damage(state: State, pid: str) -> tuple[int, tuple[str, ...]]:
    """The player's Magic Damage +X in all (their cards on the field), and the cards giving it."""
    total, names = 0, []
    for card in state.player(pid).permanents():
        x = text_of(card).magic_damage
        if x:
            total += x
            names.append(card.name)
    return total, tuple(names)
