"""Replacement effects of static abilities (Codex "Replacement Effect": "Replacement effects
replace one event with another. These types of effects often use the word 'instead' and
'would'"): "If another nearby allied minion would die, return it to hand", "If bearer is a minion
and would die, instead fully heal it and banish Gilded Aegis", "If bearer would take strike damage,
prevent it and return this helmet to hand", "If this minion would successfully attack an enemy site,
you may draw a spell instead" (the undefended site about to be struck: the one reading of
"successfully" for a site, `effects.attacks`; declined, the attack goes on; a successful attack
on a unit has two readings and is not replaced).

A static ability whose sentence is conditioned on something that *would* happen (a minion dying,
a unit taking damage) is read as a replacement (`statics.Static` of kind ``instead``): when the
engine is about to mark the minion for death, or to deal the damage, the sentence runs in its
place, with "it" the minion about to die or take damage (the damage itself, for "prevent it").
A replacement applies once to an event; if the minion still has to die afterwards (the effect did
not save it), it dies.
"""
from __future__ import annotations

from contextvars import ContextVar
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.execute import NotExecutable, Run, executes
from codex.engine.events import Event
from codex.engine.state import GameState, Unit

#: The events a "would" condition can name → the engine's name for them ("would successfully attack
#: an enemy site": the undefended site about to be struck, `would_succeed`).
VERBS: dict[type, str] = {A.Die: "die", A.Damage: "damage", A.Attack: "attack_succeeds"}
#: Kinds of damage a "would take ... damage" replacement may name.
DAMAGE_KINDS = (None, "strike")

_replacing: ContextVar[frozenset[tuple[str, str]]] = ContextVar("replacing", default=frozenset())
#: The damage a "prevent N of that damage" replacement left to be dealt (`would_be_damaged`): None
#: while the replacement takes the whole event
_left: ContextVar[list[int] | None] = ContextVar("left", default=None)


def would_condition(sentence: Any) -> A.Condition | None:
    """The sentence's "would" condition ("If bearer would die"), if it has one."""
    for cond in getattr(sentence, "conditions", ()):
        if isinstance(cond, A.Condition) and cond.kind == "if" and isinstance(cond.clause, A.Clause) \
                and cond.clause.modal == "would":
            return cond
    return None


def replacement_problems(sentence: A.Sentence) -> Iterator[str]:
    """What keeps the engine from applying this replacement (nothing: it applies it)."""
    from codex.engine.effects.check import clause_problems, sel_problems
    from codex.engine.effects.conditions import condition_problems
    cond = would_condition(sentence)
    assert cond is not None
    event = cond.clause
    act = event.action
    adverbs = _attack_adverbs(event) if isinstance(act, A.Attack) else event.adverbs
    if type(act) not in VERBS or event.negated or event.conditions or event.adjuncts or adverbs:
        yield f"replacing the event {type(act).__name__}"
        return
    if isinstance(act, A.Attack):
        yield from _attack_problems(act)
        return
    if isinstance(act, A.Damage) and (act.kind not in DAMAGE_KINDS or act.agent is not None or act.amount is not None):
        yield "replacing a kind of damage the engine does not tell apart"
    yield from sel_problems(act.patient)
    if isinstance(act.patient, A.Selector) and _unknown_name(act.patient.noun):
        yield "a name no card or subtype has (the card's own name, misprinted?)"
    if sentence.duration is not None or sentence.per is not None or not _limit_known(sentence.limit):
        yield "a replacement with a duration, 'for each' or a limit"
    for other in sentence.conditions:
        if other is not cond:
            yield from condition_problems(other)
    for clause in sentence.clauses:
        if isinstance(clause.action, A.Prevent):
            if not isinstance(act, A.Damage):
                yield "preventing something other than damage"
            elif not _the_damage(clause.action.patient) and _some_of_the_damage(clause.action.patient) is None:
                yield "preventing something other than the damage being replaced"
            continue
        if isinstance(act, A.Damage) and isinstance(clause.action, A.Damage) and clause.action.amount is None:
            # "If this minion would take damage, that damage is dealt to each enemy here instead": the
            # damage replaced, dealt elsewhere (a redirection; only "to this card instead" is read,
            # `statics._takes_it_instead`), not a damage grid to ask about
            yield "damage redirected to something other than the card itself"
            continue
        yield from clause_problems(A.replace(clause, instead=False))


def _unknown_name(noun: str) -> bool:
    """A proper name ("Tuft Turtles") that is neither a known card name, subtype nor title of the
    parser's name book: it selects nothing, so a replacement about it would never apply; the
    engine says so rather than rule in silence (a misprint of the card's own name is the grammar's
    to read as the card, `cardtext.lexer.self_aliases`)."""
    from codex.cardtext import lexicon as L
    from codex.cardtext.parser import names
    from codex.engine.effects.select import is_subtype, singular
    if not is_subtype(noun):
        return False
    book = names().names
    return L.fold(noun) not in book and L.fold(singular(noun)) not in book


def _limit_known(limit: A.Limit | None) -> bool:
    """No limit, or "the first time ... each turn" / "once per turn" (one replacement per turn),
    or "the first time ..." with no turn (one ever): what `_once_key` remembers."""
    return limit is None or (limit.count == 1 and (limit.turn is None or (limit.turn.whose == "each"
                                                                          and limit.turn.which is None)))


def _once_key(static: Any, sentence: A.Sentence) -> str | None:
    """The memory (`GameState.used_abilities`) of a limited replacement that already applied: per
    turn with "each turn" (forgotten when the turn ends), else for ever; None when unlimited."""
    if sentence.limit is None:
        return None
    return f"{'turn' if sentence.limit.turn is not None else 'ever'}:once:{static.ctx.key}:instead"


def _attack_adverbs(event: A.Clause) -> tuple[str, ...]:
    """The adverbs of a "would ... attack" the engine does not read: it reads "successfully" only
    (with `effects.attacks`: the one reading both give for a site); without it, "would attack"
    has no moment the engine replaces."""
    return tuple(a for a in event.adverbs if a != "successfully") or (() if "successfully" in event.adverbs
                                                                      else ("(none)",))


def _attack_problems(act: A.Attack) -> Iterator[str]:
    from codex.engine.effects.attacks import about_sites
    from codex.engine.effects.check import sel_problems
    if not about_sites(act.patient):
        yield "replacing a successful attack on a unit (the Codex does not define it)"
        return
    yield from sel_problems(act.agent)
    yield from sel_problems(A.replace(act.patient, det=None) if isinstance(act.patient, A.Selector) else act.patient)


def _applies(state: GameState, static: Any, verb: str, unit: Unit, kind: str | None,
             target: Obj | None = None) -> bool:
    """Whether the replacement is about this event: its verb, the unit it names (the attacker for
    an attack, with ``target`` what it attacks), and its other conditions."""
    from codex.engine.effects.conditions import holds
    from codex.engine.effects.select import select_all
    want, sentence = static.payload
    if want != verb:
        return False
    cond = would_condition(sentence)
    act = cond.clause.action if cond is not None else None
    if isinstance(act, A.Damage) and act.kind is not None and act.kind != kind:
        return False
    ctx = static.ctx.bind("it", [Obj("unit", unit.id)])
    if isinstance(act, A.Attack):
        if act.agent is not None and Obj("unit", unit.id) not in select_all(state, ctx, act.agent):
            return False
        if target is None or act.patient is not None and target not in select_all(state, ctx, act.patient):
            return False
    else:
        patient = getattr(act, "patient", None)
        if patient is not None and Obj("unit", unit.id) not in select_all(state, ctx, patient):
            return False
    return all(holds(state, ctx, c) for c in sentence.conditions if c is not cond)


def _replace(state: GameState, verb: str, unit: Unit, kind: str | None, what: str,
             bound: dict[str, list[Obj]] | None = None,
             target: Obj | None = None) -> tuple[GameState, list[Event]] | None:
    from codex.engine.effects.execute import run_sentence
    from codex.engine.effects.statics import _active, _silenced_sources
    if not state.statics or (unit.id, verb) in _replacing.get():
        return None
    silenced = _silenced_sources(state)
    for s in state.statics:
        if s.kind != "instead" or not _active(state, s, silenced):
            continue
        try:
            if not _applies(state, s, verb, unit, kind, target):
                continue
        except NotExecutable:
            continue
        _, sentence = s.payload
        once = _once_key(s, sentence)
        if once is not None and once in state.used_abilities:
            continue        # "the first time ... each turn": it has applied already
        ctx: Ctx = s.ctx.bind("it", [Obj("unit", unit.id)])
        for name, objs in (bound or {}).items():
            ctx = ctx.bind(name, objs)
        run = Run(state, ctx)
        from codex.engine.effects.attacks import SUCCESS_RULES
        run.note("replacement", f"{unit.name} {what}: {s.ctx.source_name} replaces that.",
                 ("replacement-effect",) + (SUCCESS_RULES if verb == "attack_succeeds" else ()), unit=unit.id)
        token = _replacing.set(_replacing.get() | {(unit.id, verb)})
        try:
            run_sentence(run, A.replace(sentence, conditions=(), limit=None, clauses=tuple(A.replace(c, instead=False)
                                                                              for c in sentence.clauses)))
        except NotExecutable:
            continue
        finally:
            _replacing.reset(token)
        if verb == "attack_succeeds" and run.did is False:
            continue        # "she may ... instead": declined, so the attack goes on as it would
        if once is not None:
            run.note("replacement", f"{s.ctx.source_name}'s replacement applies only the first time"
                     f"{' each turn' if sentence.limit is not None and sentence.limit.turn else ''}: it has now.",
                     ("replacement-effect",), unit=unit.id)
            return run.state.evolve(used_abilities=run.state.used_abilities | {once}), run.events
        return run.state, run.events
    return None


def would_die(state: GameState, unit: Unit) -> tuple[GameState, list[Event]] | None:
    """A replacement for ``unit`` dying, applied (state and events), or None when none applies."""
    return _replace(state, "die", unit, None, "would die")


def would_be_damaged(state: GameState, unit: Unit, amount: int,
                     origin: Any) -> tuple[GameState, list[Event], int] | None:
    """A replacement for ``unit`` taking ``amount`` damage from ``origin``, applied (state, events,
    and the damage still to be dealt: 0 when the replacement took the whole event, more when it
    prevented only some of it, "prevent 1 of that damage"), or None."""
    how = getattr(origin, "how", None)
    kind = "strike" if how in ("strike", "ranged") else None
    damage = Obj("damage", (unit.id, amount))
    left: list[int] = []
    token = _left.set(left)
    try:
        done = _replace(state, "damage", unit, kind, f"would take {amount} damage", {"damage": [damage]})
    finally:
        _left.reset(token)
    if done is None:
        return None
    return done[0], done[1], left[-1] if left else 0


def would_succeed(state: GameState, attacker: Unit, square: int) -> tuple[GameState, list[Event]] | None:
    """A replacement for ``attacker`` successfully attacking the site on ``square`` ("If X would
    successfully attack an enemy site, ... instead"), applied when the undefended site is about to be
    struck (the site stayed the attack's target: the reading of "successfully" both readings give),
    or None when none applies or its "may" is declined."""
    site = state.site_at(square)
    name = site.name if site is not None else f"the site on square {square}"
    return _replace(state, "attack_succeeds", attacker, None, f"would successfully attack {name}",
                    target=Obj("site", square))


def _prevent_problems(act: A.Prevent) -> Iterator[str]:
    from codex.engine.effects.statics import prevention_words
    found = prevention_words(act)
    if found is not None:       # "Prevent all damage that would be dealt to X this turn": `prevent_for_a_while`
        from codex.engine.effects.check import sel_problems
        yield from sel_problems(found[0].patient)
        if found[1] is not None:
            yield "a prevention for a while of damage from some source only"
        return
    if not _the_attack(act.patient):       # "... to evade the attack": read by `evade`
        yield "preventing damage outside a replacement ('If ... would take damage, prevent it')"


def prevent_for_a_while(run: Run, act: A.Prevent, clause: A.Clause) -> list[Obj]:
    """"Prevent all damage that would be dealt to your Avatar this turn": as the effect resolves, the
    units the words name now are shielded for the time the words give (none: while its card is in
    the realm, as any lasting effect, `board.lasting`): all damage they would take is prevented, after
    every modification (Codex "Damage": "Damage prevention uses the words 'prevent' or 'immune,' and
    applies after all other damage modification"; `lasting_damage.prevents`, asked by
    `combat.deal_damage`). Not used up, unlike "the next time" (`next_prevention.py`)."""
    from codex.engine.effects.board import lasting
    from codex.engine.effects.select import select
    from codex.engine.effects.statics import prevention_words
    found = prevention_words(act)
    assert found is not None
    damage, _, duration = found
    units = [o for o in select(run.state, run.ctx, damage.patient, "target") if o.kind == "unit"]
    lasting(run, A.replace(clause, duration=clause.duration or duration), units,
            damage=("none", 0, None, run.ctx), told="all damage it would take is prevented", quote=run.ctx.quote)
    return units


def _the_attack(node: Any) -> bool:
    """"evade the attack": the attack being resolved."""
    return isinstance(node, A.Selector) and node.noun == "attack" and node.det in ("the", "that", "this") \
        and not node.mods and not node.filters and node.count is None


def evade(run: Run) -> list[Obj]:
    """"<the attacked unit> may teleport away to evade the attack": the move is the whole of it. The
    Codex checks the attack's target again once the defend window closes, and an attacked unit no
    longer at the attack's location is no longer a legal target (`actions.movement._still_attackable`);
    the ruling says whether it got away."""
    attack = run.state.attacking
    if attack is None or attack.unit is None:
        run.note("evade", f"{run.ctx.source_name}: there is no attack on a unit to evade.", unit=None)
        return []
    unit = run.state.unit(attack.unit)
    if unit is None or attack.at is None:
        return []
    if run.state.occupies(unit, attack.at):
        run.note("evade", f"{unit.name} is still at the attack's location: it does not evade the attack.",
                 ("attack.legal-again",), unit=unit.id, evaded=False)
        return []
    run.note("evade", f"{unit.name} has left the attack's location: when the attack's target is checked again, "
             f"it is no longer a legal target, so it evades the attack.", ("attack.legal-again",), unit=unit.id,
             evaded=True)
    return [Obj("unit", unit.id)]


def _some_of_the_damage(node: Any) -> int | None:
    """"prevent 1 of that damage": how much of the damage being replaced is prevented (None for
    other words)."""
    if isinstance(node, A.Partitive) and isinstance(node.count, int) and node.count > 0 and _the_damage(node.of):
        return node.count
    return None


def _the_damage(node: Any) -> bool:
    """"prevent it", "prevent that damage", "prevent the damage": the damage being replaced."""
    return (isinstance(node, A.Ref) and node.word in ("it", "that")) or \
        (isinstance(node, A.Selector) and node.noun == "damage" and node.det in ("that", "the", "this")
         and not node.mods and not node.filters and node.count is None)


@executes(A.Prevent, problems=_prevent_problems)
def _prevent(run: Run, act: A.Prevent, clause: A.Clause) -> list[Obj]:
    """"prevent it": the damage a replacement replaces is not dealt (`would_be_damaged`); "to evade
    the attack": the attack being resolved (`evade`)."""
    if _the_attack(act.patient):
        return evade(run)
    from codex.engine.effects.statics import prevention_words
    if prevention_words(act) is not None:
        return prevent_for_a_while(run, act, clause)
    damage = run.ctx.lookup("damage")
    some = _some_of_the_damage(act.patient)
    if not damage or not _the_damage(act.patient) and some is None:
        raise NotExecutable("preventing something other than the damage being replaced")
    uid, amount = damage[0].key
    unit = run.state.unit(uid)
    name = unit.name if unit else uid
    left = _left.get()
    if some is not None and some < amount and left is not None:
        left.append(amount - some)       # the rest is dealt as it would be (`combat.deal_damage`)
        run.note("prevent", f"{some} of the {amount} damage to {name} is prevented; {amount - some} is still dealt.",
                 ("prevention-effect", "replacement-effect"), unit=uid)
        return []
    run.note("prevent", f"The {amount} damage to {name} is prevented.",
             ("replacement-effect",) + (("prevention-effect",) if some is not None else ()), unit=uid)
    return []


__all__ = ["would_die", "would_be_damaged", "would_succeed", "would_condition", "replacement_problems", "VERBS"]
