"""The Contracts scenario format (``"game": "contracts"``) as typed models: the single source of its
shape. `scenario.load` validates a document against them (every problem with its JSON pointer) and
the JSON Schema `codex/engine/contracts/scenario.schema.json` is generated from them (a test keeps
the file equal to the models). Actions are records discriminated by ``do``, on the shared `Doc`
base of the Sorcery format; the limits keep every ruling's work bounded (docs/contracts.md).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field, StrictBool, StrictInt, StrictStr, StringConstraints

from codex.engine.document import FORMAT, Doc, action_name

__all__ = ["FORMAT", "action_name"]

MAX_NUMBER = 999
MAX_TEXT = 2000
MAX_NAME = 120
MAX_CARDS = 200
MAX_ACTIONS = 64
MAX_CHOICES = 64

Count = Annotated[StrictInt, Field(ge=0, le=MAX_NUMBER)]
Signed = Annotated[StrictInt, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
Id = Annotated[StrictStr, StringConstraints(min_length=1, max_length=MAX_NAME)]
Name = Annotated[StrictStr, StringConstraints(min_length=1, max_length=MAX_NAME)]
Text = Annotated[StrictStr, StringConstraints(max_length=MAX_TEXT)]
ColourName = Literal["red", "blue", "yellow", "grey", "gray", "fire", "water", "light", "pure"]
#: A cost: {"red": 2, "grey": 1}, or compact letters with counts, "2R 1G" / "RRG" (R, B, Y, G); a string
#: that cannot be read is a problem found after the shape (with how to write it).
Cost = Union[dict[ColourName, Count], Annotated[StrictStr, StringConstraints(max_length=40)]]
ContractType = Literal["creature", "spell", "rune", "orb"]
Keywords = Annotated[tuple[Literal["magnetic", "paramagnetic", "adrenaline", "impetus", "fog", "magnetized",
                                   "Magnetic", "Paramagnetic", "Adrenaline", "Impetus", "Fog", "Magnetized"], ...],
                     Field(max_length=10)]


class ContractDoc(Doc):
    """A contract: in a zone, or being played. Its text is read by the Contracts card grammar."""

    name: Name
    type: ContractType | None = Field(default=None, description="needed to play it")
    cost: Cost | None = None
    text: Text = ""
    attack: Count | None = Field(default=None, description="a Creature's or an Orb's")
    health: Count | None = Field(default=None, description="a Creature's")
    durability: Count | None = Field(default=None, description="an Orb's")
    activation: Cost | None = Field(default=None, description="a Rune's activation cost (or in its text)")
    keywords: Keywords = ()
    id: Id | None = Field(default=None, description="the id a Creature, Rune or Orb will have on the field")


#: A contract as a bare name (unknown type and text) or in full.
Card = Union[Name, ContractDoc]
Cards = Annotated[tuple[Card, ...], Field(max_length=MAX_CARDS)]


class PileDoc(Doc):
    """A hand or discard pile: named contracts and how many unnamed ones."""

    cards: Cards = ()
    count: Count = Field(default=0, description="unnamed contracts besides the named ones")


class DeckDoc(Doc):
    """A deck: named contracts on top (first = topmost) and ``count`` unnamed ones under them."""

    top: Cards = ()
    count: Count = 0


Pile = Union[Count, Cards, PileDoc]
Deck = Union[Count, Cards, DeckDoc]


class ExtractorDoc(Doc):
    full: Count = 0
    empty: Count = 0


class TanksDoc(Doc):
    """Full tanks (a number of grey ones, or the colour each holds) and empty ones."""

    full: Union[Count, dict[ColourName, Count]] = 0
    empty: Count | None = Field(default=None, description="default: the rest of the player's 5 tanks")


class BuffDoc(Doc):
    """An effect applied to a Creature or player (removed by Fade)."""

    attack: Signed = 0
    health: Signed = 0
    keywords: Keywords = ()
    source: Name = "an effect"


Buffs = Annotated[tuple[BuffDoc, ...], Field(max_length=20)]


class CreatureDoc(Doc):
    id: Id
    name: Name | None = None
    attack: Count = 0
    health: Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)]
    damage: Count = 0
    text: Text = ""
    keywords: Keywords = ()
    buffs: Buffs = ()
    magnetized: StrictBool = False
    faded: StrictBool = False
    played_this_turn: StrictBool = False
    acted_this_turn: StrictBool = False
    token: StrictBool = False


class RuneDoc(Doc):
    name: Name
    id: Id | None = None
    activation: Cost | None = Field(default=None, description="its activation cost, unless its text says it")
    text: Text = ""
    used_this_turn: StrictBool = False


class OrbDoc(Doc):
    name: Name
    id: Id | None = None
    attack: Count
    durability: Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)]
    text: Text = ""
    used_this_turn: StrictBool = False
    active: StrictBool = Field(default=False, description="left active for this (the opponent's) turn")


class PlayerDoc(Doc):
    id: Id
    health: Signed = 30
    attack: Count | None = Field(default=None, description="an attack value an effect gave the player")
    buffs: Buffs = ()
    magnetized: StrictBool = False
    extractors: dict[ColourName, Union[Count, ExtractorDoc]] = Field(
        default_factory=dict, description="per colour: a number of full extractors, or {full, empty}")
    tanks: TanksDoc = TanksDoc()
    hand: Pile | None = Field(default=None, description="omitted: not tracked (never full)")
    deck: Deck | None = Field(default=None, description="omitted: not tracked (never runs out)")
    discard: Pile = ()
    burnout: Count = Field(default=0, description="burnout damage taken so far: the next is one more")
    special_draw_used: StrictBool = False
    acted_this_turn: StrictBool = False
    creatures: Annotated[tuple[CreatureDoc, ...], Field(max_length=8)] = ()
    rune: RuneDoc | None = None
    orb: OrbDoc | None = None


Phase = Literal["setup", "start", "draw", "main"]


class TurnDoc(Doc):
    active: Id
    number: Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)] = 1
    phase: Phase | None = Field(default=None, description="default: what the scenario's first action needs "
                                "(setup, start for start_turn, draw for the active player's draw), else main")


Ids = Annotated[tuple[Id, ...], Field(max_length=MAX_CHOICES)]
Optionals = Annotated[tuple[StrictBool, ...], Field(max_length=MAX_CHOICES)]


class PayDoc(Doc):
    extractors: dict[ColourName, Count] = Field(default_factory=dict)
    tanks: dict[ColourName, Count] = Field(default_factory=dict)


class DrawDoc(Doc):
    """A draw's choices: how many contracts to look at, which to keep, the special draw or not."""

    count: Annotated[StrictInt, Field(ge=1, le=4)]
    keep: Annotated[tuple[Name, ...], Field(max_length=2)] = ()
    special: StrictBool = False


class Choices(Doc):
    """What the effects of an action ask for, consumed in order."""

    targets: Ids = Field(default=(), description="a target for each choice an effect makes, in order")
    optional: Optionals = Field(default=(), description="true/false for each \"you can\", in order")
    draws: Annotated[tuple[DrawDoc, ...], Field(max_length=10)] = Field(
        default=(), description="for each draw an effect makes")


class Action(Doc):
    """Base of every Contracts action record."""


class Play(Action, Choices):
    """Play a contract from the hand: pay its cost; a Spell's effect, a Rune or Orb on the field
    (replacing the previous one), a Creature into the line (then its Summon effect)."""

    do: Literal["play"]
    card: Card
    player: Id | None = Field(default=None, description="default: the current player")
    position: Annotated[StrictInt, Field(ge=0, le=8)] | None = Field(
        default=None, description="a Creature's place in the line, 0 = leftmost (default: the right end)")
    pay: PayDoc | None = None


class Attack(Action):
    do: Literal["attack"]
    attacker: Id = Field(description="a Creature's id, or a player's (a player with an attack value)")
    target: Id


class Magnetize(Action):
    do: Literal["magnetize"]
    creature: Id


class UseRune(Action, Choices):
    do: Literal["use_rune"]
    player: Id | None = None
    pay: PayDoc | None = None


class UseOrb(Action):
    do: Literal["orb"]
    target: Id
    player: Id | None = None


class DrawAction(Action, Choices):
    """The start-of-turn draw (phase ``draw``; the special draw allowed once per game), or a draw
    an effect makes (phase ``main``)."""

    do: Literal["draw"]
    count: Annotated[StrictInt, Field(ge=0, le=9)]
    keep: Annotated[tuple[Name, ...], Field(max_length=2)] = ()
    special: StrictBool = False
    player: Id | None = None


class FetchAction(Action, Choices):
    do: Literal["fetch"]
    count: Annotated[StrictInt, Field(ge=1, le=10)] = 1
    player: Id | None = None


class FadeAction(Action):
    """An effect makes a Creature or a player Fade."""

    do: Literal["fade"]
    target: Id


class Effect(Action, Choices):
    """An effect in the rulebook's words takes place for ``player`` (e.g. a card's sentence)."""

    do: Literal["effect"]
    player: Id
    text: Text
    source: Name = "an effect"
    spell: StrictBool = Field(default=False, description="a Spell's effect (Fog and Magic Damage +X apply)")


class Exchange(Doc):
    give: ColourName
    take: ColourName


class StartTurn(Action, Choices):
    """The start of the current player's turn: Start turn effects, an extractor gained (or
    exchanged at 10), all extractors fill; with ``draw``, the turn's draw too."""

    do: Literal["start_turn"]
    gain: ColourName | None = None
    exchange: Exchange | None = None
    draw: DrawDoc | None = None


class EndTurn(Action, Choices):
    """The end of the current player's turn: End turn effects, full extractors emptied into free
    tanks, the Orb left active or not, the turn to the other player."""

    do: Literal["end_turn"]
    tanks: Annotated[tuple[ColourName, ...], Field(max_length=10)] | None = Field(
        default=None, description="the colours of the leftover mana to keep in tanks (default: as much as fits)")
    orb_active: StrictBool = False


class CanAttack(Action):
    do: Literal["can_attack"]
    attacker: Id
    target: Id | None = Field(default=None, description="omitted: the answer lists every legal target")


class CanSee(Action):
    do: Literal["can_see"]
    player: Id
    zone: Literal["hand", "deck", "discard"]
    owner: Id | None = None


class Setup(Action):
    """Setup and starting the game: health 30, 5 empty tanks, Runes set aside and fetched first into
    an opening hand of 4, contracts put aside and fetched again, shuffled back, the first turn."""

    do: Literal["setup"]
    first: Id | None = None
    grey_extractor: StrictBool | None = Field(default=None, description="the second player takes the grey one")
    put_aside: dict[Id, Annotated[tuple[Name, ...], Field(max_length=4)]] = Field(default_factory=dict)


class Sequence(Action):
    """Actions one after another; stops at the first that is illegal, ambiguous, or ends the game."""

    do: Literal["sequence"]
    actions: Annotated[tuple["AnyAction", ...], Field(min_length=1, max_length=MAX_ACTIONS)]


ACTION_RECORDS: tuple[type[Action], ...] = (Play, Attack, Magnetize, UseRune, UseOrb, DrawAction, FetchAction,
                                            FadeAction, Effect, StartTurn, EndTurn, CanAttack, CanSee, Setup, Sequence)

AnyAction = Annotated[Union[Play, Attack, Magnetize, UseRune, UseOrb, DrawAction, FetchAction, FadeAction, Effect,
                            StartTurn, EndTurn, CanAttack, CanSee, Setup, Sequence], Field(discriminator="do")]
Sequence.model_rebuild()


class ScenarioDoc(Doc):
    """A Contracts scenario: two players' boards and one action or question."""

    model_config = Doc.model_config | {"title": "Arbiter Contracts scenario (arbiter.scenario/1, game contracts)"}

    format: Literal["arbiter.scenario/1"]
    game: Literal["contracts"]
    turn: TurnDoc
    players: Annotated[tuple[PlayerDoc, PlayerDoc], Field()]
    action: AnyAction


def first_action(action: Any) -> Any:
    while isinstance(action, Sequence):
        action = action.actions[0]
    return action


def default_phase(action: Any, active: str) -> Phase:
    """The moment of the turn a scenario is at when it does not say: the one its first action
    needs (setting up, starting the turn, the turn's draw), else after the draw."""
    first = first_action(action)
    if isinstance(first, Setup):
        return "setup"
    if isinstance(first, StartTurn):
        return "start"
    if isinstance(first, DrawAction) and first.player in (None, active):
        return "draw"
    return "main"


def count_actions(action: Any) -> int:
    if isinstance(action, Sequence):
        return 1 + sum(count_actions(a) for a in action.actions)
    return 1
