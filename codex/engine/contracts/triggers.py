"""Which triggered effects a moment of play sets off: Recycling as a card leaves the field, Summon as
a Creature is played, Ambush as a contract is fetched or kept, Start turn and End turn.

A Faded Creature has lost the effects of its text, Recycling included: the rulebook can be read
both ways here (Fade removes the text's effects on the field; Recycling "activates when it is
already in the discard pile"), so the ruling says so and quotes both (`FADED_RECYCLING`).
"""
from __future__ import annotations

from codex.engine.contracts import ast as A
from codex.engine.contracts.cardtext import parse
from codex.engine.contracts.events import TriggerSkipped
from codex.engine.contracts.model import Contract, Left, Permanent, Player
from codex.engine.contracts.ongoing import text_of
from codex.engine.contracts.resolution import Pending
from codex.engine.events import Event, Note

KEYWORD_NAMES = {"summon": "Summon", "start_turn": "Start turn", "end_turn": "End turn", "recycling": "Recycling",
                 "ambush": "Ambush"}
#: The rule each trigger keyword cites.
TRIGGER_RULES: dict[A.Trigger, tuple[str, ...]] = {
    "summon": ("summon",), "start_turn": ("start-turn",), "end_turn": ("end-turn",),
    "recycling": ("recycling",), "ambush": ("ambush",)}
FADED_RECYCLING = ("fade.text", "recycling")


def pending_of(card_id: str, name: str, owner: str, text: A.CardText, trigger: A.Trigger,
               extra: tuple[str, ...] = ()) -> list[Pending]:
    return [Pending(card_id, name, owner, KEYWORD_NAMES[trigger], t, TRIGGER_RULES[trigger] + extra)
            for t in text.triggers(trigger)]


def leaving(gone: Left) -> tuple[list[Pending], list[Event]]:
    """Recycling of a card that went from the field to the discard pile (a token goes nowhere)."""
    text = parse(gone.text, gone.name)
    if not text.triggers("recycling") or gone.zone != "discard":
        return [], []
    if gone.faded:
        return [], [TriggerSkipped(gone.id, gone.name, "Recycling", "it had Faded, and a Faded Creature has lost the "
                                   "effects stated in its text", rules=("fade.text",)),
                    Note("ambiguity", "The rulebook can be read two ways here: Fade removes the effects of a "
                         "Creature's text while it is on the field, but Recycling \u201cactivates when it is already "
                         "in the discard pile\u201d, where it is no longer Faded. This engine applies Fade: no "
                         "Recycling.", {"card": gone.id}, rules=FADED_RECYCLING)]
    return pending_of(gone.id, gone.name, gone.owner, text, "recycling"), []


def on_field(player: Player, trigger: A.Trigger) -> list[Pending]:
    """The player's cards on the field with this trigger, in order: the line left to right, then
    the Rune, then the Orb (a Faded Creature's text has no effects)."""
    out: list[Pending] = []
    for card in player.permanents():
        out += pending_of(card.id, card.name, player.id, text_of(card), trigger)
    return out


def faded_with(player: Player, trigger: A.Trigger) -> list[Event]:
    """Faded Creatures whose printed trigger does not take place (told, with Fade cited)."""
    return [TriggerSkipped(c.id, c.name, KEYWORD_NAMES[trigger], "it has Faded: its text has no effects",
                           rules=("fade.text",))
            for c in player.line if c.faded and c.abilities.triggers(trigger)]


def ambush_of(card: Contract | None, owner: str, to_discard: bool) -> list[Pending]:
    if card is None:
        return []
    extra = ("ambush.full", "hand.full.still") if to_discard else ()
    return pending_of(card.id or card.name, card.name, owner, card.abilities, "ambush", extra)


def summon_of(creature: Permanent, owner: str) -> list[Pending]:
    return pending_of(creature.id, creature.name, owner, text_of(creature), "summon")
