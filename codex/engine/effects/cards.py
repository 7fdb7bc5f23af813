"""Primitives on cards outside the realm: draw, discard, look at and reveal, search, put
(into a hand, on top of or under a deck, into a cemetery), shuffle.

Cards move through the zone model of `zones.py` and `state.Zone`: a zone lists the cards the
scenario names, in order, and counts the ones it does not. What a ruling cannot know (which card an
unnamed top card is, which card a player finds in a private zone, a random pick, the order cards
are put back in) is a choice the scenario answers (`Ctx.choose`, keys ``<card>.<ability>.<role>``);
a card the scenario does not name and whose identity matters makes the ruling ``ambiguous``,
asking for it. A card an effect has looked at or found is what the next clauses call "it".
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator, cast

from codex.cardtext import ast as A
from codex.engine import document as D
from codex.engine.effects.board import players
from codex.engine.effects.context import Obj, ZoneCard, card_data
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import (NotExecutable, ZONE_NOUNS, deck_end, is_a, select, singular, zone_of, zone_owners)
from codex.engine.events import CardsMoved, CardsSeen, Note
from codex.engine.geometry import Location, Region
from codex.engine.state import DECKS, Card, GameState, Removed, ZoneName
from codex.engine.zones import KIND_OF, move, shuffle

#: What a deck holds: spells in a spellbook, sites in an atlas (Codex "Spellbook", "Atlas").
DECK_OF_NOUN = {"spell": "spellbook", "site": "atlas", "card": None}


# ----------------------------------------------------------------------------- cards in a zone

def peek(state: GameState, owner: str, deck: str, n: int, bottom: bool = False) -> list[Obj]:
    """The top (or bottom) ``n`` cards of a deck as objects: its named top cards, then its unnamed
    ones (by position), then those put at its bottom. An untracked deck always has more."""
    zone = state.player(owner).zone(deck)  # type: ignore[arg-type]
    kind = KIND_OF[deck]  # type: ignore[index]
    unnamed = zone.spells if kind == "spell" else zone.sites
    items: list[Any] = list(zone.cards)
    count = unnamed if unnamed is not None else n
    if bottom:          # from the bottom up: every card above counts, whatever ``n`` is
        items = list(reversed(items + [kind] * count + list(zone.bottom)))
    else:
        items += [kind] * min(count, max(0, n - len(items)))
        if unnamed is not None:
            items += list(zone.bottom)
    return [Obj("card", ZoneCard(owner, deck, item, i)) for i, item in enumerate(items[:n])]


def take_card(state: GameState, zc: ZoneCard) -> tuple[GameState, Any] | None:
    """Take a card named by an effect out of its zone (None when it is no longer there)."""
    player = state.player(zc.owner)
    zone = player.zone(zc.zone)  # type: ignore[arg-type]
    card = zc.card
    if isinstance(card, Card):
        for field in ("cards", "bottom"):
            cards: tuple[Card, ...] = getattr(zone, field)
            if card in cards:
                i = cards.index(card)
                zone = replace(zone, cards=cards[:i] + cards[i + 1:]) if field == "cards" else \
                    replace(zone, bottom=cards[:i] + cards[i + 1:])
                return state.with_player(player.with_zone(zc.zone, zone)), card  # type: ignore[arg-type]
        return None
    field = "spells" if card == "spell" else "sites"
    n = getattr(zone, field)
    if n is None:
        return state, card
    if n <= 0:
        return None
    return state.with_player(player.with_zone(zc.zone, replace(zone, **{field: n - 1}))), card  # type: ignore[arg-type]


def _placeholder(zc: ZoneCard) -> Card:
    """A card the scenario did not name, once it has been seen and moved somewhere it must be told
    apart (the bottom of a deck): named by what is known of it."""
    return Card(f"{zc.owner}'s unnamed {zc.card} (seen)", zc.owner, "site" if zc.card == "site" else "spell")


def move_cards(run: Run, objs: list[Obj], to: str, *, owner: str | None = None, bottom: bool = False,
               why: str = "moved by an effect", rules: tuple[str, ...] = ()) -> list[Obj]:
    """Cards (in zones) go to their owner's zone ``to`` (on top of a deck, or at its ``bottom``)."""
    moved: list[Obj] = []
    for obj in objs:
        if obj.kind != "card":
            continue
        zc: ZoneCard = obj.key
        if _wrong_deck(run, zc, to):
            continue
        got = take_card(run.state, zc)
        if got is None:
            run.note("gone", f"{zc.name} is no longer in {zc.owner}'s {zc.zone}.", card=zc.name)
            continue
        run.state, item = got
        if isinstance(item, str) and to in DECKS and bottom:
            item = _placeholder(zc)
        who = owner or zc.owner
        if isinstance(item, Card) and to in DECKS and not bottom:
            run.state = run.state.put_card(replace(item, owner=who), to)  # type: ignore[arg-type]
            run.emit(CardsMoved(who, (item.name,), 0, zc.zone, to, why, rules=rules))
        else:
            run.apply(move(run.state, who, [item], zc.zone, to, why, rules, bottom=bottom))  # type: ignore[arg-type]
        zone = run.state.player(who).zone(to)  # type: ignore[arg-type]
        where = (len(zone.named) - 1) if bottom else 0
        moved.append(Obj("card", ZoneCard(who, to, item, where)))
    return moved


def _wrong_deck(run: Run, zc: ZoneCard, to: str) -> bool:
    """A site bound for a spellbook, or a spell for an atlas, stays where it is: the Codex ignores
    that effect ("Spellbook", "Atlas"); the ruling says so. A card whose kind the scenario does not
    give goes where the effect sends it."""
    kind = zc.card.kind if isinstance(zc.card, Card) else zc.card if zc.card in ("spell", "site") else None
    if not (to == "spellbook" and kind == "site" or to == "atlas" and kind == "spell"):
        return False
    rule = "spellbook.ignores-sites" if to == "spellbook" else "atlas.ignores-spells"
    run.emit(Note("wrong_deck", f"{zc.name} stays in {zc.owner}'s {zc.zone}: only "
                  f"{'spells' if to == 'spellbook' else 'sites'} go into {'a spellbook' if to == 'spellbook' else 'an atlas'}, "
                  "so that part of the effect is ignored.", {"card": zc.name, "to": to}, rules=(rule,)))
    return True


# ----------------------------------------------------------------------------- draw

# ----------------------------------------------------------------------------- how many cards

def count_problems(sel: Any) -> Iterator[str]:
    """A number of cards the engine cannot compute ("Draw X cards" it can: X, or an amount such as
    "equal to the number of allies here"); each is named, never read as one card."""
    if isinstance(sel, A.Selector) and sel.count is not None and not isinstance(sel.count, int):
        from codex.engine.effects.amounts import amount_problems
        yield from amount_problems(sel.count)


def card_count(run: Run, sel: Any, what: str, up_to: bool = True) -> int:
    """How many cards a selector's count says: 1 with none ("a spell"), a number, X (the value paid,
    or the player's), or an amount computed now; "up to N" (``up_to``): the player's choice of 0 to N
    (the choice ``<what>.count``)."""
    if not isinstance(sel, A.Selector) or sel.count is None:
        return 1
    from codex.engine.effects.amounts import amount
    n = amount(run, sel.count, what)
    if up_to and sel.quant == "up_to" and n > 0:
        n = int(run.ctx.choose(f"{what}.count", list(range(n, -1, -1)), why=f"choose how many, up to {n}")[0])
    return n


def _draw_problems(act: A.Draw) -> Iterator[str]:
    sel = act.patient
    if isinstance(sel, A.Selector) and singular(sel.noun) not in DECK_OF_NOUN:
        yield f"drawing a {sel.noun}"
    elif sel is not None and not isinstance(sel, (A.Selector, A.Ref)):
        yield "drawing something other than cards"
    yield from count_problems(sel)


@executes(A.Draw, roles=("agent",), problems=_draw_problems)
def _draw(run: Run, act: A.Draw, clause: A.Clause) -> list[Obj]:
    """Draw N cards (spells, sites, or cards from either deck), or draw a card an effect named
    ("Reveal your topmost spell and draw it")."""
    sel = act.patient
    if isinstance(sel, A.Ref):
        cards = [o for o in select(run.state, run.ctx, sel, "card") if o.kind == "card"]
        return move_cards(run, cards, "hand", why="drawn", rules=("card.draw", "hand.drawn"))
    count = 1
    deck: str | None = None
    if isinstance(sel, A.Selector):
        count = card_count(run, sel, "draw")
        noun = singular(sel.noun)
        if noun not in DECK_OF_NOUN:
            raise NotExecutable(f"drawing a {sel.noun}")
        deck = DECK_OF_NOUN[noun]
        if {m.lower() for m in sel.mods} & {"bottommost", "bottom"}:     # "Draw your bottommost spell"
            out: list[Obj] = []
            for pid in players(run, act.agent):
                out += move_cards(run, peek(run.state, pid, deck or "spellbook", count, bottom=True), "hand",
                                  why="drawn from the bottom", rules=("card.draw", "bottom", "hand.drawn"))
            return out
    for pid in players(run, act.agent):
        split = {"spellbook": count if deck == "spellbook" else None, "atlas": count if deck == "atlas" else None}
        if deck is None and _deck_matters(run.state, pid):       # "draw a card": from the deck they choose
            split = _decks_chosen(run, count)
        run.act(D.Draw(do="draw", player=pid, count=None if deck or split["spellbook"] is not None else count,
                       spellbook=split["spellbook"], atlas=split["atlas"]))
    return []


def _deck_matters(state: GameState, pid: str) -> bool:
    p = state.player(pid)
    return p.spellbook.tracked or p.atlas.tracked or p.hand.tracked


def _decks_chosen(run: Run, count: int) -> dict[str, int | None]:
    """Which deck each card drawn comes from (Codex "Card": the player chooses, then draws them all at
    once): the choice ``draw``, a deck (every card from it) or a list of decks, one per card."""
    options = ["spellbook", "atlas"]
    if count == 1:
        picked = [str(run.ctx.choose("draw", options, why="choose the deck to draw from")[0])]
    else:
        given = run.ctx.answer("draw")
        if given is None:
            from codex.engine.errors import AmbiguousAction
            key = f"{run.ctx.key}.draw"
            raise AmbiguousAction(f"{run.ctx.source_name}: say the deck each of the {count} cards is drawn from", key,
                                  options, f"/choices/{key}")
        picked = [str(x) for x in given] if isinstance(given, list) else [str(given)] * count
    return {"spellbook": picked.count("spellbook"), "atlas": picked.count("atlas")}


# ----------------------------------------------------------------------------- discard

def _discard_problems(act: A.Discard) -> Iterator[str]:
    sel = act.patient
    if not isinstance(sel, A.Selector) or singular(sel.noun) not in DECK_OF_NOUN:
        yield "discarding particular cards"
        return
    mods = {m.lower() for m in sel.mods}
    if sel.filters or mods - {"random", "topmost"}:
        yield "discarding particular cards"
    yield from count_problems(sel)


@executes(A.Discard, roles=("agent",), problems=_discard_problems)
def _discard(run: Run, act: A.Discard, clause: A.Clause) -> list[Obj]:
    """Discard from hand (a card of the player's choice, or a random one: the scenario says which),
    or the topmost cards of a deck ("discards their topmost three spells")."""
    sel = act.patient
    if not isinstance(sel, A.Selector):
        raise NotExecutable("discarding particular cards")
    count = card_count(run, sel, "discard")
    noun = singular(sel.noun)
    mods = {m.lower() for m in sel.mods}
    out: list[Obj] = []
    if count <= 0:          # "discard a spell for each Faerie in the realm", with none
        run.note("no_discard", f"{run.ctx.source_name}: no cards to discard.", count=count)
        return out
    who = players(run, act.agent)
    for pid in who:
        if "topmost" in mods:
            deck = DECK_OF_NOUN.get(noun) or "spellbook"
            out += move_cards(run, peek(run.state, pid, deck, count), "cemetery", why="discarded",
                              rules=("cemetery", "top"))
            continue
        # several players each discard ("each player discards a card for each Beast they control":
        # counted for each of them, `execute._per_each_agent`): each answers under a key of their own
        each = len(who) > 1 or (isinstance(act.agent, A.Ref) and act.agent.word == "agent")
        out += _discard_from_hand(run, pid, noun, count, "random" in mods, each=each)
    return out


def _discard_from_hand(run: Run, pid: str, noun: str, count: int, random: bool, each: bool = False) -> list[Obj]:
    """A player discards from hand; when several players each discard, each answers under a key
    of their own (``discard.<player>``)."""
    hand = run.state.player(pid).hand
    options: list[str] = [c.name for c in hand.named if noun == "card" or c.kind == noun]
    for kind in ("spell", "site"):
        unnamed = hand.spells if kind == "spell" else hand.sites
        if noun in ("card", kind) and (unnamed is None or unnamed > 0):
            options.append(f"an unnamed {kind}")
    if not options:
        run.note("no_discard", f"{pid} has no card to discard.", player=pid)
        return []
    other = not each and pid != run.ctx.controller     # "your opponent discards": theirs to answer
    role = ("discard.random" if random else "discard") + (f".{pid}" if each or other else "")
    picked = run.ctx.choose(role, options, count=count, why=f"which card {pid} discards"
                            + (" (at random)" if random else ""),
                            also=("discard.random" if random else "discard") if other else None)
    names = tuple(p for p in picked if not str(p).startswith("an unnamed "))
    spells = sum(1 for p in picked if p == "an unnamed spell")
    sites = sum(1 for p in picked if p == "an unnamed site")
    run.act(D.Discard(do="discard", player=pid, cards=names, spells=spells, sites=sites))
    return []


# ----------------------------------------------------------------------------- a deck's end

def short_deck_note(run: Run, sel: Any, found: list[Obj]) -> None:
    """"Put your spellbook's top two spells into your cemetery" with one spell left: all the cards
    there are are taken (the Codex says nothing of fewer cards than an effect names, and no more can
    be taken), and the deck running out loses nothing, as no card is drawn (Codex "Phrases with Subtle
    Meanings": a card put into your hand is not drawn; "Winning the Game": the loss is for an attempt
    to draw from an empty deck). Said in a step; nothing for words naming no deck's end."""
    from codex.engine.effects.select import deck_of_possessive
    if deck_end(sel) is None:
        return
    sel = deck_of_possessive(sel)
    asked = sel.count if isinstance(sel.count, int) else 1
    _, zones = deck_end(sel)  # type: ignore[misc]
    for det, zone in zones:
        for pid in zone_owners(run.state, run.ctx, det):
            got = sum(1 for o in found if o.kind == "card" and o.key.owner == pid and o.key.zone == zone)
            if got >= asked:
                continue
            run.note("deck_short", f"{pid}'s {zone} held {got} of the {asked} card{'s' if asked != 1 else ''} "
                     f"{run.ctx.source_name} names: all there were are taken (the rules say nothing of fewer "
                     f"cards than an effect names). No card is drawn, so the {zone} running out loses nothing: "
                     "only an attempt to draw from an empty deck does.",
                     ("phrases.put-not-drawn", "winning.empty-deck"), player=pid, zone=zone, asked=asked, taken=got)


# ----------------------------------------------------------------------------- look, reveal

def _look_problems(act: A.Look) -> Iterator[str]:
    sel = act.patient
    if isinstance(sel, A.Ref):
        return
    if isinstance(sel, A.Group) and sel.conj == "or":
        for item in sel.items:
            yield from _look_problems(A.replace(act, patient=item))
        return
    if not isinstance(sel, A.Selector):
        yield "looking at something other than cards"
        return
    from codex.engine.effects.select import deck_end_problems
    if deck_end(sel) is not None:       # "your spellbook's top three spells", "the top card of your atlas"
        yield from deck_end_problems(sel)
        yield from count_problems(sel)
        return
    noun = singular(sel.noun)
    if noun == "hand":
        return
    if noun not in DECK_OF_NOUN or noun == "card" or not {m.lower() for m in sel.mods} & {"topmost", "next", "bottom",
                                                                                             "bottommost"}:
        yield "looking at cards other than the top or bottom of a deck"
    yield from count_problems(sel)


@executes(A.Look, problems=_look_problems)
def _look(run: Run, act: A.Look, clause: A.Clause) -> list[Obj]:
    """Look at (or reveal to every player) the top or bottom cards of a deck, cards found, or a
    player's hand: they are what the next clauses call "it"/"them"."""
    sel = act.patient
    if isinstance(sel, A.Group) and sel.conj == "or":
        options = [f"{i + 1}:{singular(s.noun)}" for i, s in enumerate(sel.items)]
        given = str(run.ctx.answer("look") or "").strip().lower()
        # the option's number, its noun ("spell") or the deck it names ("spellbook") decides, as `which` does
        named = [i for i, s in enumerate(sel.items)
                 if given in (str(i + 1), singular(s.noun).lower(), str(DECK_OF_NOUN.get(singular(s.noun)) or ""))
                 or given.split(":")[0] == str(i + 1)]
        if given and len(named) == 1:
            sel = sel.items[named[0]]
        else:
            picked = run.ctx.choose("look", options, why="choose which deck to look at")[0]
            sel = sel.items[int(str(picked).split(":")[0]) - 1]
    if isinstance(sel, A.Ref):
        cards = [o for o in select(run.state, run.ctx, sel, "card") if o.kind == "card"]
    elif isinstance(sel, A.Selector) and deck_end(sel) is not None:
        cards = [o for o in select(run.state, run.ctx, sel, "card") if o.kind == "card"]
        short_deck_note(run, sel, cards)
        for o in cards:
            run.searched = (o.key.owner, o.key.zone)
    elif isinstance(sel, A.Selector) and singular(sel.noun) == "hand":
        owners = zone_owners(run.state, run.ctx, sel.det)
        cards = [Obj("card", ZoneCard(pid, "hand", c, i)) for pid in owners
                 for i, c in enumerate(run.state.player(pid).hand.named)]
    elif isinstance(sel, A.Selector):
        deck = DECK_OF_NOUN[singular(sel.noun)] or "spellbook"
        count = card_count(run, sel, "look")
        bottom = bool({m.lower() for m in sel.mods} & {"bottom", "bottommost"})
        cards = []
        for pid in zone_owners(run.state, run.ctx, sel.det):
            cards += peek(run.state, pid, deck, count, bottom)
            run.searched = (pid, deck)
    else:
        raise NotExecutable("looking at something other than cards")
    who = run.ctx.controller
    names = tuple(o.key.name for o in cards)
    run.emit(CardsSeen(who, names, bool(act.reveal), rules=("zone.decks-hidden",) if not act.reveal else ()))
    return cards


# ----------------------------------------------------------------------------- search

def _search_problems(act: A.Search) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    if zone_of(act.source) is None:
        yield "searching something other than zones"
    sel = act.patient
    if not isinstance(sel, A.Selector):
        yield "searching for something other than cards"
        return
    from codex.engine.effects.combined import combined_filter, combined_problems, without_combined
    if combined_filter(sel) is not None:       # a bound on the picks summed (`combined.py`)
        yield from combined_problems(sel)
        sel = without_combined(sel)
    # "Search your cemetery for an artifact card": the cards are those of the zone searched
    zone = (A.Where("from", act.source),) if zone_of(act.source) is not None else ()
    yield from sel_problems(A.replace(sel, det=None if sel.det in ("a", "an") else sel.det, filters=sel.filters + zone))
    if any(isinstance(f, A.With) and not isinstance(f.what, (A.Keyword, A.Stat)) for f in sel.filters):
        yield "searching by a combined cost"
    yield from count_problems(sel)


@executes(A.Search, problems=_search_problems)
def _search(run: Run, act: A.Search, clause: A.Clause) -> list[Obj]:
    """Search zones for cards (Codex "Search"): in a public zone the player must find what they
    search for if it is there; in a private zone they may fail to. Which card they find among those
    the scenario does not name is theirs to say (the choice ``found``: a card's name, or ``none``)."""
    from codex.engine.effects.select import is_subtype
    from codex.engine.zones import is_public
    named = zone_of(act.source) or []
    scope = [(pid, zone) for det, zone in named for pid in zone_owners(run.state, run.ctx, det)]
    sel = act.patient
    assert isinstance(sel, A.Selector)
    from codex.engine.effects.combined import check_combined, combined_filter, combined_sentence, without_combined
    together = sel if combined_filter(sel) is not None else None     # the picks are tested together
    if together is not None:
        sel = without_combined(sel)
    count = card_count(run, sel, "search", up_to=False)
    up_to = sel.quant == "up_to"
    probe = A.replace(sel, det=None, count=None, quant=None)
    found = [Obj("card", ZoneCard(pid, zone, c, i)) for pid, zone in scope
             for i, c in enumerate(run.state.player(pid).zone(zone).named)  # type: ignore[arg-type]
             if is_a(run.state, run.ctx, Obj("card", ZoneCard(pid, zone, c, i)), probe)]
    hidden = [(pid, zone) for pid, zone in scope if not is_public(zone)  # type: ignore[arg-type]
              and _has_unnamed(run.state, pid, zone)]
    found, hidden = _limited(run, scope, found, hidden)
    private = any(not is_public(zone) for _, zone in scope)  # type: ignore[arg-type]
    if together is not None and sel.count is None:     # "different Beasts": as many as the bound allows
        count, up_to = len(found) + (99 if hidden else 0), True
    for pid, zone in scope:
        if zone in DECKS:
            run.searched = (pid, zone)
    key = f"{run.ctx.key}.found"
    given = run.ctx.answer("found")
    # which cards fit together under a combined bound is the player's to say, whatever the zone
    if given is None and not hidden and (together is None and not private and len(found) <= count or not found):
        chosen = found[:count]
    else:
        picks = given if isinstance(given, list) else ([] if given in (None, False, "none") else [given])
        if given is None:
            from codex.engine.errors import AmbiguousAction
            options = [o.key.name for o in found] + (["any card of theirs the scenario does not name"] if hidden
                                                       else []) + (["none"] if private else [])
            raise AmbiguousAction(f"{run.ctx.source_name}: say which card the search finds", key, options,
                                  f"/choices/{key}")
        chosen = []
        for name in picks:
            match = next((o for o in found if o.key.name.casefold() == str(name).casefold() and o not in chosen), None)
            if match is None:
                match = _from_hidden(run, hidden, str(name), probe)
            if match is None:
                from codex.engine.errors import AmbiguousAction
                raise AmbiguousAction(f"{run.ctx.source_name}: {name} is not a card the search can find",
                                      key, [o.key.name for o in found] + (["none"] if private else []),
                                      f"/choices/{key}")
            chosen.append(match)
        if not private and len(chosen) < min(count, len(found)) and not up_to:
            from codex.engine.errors import AmbiguousAction
            raise AmbiguousAction(f"{run.ctx.source_name}: a search of a public zone must find what it can",
                                  key, [o.key.name for o in found], f"/choices/{key}")
        if len(chosen) > count:
            from codex.engine.errors import AmbiguousAction
            raise AmbiguousAction(f"{run.ctx.source_name}: the search finds at most {count}", key,
                                  [o.key.name for o in found], f"/choices/{key}")
    if together is not None:
        why = check_combined(run, together, chosen)
        if why is not None:
            from codex.engine.errors import AmbiguousAction
            raise AmbiguousAction(f"{run.ctx.source_name}: those cards do not fit together ({why}); say which cards "
                                  "the search finds", key, [o.key.name for o in found] + ["none"], f"/choices/{key}")
        if chosen:
            from codex.engine.events import Note
            run.emit(Note("combined", combined_sentence(run, together, chosen), {"found": [o.key.name for o in chosen]},
                          rules=("search.private" if private else "search", "cost"), from_card=run.ctx.quote))
    rule = "search.private" if private else "search"
    from codex.engine.events import Searched
    what = " ".join([*sel.mods, sel.noun]) if not is_subtype(sel.noun) or sel.mods else sel.noun
    # "search your spellbook or hand": every zone searched is named, not only the first
    owners = list(dict.fromkeys(pid for pid, _zone in scope))
    for pid in owners[:1]:
        zones = " and ".join(dict.fromkeys(zone for p, zone in scope if p == pid))
        run.emit(Searched(run.ctx.controller, zones, pid, what, bool(chosen),
                          ", ".join(o.key.name for o in chosen) if chosen else "", rules=(rule,)))
    return chosen


def _limited(run: Run, scope: list[tuple[str, str]], found: list[Obj], hidden: list[tuple[str, str]]
             ) -> tuple[list[Obj], list[tuple[str, str]]]:
    """A deck search limited to the top N cards by an ongoing effect: only the cards found there,
    and unnamed ones only if some are there; the ruling says so."""
    if not run.state.statics:
        return found, hidden
    from codex.engine.effects.statics import search_limit
    from codex.engine.events import Note
    from codex.engine.zones import unnamed_within_top, within_top
    limit = search_limit(run.state, run.ctx.controller)
    decks = [(pid, zone) for pid, zone in scope if zone in DECKS]
    if limit is None or not decks:
        return found, hidden
    top, quote = limit
    for pid, zone in decks:
        run.emit(Note("search_limited", f"{run.ctx.controller}'s search of {pid}'s {zone} looks through its top {top} "
                      "cards only.", {"player": run.ctx.controller, "zone": zone, "top": top},
                      rules=("search",), from_card=quote))

    def deck(pid: str, zone: str) -> Any:
        return run.state.player(pid).zone(zone)  # type: ignore[arg-type]
    found = [o for o in found if o.key.zone not in DECKS or within_top(deck(o.key.owner, o.key.zone), o.key.position, top)]
    hidden = [(pid, zone) for pid, zone in hidden if zone not in DECKS or unnamed_within_top(deck(pid, zone), top)]
    return found, hidden


def _has_unnamed(state: GameState, pid: str, zone: str) -> bool:
    z = state.player(pid).zone(zone)  # type: ignore[arg-type]
    return not z.tracked or bool(z.spells) or bool(z.sites)


def _from_hidden(run: Run, hidden: list[tuple[str, str]], name: str, probe: A.Selector) -> Obj | None:
    """A card the scenario does not name, which the player says they find: it must be a card of
    the catalog that fits what they search for."""
    data = card_data(name)
    for pid, zone in hidden:
        typ = data.type if data is not None else None
        kind = "site" if typ == "site" else "spell"
        card = Card(data.name if data is not None else name, pid, typ, data=data)
        obj = Obj("card", ZoneCard(pid, zone, card, 0))
        if data is None or not is_a(run.state, run.ctx, obj, probe):
            continue
        z = run.state.player(pid).zone(zone)  # type: ignore[arg-type]
        unnamed = z.spells if kind == "spell" else z.sites
        if unnamed is not None and unnamed <= 0:
            continue
        if unnamed is not None:     # the card was one of the unnamed ones: it is named from now on
            z = replace(z, spells=unnamed - 1) if kind == "spell" else replace(z, sites=unnamed - 1)
        z = replace(z, cards=z.cards + (card,))
        run.state = run.state.with_player(run.state.player(pid).with_zone(cast(ZoneName, zone), z))
        return obj
    return None


# ----------------------------------------------------------------------------- shuffle

def _shuffle_problems(act: A.Shuffle) -> Iterator[str]:
    if act.patient is not None and zone_of(act.patient) is None and act.dest is None:
        yield "shuffling something other than a deck"
    if act.dest is not None and zone_of(act.dest) is None:
        yield "shuffling cards into something other than a deck"


@executes(A.Shuffle, problems=_shuffle_problems)
def _shuffle(run: Run, act: A.Shuffle, clause: A.Clause) -> list[Obj]:
    """Shuffle a deck (by default the deck just searched: "Shuffle", "Shuffle if needed"), or
    shuffle cards into a deck."""
    decks: list[tuple[str, str]] = []
    if act.dest is not None:
        objs = select(run.state, run.ctx, act.patient, "card") if act.patient is not None else []
        for det, zone in zone_of(act.dest) or []:
            for pid in zone_owners(run.state, run.ctx, det):
                for obj in objs:
                    if obj.kind == "unit":
                        unit_leaves_for(run, str(obj.key), zone, why="shuffled into its owner's deck")
                    elif obj.kind == "card":
                        move_cards(run, [obj], zone, owner=pid, why="shuffled into the deck")
                decks.append((pid, zone))
    elif act.patient is not None:
        decks = [(pid, zone) for det, zone in zone_of(act.patient) or []
                 for pid in zone_owners(run.state, run.ctx, det)]
    elif run.searched is not None:
        decks = [run.searched]
    else:
        run.note("no_shuffle", f"{run.ctx.source_name}: no deck was searched, so none is shuffled.")
        return []
    for pid, zone in dict.fromkeys(decks):
        if zone in DECKS:
            run.apply(shuffle(run.state, pid, zone, ("decks.shuffle-after-search",)))  # type: ignore[arg-type]
    return []


def unit_leaves_for(run: Run, uid: str, zone: str, *, bottom: bool = False, why: str) -> bool:
    """A unit leaves the realm for its owner's ``zone`` (on top of a deck, or at its ``bottom``),
    whoever controls it (Codex "Ownership and Control"); a token is banished instead (Codex
    "Token"); an Avatar stays (Codex "Avatar Characteristics"). False when it did not leave."""
    unit = run.state.unit(uid)
    if unit is None:
        return False
    if unit.is_avatar:
        run.note("avatar_stays", f"{unit.name} is an Avatar: it cannot leave the realm, so it stays.",
                 ("avatar.stays",), unit=unit.id)
        return False
    # a minion marked for death that an effect moves (its Deathrite's "return it to its owner's hand") still
    # died for every other effect (Codex "Die": "that card is still considered to have died")
    if unit.marked and unit.is_minion:
        from codex.engine.actions.zones import marked_leaves
        run.state, moved = marked_leaves(run.state, unit, zone, why, bottom)
        run.settle(moved)
        return True
    run.state = run.state.remove_unit(unit.id, "returned", to=zone, bottom=bottom)  # type: ignore[arg-type]
    if unit.token:
        event = CardsMoved(unit.owner, (unit.name,), 0, None, "banished",
                           "a token that would leave the realm is banished instead", rules=("token", "token.zones"))
    else:
        place = (("bottom",) if bottom else ("top",)) if zone in DECKS else ()
        control = ("control.change",) if unit.owner != unit.controller else ()
        event = CardsMoved(unit.owner, (unit.name,), 0, None, zone, f"{why}, whoever controlled it",
                           bottom=bottom and zone in DECKS, rules=("ownership",) + control + place)
    run.settle([event])
    return True


def _unit_deck(zone: str) -> str:
    """The deck a unit's card belongs in when the words say only "deck": a unit is a spell, so its
    owner's spellbook (Codex "Spellbook")."""
    return "spellbook" if zone == "deck" else zone


# ----------------------------------------------------------------------------- put

def destination(run: Run, node: Any) -> tuple[str, bool, str | None] | None:
    """(zone, at the bottom, owner) a Put names: ``your hand``, ``its owner's hand``, ``the bottom of
    your spellbook``, ``the top of its deck``, ``your cemetery``; None when it names none."""
    if not isinstance(node, A.Selector):
        return None
    noun = singular(node.noun)
    if noun in ("bottom", "top"):
        inner = next((f.what for f in node.filters if isinstance(f, A.Of)), None)
        place = destination(run, inner) if inner is not None else None
        zone = place[0] if place else None
        owner = place[2] if place else None
        return (zone or "deck", noun == "bottom", owner)
    zone = ZONE_NOUNS.get(noun)
    if zone is None:
        return None
    if node.det is None:
        return (zone, False, None)
    owners = zone_owners(run.state, run.ctx, node.det)
    return (zone, False, owners[0] if len(owners) == 1 else None)


def _dest_problems(node: Any) -> Iterator[str]:
    if node is None:
        return
    if isinstance(node, A.Group):
        if len(node.items) != 2:
            yield "putting cards in several places"
        for item in node.items:
            if isinstance(item, A.Selector) and item.noun == "rest":
                yield from _dest_problems(next((f.of for f in item.filters if isinstance(f, A.Where)), None))
            else:
                yield from _dest_problems(A.replace(item, filters=()) if isinstance(item, A.Selector) else item)
        return
    from codex.engine.effects.beneath import beneath_problems, is_beneath_site
    if is_beneath_site(node):           # "hide it beneath this site": an artifact into its subsurface
        yield from beneath_problems(node)
        return
    if not isinstance(node, A.Selector):
        yield "putting cards somewhere other than a zone"
        return
    noun = singular(node.noun)
    if noun in ("bottom", "top"):
        inner = next((f.what for f in node.filters if isinstance(f, A.Of)), None)
        if inner is not None:
            yield from _dest_problems(inner)
        return
    if noun not in ZONE_NOUNS:
        yield f"putting cards into a {node.noun}"
    if isinstance(node.det, A.Possessive):
        from codex.engine.effects.check import sel_problems
        yield from sel_problems(node.det.owner)


def _put_problems(act: A.Put) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    patient = act.patient
    if isinstance(patient, A.Selector) and patient.noun == "rest":
        pass
    elif isinstance(patient, A.Partitive) and patient.of is None:
        pass
    elif patient is not None:
        yield from sel_problems(patient)
    elif act.source is not None or not _a_hand(act.dest):
        yield "putting nothing named"        # "Return to hand." with no object: the card itself (`_put_patients`)
    yield from _dest_problems(act.dest)
    if act.source is not None and zone_of(act.source) is None:
        yield "putting cards from something other than a zone"


def _instead_of(clause: A.Clause) -> Any:
    """"Put this minion into your hand instead of your cemetery": the zone the card was going to
    (None: no such adjunct)."""
    return next((adj.what for adj in clause.adjuncts if adj.prep == "instead_of"), None)


def _put_clause_problems(clause: A.Clause) -> Iterator[str]:
    """"instead of <a zone>": a replacement of where the card goes, read for a card marked for death
    going to its cemetery (`_put`); any other thing replaced is not."""
    what = _instead_of(clause)
    if what is not None and not (isinstance(what, A.Selector) and singular(what.noun) == "cemetery"
                                 and not what.filters and not what.mods):
        yield "putting a card somewhere instead of somewhere other than its cemetery"


def _replaces_burial(run: Run, patients: list[Obj], clause: A.Clause) -> None:
    """"Put this minion into your hand instead of your cemetery" replaces where a dying card goes
    (Codex "Die": "An effect may move a marked card to a different zone ..., but that card is still
    considered to have died for the purposes of other effects"): only a card marked for death is on
    its way to the cemetery; for any other the words replace nothing, and the ruling says so."""
    for obj in patients:
        unit = run.state.unit(obj.key) if obj.kind == "unit" else None
        if unit is None or unit.marked is None:
            raise NotExecutable("putting a card somewhere instead of its cemetery when it is not dying")
        run.note("note", f"{unit.name} is marked for death: it goes where the effect says instead of its owner's "
                 "cemetery, and it still died for every other effect.", ("die.moved-marked", "die.marked"),
                 unit=unit.id)


@executes(A.Put, problems=_put_problems, adverbs=("back", "in_any_order", "in_random_order"),
          adjuncts=("instead_of",), clause_problems=_put_clause_problems)
def _put(run: Run, act: A.Put, clause: A.Clause) -> list[Obj]:
    """Put cards somewhere: a unit into its owner's hand (it leaves the realm), cards looked at or
    found into a hand or on top of or under a deck, cards "back in any order"; "instead of your
    cemetery": a dying card put there rather than buried (`_replaces_burial`)."""
    dest = act.dest
    if isinstance(dest, A.Group):
        return _put_split(run, act)
    patients = _put_patients(run, act.patient, act.source)
    short_deck_note(run, act.patient, patients)
    if _instead_of(clause) is not None:
        _replaces_burial(run, patients, clause)
    if dest is None:                                   # "Put them back in any order"
        return _put_back(run, patients, clause)
    from codex.engine.effects.beneath import is_beneath_site, put_beneath
    if is_beneath_site(dest):                          # "hide it beneath this site" (`beneath.py`)
        return put_beneath(run, patients, dest)
    place = destination(run, dest)
    if place is None:
        raise NotExecutable("putting cards somewhere other than a zone")
    zone, bottom, owner = place
    if "in_random_order" in clause.adverbs and zone != "hand":
        return _random_order_move(run, patients, zone, bottom)
    done: list[Obj] = []
    for obj in patients:
        if obj.kind == "unit" and run.state.unit(obj.key) is not None:
            if zone not in ("hand", "deck") + DECKS:
                raise NotExecutable(f"putting a unit into a {zone}")
            if zone == "hand":
                if run.act(D.ReturnToHand(do="return_to_hand", unit=str(obj.key))):
                    done.append(obj)
            elif unit_leaves_for(run, str(obj.key), _unit_deck(zone), bottom=bottom,
                                 why="put there by an effect"):
                done.append(obj)
        elif obj.kind == "card":
            to = zone if zone != "deck" else _deck_of(obj)
            rules = ("bottom",) if bottom else (("top",) if to in DECKS else ())
            done += move_cards(run, [obj], to, bottom=bottom, why="put there by an effect", rules=rules)
        elif obj.kind in ("artifact", "aura"):
            if zone != "hand":
                raise NotExecutable(f"putting an {obj.kind} into a {zone}")
            if _return_card(run, obj):
                done.append(obj)
    return done


def _return_card(run: Run, obj: Obj) -> bool:
    """An aura or artifact in the realm returns to its owner's hand (a token is banished instead)."""
    if obj.kind == "aura":
        aura = next((a for a in run.state.auras if a.id == obj.key), None)
        if aura is None:
            return False
        owner = aura.controller or run.ctx.controller
        where = Location(aura.squares[0] if aura.squares else (aura.border or (0,))[0], Region.SURFACE)
        run.state = run.state.evolve(auras=tuple(a for a in run.state.auras if a.id != aura.id),
                                     removed=run.state.removed + (Removed(aura.id, aura.name, "returned", where,
                                                                          aura.controller, owner, "hand"),))
        card = Card(aura.name, owner, "aura")
    else:
        art = run.state.artifact(str(obj.key))
        if art is None:
            return False
        owner = art.owner
        zone: ZoneName = "banished" if art.token else "hand"
        run.state = run.state.evolve(artifacts=tuple(a for a in run.state.artifacts if a.id != art.id),
                                     removed=run.state.removed + (Removed(
                                         art.id, art.name, "banished" if art.token else "returned",
                                         run.state.artifact_location(art), run.state.artifact_controller(art),
                                         owner, zone),))
        card = Card(art.name, owner, "artifact", art.token)
    run.apply(move(run.state, owner, [card], None, "hand", "returned to its owner's hand", ("ownership",)))
    return True


def _deck_of(obj: Obj) -> str:
    card = obj.key.card
    kind = card.kind if isinstance(card, Card) else card
    return "atlas" if kind == "site" else "spellbook"


def _a_hand(dest: Any) -> bool:
    return isinstance(dest, A.Selector) and dest.noun == "hand" and dest.det is None


def _put_patients(run: Run, node: Any, source: Any) -> list[Obj]:
    if node is None and source is None:      # "Deathrite → Return to hand.": the card itself, to its owner's hand
        return [run.ctx.source]
    looked = [o for o in (run.ctx.lookup("it") or ()) if o.kind == "card"]
    if isinstance(node, A.Partitive) and node.of is None:
        if isinstance(node.count, int):
            return run.ctx.choose("put", looked, count=node.count, why=f"choose {node.count} of them")
        return looked
    if isinstance(node, A.Selector) and node.noun == "rest":
        if run.ctx.lookup("rest") is not None:       # what players' choices left ("Return the rest ...")
            return list(run.ctx.lookup("rest") or ())
        taken = set(run.ctx.lookup("taken") or ())
        return [o for o in looked if o not in taken]
    if source is not None and isinstance(node, A.Selector):
        named = zone_of(source) or []
        return select(run.state, run.ctx, A.replace(node, filters=node.filters + (A.Where("from", source),)),
                      "target") if named else []
    return select(run.state, run.ctx, node, "target")


def _put_split(run: Run, act: A.Put) -> list[Obj]:
    """"Put one in your hand and the rest on the bottom of your spellbook": the chosen cards to the
    first place, the others to the second."""
    assert isinstance(act.dest, A.Group)
    first, second = act.dest.items
    chosen = _put_patients(run, act.patient, act.source)
    first = A.replace(first, filters=()) if isinstance(first, A.Selector) else first
    run.ctx = run.ctx.bind("taken", chosen)
    place = destination(run, first)
    if place is None:
        raise NotExecutable("putting cards somewhere other than a zone")
    zone, bottom, _ = place
    done = move_cards(run, chosen, zone if zone != "deck" else "spellbook", bottom=bottom, why="put there by an effect")
    rest_sel = second
    target = next((f.of for f in rest_sel.filters if isinstance(f, A.Where)), None) if isinstance(
        rest_sel, A.Selector) else rest_sel
    looked = [o for o in (run.ctx.lookup("it") or ()) if o.kind == "card" and o not in chosen]
    where = destination(run, target)
    if where is None:
        raise NotExecutable("putting cards somewhere other than a zone")
    zone2, bottom2, _ = where
    done += _ordered_move(run, looked, zone2, bottom2)
    return done


def _ordered_move(run: Run, objs: list[Obj], zone: str, bottom: bool) -> list[Obj]:
    """Several cards put into a deck in the order their player chooses (``order``: names, first
    put first); unnamed cards need no order (nobody can tell them apart in the ruling)."""
    named = [o for o in objs if isinstance(o.key.card, Card)]
    if len(named) > 1:
        order = run.ctx.choose("order", named, count=len(named), why="choose the order they go in")
        objs = order + [o for o in objs if o not in order]
    out: list[Obj] = []
    for obj in objs:
        to = zone if zone != "deck" else _deck_of(obj)
        out += move_cards(run, [obj], to, bottom=bottom, why="put there by an effect",
                          rules=("bottom",) if bottom else ())
    return out


def _random_order_move(run: Run, objs: list[Obj], zone: str, bottom: bool) -> list[Obj]:
    """"Put the rest on the bottom in a random order": no player chooses the order; the scenario
    says which it was (``order.random``, first put first), as it does for any random pick the
    ruling cannot know; unnamed cards need none (nobody can tell them apart in the ruling)."""
    cards = [o for o in objs if o.kind == "card"]
    named = [o for o in cards if isinstance(o.key.card, Card)]
    told = run.ctx.answer("order.random") is not None
    if len(named) > 1:
        order = run.ctx.choose("order.random", named, count=len(named),
                               why="which order the random order was (the ruling cannot know)")
        cards = order + [o for o in cards if o not in order]
    run.note("random_order", f"{run.ctx.source_name}: {len(cards)} card(s) go to the "
             f"{'bottom' if bottom else 'top'} of the deck in a random order, which no player chooses"
             + ("." if told or len(named) < 2 else "; the scenario does not say which it was (`order.random`), so "
                "they are shown in the order they were in."), count=len(cards), told=told)
    out: list[Obj] = []
    for obj in cards:
        to = zone if zone != "deck" else _deck_of(obj)
        out += move_cards(run, [obj], to, bottom=bottom, why="put there in a random order",
                          rules=("bottom",) if bottom else ())
    return out


def _put_back(run: Run, objs: list[Obj], clause: A.Clause) -> list[Obj]:
    """"Put them back in any order": on top of the deck they came from, in the order chosen."""
    named = [o for o in objs if isinstance(o.key.card, Card)]
    if len(named) > 1:
        order = run.ctx.choose("order", named, count=len(named), why="choose the order they go back in (topmost "
                                                                     "first)")
        for obj in reversed(order):
            move_cards(run, [obj], obj.key.zone, why="put back on top in the chosen order", rules=("top",))
    else:
        run.note("put_back", f"{run.ctx.controller} puts the cards back on top of the deck.")
    return objs


__all__ = ["peek", "move_cards", "take_card", "destination"]
