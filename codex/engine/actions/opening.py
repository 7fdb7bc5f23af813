"""Setup and the opening (Codex "Setup"): Avatars placed, decks shuffled, who goes first, the
opening hands, the mulligans, and the tournament rule that lets the second player peek."""
from __future__ import annotations

from dataclasses import replace

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles
from codex.engine.actions.zones import take_from_hand
from codex.engine.errors import AmbiguousAction, Problem, ScenarioError
from codex.engine.events import AvatarPlaced, FirstPlayer, Note, Shuffled
from codex.engine.geometry import Location, Region
from codex.engine.keywords import Keywords
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.state import Turn, Unit, Zone, ZoneName
from codex.engine.zones import DECK_OF, KIND_OF, KINDS, Item, add, draw, item_kind, move, take_top

#: The middle square of each player's bottom row; the first player listed sits at the bottom.
START_SQUARES = (18, 3)
OPENING: dict[ZoneName, int] = {"atlas": 3, "spellbook": 3}


@handles(D.Setup, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.AMBIGUOUS, Verdict.ILLEGAL)
def setup(res: Resolution, a: D.Setup, ptr: str) -> Outcome:
    state = res.state
    if state.sites or any(u.is_minion for u in state.units) or state.over:
        raise res.illegal((Reason.GAME_STARTED, "setup"), "setup needs an empty realm", ptr)
    if a.first is None:
        res.emit(Note("first_player", "Who goes first must be decided: randomly, by the Codex (the rulebook also "
                      "lets the players agree on it).", {}, rules=("setup.first", "setup.first.rulebook", "random")))
        raise AmbiguousAction("who goes first is decided randomly", "first", [p.id for p in state.players],
                              ptr + "/first")
    for player, square in zip(state.players, START_SQUARES):
        avatar = state.avatar_of(player.id) or Unit(
            f"{player.id}-avatar", f"{player.id}'s Avatar", player.id, player.id, "avatar",
            Location(square, Region.VOID), 0, 0, keywords=Keywords(spellcaster=True))
        placed = replace(avatar, location=Location(square, Region.VOID), tapped=False)
        state = state.with_unit(placed) if state.unit(avatar.id) else state.add_unit(placed)
        res.emit(AvatarPlaced(placed.id, placed.name, placed.location, rules=("setup",)))
    for player in state.players:
        empty = Zone()
        state = state.with_player(replace(player, hand=empty, cemetery=empty, banished=empty, opening=None,
                                          life=player.max_life, deaths_door_turn=None, mana=0))
        res.emit(Shuffled(player.id, "atlas and spellbook", rules=("setup.decks",)))
    res.emit(FirstPlayer(a.first, rules=("setup.first", "setup.first.rulebook", "random")))
    state = state.evolve(turn=Turn(a.first, 1, "setup"))
    res.state = state
    hands: list[str] = []
    changed = False
    for pid in (a.first, state.opponent(a.first)):
        counts = _opening_counts(res, pid)
        res.apply(draw(res.state, pid, counts, ("setup.hand",)))
        if res.state.over:
            return res.done(Verdict.GAME_OVER, f"{pid} cannot draw an opening hand: {res.state.winner} wins.")
        changed = changed or counts != OPENING
        hands.append(f"{pid}'s {counts['atlas']} site(s) and {counts['spellbook']} spell(s)")
    drawn = f"the opening hands are {' and '.join(hands)}" if changed else \
        "each player has drawn three sites and three spells"
    return res.done(Verdict.RESOLVED, f"The game is set up: {a.first} goes first; {drawn}, and the players may "
                    "now mulligan, the first player first.")


def _opening_counts(res: Resolution, pid: str) -> dict[ZoneName, int]:
    """How many cards ``pid`` draws from each deck for the opening hand: three of each (Codex
    "Setup"), unless their Avatar's text says otherwise ("Start the game with 4 spells in hand":
    the card's text takes precedence, Codex "The Silver Rule"), each such change cited."""
    counts = dict(OPENING)
    avatar = res.state.avatar_of(pid)
    for s in res.state.statics:
        if s.kind != "opening" or avatar is None or s.ctx.source.key != avatar.id:
            continue
        deck, n = s.payload
        counts[deck] = n
        res.emit(Note("setup", f"{pid}'s Avatar, {avatar.name}, starts the game with {n} "
                      f"{'spells' if deck == 'spellbook' else 'sites'} in hand instead of three.", {"player": pid},
                      rules=("setup.hand", "the-silver-rule"), from_card=s.quote))
    return counts


@handles(D.Mulligan, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL)
def mulligan(res: Resolution, a: D.Mulligan, ptr: str) -> Outcome:
    """Up to three cards go to the bottom of their decks, then as many are drawn from each deck;
    putting back none keeps the hand. Each player decides once, the first player first."""
    state = res.state
    if state.turn.phase != "setup":
        raise res.illegal((Reason.NOT_SETUP, "setup.mulligan"), f"{a.player} cannot mulligan now", ptr)
    first = state.turn.active
    player = state.player(a.player)
    if player.opening is not None:
        raise res.illegal((Reason.ALREADY_DECIDED, "setup.mulligan.once"), f"{a.player} has {player.opening}", ptr)
    if a.player != first and state.player(first).opening is None:
        raise res.illegal((Reason.MULLIGAN_ORDER, "setup.mulligan-second"), f"{first} has not decided yet", ptr)
    count = len(a.cards) + a.spells + a.sites
    if count > 3:
        raise res.illegal((Reason.MULLIGAN_TOO_MANY, "setup.mulligan"), f"{count} cards", ptr)
    rules = ("setup.mulligan",) if a.player == first else ("setup.mulligan", "setup.mulligan-second")
    if count == 0:
        res.state = state.with_player(replace(player, opening="kept"))
        res.emit(Note("mulligan", f"{a.player} keeps their opening hand.", {"player": a.player}, rules=rules))
        return res.done(Verdict.RESOLVED, f"{a.player} keeps their hand.")
    items = take_from_hand(res, a.player, a.cards, a.spells, a.sites, ptr)
    for i, item in enumerate(items):
        if item_kind(item) is None:
            raise ScenarioError([Problem(f"{ptr}/cards/{i}", f"the type of {item} is not known, so its deck is not",
                                         "give the card's type in the player's hand")])
    for kind in KINDS:
        back: list[Item] = [it for it in items if item_kind(it) == kind]
        res.apply(move(res.state, a.player, back, "hand", DECK_OF[kind], "put back by the mulligan",
                       rules + ("bottom",), bottom=True))
    redraw: dict[ZoneName, int] = {DECK_OF[k]: sum(1 for it in items if item_kind(it) == k) for k in KINDS}
    res.apply(draw(res.state, a.player, redraw, rules))
    res.state = res.state.with_player(replace(res.state.player(a.player), opening="mulliganed"))
    if res.state.over:
        return res.done(Verdict.GAME_OVER, f"{a.player} cannot redraw: {res.state.winner} wins.")
    return res.done(Verdict.RESOLVED, f"{a.player} mulligans {count} card(s) and redraws as many.")


@handles(D.Peek, Verdict.RESOLVED, Verdict.ILLEGAL)
def peek(res: Resolution, a: D.Peek, ptr: str) -> Outcome:
    """A tournament rule (Codex "Tournament Rules"): after the mulligans the second player may look at
    the top card of their spellbook or atlas, and may put it on the bottom."""
    state = res.state
    first = state.turn.active
    if state.turn.phase != "setup" or a.player == first or any(p.opening is None for p in state.players):
        raise res.illegal((Reason.NOT_SECOND_PLAYER, "tournament-rules.second-player"), f"{a.player} cannot peek",
                          ptr)
    player = state.player(a.player)
    deck = player.zone(a.deck)
    got = take_top(deck, KIND_OF[a.deck])
    rules = ("tournament-rules.second-player", "tournament-rules", "top")
    if got is None:
        res.emit(Note("peek", f"{a.player}'s {a.deck} is empty: there is no card to look at.", {}, rules=rules))
        return res.done(Verdict.RESOLVED, f"{a.player} has no card to look at.")
    rest, item = got
    seen = item if isinstance(item, str) else item.name
    seen_text = f"an unnamed {item}" if isinstance(item, str) else item.name
    res.emit(Note("peek", f"{a.player} looks at the top card of their {a.deck}: {seen_text} (a tournament rule, "
                  "used only where the organizer says so).", {"card": seen}, rules=rules))
    if a.bottom:
        res.state = state.with_player(player.with_zone(a.deck, add(rest, item, bottom=True)))
        res.emit(Note("peek", f"{a.player} puts it on the bottom of their {a.deck}.", {}, rules=("bottom",)))
    return res.done(Verdict.RESOLVED, f"{a.player} looks at the top card of their {a.deck}"
                    + (" and puts it on the bottom." if a.bottom else " and leaves it there."))
