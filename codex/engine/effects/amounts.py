"""Amounts in card text: numbers, X, "its power", "that much", "for each" counts.

An amount is read when its clause runs (``Deal damage equal to its power``: the power now), and
"for each X" multiplies a clause's amount by the number of X, or, written before a sentence
("For each enemy here, push it ..."), runs the sentence once for each of them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.select import NotExecutable, count_all, select

if TYPE_CHECKING:
    from codex.engine.effects.execute import Run

#: Amount kinds the engine computes (``Quantity.kind``): measures of what a selector names, and the
#: arithmetic over another amount (`ARITHMETIC`).
QUANTITIES = ("power", "count", "cost", "damage", "life", "half", "double", "sum")
#: Kinds computed from another amount (``Quantity(half, Quantity(power, it))``), not from a selector.
ARITHMETIC = ("half", "double")
#: The clause adverbs that say which way a half rounds ("lose half your life, rounding up").
ROUNDING = {"rounding_up": "up", "rounding_down": "down", "rounded_up": "up", "rounded_down": "down"}   # both lexicon spellings (exec29)


def amount_problems(value: Any) -> list[str]:
    """What keeps an amount from being computed (empty: it can be)."""
    if isinstance(value, bool) or value is None:
        return [f"the amount {value!r}"]
    if isinstance(value, int) or (isinstance(value, str) and value.upper() == "X"):
        return []
    if isinstance(value, A.Quantity) and value.kind == "that_much":
        return []        # read from the event heard as the effect runs (`_heard_amount`), or named then
    if isinstance(value, A.Quantity) and value.kind == "damage_this_way" and value.of is None:
        return []        # the damage this effect dealt so far (`dealt_amounts`)
    if isinstance(value, A.Quantity) and value.kind in ARITHMETIC:
        return amount_problems(value.of) if isinstance(value.of, (A.Quantity, int)) else [
            f"the amount {value.kind} of nothing named"]
    if isinstance(value, A.Quantity) and value.kind == "sum":
        if threshold_summed(value.of) is None:
            return ["the amount 'sum' of something other than the threshold of cards"]
        from codex.engine.effects.check import sel_problems
        over = summed_over(value.of)
        return list(sel_problems(over)) if over is not None else []
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
    if value.kind in ARITHMETIC:
        whole = amount(run, value.of, what)
        return whole * 2 if value.kind == "double" else halve(run, whole)
    if value.kind == "sum":
        return _threshold_sum(run, value, what)
    if value.kind == "that_much":
        return _heard_amount(run)
    if value.kind == "damage_this_way":
        from codex.engine.effects.dealt_amounts import dealt_so_far
        return dealt_so_far(run, "the damage dealt this way")
    if value.kind == "damage":
        bound = run.ctx.lookup("damage")
        if bound:
            return int(bound[0].key)
        raise NotExecutable("an amount of damage with no damage dealt before")
    if value.kind == "count":          # "equal to the number of cards in your hand": unnamed ones too
        return len(count_all(run.state, run.ctx, value.of)) if value.of is not None else 0
    objs = select(run.state, run.ctx, value.of, f"{what}.of") if value.of is not None else []
    if value.kind == "power":
        units = [run.state.unit(o.key) for o in objs if o.kind == "unit"]
        return sum(power_now(run.state, u) for u in units if u is not None)
    if value.kind == "cost":
        return sum(cost_of(run, o) for o in objs)
    if value.kind == "life":
        return sum(run.state.player(pid).life for pid in _players_of(run, objs))
    raise NotExecutable(f"the amount {value.kind}")


def _heard_amount(run: "Run") -> int:
    """"Whenever you gain life, deal that much damage ...": the amount of the event the trigger heard,
    the life really gained or lost (healing capped at the maximum gains only up to it), the damage
    dealt. With no such event ("that much" after another effect), the effect is named as not executed."""
    from codex.engine.events import AvatarDamaged, Damaged, LifeGained, LifeLost, SiteDamaged
    event = run.ctx.event
    if isinstance(event, (LifeGained, LifeLost)):
        return abs(event.life - event.before)
    if isinstance(event, (Damaged, AvatarDamaged, SiteDamaged)):
        return int(event.amount)
    from codex.engine.effects.dealt_amounts import dealt_so_far
    # "Target ally takes 2 damage. Each enemy there takes that much damage too.": what this effect dealt
    return dealt_so_far(run, "that much")


def threshold_summed(node: Any) -> str | None:
    """"the sum of their (F)", "the sum of (F) on spells you've cast this turn": the element whose
    threshold is summed, over the cards "their" (or "its") names or the cards the words after "on"
    name; None for any other sum."""
    from codex.engine.keywords import ELEMENTS
    if not (isinstance(node, A.Selector) and node.noun == "threshold" and len(node.mods) == 1):
        return None
    named_before = node.det in ("their", "its") and not node.filters
    if not named_before and not (node.det is None and summed_over(node) is not None):
        return None
    element = node.mods[0].lower()
    return element if element in ELEMENTS else None


def summed_over(node: Any) -> Any:
    """The cards a threshold is summed on ("(F) on spells you've cast this turn": the spells), or
    None when the words name no such cards (they are the cards named before)."""
    if isinstance(node, A.Selector) and len(node.filters) == 1 and isinstance(node.filters[0], A.Where) \
            and node.filters[0].rel == "on" and node.filters[0].of is not None:
        return node.filters[0].of
    return None


def _threshold_sum(run: "Run", value: A.Quantity, what: str) -> int:
    """The threshold symbols of one element printed on cards: the cards named before ("Banish all
    your dead fire minions → ... damage equal to the sum of their (F)": the cards banished), or the
    cards the words name ("the sum of (F) on spells you've cast this turn": each spell cast, once
    for each time it was cast)."""
    from codex.engine.effects.select import _card_data
    element = threshold_summed(value.of)
    if element is None:
        raise NotExecutable("the amount 'sum' of something other than the threshold of cards")
    over = summed_over(value.of)
    if over is not None:
        objs = select(run.state, run.ctx, over, f"{what}.of", choose=False)
    else:
        objs = list(run.ctx.lookup("they" if value.of.det == "their" else "it") or ())
    counts = [(str(o.key), int(dict(data.threshold).get(element, 0)) if (data := _card_data(o)) is not None else 0)
              for o in objs]
    total = sum(n for _, n in counts)
    run.note("count", f"{run.ctx.source_name}: the {element} threshold of "
             + (", ".join(f"{k} ({n})" for k, n in counts) or "no card") + f" sums to {total}.",
             total=total, element=element)
    return total


def _players_of(run: "Run", objs: list[Obj]) -> list[str]:
    """The players whose life a measure names: players, or an Avatar's player ("its life")."""
    out = []
    for o in objs:
        if o.kind == "player":
            out.append(str(o.key))
        elif o.kind == "unit" and (u := run.state.unit(o.key)) is not None and u.is_avatar:
            out.append(u.controller)
        else:
            raise NotExecutable(f"the life of a {o.kind}")
    return list(dict.fromkeys(out))


def measures_it(value: Any) -> bool:
    """Whether an amount measures "it" ("damage equal to its power", "half its power"): read for each
    object the clause acts on."""
    while isinstance(value, A.Quantity) and value.kind in ARITHMETIC:
        value = value.of
    return isinstance(value, A.Quantity) and isinstance(value.of, A.Ref) and value.of.word == "it"


def halves(act: Any) -> bool:
    """Whether an action's words compute a half (so a rounding adverb on its clause is read)."""
    return any(isinstance(n, A.Quantity) and n.kind == "half" for n in A.walk(act))


def rounding_of(clause: A.Clause) -> str | None:
    """Which way the clause says a half rounds ("up", "down"), None when it does not say."""
    return next((ROUNDING[a] for a in clause.adverbs if a in ROUNDING), None)


def halve(run: "Run", whole: int) -> int:
    """Half of ``whole``, rounded as the card's clause says ("rounding up"). The Codex has no
    general rounding rule; its one rule about an odd measure (a split-power unit's average power)
    rounds down, so a card that does not say is read that way, and the ruling gives the other
    reading too, since the card's words allow both."""
    bound = run.ctx.lookup("rounding")
    told = str(bound[0].key) if bound else None
    if whole % 2 == 0:
        run.note("count", f"{run.ctx.source_name}: half of {whole} is {whole // 2}.", whole=whole, half=whole // 2)
        return whole // 2
    down, up = whole // 2, whole // 2 + 1
    if told is not None:
        n = up if told == "up" else down
        run.note("count", f"{run.ctx.source_name}: half of {whole} is {whole / 2:g}, rounded {told} as the card "
                 f"says: {n}.", whole=whole, half=n, rounding=told)
        return n
    run.note("ruling_variant", f"{run.ctx.source_name}: half of {whole} is {whole / 2:g}, and the card does not "
             f"say which way to round. It is read rounded down, to {down}, as the Codex rounds the one odd "
             f"measure it speaks of (a split-power unit's average power); rounded up it would be {up}.",
             ("split-power.average",), whole=whole, half=down, reading="rounded down", other=up)
    return down


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
        if data is None:      # a card named only by its name, unknown to the catalog: its cost is not 0
            raise NotExecutable(f"the mana cost of {getattr(obj.key, 'name', 'a card')}, a card the catalog "
                                "does not know")
        return int(getattr(data, "cost", 0) or 0)
    raise NotExecutable(f"the cost of a {obj.kind}")


def _scaled(field: str) -> Callable[[Any, int], Any]:
    """"for each X": the clause's amount times the number of X."""
    def scale(act: Any, times: int) -> Any:
        value = getattr(act, field)
        if field == "mana":
            symbols = tuple(f"({int(s.strip('()')) * times})" if s.strip("()").isdecimal() else s for s in value.symbols)
            return A.replace(act, mana=A.Mana(symbols))
        if field == "patient":   # draw, discard: the count of cards
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
    A.Discard: _scaled("patient"),
}


def per_problems(act: Any) -> list[str]:
    if isinstance(act, A.ModifyDamage):      # counted as the damage is taken (`lasting_damage.changes`)
        return []
    if type(act) not in PER_AMOUNT:
        return [f"'for each' on {type(act).__name__}"]
    if isinstance(act, A.Heal) and not isinstance(act.amount, int):
        return ["'for each' on healing fully"]
    if isinstance(act, (A.Draw, A.Discard)) and not isinstance(act.patient, A.Selector):
        return [f"'for each' on {type(act).__name__} of particular cards"]
    return []


def per_amount(act: Any, times: int) -> Any:
    if type(act) not in PER_AMOUNT:
        raise NotExecutable(f"'for each' on {type(act).__name__}")
    return PER_AMOUNT[type(act)](act, times)


def for_each_sentence(run: "Run", sentence: A.Sentence) -> None:
    """"For each X, ...": the sentence once for each X, which its words call "it" (and "each")."""
    from codex.engine.effects.execute import run_sentence
    objs = count_all(run.state, run.ctx, sentence.per)
    run.note("count", f"{run.ctx.source_name}: once for each of {len(objs)}.", times=len(objs))
    inner = A.replace(sentence, per=None)
    outer = run.ctx
    for obj in objs:
        run.ctx = outer.bind("it", [obj]).bind("each", [obj])
        run_sentence(run, inner)
        if run.stop:
            break
    run.ctx = outer
