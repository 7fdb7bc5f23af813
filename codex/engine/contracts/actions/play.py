"""Playing contracts: paying the cost, then what each type does (Spells, Runes, Creatures, Orbs),
and using a Rune's effect."""
from __future__ import annotations

from dataclasses import replace

from codex.engine.contracts import document as D
from codex.engine.contracts import field as F
from codex.engine.contracts.actions.base import handles, not_over, pay_cost, plan_payment
from codex.engine.contracts.effects import Ctx, execute, queue_and_settle, settle
from codex.engine.contracts.events import Played, RuneUsed, ToDiscard, TriggerFired, unread
from codex.engine.contracts.model import MAX_LINE, Contract, Creature, Orb, Rune, State
from codex.engine.contracts.ongoing import gives
from codex.engine.contracts.reasons import ContractsReason as R
from codex.engine.contracts.resolution import Outcome, Resolution
from codex.engine.contracts.scenario import _Checks, contract, played_id
from codex.engine.contracts.triggers import summon_of
from codex.engine.errors import Problem, ScenarioError
from codex.engine.events import Note
from codex.engine.ruling import Verdict

_V = (Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL, Verdict.AMBIGUOUS)


def _turn_check(res: Resolution, pid: str, what: str) -> None:
    not_over(res)
    if pid != res.state.turn.active:
        raise res.illegal((R.NOT_ACTIVE_PLAYER, "turn.main"), f"{pid} {what}")
    if res.state.turn.phase != "main":
        raise res.illegal((R.NOT_MAIN_PHASE, "turn.main"), f"{pid} {what}")


def _from_hand(res: Resolution, pid: str, a: D.Play, ptr: str) -> Contract:
    """The contract played, taken out of a tracked hand (named, or one of its unnamed contracts)."""
    p = res.state.player(pid)
    if isinstance(a.card, str):
        idx = p.hand.find(a.card)
        if idx is None:
            raise res.illegal((R.NOT_IN_HAND, "turn.main"), f"{a.card}", ptr + "/card")
        card = p.hand.cards[idx]
    else:
        checks = _Checks()
        card = contract(a.card, ptr + "/card", checks)
        idx = p.hand.find(card.name)
        if p.hand.tracked and idx is None and p.hand.unnamed == 0:
            raise res.illegal((R.NOT_IN_HAND, "turn.main"), f"{card.name}", ptr + "/card")
    if card.type is None:
        raise ScenarioError([Problem(ptr + "/card", f"the type of {card.name} is not known",
                                     "give the contract in full: {\"name\", \"type\", \"cost\", \"text\", ...}")])
    if p.hand.tracked:
        res.state = res.state.with_player(replace(p, hand=p.hand.without(idx)))
    return card


def _adjacency_matters(state: State, played: Contract) -> bool:
    return any(g.modify.target.adjacent for g in gives(state)) or any(
        m.target.adjacent for m, _ in played.abilities.gives)


def _position(res: Resolution, pid: str, card: Contract, a: D.Play, ptr: str) -> int:
    line = res.state.player(pid).line
    if len(line) >= MAX_LINE:
        raise res.illegal((R.LINE_FULL, "creature.limit"), f"{pid} cannot play {card.name}", ptr)
    if a.position is None:
        if line and _adjacency_matters(res.state, card):
            raise res.ambiguous(f"{pid} chooses where {card.name} goes in the line (it changes what is adjacent)",
                                "position", list(range(len(line) + 1)), ptr + "/position")
        return len(line)
    if a.position > len(line):
        raise res.illegal((R.BAD_POSITION, "creature.place"), f"position {a.position} in a line of {len(line)}",
                          ptr + "/position")
    return a.position


@handles(D.Play, *_V)
def play(res: Resolution, a: D.Play, ptr: str) -> Outcome:
    pid = a.player or res.state.turn.active
    _turn_check(res, pid, "plays a contract")
    before = res.state
    card = _from_hand(res, pid, a, ptr)
    position = _position(res, pid, card, a, ptr) if card.type == "creature" else 0
    payment = plan_payment(res, pid, card.cost, a.pay, card.name, ptr)
    res.emit(Played(pid, card.name, card.kind_text(), rules=("types",)))
    pay_cost(res, pid, card.cost, payment, card.name)
    new_id = played_id(card.id or card.name, before.ids() | {g.id for g in before.left})
    if card.type == "spell":
        text = card.abilities
        effects = tuple(e for p in text.plain for e in p.effects)
        if not effects:
            res.emit(Note("not_executed", f"{card.name} has no effect this engine can read"
                          + (f" (\u201c{' '.join(text.unreadable)}\u201d)" if text.unreadable else "") + ".",
                          {"card": card.name}, rules=("spell",)))
        elif text.unreadable:
            # the rest of the Spell still takes place, its unread sentences named, never dropped
            # in silence (found by blind Contracts round 3)
            res.emit(unread(card.name, text.unreadable, card.name, rules=("spell",)))
        execute(res, Ctx(pid, None, card.name, True, ("spell",)), effects)
        p = res.state.player(pid)
        res.state = res.state.with_player(replace(p, discard=p.discard.add(card)))
        res.emit(ToDiscard(pid, (card.name,), "a Spell goes to the discard pile once its effect took place",
                           rules=("spell", "discard")))
        summary = f"{pid} plays {card.name}."
    elif card.type == "creature":
        creature = Creature(new_id, card.name, pid, card.attack or 0, card.health or 1, text=card.text,
                            keywords=card.keywords, played_this_turn=True, card=card)
        res.apply(F.place_creature(res.state, creature, position, ("creature.line", "creature.place")))
        queue_and_settle(res, summon_of(creature, pid))
        summary = f"{card.name} enters {pid}'s line."
    elif card.type == "rune":
        old = res.state.player(pid).rune
        rune = Rune(new_id, card.name, pid, card.activation, card.text, card=card)
        res.apply(F.put_permanent(res.state, rune, ("rune.replace", "discard")))
        res.emit(Note("rune", f"{card.name} stays on the field; nothing happens until its effect is used.",
                      {"rune": new_id}, rules=("rune.play",) + (("adv.new-rune",) if old and old.used_this_turn
                                                                    else ())))
        summary = f"{card.name} is {pid}'s Rune."
    else:
        old_orb = res.state.player(pid).orb
        orb = Orb(new_id, card.name, pid, card.attack or 0, card.durability or 1, card.text, card=card)
        res.apply(F.put_permanent(res.state, orb, ("orb.leaves", "discard")))
        if old_orb and old_orb.used_this_turn:
            res.emit(Note("orb", f"{card.name} is a new Orb: it can inflict damage this turn.", {"orb": new_id},
                          rules=("adv.new-orb",)))
        summary = f"{card.name} is {pid}'s Orb."
    settle(res)
    if any(isinstance(e, TriggerFired) for e in res.events):
        res.check_rules.append("adv.health-check.contract")
    return res.done(res.result_verdict(), summary)


@handles(D.UseRune, *_V)
def use_rune(res: Resolution, a: D.UseRune, ptr: str) -> Outcome:
    pid = a.player or res.state.turn.active
    _turn_check(res, pid, "uses a Rune")
    rune = res.state.player(pid).rune
    if rune is None:
        raise res.illegal((R.NO_RUNE, "rune.use"), pid, ptr)
    if rune.used_this_turn:
        raise res.illegal((R.RUNE_USED, "rune.use"), rune.name, ptr)
    cost = rune.cost
    if cost is None:
        raise res.illegal((R.NO_ACTIVATION, "rune.use"), rune.name, ptr)
    pay_cost(res, pid, cost, plan_payment(res, pid, cost, a.pay, f"{rune.name}'s effect", ptr), f"{rune.name}'s effect")
    p = res.state.player(pid)
    res.state = res.state.with_player(replace(p, rune=replace(rune, used_this_turn=True)))
    res.emit(RuneUsed(pid, rune.id, rune.name, rules=("rune.use",)))
    text = rune.abilities
    effects = tuple(e for act in text.activations for e in act.effects) or tuple(
        e for pl in text.plain for e in pl.effects)
    if not effects:
        res.emit(Note("not_executed", f"{rune.name} has no effect this engine can read.", {"rune": rune.id},
                      rules=("rune.use",)))
    execute(res, Ctx(pid, rune.id, rune.name, False, ("rune.use",)), effects)
    settle(res)
    return res.done(res.result_verdict(), f"{pid} uses {rune.name}.")
