"""The state of a game of Contracts: frozen dataclasses, every transition returns a new state.

Two players, each with their health, mana (extractors and tanks), hand, deck, discard pile, burnout
counter, the special draw, a line of up to 8 Creatures in order, one Rune and one Orb. A Creature
keeps its printed facts (attack, health, text) and its marks: damage taken, the effects applied to
it (`Buff`: attack, health, keywords, with their source), Magnetized, Faded, played or acted this
turn. What those facts mean *now* (continuous "give" effects of other cards, a Faded card's text
gone) is computed by `ongoing.py`, never written back.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from codex.engine.contracts import ast as A
from codex.engine.contracts.cardtext import parse
from codex.engine.contracts.mana import NONE, Colours, Mana

CardType = Literal["creature", "spell", "rune", "orb"]
Phase = Literal["setup", "start", "draw", "main"]
MAX_LINE = 8
MAX_HAND = 10
MAX_EXTRACTORS = 10
START_HEALTH = 30
TANKS = 5


@dataclass(frozen=True)
class Contract:
    """A contract (card): in a zone, or being played. Unnamed cards of a zone are only counted."""

    name: str
    type: CardType | None = None
    cost: Colours = NONE
    text: str = ""
    attack: int | None = None
    health: int | None = None
    durability: int | None = None
    activation: Colours | None = None
    keywords: tuple[str, ...] = ()
    id: str | None = None

    @property
    def abilities(self) -> A.CardText:
        return parse(self.text, self.name)

    def kind_text(self) -> str:
        return {"creature": "a Creature", "spell": "a Spell", "rune": "a Rune", "orb": "an Orb"}.get(
            self.type or "", "a contract")


@dataclass(frozen=True)
class Pile:
    """A hand or a discard pile: named contracts, plus unnamed ones counted. ``tracked`` False: the
    scenario did not give it, so its size is unknown (only what enters it during the ruling is)."""

    cards: tuple[Contract, ...] = ()
    unnamed: int = 0
    tracked: bool = True

    @property
    def size(self) -> int:
        return len(self.cards) + self.unnamed

    def add(self, card: Contract | None) -> "Pile":
        if card is None:
            return replace(self, unnamed=self.unnamed + 1)
        return replace(self, cards=self.cards + (card,))

    def find(self, name: str) -> int | None:
        folded = name.casefold()
        return next((i for i, c in enumerate(self.cards) if c.name.casefold() == folded), None)

    def without(self, index: int | None) -> "Pile":
        """The pile less the named card at ``index`` (None: one of the unnamed ones)."""
        if index is None:
            return replace(self, unnamed=max(0, self.unnamed - 1))
        return replace(self, cards=self.cards[:index] + self.cards[index + 1:])


@dataclass(frozen=True)
class Deck:
    """A deck: named contracts on top (first = topmost) and unnamed ones under them.
    ``tracked`` False: the scenario did not give it; it never runs out and its cards are unknown."""

    top: tuple[Contract, ...] = ()
    unnamed: int = 0
    tracked: bool = True

    @property
    def size(self) -> int | None:
        return len(self.top) + self.unnamed if self.tracked else None

    def take(self) -> tuple["Deck", Contract | None, bool]:
        """(deck after, the top contract or None when unnamed, whether there was one at all)."""
        if self.top:
            return replace(self, top=self.top[1:]), self.top[0], True
        if not self.tracked:
            return self, None, True
        if self.unnamed:
            return replace(self, unnamed=self.unnamed - 1), None, True
        return self, None, False


@dataclass(frozen=True)
class Buff:
    """An effect applied to a Creature or player: attack, health, keywords, and where it came from.
    ``attack_value``: it gives a player an attack value (even 0)."""

    attack: int = 0
    health: int = 0
    keywords: tuple[str, ...] = ()
    source: str = "an effect"
    attack_value: bool = False

    def text(self) -> str:
        parts = [f"{self.attack:+d} attack" if self.attack or self.attack_value else "",
                 f"{self.health:+d} health" if self.health else "", ", ".join(k.capitalize() for k in self.keywords)]
        return " and ".join(p for p in parts if p) or "nothing"


@dataclass(frozen=True)
class Creature:
    id: str
    name: str
    owner: str
    attack: int
    health: int
    damage: int = 0
    text: str = ""
    keywords: tuple[str, ...] = ()
    buffs: tuple[Buff, ...] = ()
    magnetized: bool = False
    faded: bool = False
    played_this_turn: bool = False
    acted_this_turn: bool = False
    token: bool = False
    card: Contract | None = None

    @property
    def abilities(self) -> A.CardText:
        return parse(self.text, self.name)

    def as_contract(self) -> Contract:
        return self.card or Contract(self.name, "creature", text=self.text, attack=self.attack, health=self.health,
                                     keywords=self.keywords)


@dataclass(frozen=True)
class Rune:
    id: str
    name: str
    owner: str
    activation: Colours | None = None
    text: str = ""
    used_this_turn: bool = False
    card: Contract | None = None

    @property
    def abilities(self) -> A.CardText:
        return parse(self.text, self.name)

    @property
    def cost(self) -> Colours | None:
        """The activation cost: the scenario's, or the one written in the Rune's text."""
        if self.activation is not None:
            return self.activation
        return next((a.cost for a in self.abilities.activations if a.cost is not None), None)

    def as_contract(self) -> Contract:
        return self.card or Contract(self.name, "rune", text=self.text, activation=self.activation)


@dataclass(frozen=True)
class Orb:
    id: str
    name: str
    owner: str
    attack: int
    durability: int
    text: str = ""
    used_this_turn: bool = False
    active: bool = False           # left active for the opponent's turn
    card: Contract | None = None

    @property
    def abilities(self) -> A.CardText:
        return parse(self.text, self.name)

    def as_contract(self) -> Contract:
        return self.card or Contract(self.name, "orb", text=self.text, attack=self.attack, durability=self.durability)


Permanent = Creature | Rune | Orb


@dataclass(frozen=True)
class Player:
    id: str
    health: int = START_HEALTH
    buffs: tuple[Buff, ...] = ()
    magnetized: bool = False
    mana: Mana = Mana()
    hand: Pile = Pile(tracked=False)
    deck: Deck = Deck(tracked=False)
    discard: Pile = Pile(tracked=False)
    burnout: int = 0                      # burnout damage taken so far (the next is burnout + 1)
    special_draw_used: bool = False
    acted_this_turn: bool = False         # attacked this turn (a player attacks like a Creature)
    line: tuple[Creature, ...] = ()
    rune: Rune | None = None
    orb: Orb | None = None
    runes_aside: tuple[Contract, ...] = ()

    def index_of(self, cid: str) -> int | None:
        return next((i for i, c in enumerate(self.line) if c.id == cid), None)

    def permanents(self) -> tuple[Permanent, ...]:
        out: tuple[Permanent, ...] = self.line
        if self.rune is not None:
            out += (self.rune,)
        if self.orb is not None:
            out += (self.orb,)
        return out


@dataclass(frozen=True)
class Turn:
    active: str
    number: int = 1
    phase: Phase = "main"


@dataclass(frozen=True)
class Left:
    """A card that left the field during the ruling: where it went and why."""

    id: str
    name: str
    owner: str
    kind: str          # creature, rune, orb
    why: str           # destroyed, replaced, durability, disarmed
    zone: str          # discard, or removed (a token)
    text: str = ""     # its text, for what triggers as it leaves (Recycling)
    faded: bool = False


@dataclass(frozen=True)
class State:
    turn: Turn
    players: tuple[Player, Player]
    winner: str | None = None
    draw: bool = False
    left: tuple[Left, ...] = field(default=())

    # -- players ---------------------------------------------------------------------------------
    def player(self, pid: str) -> Player:
        return self.players[0] if self.players[0].id == pid else self.players[1]

    def has_player(self, pid: str) -> bool:
        return any(p.id == pid for p in self.players)

    def opponent(self, pid: str) -> Player:
        return self.players[1] if self.players[0].id == pid else self.players[0]

    def with_player(self, player: Player) -> "State":
        ps = tuple(player if p.id == player.id else p for p in self.players)
        return replace(self, players=(ps[0], ps[1]))

    @property
    def active(self) -> Player:
        return self.player(self.turn.active)

    @property
    def over(self) -> bool:
        return self.winner is not None or self.draw

    # -- creatures and other permanents ---------------------------------------------------------
    def creature(self, cid: str) -> Creature | None:
        for p in self.players:
            for c in p.line:
                if c.id == cid:
                    return c
        return None

    def creatures(self) -> tuple[Creature, ...]:
        """Every Creature on the field: the active player's line first, left to right."""
        a = self.active
        return a.line + self.opponent(a.id).line

    def with_creature(self, creature: Creature) -> "State":
        p = self.player(creature.owner)
        return self.with_player(replace(p, line=tuple(creature if c.id == creature.id else c for c in p.line)))

    def without_creature(self, cid: str) -> "State":
        c = self.creature(cid)
        if c is None:
            return self
        p = self.player(c.owner)
        return self.with_player(replace(p, line=tuple(x for x in p.line if x.id != cid)))

    def orb(self, oid: str) -> Orb | None:
        return next((p.orb for p in self.players if p.orb is not None and p.orb.id == oid), None)

    def rune(self, rid: str) -> Rune | None:
        return next((p.rune for p in self.players if p.rune is not None and p.rune.id == rid), None)

    def ids(self) -> set[str]:
        """Every id on the field (creatures, Runes, Orbs) and the players'."""
        out = {p.id for p in self.players}
        for p in self.players:
            out |= {x.id for x in p.permanents()}
        return out
