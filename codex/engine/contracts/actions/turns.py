"""The turn: its start (Start turn effects, Magnetized removed, an extractor gained or exchanged,
extractors filled, the draw), its end (End turn effects, leftover mana into tanks, the Orb left
active, the turn passed), and setting the game up (health, tanks, Runes first into the opening
hand, contracts put aside and fetched again, shuffled back)."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from codex.engine.contracts import document as D
from codex.engine.contracts.actions.base import handles, not_over
from codex.engine.contracts.actions.cards import turn_draw
from codex.engine.contracts.deck import fetch
from codex.engine.contracts.effects import queue_and_settle
from codex.engine.contracts.events import (ExtractorExchanged, ExtractorGained, ExtractorsEmptied, ExtractorsFilled,
                                           MagnetizedRemoved, OrbLeftActive, PhaseBegan, SetUp, TanksFilled,
                                           TurnPassed)
from codex.engine.contracts.mana import ELEMENTS, NONE, Colours, Mana, colour_of
from codex.engine.contracts.model import MAX_EXTRACTORS, START_HEALTH, TANKS, Deck, Pile, Player, State, Turn
from codex.engine.contracts.reasons import ContractsReason as R
from codex.engine.contracts.resolution import Outcome, Resolution
from codex.engine.contracts.triggers import ambush_of, faded_with, on_field
from codex.engine.events import Note
from codex.engine.ruling import Verdict

_V = (Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL, Verdict.AMBIGUOUS)
OPENING_HAND = 4


def _fresh(player: Player) -> Player:
    """A player whose turn begins or ends: nothing of theirs was played or has acted this turn."""
    line = tuple(replace(c, played_this_turn=False, acted_this_turn=False) for c in player.line)
    rune = replace(player.rune, used_this_turn=False) if player.rune else None
    orb = replace(player.orb, used_this_turn=False) if player.orb else None
    return replace(player, line=line, rune=rune, orb=orb, acted_this_turn=False)


def grey_taken(state: State) -> bool:
    return any(p.mana.extractors_of("grey") for p in state.players)


def _extractor(res: Resolution, a: D.StartTurn, ptr: str) -> None:
    p = res.state.active
    mana = p.mana
    if mana.extractors < MAX_EXTRACTORS:
        if a.exchange is not None:
            raise res.illegal((R.EXCHANGE_AT_TEN, "turn.exchange"), f"{p.id} has {mana.extractors} extractors",
                              ptr + "/exchange")
        if a.gain is None:
            options = list(ELEMENTS) + ([] if grey_taken(res.state) else ["grey"])
            raise res.ambiguous(f"{p.id} gains an extractor and chooses its colour", "gain", options, ptr + "/gain")
        colour = colour_of(a.gain)
        if colour == "grey" and grey_taken(res.state):
            raise res.illegal((R.NO_GREY_LEFT, "material.extractors"), f"{p.id} gains a grey extractor",
                              ptr + "/gain")
        mana = replace(mana, extractors_empty=mana.extractors_empty.plus(colour))
        res.state = res.state.with_player(replace(p, mana=mana))
        res.emit(ExtractorGained(p.id, colour, mana.extractors, rules=("turn.extractor",)))
        return
    if a.gain is not None:
        raise res.illegal((R.TOO_MANY_EXTRACTORS, "turn.exchange"), f"{p.id} gains a {a.gain} extractor",
                          ptr + "/gain")
    if a.exchange is None:
        res.emit(Note("extractor", f"{p.id} already has {MAX_EXTRACTORS} extractors: they gain none, and do not "
                      "exchange one.", {"player": p.id}, rules=("turn.extractor", "turn.exchange")))
        return
    give, take = colour_of(a.exchange.give), colour_of(a.exchange.take)
    if mana.extractors_of(give) == 0:
        raise res.illegal((R.NO_SUCH_EXTRACTOR, "turn.exchange"), f"{p.id} has no {give} extractor",
                          ptr + "/exchange/give")
    if give == take:
        raise res.illegal((R.SAME_COLOUR, "turn.exchange"), f"{give} for {take}", ptr + "/exchange/take")
    if take == "grey" and grey_taken(res.state):
        raise res.illegal((R.NO_GREY_LEFT, "material.extractors"), f"{p.id} takes a grey extractor",
                          ptr + "/exchange/take")
    if mana.extractors_empty.get(give):
        mana = replace(mana, extractors_empty=mana.extractors_empty.plus(give, -1))
    else:
        mana = replace(mana, extractors_full=mana.extractors_full.plus(give, -1))
    mana = replace(mana, extractors_empty=mana.extractors_empty.plus(take))
    res.state = res.state.with_player(replace(p, mana=mana))
    res.emit(ExtractorExchanged(p.id, give, take, rules=("turn.exchange",)))


@handles(D.StartTurn, *_V)
def start_turn(res: Resolution, a: D.StartTurn, ptr: str) -> Outcome:
    not_over(res)
    if res.state.turn.phase != "start":
        raise res.illegal((R.NOT_START_OF_TURN, "turn.extractor"), f"{res.state.turn.active}'s turn has already "
                          "started", ptr)
    p = _fresh(res.state.active)
    if p.orb is not None and p.orb.active:
        p = replace(p, orb=replace(p.orb, active=False))
    line = []
    for c in p.line:
        if c.magnetized:
            res.emit(MagnetizedRemoved(c.id, c.name, rules=("magnetized.start-turn", "start-turn")))
            c = replace(c, magnetized=False)
        line.append(c)
    if p.magnetized:
        res.emit(MagnetizedRemoved(p.id, p.id, rules=("magnetized.start-turn", "start-turn")))
    res.state = res.state.with_player(replace(p, line=tuple(line), magnetized=False))
    res.emit(*faded_with(res.state.active, "start_turn"))
    queue_and_settle(res, on_field(res.state.active, "start_turn"))
    _extractor(res, a, ptr)
    p = res.state.active
    every = p.mana.extractors_full.add(p.mana.extractors_empty)
    res.state = res.state.with_player(replace(p, mana=replace(p.mana, extractors_full=every, extractors_empty=NONE)))
    res.emit(ExtractorsFilled(p.id, every.total, rules=("turn.fill",)))
    res.state = replace(res.state, turn=replace(res.state.turn, phase="draw"))
    res.emit(PhaseBegan(p.id, "draw", rules=("turn.draw",)))
    if a.draw is not None:
        turn_draw(res, p.id, a.draw.count, a.draw.keep, a.draw.special, ptr + "/draw")
    return res.done(res.result_verdict(), f"{p.id}'s turn begins" + (" and they draw." if a.draw else "."))


def _tanks(res: Resolution, pid: str, leftover: Colours, a: D.EndTurn, ptr: str) -> Colours:
    """The colours of the leftover mana kept in tanks: as declared, else all of it if it fits, else
    a choice when the colours differ."""
    free = res.state.player(pid).mana.tanks_empty
    if a.tanks is not None:
        chosen = Counter(colour_of(c) for c in a.tanks)
        for c, n in chosen.items():
            if n > leftover.get(c):
                raise res.illegal((R.NOT_LEFTOVER, "turn.tanks"), f"{n} {c}", ptr + "/tanks")
        if sum(chosen.values()) > free:
            raise res.illegal((R.NO_FREE_TANK, "turn.tanks"), f"{sum(chosen.values())} tanks", ptr + "/tanks")
        return Colours.of(chosen)
    if leftover.total <= free:
        return leftover
    if len([c for c, _ in leftover.items()]) > 1:
        raise res.ambiguous(f"{pid} has {free} empty tanks for the mana of {leftover.total} extractors "
                            f"({leftover.text()}): which colours do they keep?", "tanks",
                            [c for c, _ in leftover.items()], ptr + "/tanks")
    colour = next(c for c, _ in leftover.items())
    return NONE.plus(colour, free)


@handles(D.EndTurn, *_V)
def end_turn(res: Resolution, a: D.EndTurn, ptr: str) -> Outcome:
    not_over(res)
    if res.state.turn.phase != "main":
        raise res.illegal((R.NOT_MAIN_PHASE, "turn.draw"), f"{res.state.turn.active} ends the turn before drawing",
                          ptr)
    pid = res.state.turn.active
    res.emit(*faded_with(res.state.active, "end_turn"))
    queue_and_settle(res, on_field(res.state.active, "end_turn"))
    p = res.state.player(pid)
    leftover = p.mana.extractors_full
    mana = replace(p.mana, extractors_full=NONE, extractors_empty=p.mana.extractors_empty.add(leftover))
    res.state = res.state.with_player(replace(p, mana=mana))
    res.emit(ExtractorsEmptied(pid, leftover.text(), leftover.total, rules=("turn.empty",)))
    if leftover.total:
        kept = _tanks(res, pid, leftover, a, ptr)
        p = res.state.player(pid)
        mana = replace(p.mana, tanks_full=p.mana.tanks_full.add(kept), tanks_empty=p.mana.tanks_empty - kept.total)
        res.state = res.state.with_player(replace(p, mana=mana))
        res.emit(TanksFilled(pid, kept.text(), kept.total, mana.tanks_empty, rules=("turn.tanks", "turn.preserve")))
        if any(kept.get(c) for c in ELEMENTS):
            res.emit(Note("ambiguity", "The rulebook can be read two ways about a tank's colour: the tanks are "
                          "grey (\u201c10 mana tanks (grey)\u201d), yet a cost of an element is paid by emptying "
                          "\u201cextractors or tanks of the corresponding color\u201d. This engine keeps the "
                          "extractor's colour in the tank (the mana is \u201cpreserved\u201d).", {"player": pid},
                          rules=("material.tanks", "cost.colour", "turn.preserve")))
    if a.orb_active:
        orb = res.state.player(pid).orb
        if orb is None:
            raise res.illegal((R.NO_ORB, "orb.active"), f"{pid} leaves an Orb active", ptr + "/orb_active")
        p = res.state.player(pid)
        res.state = res.state.with_player(replace(p, orb=replace(orb, active=True)))
        res.emit(OrbLeftActive(pid, orb.id, orb.name, rules=("orb.active",)))
    res.state = res.state.with_player(_fresh(res.state.player(pid)))
    nxt = res.state.opponent(pid)
    if nxt.orb is not None and nxt.orb.active:
        nxt = replace(nxt, orb=replace(nxt.orb, active=False))
        res.state = res.state.with_player(nxt)
    res.state = replace(res.state, turn=Turn(nxt.id, res.state.turn.number + 1, "start"))
    res.emit(TurnPassed(pid, nxt.id, res.state.turn.number, rules=("turn.end",)))
    return res.done(res.result_verdict(), f"{pid}'s turn ends; it is {nxt.id}'s turn.")


@handles(D.Setup, *_V)
def setup(res: Resolution, a: D.Setup, ptr: str) -> Outcome:
    if res.state.turn.phase != "setup":
        raise res.illegal((R.NOT_SETUP, "setup.decks"), "the game has begun", ptr)
    ids = [p.id for p in res.state.players]
    if a.first is None:
        raise res.ambiguous("the players decide who goes first", "first", ids, ptr + "/first")
    if a.grey_extractor is None:
        raise res.ambiguous("the second player decides whether to take the grey extractor", "grey_extractor",
                            [True, False], ptr + "/grey_extractor")
    second = next(i for i in ids if i != a.first)
    for pid in ids:
        p = res.state.player(pid)
        runes = tuple(c for c in p.deck.top if c.type == "rune")
        rest = Deck((), len(p.deck.top) - len(runes) + p.deck.unnamed, p.deck.tracked)
        grey = Colours(grey=1) if pid == second and a.grey_extractor else NONE
        p = replace(p, health=START_HEALTH, mana=Mana(NONE, grey, NONE, TANKS), deck=rest, runes_aside=runes,
                    hand=Pile(), discard=Pile())
        res.state = res.state.with_player(p)
        res.emit(SetUp(pid, f"health {START_HEALTH}", rules=("setup.health",)),
                 SetUp(pid, "5 empty mana tanks", rules=("setup.tanks", "setup.tank-sides")),
                 SetUp(pid, f"{len(runes)} Rune{'s' if len(runes) != 1 else ''} set aside"
                       + (f" ({', '.join(r.name for r in runes)})" if runes else "") + ", the rest shuffled",
                       rules=("setup.decks",)))
    res.emit(SetUp(a.first, "goes first", rules=("setup.first",)))
    if a.grey_extractor:
        res.emit(SetUp(second, "takes the grey extractor", rules=("setup.grey", "material.extractors")))
    for pid in ids:
        _opening(res, pid, tuple(a.put_aside.get(pid, ())), ptr)
    res.state = replace(res.state, turn=Turn(a.first, 1, "start"))
    res.emit(PhaseBegan(a.first, "start", rules=("opening.shuffle",)))
    return res.done(Verdict.RESOLVED, f"The game is set up; {a.first} takes the first turn.")


def _opening(res: Resolution, pid: str, aside: tuple[str, ...], ptr: str) -> None:
    """Fetch 4 (Runes first), put aside and fetch back to 4, shuffle back what is aside."""
    p = res.state.player(pid)
    runes = list(p.runes_aside)
    hand = Pile()
    from_runes = runes[:OPENING_HAND]
    for r in from_runes:
        hand = hand.add(r)
    res.state = res.state.with_player(replace(p, hand=hand, runes_aside=tuple(runes[OPENING_HAND:])))
    if from_runes:
        res.emit(SetUp(pid, f"fetches {', '.join(r.name for r in from_runes)} from the Runes set aside",
                       rules=("opening.fetch", "rune.start")))
    for r in from_runes:
        # a fetch like any other: "Ambush: this effect activates as soon as the contract is added
        # to the hand when drawing or fetching" (found by blind Contracts round 3)
        queue_and_settle(res, ambush_of(r, pid, False))
    if len(from_runes) < OPENING_HAND:
        fetch(res, pid, OPENING_HAND - len(from_runes), ("opening.fetch",))
    p = res.state.player(pid)
    hand, put = p.hand, []
    for i, name in enumerate(aside):
        idx = hand.find(name)
        if idx is None:
            if hand.unnamed == 0:
                raise res.illegal((R.NOT_IN_HAND, "opening.put-aside"), name, f"{ptr}/put_aside/{pid}/{i}")
        put.append(name)
        hand = hand.without(idx)
    res.state = res.state.with_player(replace(p, hand=hand))
    if put:
        res.emit(SetUp(pid, f"puts aside {', '.join(put)}", rules=("opening.put-aside",)))
        fetch(res, pid, len(put), ("opening.put-aside",))
    p = res.state.player(pid)
    back = len(put) + len(p.runes_aside)
    deck = Deck((), len(p.deck.top) + p.deck.unnamed + back, p.deck.tracked)
    res.state = res.state.with_player(replace(p, deck=deck, runes_aside=()))
    res.emit(SetUp(pid, f"shuffles {back} contract{'s' if back != 1 else ''} back into their deck",
                   rules=("opening.shuffle",)))
