"""Cards moving between zones: drawing, putting cards back, discarding, searching, leaving the
realm (Codex "Zone", "Card", "Hand", "Spellbook", "Atlas", "Cemetery", "Banished", "Token",
"Ownership and Control").

A zone keeps the cards a scenario names, in order, and counts the ones it does not
(`state.Zone`). The functions on one zone (`add`, `remove`, `take_top`) are pure; the functions on
a state return the new state and the events that tell what moved (`Resolved`). Card effects
(draw N, discard, search, return to hand) are built from these, so they always send a card to its
*owner's* zone and a token to the banished area, whoever controls it.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal, Union

from codex.engine.budget import spend
from codex.engine.events import CardsMoved, Drew, Event, GameWon, Note, Shuffled
from codex.engine.state import DECKS, Card, GameState, Player, Zone, ZoneName

Kind = Literal["spell", "site"]
#: A card leaving a zone: the named card, or just its kind when the scenario did not name it.
Item = Union[Card, Kind]

KINDS: tuple[Kind, ...] = ("spell", "site")
DECK_OF: dict[Kind, ZoneName] = {"spell": "spellbook", "site": "atlas"}
KIND_OF: dict[ZoneName, Kind] = {"spellbook": "spell", "atlas": "site"}


def item_kind(item: Item) -> Kind | None:
    return item if isinstance(item, str) else item.kind


def item_name(item: Item) -> str:
    return f"a {item}" if isinstance(item, str) else item.name


def _count_field(kind: Kind) -> str:
    return "spells" if kind == "spell" else "sites"


# ----------------------------------------------------------------------------- one zone

def add(zone: Zone, item: Item, *, top: bool = False, bottom: bool = False) -> Zone:
    """``item`` enters the zone: a named card is listed (on top of a deck with ``top``, under it
    with ``bottom``); an unnamed one is counted (an untracked count stays untracked)."""
    if isinstance(item, Card):
        if bottom:
            return replace(zone, bottom=zone.bottom + (item,))
        return replace(zone, cards=(item,) + zone.cards if top else zone.cards + (item,))
    field = _count_field(item)
    n = getattr(zone, field)
    return zone if n is None else replace(zone, **{field: n + 1})


def remove(zone: Zone, name: str | None, kind: Kind | None) -> tuple[Zone, Item] | None:
    """Take a card out of the zone: the named card if it is listed; else, when the card's kind is
    known (a deck's), one of the unnamed cards of that kind, known by that name from now on. None
    when the zone cannot hold it. An untracked zone may hold anything; in a tracked hand or
    cemetery a named card is there only if it is listed."""
    if name is not None:
        key = name.casefold()
        for field in ("cards", "bottom"):
            cards: tuple[Card, ...] = getattr(zone, field)
            for i, c in enumerate(cards):
                if c.name.casefold() == key and (kind is None or c.kind in (None, kind)):
                    changes: dict[str, Any] = {field: cards[:i] + cards[i + 1:]}
                    return replace(zone, **changes), c
        if kind is None:
            return None if zone.tracked else (zone, Card(name, ""))
    kinds: tuple[Kind, ...] = (kind,) if kind else ("spell", "site")
    for k in kinds:
        n = getattr(zone, _count_field(k))
        if n is None or n > 0:
            rest = zone if n is None else replace(zone, **{_count_field(k): n - 1})
            return rest, (k if name is None else Card(name, "", "spell" if k == "spell" else "site"))
    return None


def take_top(zone: Zone, kind: Kind) -> tuple[Zone, Item] | None:
    """The top card of a deck (its named top cards, then its unnamed ones, then those put on its
    bottom); None when the deck is empty. An untracked deck always yields an unnamed card."""
    if zone.cards:
        return replace(zone, cards=zone.cards[1:]), zone.cards[0]
    n = getattr(zone, _count_field(kind))
    if n is None:
        return zone, kind
    if n > 0:
        return replace(zone, **{_count_field(kind): n - 1}), kind
    if zone.bottom:
        return replace(zone, bottom=zone.bottom[1:]), zone.bottom[0]
    return None


def owned(item: Item, owner: str, kind: Kind | None = None) -> Item:
    """The item as a card of ``owner`` (a card's kind is kept; a card of unknown type takes the
    kind of the deck it comes from)."""
    if isinstance(item, str):
        return item
    typ = item.type
    if typ is None and kind is not None:
        typ = "site" if kind == "site" else "spell"
    return replace(item, owner=owner, type=typ)


# ----------------------------------------------------------------------------- the game state

def lose_game(state: GameState, loser: str, how: str, rules: tuple[str, ...]) -> tuple[GameState, list[Event]]:
    """``loser`` loses and the other player wins (nothing happens once the game is over)."""
    if state.over:
        return state, []
    winner = state.opponent(loser)
    return state.evolve(winner=winner), [GameWon(winner, loser, how, rules=rules)]


def within_top(zone: Zone, index: int, top: int) -> bool:
    """Whether the ``index``-th named card of a deck (its named cards: the top ones, then those
    at the bottom) is among its ``top`` topmost cards."""
    if index < len(zone.cards):
        return index < top
    unnamed = (zone.spells or 0) + (zone.sites or 0) if zone.tracked else None
    return unnamed is not None and len(zone.cards) + unnamed + (index - len(zone.cards)) < top


def unnamed_within_top(zone: Zone, top: int) -> bool:
    """Whether some of a deck's ``top`` topmost cards are ones the scenario does not name."""
    unnamed = (zone.spells or 0) + (zone.sites or 0) if zone.tracked else None
    return len(zone.cards) < top and (unnamed is None or unnamed > 0)


def draw(state: GameState, player_id: str, counts: dict[ZoneName, int], rules: tuple[str, ...]
         ) -> tuple[GameState, list[Event]]:
    """``player_id`` draws ``counts[deck]`` cards from each deck, all at once (Codex "Card"), into
    their hand. Attempting to draw from an empty deck loses the game (Codex "Winning the Game")."""
    player = state.player(player_id)
    hand = player.hand
    events: list[Event] = []
    empty: ZoneName | None = None
    short: tuple[int, int] | None = None
    for deck in DECKS:
        n = counts.get(deck, 0)
        if n <= 0:
            continue
        spend(n, "cards drawn")
        kind = KIND_OF[deck]
        zone = player.zone(deck)
        names: list[str] = []
        unnamed = 0
        for _ in range(n):
            got = take_top(zone, kind)
            if got is None:
                empty = deck
                short = (n, len(names) + unnamed) if names or unnamed else None
                break
            zone, item = got
            item = owned(item, player_id, kind)
            hand = add(hand, item)
            if isinstance(item, Card):
                names.append(item.name)
            else:
                unnamed += 1
        player = player.with_zone(deck, zone)
        if names or unnamed:
            why = ("top", "spell.spellbook" if deck == "spellbook" else "atlas")
            events.append(Drew(player_id, deck, len(names) + unnamed, tuple(names),
                               rules=rules + why + ("hand.drawn",)))
    state = state.with_player(player.with_zone("hand", hand))
    if empty is not None:
        if short is not None:
            wanted, had = short
            events.append(Note("ruling_variant", f"{player_id} must draw {wanted} cards from their {empty} at once and "
                               f"it held {had}. Read strictly, the draw began from a deck that was not empty; but "
                               "every card beyond the last is a card drawn from an empty deck, so the draw is an "
                               "attempt to draw from an empty deck.", {"wanted": wanted, "had": had},
                               rules=("card.draw-many", "winning.empty-deck")))
        events.append(Note("empty_deck", f"{player_id} attempts to draw a card from their {empty}, which is empty.",
                           {"player": player_id, "deck": empty}, rules=rules + (empty,)))
        state, lost = lose_game(state, player_id, "empty_deck", ("winning-the-game", "winning.empty-deck"))
        events += lost
    return state, events


def draw_unknown(state: GameState, player_id: str, count: int, rules: tuple[str, ...]) -> tuple[GameState, list[Event]]:
    """A draw whose deck the scenario left open, where nothing tracked depends on it (neither deck
    nor the hand is tracked): told as a draw from either deck."""
    return state, [Drew(player_id, None, count, (), rules=rules + ("card.draw", "hand.drawn"))]


def move(state: GameState, owner: str, items: list[Item], frm: ZoneName | None, to: ZoneName, why: str,
         rules: tuple[str, ...], *, bottom: bool = False) -> tuple[GameState, list[Event]]:
    """Cards (already taken out of ``frm``) enter their owner's ``to`` zone; a token goes to the
    banished area instead (Codex "Token"). A deck takes only cards of its kind (Codex "Spellbook",
    "Atlas": anything else is ignored)."""
    if not items:
        return state, []
    player = state.player(owner)
    events: list[Event] = []
    moved: list[str] = []
    unnamed = 0
    banished: list[str] = []
    for item in items:
        item = owned(item, owner)
        dest: ZoneName = to
        if isinstance(item, Card) and item.token and to != "banished":
            banished.append(item.name)
            player = player.with_zone("banished", add(player.banished, item))
            continue
        if dest in DECKS and item_kind(item) not in (None, KIND_OF[dest]):
            only = "spells" if dest == "spellbook" else "sites"
            events.append(CardsMoved(owner, (item_name(item),), 0, frm, dest,
                                     f"only {only} go into a {dest}, so this is ignored",
                                     rules=(f"{dest}.only-{only}",)))
            continue
        player = player.with_zone(dest, add(player.zone(dest), item, bottom=bottom))
        if isinstance(item, Card):
            moved.append(item.name)
        else:
            unnamed += 1
    state = state.with_player(player)
    if moved or unnamed:
        events.insert(0, CardsMoved(owner, tuple(moved), unnamed, frm, to, why, bottom, rules=rules))
    if banished:
        events.append(CardsMoved(owner, tuple(banished), 0, frm, "banished",
                                 "a token that would leave the realm is banished instead",
                                 rules=("token", "token.zones")))
    return state, events


def take(player: Player, zone: ZoneName, name: str | None, kind: Kind | None) -> tuple[Player, Item] | None:
    """Take a card out of one of ``player``'s zones (see `remove`); None when it is not there."""
    got = remove(player.zone(zone), name, kind)
    if got is None:
        return None
    rest, item = got
    return player.with_zone(zone, rest), owned(item, player.id)


def shuffle(state: GameState, player_id: str, deck: ZoneName, rules: tuple[str, ...]) -> tuple[GameState, list[Event]]:
    """A shuffled deck's order is unknown: its named cards stay in it, but no longer on top or at
    the bottom, so they count as unnamed cards of its kind."""
    player = state.player(player_id)
    zone = player.zone(deck)
    kind = KIND_OF[deck]
    field = _count_field(kind)
    n = getattr(zone, field)
    zone = replace(zone, cards=(), bottom=(), **({} if n is None else {field: n + len(zone.named)}))
    return state.with_player(player.with_zone(deck, zone)), [Shuffled(player_id, deck, rules=rules)]


def is_public(zone: ZoneName) -> bool:
    """Cemeteries are public (so is the realm); hands and decks are private (Codex "Zone")."""
    return zone in ("cemetery", "banished")
