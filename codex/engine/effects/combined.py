"""Cards picked together under a bound on their summed characteristic ("different Beasts with a combined
mana cost of X or less").

The words test the picks together, not each card (`A.Stat.combined`): the sum of their mana costs (or
power) is compared with the bound. "different" asks for cards of different names (Codex "Copy"
speaks of cards of the same name; the words ask that no two picks share one). Read by a search
(`cards._search`): the player names what they find (choice ``found``), the picks are checked together,
and a pick that breaks the bound is asked again saying why. Elsewhere (a target "two minions with a
combined power of 5 or less") the test is named as not executed (`check.filter_problems`).
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.select import NotExecutable, singular

_COMPARE = {"<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b, "=": lambda a, b: a == b,
            "<": lambda a, b: a < b, ">": lambda a, b: a > b}
_WORDS = {"<=": "or less", ">=": "or more", "=": "exactly", "<": "less than", ">": "more than"}


def combined_filter(sel: Any) -> A.Stat | None:
    """The combined bound of a selector's words, if it has one."""
    if not isinstance(sel, A.Selector):
        return None
    return next((f for f in sel.filters if isinstance(f, A.Stat) and f.combined), None)


def without_combined(sel: A.Selector) -> A.Selector:
    """The words every single pick must fit: the selector without its combined bound and "different"."""
    return A.replace(sel, filters=tuple(f for f in sel.filters if not (isinstance(f, A.Stat) and f.combined)),
                     mods=tuple(m for m in sel.mods if m != "different"))


def combined_problems(sel: A.Selector) -> Iterator[str]:
    """What keeps the engine from testing the bound: a stat other than mana cost, an amount it
    cannot compute."""
    from codex.engine.effects.amounts import amount_problems
    bound = combined_filter(sel)
    if bound is None:
        return
    if bound.stat != "cost":
        yield f"a combined {bound.stat}"
    yield from amount_problems(bound.value)


def check_combined(run: Any, sel: A.Selector, picks: list[Any]) -> str | None:
    """Why the picks break the words taken together (None: they fit): two of one name when the words
    say "different", or a summed cost beyond the bound. Names the amounts, for the ruling's question."""
    from codex.engine.effects.amounts import amount, cost_of
    if "different" in sel.mods:
        names = [singular(o.key.name).casefold() for o in picks]
        if len(names) != len(set(names)):
            return "the cards found must have different names"
    bound = combined_filter(sel)
    if bound is None:
        return None
    limit = amount(run, bound.value, "search")
    try:
        total = sum(cost_of(run, o) for o in picks)
    except NotExecutable as e:
        raise NotExecutable(f"a combined cost that includes {e.what}") from e
    if not _COMPARE[bound.cmp](total, limit):
        return f"their combined mana cost is {total}, and the words ask for {limit} {_WORDS[bound.cmp]}"
    return None


def combined_sentence(run: Any, sel: A.Selector, picks: list[Any]) -> str:
    """What the ruling says of picks that fit: their costs and the bound."""
    from codex.engine.effects.amounts import amount, cost_of
    bound = combined_filter(sel)
    assert bound is not None
    costs = " + ".join(f"{cost_of(run, o)} ({o.key.name})" for o in picks) or "0 (nothing found)"
    total = sum(cost_of(run, o) for o in picks)
    return (f"{run.ctx.source_name}: the cards found have a combined mana cost of {costs} = {total}, within "
            f"{amount(run, bound.value, 'search')} {_WORDS[bound.cmp]}.")
