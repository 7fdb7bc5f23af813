"""Attacks made this turn, as conditions and selectors read them.

`GameState.attacks_this_turn` keeps each attack of the turn (`state.AttackMade`), from the moment
its target is declared and legal (Codex "Attack": "'attack' triggers are now satisfied and the
defender has been targeted and attacked") until the turn passes. A clause about attacking in the
past tense ("if the Raiders haven't attacked", "units that attacked this turn", "if an affected
site is successfully attacked") reads that record; one about the attack being resolved now ("while
attacking") reads `GameState.attacking` (`conditions._attacking`), except that "while successfully
attacking sites" asks how the attack on the site is going.

*Successfully.* The Codex names "'successfully attack' effects" (entry "Fight": they resolve with
the 'kill' effects, once strikes are dealt, "if this fight was part of an attack") but does not
define a successful attack. For a site both readings the words allow agree: the site stayed the
attack's target (no defender joined: "If the original target was a site, it's removed from the
attack") and was struck. For a unit they differ: killed by the attack, or only still in the fight
against the attacker; the engine does not choose, and says so (`NotExecutable`).
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.select import NotExecutable, select_all
from codex.engine.state import AttackMade, GameState

#: The rule each reading cites (codex/engine/rules/attack.yaml).
MADE_RULES = ("attack.made",)
SUCCESS_RULES = ("attack.successful", "defend.site-target", "attack.site")


def successful(clause: A.Clause) -> bool:
    """Whether the clause asks how an attack went ("successfully attacked")."""
    return "successfully" in clause.adverbs


def attacks_made(clause: A.Clause) -> bool:
    """"if it attacked this turn", "haven't attacked", "units that attacked this turn": about the
    attacks made this turn rather than the one being resolved (which "while attacking" and "units
    attacked by X" read)."""
    return isinstance(clause.action, A.Attack) and clause.tense == "past"


def succeeding(node: Any) -> bool:
    """"while successfully attacking sites": a condition about how the attack being resolved goes."""
    return isinstance(node, A.Condition) and node.kind == "while" and isinstance(node.clause, A.Clause) \
        and isinstance(node.clause.action, A.Attack) and node.clause.tense is None and successful(node.clause)


def _objs_of(record: AttackMade) -> tuple[Obj, Obj]:
    attacker = Obj("unit", record.attacker)
    target = Obj("unit", record.unit) if record.unit is not None else Obj("site", record.site)
    return attacker, target


def _went_well(record: AttackMade) -> bool:
    """An attack on a site succeeded if the site was struck (it stayed the attack's target: no
    defender joined); for an attack on a unit the Codex gives no answer (see the module)."""
    if record.site is not None:
        return bool(record.struck)
    raise NotExecutable("whether an attack on a unit was successful (the Codex does not define it: the unit killed, "
                        "or only struck)")


def attacked(state: GameState, ctx: Ctx, clause: A.Clause) -> bool:
    """Whether such an attack was made this turn: by the attacker named (none named: any attacker;
    the card's own text with no subject means itself only when the clause's object is not named
    either), at what the object names (none: anything), and, for "successfully", one that
    succeeded. An attacker named by the card's own (plural) name is the card itself."""
    act = clause.action
    assert isinstance(act, A.Attack)
    agents = None if act.agent is None and act.patient is not None else (
        [ctx.source] if act.agent is None else select_all(state, ctx, act.agent))
    patients = None if act.patient is None else select_all(state, ctx, act.patient)
    for record in state.attacks_this_turn:
        if successful(clause) and (record.struck is None or not _went_well(record)):
            continue
        attacker, target = _objs_of(record)
        if agents is not None and attacker not in agents:
            continue
        if patients is not None and target not in patients:
            continue
        return True
    return False


def succeeding_now(state: GameState, ctx: Ctx, clause: A.Clause) -> bool:
    """"while successfully attacking sites": the attack being resolved is the named attacker's
    (none named: the card's, or for a static about other units each of them, bound as "which") at
    such a site, and the site is still its target (no defender has joined)."""
    act = clause.action
    assert isinstance(act, A.Attack)
    at = state.attacking
    if at is None:
        return False
    if at.site is None:
        if about_sites(act.patient):      # "while successfully attacking sites": it is attacking a unit
            return False
        raise NotExecutable("whether an attack on a unit is successful while it is being resolved")
    agents = [ctx.source] if act.agent is None else select_all(state, ctx, act.agent)
    if Obj("unit", at.attacker) not in agents or at.defenders:
        return False
    return act.patient is None or Obj("site", at.site) in select_all(state, ctx, act.patient)


def problems(clause: A.Clause, ongoing: bool) -> Iterator[str]:
    """What keeps the engine from reading a clause about attacks made (or going well) this turn."""
    from codex.engine.effects.check import sel_problems
    act = clause.action
    assert isinstance(act, A.Attack)
    extra = [a for a in clause.adverbs if a != "successfully"]
    if extra or clause.duration is not None or clause.per is not None:
        yield "a condition about attacks made earlier, or how they went"
        return
    if clause.scope is not None and not (isinstance(clause.scope, A.Turn) and clause.scope.which == "this"
                                         and clause.scope.whose is None):
        yield "a condition about attacks made in another turn"
    if clause.adjuncts:
        yield "a condition about attacks made earlier, with an adjunct"
    if successful(clause) and not about_sites(act.patient):
        yield "a condition about a unit being successfully attacked (the Codex does not define it)"
    if ongoing and clause.scope is not None:
        yield "a condition about attacks made earlier, or how they went"
    for role in ("agent", "patient"):
        value = getattr(act, role)
        if isinstance(value, A.Selector):
            value = A.replace(value, det=None)
        yield from sel_problems(value)


def about_sites(node: Any) -> bool:
    """"sites", "an affected site", "this site": a successful attack on them has one reading."""
    if isinstance(node, A.Selector):
        return node.noun == "site"
    return isinstance(node, A.Ref) and node.word == "SELF"


def _described(state: GameState, record: AttackMade) -> str:
    if record.site is not None:
        site = state.site_at(record.site)
        what = site.name if site is not None else f"the site on square {record.site}"
        went = " (struck undefended)" if record.struck else " (defended: not struck)" if record.struck is False else ""
    else:
        unit = state.unit(record.unit) if record.unit is not None else None
        what = unit.name if unit is not None else "a unit now gone"
        went = " (killed)" if record.killed else ""
    return f"{record.name} attacked {what}{went}"


def record_note(state: GameState, cond: Any) -> tuple[str, tuple[str, ...]] | None:
    """What a ruling says when a condition reads the attacks made this turn: the attacks, and for
    "successfully" the reading taken (the Codex does not define it), with the rules cited; None
    for any other condition."""
    clauses = [n for n in A.walk(cond) if isinstance(n, A.Clause) and attacks_made(n)]
    if not clauses:
        return None
    made = "; ".join(_described(state, r) for r in state.attacks_this_turn) or "none"
    text = f"Attacks made this turn: {made}."
    rules: tuple[str, ...] = MADE_RULES
    if any(successful(c) for c in clauses):
        text += (" The Codex names 'successfully attack' effects but does not define a successful attack: an attack "
                 "on a site is read as successful when the site stayed its target (no defender joined) and was struck.")
        rules += SUCCESS_RULES
    return text, rules
