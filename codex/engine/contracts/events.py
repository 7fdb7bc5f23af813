"""What happens in a Contracts ruling, as typed events (the shared `Event` base of the engine).

Each event carries the facts of what happened and ``rules``, ids of the Contracts rules
(`contracts.rules`) that made it happen; the ruling narrates them (`ruling.narrate` with the
Contracts registry), and nothing is read back from the narration. Every kind is listed in the
Events table of docs/contracts.md (a test compares them).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Sequence

if TYPE_CHECKING:
    from codex.engine.events import Note

from codex.engine.events import Event


def _s(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# ------------------------------------------------------------------------------- playing contracts

@dataclass(frozen=True)
class Played(Event):
    kind: ClassVar[str] = "play"
    player: str
    card: str
    type: str

    def text(self) -> str:
        return f"{self.player} plays {self.card}, {self.type}."


@dataclass(frozen=True)
class Paid(Event):
    kind: ClassVar[str] = "pay"
    player: str
    cost: str
    paid_with: str
    what: str

    def text(self) -> str:
        return f"{self.player} pays {self.cost} for {self.what}, emptying {self.paid_with}."


@dataclass(frozen=True)
class Placed(Event):
    kind: ClassVar[str] = "place"
    player: str
    creature: str
    name: str
    position: int
    left: str
    right: str

    def text(self) -> str:
        where = (f"between {self.left} and {self.right}" if self.left and self.right else
                 f"right of {self.left}" if self.left else f"left of {self.right}" if self.right else "alone")
        return f"{self.name} takes its place in {self.player}'s line, {where} (position {self.position + 1})."


@dataclass(frozen=True)
class TokenSummoned(Event):
    kind: ClassVar[str] = "token"
    player: str
    creature: str
    attack: int
    health: int
    position: int

    def text(self) -> str:
        return (f"A {self.attack}/{self.health} Creature token ({self.creature}) joins {self.player}'s line "
                f"(position {self.position + 1}).")


@dataclass(frozen=True)
class ToDiscard(Event):
    """Contracts went to their owner's discard pile (a Spell resolved, contracts discarded...)."""

    kind: ClassVar[str] = "discard"
    owner: str
    cards: tuple[str, ...]
    why: str

    def text(self) -> str:
        names = ", ".join(self.cards) if self.cards else "nothing"
        return f"{names} {'goes' if len(self.cards) == 1 else 'go'} to {self.owner}'s discard pile ({self.why})."


@dataclass(frozen=True)
class LeftField(Event):
    """A Creature, Rune or Orb left the field: destroyed, replaced, worn out, disarmed."""

    kind: ClassVar[str] = "destroyed"
    card: str
    name: str
    owner: str
    why: str
    token: bool = False

    def text(self) -> str:
        where = "is removed from the game (a token is not a contract)" if self.token else \
            f"goes to {self.owner}'s discard pile"
        return f"{self.name} {self.why} and {where}."


@dataclass(frozen=True)
class RuneUsed(Event):
    kind: ClassVar[str] = "use_rune"
    player: str
    rune: str
    name: str

    def text(self) -> str:
        return f"{self.player} uses {self.name}'s effect (once this turn)."


# ------------------------------------------------------------------------------- acting, fighting

@dataclass(frozen=True)
class Attacked(Event):
    kind: ClassVar[str] = "attack"
    attacker: str
    attacker_name: str
    target: str
    target_name: str

    def text(self) -> str:
        return f"{self.attacker_name} attacks {self.target_name}."


@dataclass(frozen=True)
class MagnetizedGained(Event):
    kind: ClassVar[str] = "magnetized"
    unit: str
    name: str
    how: str

    def text(self) -> str:
        return f"{self.name} gains Magnetized ({self.how})."


@dataclass(frozen=True)
class MagnetizedRemoved(Event):
    kind: ClassVar[str] = "magnetized_removed"
    unit: str
    name: str

    def text(self) -> str:
        return f"{self.name} loses Magnetized at the start of its owner's turn."


@dataclass(frozen=True)
class Damaged(Event):
    kind: ClassVar[str] = "damage"
    target: str
    target_name: str
    source: str
    amount: int
    health: int
    player: bool = False

    def text(self) -> str:
        return (f"{self.source} deals {self.amount} damage to {self.target_name} "
                f"({'health' if self.player else 'its health'} now {self.health}).")


@dataclass(frozen=True)
class NoDamage(Event):
    kind: ClassVar[str] = "no_damage"
    source: str
    target_name: str
    why: str

    def text(self) -> str:
        return f"{self.source} deals no damage to {self.target_name}: {self.why}."


@dataclass(frozen=True)
class HealthLost(Event):
    kind: ClassVar[str] = "lose_health"
    player: str
    amount: int
    health: int
    why: str

    def text(self) -> str:
        return f"{self.player} loses {self.amount} health ({self.why}); health now {self.health}."


@dataclass(frozen=True)
class HealthGained(Event):
    kind: ClassVar[str] = "heal"
    target: str
    name: str
    amount: int
    health: int

    def text(self) -> str:
        return f"{self.name} gains {self.amount} health (health now {self.health})."


@dataclass(frozen=True)
class Buffed(Event):
    kind: ClassVar[str] = "buff"
    target: str
    name: str
    what: str
    source: str

    def text(self) -> str:
        return f"{self.name} gets {self.what} from {self.source}."


@dataclass(frozen=True)
class Faded(Event):
    kind: ClassVar[str] = "fade"
    target: str
    name: str
    removed: tuple[str, ...]
    kept: tuple[str, ...] = ()

    def text(self) -> str:
        out = f"{self.name} Fades: " + ("removed " + "; ".join(self.removed) if self.removed
                                        else "it had no effects applied to it")
        if self.kept:
            out += "; still given by other cards: " + "; ".join(self.kept)
        return out + "."


@dataclass(frozen=True)
class TriggerFired(Event):
    kind: ClassVar[str] = "trigger"
    card: str
    name: str
    keyword: str
    sentence: str

    def text(self) -> str:
        return f"{self.name}'s {self.keyword} takes place: \u201c{self.sentence}\u201d."


@dataclass(frozen=True)
class TriggerSkipped(Event):
    kind: ClassVar[str] = "no_trigger"
    card: str
    name: str
    keyword: str
    why: str

    def text(self) -> str:
        return f"{self.name}'s {self.keyword} does not take place: {self.why}."


# ------------------------------------------------------------------------------------------- Orbs

@dataclass(frozen=True)
class OrbStruck(Event):
    kind: ClassVar[str] = "orb"
    orb: str
    name: str
    owner: str
    target: str
    target_name: str
    amount: int
    attack: int
    health_before: int
    health: int

    def text(self) -> str:
        return (f"{self.owner}'s {self.name} (attack {self.attack}) deals {self.amount} damage to {self.target_name} "
                f"(health {self.health_before}, now {self.health}): the lower of its attack and the target's health.")


@dataclass(frozen=True)
class DurabilityLost(Event):
    kind: ClassVar[str] = "durability"
    orb: str
    name: str
    durability: int

    def text(self) -> str:
        return f"{self.name} loses 1 durability ({self.durability} left)."


@dataclass(frozen=True)
class OrbLeftActive(Event):
    kind: ClassVar[str] = "orb_active"
    player: str
    orb: str
    name: str

    def text(self) -> str:
        return f"{self.player} leaves {self.name} active during the opponent's turn."


# ------------------------------------------------------------------------------------ the deck

@dataclass(frozen=True)
class Looked(Event):
    kind: ClassVar[str] = "look"
    player: str
    count: int
    special: bool
    cards: tuple[str, ...]
    burnouts: int

    def text(self) -> str:
        what = "the special draw" if self.special else "a draw"
        seen = f": {', '.join(self.cards)}" if self.cards else ""
        found = self.count - self.burnouts
        missing = f" ({self.burnouts} more: the deck has run out)" if self.burnouts else ""
        return (f"{self.player} chooses {self.count} for {what} and looks at {_s(found, 'contract')} from the top "
                f"of their deck{seen}{missing}.")


@dataclass(frozen=True)
class Kept(Event):
    kind: ClassVar[str] = "keep"
    player: str
    card: str
    to: str

    def text(self) -> str:
        if self.to == "hand":
            return f"{self.player} adds {self.card} to their hand."
        return f"{self.player}'s hand is full: {self.card} goes to the discard pile instead."


@dataclass(frozen=True)
class Fetched(Event):
    kind: ClassVar[str] = "fetch"
    player: str
    card: str
    to: str

    def text(self) -> str:
        if self.to == "hand":
            return f"{self.player} fetches {self.card} into their hand."
        return f"{self.player} fetches {self.card}, but their hand is full: it goes to the discard pile."


@dataclass(frozen=True)
class Burnout(Event):
    kind: ClassVar[str] = "burnout"
    player: str
    amount: int
    health: int

    def text(self) -> str:
        return (f"{self.player}'s deck has run out: burnout deals {self.amount} damage to {self.player} "
                f"(health now {self.health}).")


# ------------------------------------------------------------------------------------ the turn

@dataclass(frozen=True)
class ExtractorGained(Event):
    kind: ClassVar[str] = "extractor"
    player: str
    colour: str
    total: int

    def text(self) -> str:
        return f"{self.player} gains a {self.colour} extractor ({self.total} in all)."


@dataclass(frozen=True)
class ExtractorExchanged(Event):
    kind: ClassVar[str] = "exchange"
    player: str
    give: str
    take: str

    def text(self) -> str:
        return f"{self.player} exchanges a {self.give} extractor for a {self.take} one."


@dataclass(frozen=True)
class ExtractorsFilled(Event):
    kind: ClassVar[str] = "fill"
    player: str
    count: int

    def text(self) -> str:
        return f"All {_s(self.count, 'extractor')} of {self.player} fill up."


@dataclass(frozen=True)
class ExtractorsEmptied(Event):
    kind: ClassVar[str] = "empty"
    player: str
    colours: str
    count: int

    def text(self) -> str:
        if not self.count:
            return f"{self.player} has no full extractor left: nothing is emptied."
        return (f"{self.player}'s {_s(self.count, 'full extractor')} ({self.colours}) "
                f"{'is' if self.count == 1 else 'are'} emptied at the end of the turn.")


@dataclass(frozen=True)
class TanksFilled(Event):
    kind: ClassVar[str] = "tanks"
    player: str
    colours: str
    count: int
    empty_left: int

    def text(self) -> str:
        if not self.count:
            return f"No tank of {self.player} is filled ({self.empty_left} empty)."
        return f"{self.player} fills {_s(self.count, 'empty tank')} with the leftover mana ({self.colours}); " \
               f"{self.empty_left} empty left."


@dataclass(frozen=True)
class TurnPassed(Event):
    kind: ClassVar[str] = "turn"
    frm: str
    to: str
    number: int

    def text(self) -> str:
        return f"{self.frm} completes their turn; the turn goes to {self.to} (turn {self.number})."


@dataclass(frozen=True)
class PhaseBegan(Event):
    kind: ClassVar[str] = "phase"
    player: str
    phase: str

    def text(self) -> str:
        return {"draw": f"{self.player} draws next.",
                "main": f"{self.player} has drawn: they may now play contracts, attack, use Runes and Orbs and make "
                        "their Creatures act, in any order.",
                "start": f"{self.player}'s turn begins."}.get(self.phase, f"{self.player}: {self.phase}.")


# ------------------------------------------------------------------------------------ setup, end

@dataclass(frozen=True)
class SetUp(Event):
    kind: ClassVar[str] = "setup"
    player: str
    what: str

    def text(self) -> str:
        return f"{self.player}: {self.what}."


@dataclass(frozen=True)
class GameWon(Event):
    kind: ClassVar[str] = "game_over"
    winner: str
    loser: str
    health: int

    def text(self) -> str:
        return f"{self.loser}'s health is {self.health}: {self.winner} wins."


@dataclass(frozen=True)
class GameDrawn(Event):
    kind: ClassVar[str] = "game_drawn"
    healths: str

    def text(self) -> str:
        return f"Both players' health reached 0 or lower ({self.healths}): the match ends in a draw."


def unread(card: str, sentences: Sequence[str], key: str, consequence: str = "so it does not apply it",
           rules: tuple[str, ...] = ()) -> Note:
    """The step naming a card's sentences the grammar cannot read (``not_executed``): never dropped
    in silence. ``key``: the card's id or name in the step's data."""
    from codex.engine.events import Note     # not a name of this module: its names are the Contracts events
    quoted = "; ".join(f"\u201c{s}\u201d" for s in sentences)
    return Note("not_executed", f"{card}: this engine cannot read {quoted}, {consequence}.",
                {"card": key, "sentences": list(sentences)}, rules=rules)

