"""Damage changes an effect leaves for a while: until your next turn, each ally taking 1 less
damage per other ally near it.

An effect that says how much damage units take (less, more, double) is a lasting effect on the
units it names as it resolves (`board.lasting`, for the clause's duration: this turn, until your
next turn...), carrying the change (`Lasting.damage`). When one of them is about to take damage,
the change applies as any damage modification does (Codex "Damage": the active player's first,
before prevention; `changes`, asked by `combat._modifications`). "For each X" is counted then,
read from the unit taking the damage ("it", "other", "nearby": how many other allies are nearby
it *now*), not when the effect resolved.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import NotExecutable, Run, executes
from codex.engine.effects.select import count_all, select
from codex.engine.events import CardQuote
from codex.engine.state import GameState, Unit

#: How the damage taken changes.
CHANGES = ("less", "more", "double")


def _problems(act: A.ModifyDamage) -> Iterator[str]:
    if act.change not in CHANGES:
        yield f"an effect changing damage by '{act.change}'"
    if act.agent is not None:
        yield "an effect changing the damage something deals"
    if act.source is not None or act.kind is not None:
        yield "an effect changing damage from a source or of a kind"
    if act.patient is None:
        yield "an effect changing damage with nothing named"
    if act.change != "double" and not isinstance(act.amount, int):
        yield "an effect changing damage by an amount the engine does not read"


@executes(A.ModifyDamage, roles=("patient",), problems=_problems)
def _modify_damage(run: Run, act: A.ModifyDamage, clause: A.Clause) -> list[Obj]:
    """The units named now take changed damage for the clause's duration ("deal 2 more damage to
    it" with no duration, after this effect damaged it: that much more now, `further_damage`)."""
    from codex.engine.effects.further_damage import deal_further, is_further_damage
    if is_further_damage(run, act, clause):
        return deal_further(run, act, clause)
    from codex.engine.effects.board import lasting
    units = [o for o in select(run.state, run.ctx, act.patient, "target") if o.kind == "unit"]
    amount = int(act.amount) if isinstance(act.amount, int) else 0
    per = f" for each {_words(clause.per)}" if clause.per is not None else ""
    told = f"{amount} {act.change} damage taken{per}" if act.change != "double" else f"double damage taken{per}"
    lasting(run, A.replace(clause, per=None), units, damage=(act.change, amount, clause.per, run.ctx),
            told=told, quote=run.ctx.quote)
    return units


def _words(node: Any) -> str:
    return " ".join([str(m) for m in getattr(node, "mods", ())] + [str(getattr(node, "noun", "of them"))])


def changes(state: GameState, target: Unit) -> list[tuple[str, str, int, CardQuote, str]]:
    """The lasting changes to the damage ``target`` is about to take: (card name, change, amount,
    its sentence, its controller)."""
    out = []
    for effect in state.lasting:
        if not effect.damage or not effect.covers(target):
            continue
        change, amount, per, ctx = effect.damage
        if change == "none":        # a prevention, applied after every modification (`prevents`)
            continue
        if per is not None:
            # "per other ally near it": the words are read from the unit taking the damage, as a
            # static ability's are from its card ("it", "other", "here", "nearby": that unit, not the
            # spell's caster)
            me = Obj("unit", target.id)
            try:
                amount *= len(count_all(state, replace(ctx, source=me, caster=None).bind("it", [me]), per))
            except NotExecutable:
                continue
            if amount == 0 and change != "double":
                continue
        out.append((effect.name, change, amount, effect.quote or ctx.quote, effect.controller))
    return out


def prevents(state: GameState, target: Unit) -> CardQuote | None:
    """The lasting prevention covering ``target`` ("Prevent all damage that would be dealt to your
    Avatar this turn", `replacements.prevent_for_a_while`): its sentence, or None."""
    for effect in state.lasting:
        if effect.damage and effect.damage[0] == "none" and effect.covers(target):
            quote: CardQuote | None = effect.quote or effect.damage[3].quote
            return quote
    return None


__all__ = ["changes", "prevents"]
