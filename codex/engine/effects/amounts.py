"""Amounts in card text: numbers, X, "its power", "that much", "for each" counts.

An amount is read when its clause runs (``Deal damage equal to its power``: the power now), and
"for each X" multiplies a clause's amount by the number of X, or, written before a sentence
("For each enemy here, push it ..."), runs the sentence once for each of them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.select import NotExecutable, select, select_all

if TYPE_CHECKING:
    from codex.engine.effects.execute import Run

#: Amount kinds the engine computes (``Quantity.kind``).
QUANTITIES = ("power", "count", "cost", "damage")


def amount_problems(value: Any) -> list[str]:
    """What keeps an amount from being computed (empty: it can be)."""
    if isinstance(value, bool) or value is None:
        return [f"the amount {value!r}"]
    if isinstance(value, int) or (isinstance(value, str) and value.upper() == "X"):
        return []
    if isinstance(value, A.Quantity) and value.kind in QUANTITIES:
        from codex.engine.effects.check import sel_problems
        return list(sel_problems(value.of)) if value.of is not None else (
            [] if value.kind in ("damage",) else [f"the amount {value.kind} of nothing named"])
    return [f"the amount {type(value).__name__ if not isinstance(value, (str, int)) else value!r}"]


def amount(run: "Run", value: Any, what: str) -> int:
    """The number an amount stands for now."""
    if isinstance(value, bool):
        raise NotExecutable(f"the amount {value!r}")
    if isinstance(value, int):
        return int(value)
    if isinstance(value, A.Quantity):
        return _quantity(run, value, what)
    if isinstance(value, str) and value.upper() == "X":
        given = run.ctx.x
        if given is not None:
            return given
        chosen = run.ctx.choose(f"{what}.x", list(range(0, 21)), why="choose the value of X")
        return int(chosen[0])
    raise NotExecutable(f"the amount {value!r}")


def _quantity(run: "Run", value: A.Quantity, what: str) -> int:
    from codex.engine.ongoing import power_now
    if value.kind == "damage":
        bound = run.ctx.lookup("damage")
        if bound:
            return int(bound[0].key)
        raise NotExecutable("an amount of damage with no damage dealt before")
    objs = select(run.state, run.ctx, value.of, f"{what}.of") if value.of is not None else []
    if value.kind == "count":
        return len(objs)
    if value.kind == "power":
        units = [run.state.unit(o.key) for o in objs if o.kind == "unit"]
        return sum(power_now(run.state, u) for u in units if u is not None)
    if value.kind == "cost":
        return sum(cost_of(run, o) for o in objs)
    raise NotExecutable(f"the amount {value.kind}")


def cost_of(run: "Run", obj: Obj) -> int:
    """The mana cost of a card: a unit's or artifact's card, a card in a zone."""
    if obj.kind == "unit" and (u := run.state.unit(obj.key)) is not None:
        return u.cost or 0
    if obj.kind == "artifact" and (a := run.state.artifact(obj.key)) is not None:
        return a.cost
    if obj.kind == "aura" and (aura := next((x for x in run.state.auras if x.id == obj.key), None)) is not None:
        return aura.cost
    if obj.kind == "card":
        data = obj.key.card.data if hasattr(obj.key, "card") else None
        return int(getattr(data, "cost", 0) or 0)
    raise NotExecutable(f"the cost of a {obj.kind}")


def _scaled(field: str) -> Callable[[Any, int], Any]:
    """"for each X": the clause's amount times the number of X."""
    def scale(act: Any, times: int) -> Any:
        value = getattr(act, field)
        if field == "mana":
            symbols = tuple(f"({int(s.strip('()')) * times})" if s.strip("()").isdecimal() else s for s in value.symbols)
            return A.replace(act, mana=A.Mana(symbols))
        if field == "patient":   # draw: the count of cards
            return A.replace(act, patient=A.replace(value, count=(value.count if isinstance(value.count, int) else 1)
                                                                    * times))
        if not isinstance(value, int):
            raise NotExecutable(f"'for each' with the amount {value!r}")
        return A.replace(act, **{field: value * times})
    return scale


#: The primitives whose amount "for each" multiplies, and how.
PER_AMOUNT: dict[type, Callable[[Any, int], Any]] = {
    A.Damage: _scaled("amount"), A.GainLife: _scaled("amount"), A.LoseLife: _scaled("amount"),
    A.GainMana: _scaled("mana"), A.Draw: _scaled("patient"), A.Heal: _scaled("amount"),
}


def per_problems(act: Any) -> list[str]:
    if isinstance(act, A.ModifyDamage):      # counted as the damage is taken (`lasting_damage.changes`)
        return []
    if type(act) not in PER_AMOUNT:
        return [f"'for each' on {type(act).__name__}"]
    if isinstance(act, A.Heal) and not isinstance(act.amount, int):
        return ["'for each' on healing fully"]
    return []


def per_amount(act: Any, times: int) -> Any:
    if type(act) not in PER_AMOUNT:
        raise NotExecutable(f"'for each' on {type(act).__name__}")
    return PER_AMOUNT[type(act)](act, times)


def for_each_sentence(run: "Run", sentence: A.Sentence) -> None:
    """"For each X, ...": the sentence once for each X, which its words call "it" (and "each")."""
    from codex.engine.effects.execute import run_sentence
    objs = select_all(run.state, run.ctx, sentence.per)
    run.note("count", f"{run.ctx.source_name}: once for each of {len(objs)}.", times=len(objs))
    inner = A.replace(sentence, per=None)
    outer = run.ctx
    for obj in objs:
        run.ctx = outer.bind("it", [obj]).bind("each", [obj])
        run_sentence(run, inner)
        if run.stop:
            break
    run.ctx = outer
