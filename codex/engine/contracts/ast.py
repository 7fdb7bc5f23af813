"""The typed AST of Contracts card text (what `cardtext.parse` builds from the lark parse tree).

A card's text is a list of abilities: keywords (``Magnetic``, ``Magic Damage +1``), triggered
effects (``Summon:``, ``Start turn:``, ``End turn:``, ``Recycling:``, ``Ambush:``), a Rune's
activation (``Activation (1 red):``), and plain sentences: a Spell's effect, or on a card that stays
on the field a continuous "give" (``Give +1 attack to adjacent Creatures.``). Every node keeps the
card's own words (``text``) so a ruling can quote the card.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Union

from codex.engine.contracts.mana import Colours

TargetKind = Literal["creature", "player", "orb", "rune", "creature_or_player", "contract"]
Side = Literal["any", "enemy", "allied"]
Fixed = Literal["", "you", "opponent", "self"]
Trigger = Literal["summon", "start_turn", "end_turn", "recycling", "ambush"]

#: The keywords a card's text (or an effect) can give, by their canonical names.
KEYWORDS = ("magnetic", "paramagnetic", "adrenaline", "impetus", "fog", "magnetized")


@dataclass(frozen=True)
class Target:
    """What an effect acts on: something fixed (you, the opponent, this card) or a selection of
    creatures, players, Orbs or Runes — one the controller chooses (``choose``) or every one that fits."""

    kind: TargetKind = "creature"
    fixed: Fixed = ""
    choose: bool = False
    side: Side = "any"
    other: bool = False        # not the card itself ("your other Creatures", "another Creature")
    adjacent: bool = False     # the card's neighbours in its line
    words: str = ""
    definite: bool = False     # "the ...": the one(s) meant, named
    plural: bool = False

    @property
    def targeted(self) -> bool:
        """Whether the effect targets it (Fog): chosen, or named — not every one of a kind."""
        return self.choose or self.fixed in ("you", "opponent") or (self.definite and not self.plural)

    def describe(self) -> str:
        return self.words or self.kind


@dataclass(frozen=True)
class Damage:
    amount: int
    target: Target
    times: int = 1


@dataclass(frozen=True)
class LoseHealth:
    """Health lost, not damage (an Orb's owner pays with health the same way)."""

    amount: int
    target: Target


@dataclass(frozen=True)
class Modify:
    """Give (or gain) attack, health, keywords; ``heal`` is health gained back ("gain 3 health")."""

    target: Target
    attack: int = 0
    health: int = 0
    heal: int = 0
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class Fade:
    target: Target


@dataclass(frozen=True)
class Destroy:
    target: Target


@dataclass(frozen=True)
class Disarm:
    """Destroy an Orb: the Orb of the player named (``Disarm a player``), or an Orb."""

    target: Target


@dataclass(frozen=True)
class Fetch:
    count: int = 1


@dataclass(frozen=True)
class Draw:
    times: int = 1


@dataclass(frozen=True)
class Token:
    attack: int
    health: int
    count: int = 1


@dataclass(frozen=True)
class Discard:
    count: int = 1


@dataclass(frozen=True)
class YouCan:
    """An effect that says "you can": the controller decides; without it an effect is mandatory."""

    effect: "Effect"


Effect = Union[Damage, LoseHealth, Modify, Fade, Destroy, Disarm, Fetch, Draw, Token, Discard, YouCan]


@dataclass(frozen=True)
class Triggered:
    trigger: Trigger
    effects: tuple[Effect, ...]
    text: str


@dataclass(frozen=True)
class Activation:
    """A Rune's effect and the activation cost written in its text (None: the scenario gives it)."""

    cost: Colours | None
    effects: tuple[Effect, ...]
    text: str


@dataclass(frozen=True)
class Plain:
    """A sentence without a label: a Spell's effect; on a card on the field, a continuous "give"."""

    effects: tuple[Effect, ...]
    text: str


@dataclass(frozen=True)
class CardText:
    """Everything a card's text says, read by the grammar; what it cannot read is kept, named."""

    text: str = ""
    keywords: frozenset[str] = frozenset()
    magic_damage: int = 0
    triggered: tuple[Triggered, ...] = ()
    activations: tuple[Activation, ...] = ()
    plain: tuple[Plain, ...] = ()
    unreadable: tuple[str, ...] = field(default=())

    def triggers(self, trigger: Trigger) -> tuple[Triggered, ...]:
        return tuple(t for t in self.triggered if t.trigger == trigger)

    @property
    def gives(self) -> tuple[tuple[Modify, str], ...]:
        """The continuous "give" effects of a card on the field, with their sentences."""
        return tuple((e, p.text) for p in self.plain for e in p.effects if isinstance(e, Modify))

    @property
    def empty(self) -> bool:
        return not (self.keywords or self.magic_damage or self.triggered or self.activations or self.plain)


NO_TEXT = CardText()
