"""Cards and zones: drawing, discarding, banishing, returning to hand, searching, who may see
what, and control changing hands."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles
from codex.engine.activation import activation_reason
from codex.engine.errors import AmbiguousAction, Problem, ScenarioError
from codex.engine.events import Activated, Banished, CardsMoved, ControlChanged, Event, Note, Searched, Tapped
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.state import DECKS, GameState, ZoneName
from codex.engine.zones import (KIND_OF, Item, Kind, draw, draw_unknown, is_public, move, shuffle, take,
                                 unnamed_within_top, within_top)

#: Splits listed when a multi-card draw needs its choice (beyond them, the scenario gives the split).
MAX_OPTIONS = 10


def draw_choice(res: Resolution, pid: str, count: int | None, spellbook: int | None, atlas: int | None,
                pointer: str) -> dict[ZoneName, int] | None:
    """How many cards come from each deck (Codex "Card": the player chooses, then draws them all at
    once). None when the scenario left the choice open and nothing it tracks depends on it;
    ambiguous when it does."""
    if spellbook is not None or atlas is not None:
        split = {"spellbook": spellbook or 0, "atlas": atlas or 0}
        if count is not None and sum(split.values()) != count:
            raise res.illegal((Reason.DRAW_SPLIT, "card.draw-many"),
                              f"{split['spellbook']} + {split['atlas']} cards is not {count}", pointer)
        return split  # type: ignore[return-value]
    n = 1 if count is None else count
    if n == 0:
        return {}
    player = res.state.player(pid)
    if not (player.spellbook.tracked or player.atlas.tracked or player.hand.tracked):
        return None
    empty = [d for d in DECKS if player.zone(d).size == 0]
    if len(empty) == len(DECKS):
        res.emit(Note("draw_choice", f"{pid}'s spellbook and atlas are both empty: whichever deck they choose, they "
                      "attempt to draw from an empty deck.", {"player": pid, "empty": empty},
                      rules=("card.draw", "winning-the-game")))
        return {"spellbook": n}
    res.emit(Note("draw_choice", f"{pid} chooses to draw {'each card' if n > 1 else 'a card'} from their spellbook "
                  "or their atlas" + (f"; their {' and '.join(empty)} {'is' if len(empty) == 1 else 'are'} empty, and "
                                      "drawing from an empty deck loses the game" if empty else "") + ".",
                  {"player": pid, "empty": empty}, rules=("card.draw",) + (("winning-the-game",) if empty else ())))
    options: list[Any] = (["spellbook", "atlas"] if n == 1
                          else [{"spellbook": k, "atlas": n - k} for k in range(min(n, MAX_OPTIONS) + 1)])
    raise AmbiguousAction(f"{pid} must choose the deck to draw from", "draw", options, pointer)


@handles(D.Draw, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.AMBIGUOUS, Verdict.ILLEGAL)
def draw_action(res: Resolution, a: D.Draw, ptr: str) -> Outcome:
    """An effect makes a player draw."""
    if res.state.over:
        raise res.illegal((Reason.GAME_OVER, "winning-the-game"), f"{a.player} cannot draw", ptr)
    counts = draw_choice(res, a.player, a.count, a.spellbook, a.atlas, ptr + "/spellbook")
    if counts is not None and not any(counts.values()):
        res.emit(Note("no_draw", f"{a.player} draws zero cards: they did not draw at all.", {"player": a.player},
                      rules=("zero.draw",)))
        return res.done(Verdict.RESOLVED, f"{a.player} draws no card.")
    many = ("card.draw-many",) if counts is not None and sum(counts.values()) > 1 else ()
    rules = ("card.draw",) + many
    state, drew = draw(res.state, a.player, counts, rules) if counts is not None \
        else draw_unknown(res.state, a.player, a.count or 1, rules)
    res.state = state
    res.settle(drew)          # triggers listen for draws ("Whenever a player draws a card")
    if res.state.over:
        return res.done(Verdict.GAME_OVER, f"{a.player} attempts to draw from an empty deck and loses: "
                        f"{res.state.winner} wins.")
    return res.done(Verdict.RESOLVED, f"{a.player} draws; their hand: {_hand_text(res.state, a.player)}.")


def _hand_text(state: GameState, pid: str) -> str:
    hand = state.player(pid).hand
    if hand.size is None:
        return "not tracked"
    return f"{hand.size} card(s), {hand.count('spell')} spell(s) and {hand.count('site')} site(s)"


@handles(D.DrawSite, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL)
def draw_site(res: Resolution, a: D.DrawSite, ptr: str) -> Outcome:
    """The Avatar's ability "Play or draw a site", used to draw: tap, draw a site from the atlas."""
    pid = res.state.turn.active
    avatar = res.state.avatar_of(pid)
    if avatar is None:
        raise res.illegal((Reason.AVATAR_ONLY, "avatar.draw-site"), f"{pid} has no Avatar", ptr)
    found = activation_reason(res.state, avatar)
    if found:
        raise res.illegal(found, f"{avatar.name} cannot draw a site", ptr)
    res.state = res.state.with_unit(replace(avatar, tapped=True))
    res.emit(Tapped(avatar.id, avatar.name),
             Activated(avatar.id, avatar.name, "Play or draw a site", avatar.location,
                       detail="draw a site with its ability (Play or draw a site)", rules=("avatar.draw-site",)))
    state, drew = draw(res.state, pid, {"atlas": 1}, ("avatar.draw-site",))
    res.state = state
    res.settle(drew)
    if res.state.over:
        return res.done(Verdict.GAME_OVER, f"{pid}'s atlas is empty: {res.state.winner} wins.")
    return res.done(Verdict.RESOLVED, f"{avatar.name} taps and {pid} draws a site.")


def take_from_hand(res: Resolution, pid: str, names: tuple[str, ...], spells: int, sites: int,
                    ptr: str) -> list[Item]:
    """The cards a player puts from their hand somewhere (named ones, then unnamed by kind)."""
    player = res.state.player(pid)
    items: list[Item] = []
    wanted: list[tuple[str | None, Kind | None, str]] = [(n, None, f"{ptr}/cards/{i}") for i, n in enumerate(names)]
    unnamed: list[tuple[str | None, Kind | None, str]] = [(None, "spell", f"{ptr}/spells")] * spells
    wanted += unnamed + [(None, "site", f"{ptr}/sites")] * sites
    for name, kind, pointer in wanted:
        got = take(player, "hand", name, kind)
        if got is None:
            what = name or f"an unnamed {kind}"
            raise res.illegal((Reason.NOT_IN_HAND, "hand"), f"{what} is not in {pid}'s hand", pointer)
        player, item = got
        items.append(item)
    res.state = res.state.with_player(player)
    return items


@handles(D.Discard, Verdict.RESOLVED, Verdict.ILLEGAL)
def discard(res: Resolution, a: D.Discard, ptr: str) -> Outcome:
    items = take_from_hand(res, a.player, a.cards, a.spells, a.sites, ptr)
    res.apply(move(res.state, a.player, items, "hand", "cemetery", "discarded", ("cemetery",)))
    return res.done(Verdict.RESOLVED, f"{a.player} discards {len(items)} card(s) to their cemetery.")


def _unit_leaves(res: Resolution, uid: str, ptr: str, verb: str) -> tuple[str, str]:
    unit = res.unit(uid, ptr)
    if unit.is_avatar:
        raise res.illegal((Reason.AVATAR_STAYS, "avatar.stays"), f"{unit.name} cannot be {verb}", ptr)
    return unit.name, unit.owner


@handles(D.Banish, Verdict.RESOLVED, Verdict.ILLEGAL)
def banish(res: Resolution, a: D.Banish, ptr: str) -> Outcome:
    """Banish a unit from the realm, or a card from one of its owner's zones."""
    if a.unit is not None:
        unit = res.unit(a.unit, ptr + "/unit")
        _unit_leaves(res, a.unit, ptr + "/unit", "banished")
        res.state = res.state.remove_unit(unit.id, "banished")
        owner = ("ownership",) if unit.owner != unit.controller else ()
        res.settle([Banished(unit.id, unit.name, unit.location, "an effect banishes it",
                             rules=("banished", "banished.never-returns") + owner)])
        return res.done(Verdict.RESOLVED, f"{unit.name} is banished.")
    if a.player is None or a.zone is None or a.card is None:
        raise ScenarioError([Problem(ptr, "banish needs \"unit\", or \"player\", \"zone\" and \"card\"",
                                     "name the unit, or the card and the zone it is in")])
    got = take(res.state.player(a.player), a.zone, a.card, KIND_OF.get(a.zone))
    if got is None:
        raise res.illegal((Reason.NOT_IN_ZONE, "zone"), f"{a.card} is not in {a.player}'s {a.zone}", ptr + "/card")
    player, item = got
    res.state = res.state.with_player(player)
    res.apply(move(res.state, a.player, [item], a.zone, "banished", "banished: removed from the game",
                   ("banished", "banished.never-returns")))
    return res.done(Verdict.RESOLVED, f"{a.card} is banished from {a.player}'s {a.zone}.")


def marked_leaves(state: GameState, unit: Any, zone: Any, why: str, bottom: bool = False) -> tuple[GameState, list[Event]]:
    """A minion marked for death that an effect moves to another zone (its Deathrite's "return it to its
    owner's hand") goes there, and it still died for every other effect (Codex "Die": "that card is still
    considered to have died"): removed as died, with a `Died` event naming where it went."""
    from codex.engine.events import Died
    state = state.remove_unit(unit.id, "died", unit.killed_by, to=zone, bottom=bottom)
    events: list[Event] = [] if unit.token else [
        CardsMoved(unit.owner, (unit.name,), 0, None, zone, f"{why}, whoever controlled it",
                   bottom=bottom and zone in DECKS, rules=("ownership", "die.moved-marked"))]
    events.append(Died(unit.id, unit.name, unit.location, unit.marked or "marked for death", unit.owner,
                       unit.controller, unit.token, went="" if unit.token else zone,
                       rules=("die.moved-marked", "die.marked")))
    return state, events


@handles(D.ReturnToHand, Verdict.RESOLVED, Verdict.ILLEGAL)
def return_to_hand(res: Resolution, a: D.ReturnToHand, ptr: str) -> Outcome:
    """A unit returns to its owner's hand (a token is banished instead)."""
    unit = res.unit(a.unit, ptr + "/unit")
    _unit_leaves(res, a.unit, ptr + "/unit", "returned to a hand")
    if unit.marked and unit.is_minion:
        res.state, moved = marked_leaves(res.state, unit, "hand", "returned to its owner's hand")
        res.settle(moved)
        return res.done(Verdict.RESOLVED, f"{unit.name} leaves the realm for {unit.owner}'s hand; marked for death, "
                        "it still died.")
    res.state = res.state.remove_unit(unit.id, "returned")
    if unit.token:
        event = CardsMoved(unit.owner, (unit.name,), 0, None, "banished",
                           "a token that would leave the realm is banished instead", rules=("token", "token.zones"))
    else:
        rules = ("ownership",) + (("control.change",) if unit.owner != unit.controller else ())
        event = CardsMoved(unit.owner, (unit.name,), 0, None, "hand", "returned to its owner's hand, whoever "
                           "controlled it", rules=rules)
    res.settle([event])
    where = "banished (a token)" if unit.token else f"in {unit.owner}'s hand"
    return res.done(Verdict.RESOLVED, f"{unit.name} leaves the realm and is {where}.")


@handles(D.Search, Verdict.RESOLVED, Verdict.ILLEGAL)
def search(res: Resolution, a: D.Search, ptr: str) -> Outcome:
    """Search a zone for a card: in a public zone you must find it if it is there; in a private one
    you may fail to. A searched deck is shuffled afterward; a found card goes to its owner's hand."""
    owner = a.owner or a.player
    public = is_public(a.zone)
    zone = res.state.player(owner).zone(a.zone)
    key = a.card.casefold()
    listed = any(c.name.casefold() == key for c in zone.named)
    rule = "search" if public else "search.private"
    limited = _search_limit(res, a, owner) if a.zone in DECKS else None
    if limited is not None and not a.fail:
        top = limited
        within = any(c.name.casefold() == key and within_top(zone, i, top) for i, c in enumerate(zone.named))
        if not within and not (not listed and unnamed_within_top(zone, top)):
            why = f"it is not among the top {top} cards, all the search may look through"
            res.emit(Searched(a.player, a.zone, owner, a.card, False, why, rules=(rule,)))
            res.apply(shuffle(res.state, owner, a.zone, ("decks.shuffle-after-search",)))
            return res.done(Verdict.RESOLVED, f"{a.player} searches {owner}'s {a.zone} for {a.card}: not found.")
    if a.fail and public and listed:
        raise res.illegal((Reason.MUST_FIND, "search"), f"{a.card} is in {owner}'s {a.zone}", ptr + "/fail")
    got = None if a.fail else take(res.state.player(owner), a.zone, a.card, KIND_OF.get(a.zone))
    if got is None:
        why = "they choose to fail to find it, as a search of a private zone allows" if a.fail else "it is not there"
        res.emit(Searched(a.player, a.zone, owner, a.card, False, why, rules=(rule,)))
    else:
        player, item = got
        res.state = res.state.with_player(player)
        why = "" if listed else ("the scenario does not list that zone, so the card is taken to be in it"
                                 if not zone.tracked else "it was one of the cards the scenario does not name")
        res.emit(Searched(a.player, a.zone, owner, a.card, True, why, rules=(rule,)))
        res.apply(move(res.state, owner, [item], a.zone, "hand", "found by the search", ("ownership",)))
    if a.zone in DECKS:
        res.apply(shuffle(res.state, owner, a.zone, ("decks.shuffle-after-search",)))
    return res.done(Verdict.RESOLVED, f"{a.player} searches {owner}'s {a.zone} for {a.card}: "
                    + ("found." if got is not None else "not found."))


def _search_limit(res: Resolution, a: D.Search, owner: str) -> int | None:
    """How many top cards a deck search by this player may look through (an ongoing effect limiting
    it to the top N cards), said in the ruling; None: all of them."""
    if not res.state.statics:
        return None
    from codex.engine.effects.statics import search_limit
    found = search_limit(res.state, a.player)
    if found is None:
        return None
    top, quote = found
    res.emit(Note("search_limited", f"{a.player}'s search of {owner}'s {a.zone} looks through its top {top} cards "
                  "only.", {"player": a.player, "zone": a.zone, "top": top}, rules=("search",), from_card=quote))
    return top


_COUNT_RULES: dict[str, tuple[str, ...]] = {"hand": ("zone.counts", "hand.counts", "hand.hidden")}


@handles(D.CanSee, Verdict.YES, Verdict.NO)
def can_see(res: Resolution, a: D.CanSee, ptr: str) -> Outcome:
    """May a player look at the cards of a zone (or know how many there are)?"""
    owner = a.owner or a.player
    whose = "their own" if owner == a.player else f"{owner}'s"
    where = "the realm" if a.zone == "realm" else f"{whose} {a.zone}"
    if a.what == "count":
        res.emit(Note("answer", f"Yes: how many cards of each type are in {where} is public.", {},
                      rules=_COUNT_RULES.get(a.zone, ("zone.counts",))))
        return res.done(Verdict.YES, f"{a.player} may know how many spells and sites are in {where}.")
    yes: dict[str, tuple[str, ...]] = {"realm": ("zone.public", "realm"),
                                       "cemetery": ("zone.public", "cemetery.public"),
                                       "banished": ("zone.banished-review",)}
    if a.zone == "hand" and owner == a.player:
        yes["hand"] = ("zone.own-hand",)
    if a.zone == "hand" and owner != a.player:
        from codex.engine.effects.statics import hand_revealed
        quote = hand_revealed(res.state, owner)
        if quote is not None:       # "... play with their hands revealed": a card makes it public
            res.emit(Note("answer", f"Yes: {owner} plays with their hand revealed ({quote.card}), so {a.player} "
                          f"may look at the cards in it, though a hand is otherwise hidden.", {},
                          rules=("hand.hidden", "ongoing-effect"), from_card=quote))
            return res.done(Verdict.YES, f"{a.player} may look at the cards in {where}: {quote.card} reveals it.")
    if a.zone in yes:
        res.emit(Note("answer", f"Yes: {a.player} may look at the cards in {where}.", {}, rules=yes[a.zone]))
        return res.done(Verdict.YES, f"{a.player} may look at the cards in {where}.")
    rules = ("zone.decks-hidden",) if a.zone in DECKS else ("hand.hidden", "zone.own-hand")
    res.emit(Note("answer", f"No: the cards in {where} are hidden from {a.player}.", {}, rules=rules))
    return res.done(Verdict.NO, f"{a.player} may not look at the cards in {where}.", reason=Reason.HIDDEN.value)


def _control_refused(res: Resolution, player: str, key: Any, kind: str, name: str) -> Outcome | None:
    """The change of control fails when a static ability forbids ``player`` to control the card
    (Codex "Can vs. Can't": the 'can't' wins): the step says which card forbids it."""
    from codex.engine.effects.context import Obj
    from codex.engine.effects.static_control import control_ban
    ban = control_ban(res.state, player, Obj(kind, key))
    if ban is None:
        return None
    res.emit(Note("control_refused", f"{player} does not gain control of {name}: {ban.card} forbids it, and a "
                  "'can't' takes precedence over what an effect would do; control does not change.",
                  {"player": player, kind: key}, rules=("can-vs-cant", "ongoing-effect", "control.change"),
                  from_card=ban))
    return res.done(Verdict.RESOLVED, f"Control of {name} does not change: {ban.card} forbids {player} to control it.")


@handles(D.GainControl, Verdict.RESOLVED)
def gain_control(res: Resolution, a: D.GainControl, ptr: str) -> Outcome:
    """A player gains control of a minion or a site; its owner never changes. The effect is newer
    than the static abilities giving control of the minion now, so it applies after them (Codex
    "Ongoing Effect": within a layer, oldest first); a static ban on that control makes it fail."""
    if a.unit is not None:
        unit = res.unit(a.unit, ptr + "/unit")
        if unit.is_avatar:
            raise ScenarioError([Problem(ptr + "/unit", "this engine version changes control of minions and sites "
                                         "only", "name a minion")])
        refused = _control_refused(res, a.player, unit.id, "unit", unit.name)
        if refused is not None:
            return refused
        from codex.engine.effects.static_control import controlling
        older = controlling(res.state, unit)
        res.state = res.state.with_unit(replace(unit, controller=a.player, base_controller=None,
                                                control_newer_than=unit.control_newer_than + older))
        batch = [ControlChanged("unit", unit.name, unit.controller, a.player, unit.owner,
                                rules=("control.change", "ownership.fixed", "control.your"))]
        res.settle(list(batch))
        return res.done(Verdict.RESOLVED, f"{a.player} controls {unit.name}; {unit.owner} still owns it.")
    site = res.state.site_at(a.site) if a.site is not None else None
    if site is None:
        raise ScenarioError([Problem(ptr, "gain_control needs \"unit\" or \"site\" (a square with a site)",
                                     "name the minion or the site's square")])
    refused = _control_refused(res, a.player, site.square, "site", site.name)
    if refused is not None:
        return refused
    from codex.engine.effects.context import Obj
    from codex.engine.effects.static_control import controlling_obj
    older_site = controlling_obj(res.state, Obj("site", site.square))
    res.state = res.state.with_site(replace(site, controller=a.player, owner=site.owner or site.base_controller
                                            or site.controller, base_controller=None,
                                            control_newer_than=site.control_newer_than + older_site))
    own_turn = res.state.turn.active == a.player
    rules = ("control.change", "ownership.fixed", "control.your") + (
        ("mana.control",) if own_turn else ("mana.own-turn",))
    res.emit(ControlChanged("site", site.name, site.controller, a.player, site.owner or site.controller, rules=rules))
    return res.done(Verdict.RESOLVED, f"{a.player} controls {site.name}: it gives them no mana until their "
                    f"{'next' if own_turn else 'own'} turn.")

