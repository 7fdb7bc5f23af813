"""Drawing and fetching: the draw (look at 1-3, keep 1), the special draw (look at 2-4, keep 2, take
damage for the rest), fetching, burnout past the end of the deck, the hand limit of 10, Ambush.

A deck the scenario did not give never runs out and its contracts are unnamed; a hand it did not
give is never full. Which contract a player keeps is their choice: the scenario names it (``keep``),
unless the contracts looked at are alike (unnamed, or the same name).
"""
from __future__ import annotations

from dataclasses import replace

from codex.engine.budget import spend
from codex.engine.contracts import field as F
from codex.engine.contracts.effects import queue_and_settle
from codex.engine.contracts.events import Burnout, Fetched, Kept, Looked, ToDiscard
from codex.engine.contracts.events import unread as unread_note
from codex.engine.contracts.model import MAX_HAND, Contract, State
from codex.engine.contracts.ongoing import player_view
from codex.engine.contracts.reasons import ContractsReason as R
from codex.engine.contracts.resolution import Resolution
from codex.engine.contracts.triggers import ambush_of
from codex.engine.events import Note

UNNAMED = "an unnamed contract"


def _label(card: Contract | None) -> str:
    return card.name if card is not None else UNNAMED


def hand_full(state: State, pid: str) -> bool:
    hand = state.player(pid).hand
    return hand.tracked and hand.size >= MAX_HAND


def burnout(res: Resolution, pid: str, rules: tuple[str, ...]) -> None:
    """One burnout: 1 damage the first time, one more each time after."""
    p = res.state.player(pid)
    amount = p.burnout + 1
    p = replace(p, burnout=amount, health=p.health - amount)
    res.state = res.state.with_player(p)
    res.emit(Burnout(pid, amount, player_view(res.state, p).health,
                     rules=rules + ("burnout", "burnout.amount", "burnout.when")))


def _to_hand(res: Resolution, pid: str, card: Contract | None) -> bool:
    """Add a contract to the hand, or to the discard pile when the hand is full; True if it was full."""
    p = res.state.player(pid)
    if hand_full(res.state, pid):
        res.state = res.state.with_player(replace(p, discard=p.discard.add(card)))
        return True
    res.state = res.state.with_player(replace(p, hand=p.hand.add(card)))
    return False


def ambush(res: Resolution, card: Contract | None, pid: str, full: bool) -> None:
    """A contract added to the hand: its Ambush takes place at once, and an Ambush line the grammar
    cannot read is named, never skipped in silence (found by blind Contracts round 4)."""
    unread = [s for s in (card.abilities.unreadable if card is not None else ()) if s.lower().startswith("ambush")]
    if card is not None and unread:
        res.emit(unread_note(card.name, unread, card.name, "so its Ambush does not take place here", ("ambush",)))
    queue_and_settle(res, ambush_of(card, pid, full))


def fetch(res: Resolution, pid: str, count: int, rules: tuple[str, ...]) -> None:
    """Fetch ``count`` contracts one at a time: each from the top of the deck into the hand (the
    discard pile when the hand is full), its Ambush at once; past the end of the deck, burnout."""
    for _ in range(count):
        spend(1, "contracts fetched")
        p = res.state.player(pid)
        deck, card, found = p.deck.take()
        if not found:
            burnout(res, pid, rules)
            continue
        res.state = res.state.with_player(replace(p, deck=deck))
        full = _to_hand(res, pid, card)
        limit = ("hand.limit", "hand.full") if full else ()
        res.emit(Fetched(pid, _label(card), "discard" if full else "hand",
                         rules=tuple(dict.fromkeys(rules + ("fetch",))) + limit))
        ambush(res, card, pid, full)


def _kept(res: Resolution, looked: list[Contract | None], n_keep: int, keep: tuple[str, ...], room: int,
          pointer: str) -> list[int]:
    """Which of the contracts looked at the player keeps (indexes), from ``keep`` or because the
    choice does not matter: the contracts are alike, or (the hand having no room left for them)
    they all end in the discard pile anyway and none has an Ambush."""
    chosen: list[int] = []
    for name in keep[:n_keep]:          # checked even when every contract looked at is kept
        idx = next((i for i, c in enumerate(looked) if i not in chosen and c is not None
                    and c.name.casefold() == name.casefold()), None)
        if idx is None:
            raise res.illegal((R.NOT_SEEN, "draw"), f"{name} is not among the contracts looked at "
                              f"({', '.join(_label(c) for c in looked)})", pointer + "/keep")
        chosen.append(idx)
    if len(looked) <= n_keep:
        return list(range(len(looked)))
    rest = [i for i in range(len(looked)) if i not in chosen]
    if len(chosen) < n_keep:
        names = {_label(looked[i]) for i in rest}
        to_hand = max(0, room - len(chosen))
        moot = to_hand == 0 and not any(c is not None and c.abilities.triggers("ambush") for c in looked)
        if len(names) > 1 and not moot:
            raise res.ambiguous(f"the player keeps {n_keep - len(chosen)} of the contracts looked at", "keep",
                                sorted(names), pointer + "/keep")
        chosen += rest[:n_keep - len(chosen)]
    return chosen


def draw(res: Resolution, pid: str, count: int, keep: tuple[str, ...], *, special: bool, rules: tuple[str, ...],
         pointer: str = "") -> None:
    """A draw (or the special draw), its counts checked by the caller."""
    pointer = pointer or res.answers.pointer
    base = ("special-draw", "special-draw.how") if special else ("draw",)
    rules = rules + base
    p = res.state.player(pid)
    looked: list[Contract | None] = []
    deck = p.deck
    missing = 0
    for _ in range(count):
        spend(1, "contracts looked at")
        deck, card, found = deck.take()
        if found:
            looked.append(card)
        else:
            missing += 1
    res.state = res.state.with_player(replace(p, deck=deck, special_draw_used=p.special_draw_used or special))
    res.emit(Looked(pid, count, special, tuple(_label(c) for c in looked), missing,
                    rules=rules + ("draw.hidden",)))
    for _ in range(missing):
        burnout(res, pid, rules)
    n_keep = 2 if special else 1
    hand = res.state.player(pid).hand
    room = max(0, MAX_HAND - hand.size) if hand.tracked else n_keep
    kept = _kept(res, looked, n_keep, keep, room, pointer)
    bounced = 0
    for i in kept:
        full = _to_hand(res, pid, looked[i])
        bounced += full
        res.emit(Kept(pid, _label(looked[i]), "discard" if full else "hand",
                      rules=rules + (("hand.limit", "hand.full") if full else ())))
        ambush(res, looked[i], pid, full)
    rest = [c for i, c in enumerate(looked) if i not in kept]
    unseen = [c for c in rest if c is not None and c.abilities.triggers("ambush")]
    if rest:
        p = res.state.player(pid)
        discard = p.discard
        for c in rest:
            discard = discard.add(c)
        res.state = res.state.with_player(replace(p, discard=discard))
        res.emit(ToDiscard(pid, tuple(_label(c) for c in rest), "looked at and not kept", rules=rules))
    if unseen:
        res.emit(Note("no_ambush", f"{', '.join(c.name for c in unseen if c is not None)} was only seen while drawing: "
                      "its Ambush does not activate.", {}, rules=("ambush.not-chosen",)))
    if special and rest:
        amount = len(rest)
        extra = ("adv.special-draw-nine",) if bounced else ()
        if bounced:
            res.emit(Note("note", f"{_s(bounced)} sent to the discard pile because the hand was full "
                          f"{'does' if bounced == 1 else 'do'} not count: the special draw deals damage only for the "
                          "contracts not kept.", {"bounced": bounced}, rules=("adv.special-draw-nine",)))
        res.apply(F.damage_player(res.state, pid, amount, "The special draw", rules + extra + ("damage",)))
    elif special and bounced:
        res.emit(Note("note", "Every contract looked at was kept: the special draw deals no damage, and the one the "
                      "full hand sent to the discard pile does not count.", {}, rules=("adv.special-draw-nine",)))


def _s(n: int) -> str:
    return "1 contract" if n == 1 else f"{n} contracts"


def discard_from_hand(res: Resolution, pid: str, count: int, rules: tuple[str, ...]) -> None:
    """Discard contracts from the hand: the scenario's ``targets`` name them when they differ."""
    p = res.state.player(pid)
    hand = p.hand
    gone: list[Contract | None] = []
    for _ in range(count):
        if hand.size == 0 and hand.tracked:
            break
        names = {c.name for c in hand.cards} | ({UNNAMED} if hand.unnamed or not hand.tracked else set())
        name = res.answers.target() if len(names) > 1 else next(iter(names))
        if name is None:
            raise res.ambiguous(f"{pid} chooses the contract to discard", "targets", sorted(names),
                                res.answers.pointer + "/targets")
        idx = None if name == UNNAMED else hand.find(name)
        if idx is None and name != UNNAMED:
            raise res.illegal((R.NOT_IN_HAND, "discard"), f"{name}", res.answers.pointer + "/targets")
        gone.append(hand.cards[idx] if idx is not None else None)
        hand = hand.without(idx)
    discard = p.discard
    for c in gone:
        discard = discard.add(c)
    res.state = res.state.with_player(replace(p, hand=hand, discard=discard))
    res.emit(ToDiscard(pid, tuple(_label(c) for c in gone), "discarded from the hand", rules=rules))
