"""A spell whose text says what X is ("(X) is the difference between your two life totals").

Such a sentence is a static ability of the card (`abilities._x_defined`), kind ``x_is``: as the
spell is cast its X is computed from the board, not chosen (Codex "Cost": "X is the actual mana
cost while the spell is on the storyline"), and the cast pays it. The amounts read here:
"the difference between your two life totals" (the caster's player and their opponent; the Codex's
two-player game), "the difference between" any two amounts `amounts` can name otherwise being
another piece the engine does not have.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.state import GameState


def _between(node: Any) -> Any:
    """The words after "the difference between", or None."""
    if isinstance(node, A.Selector) and node.noun.lower() == "difference" and node.det in ("the", None) \
            and not node.mods and len(node.filters) == 1 and isinstance(node.filters[0], A.Where) \
            and node.filters[0].rel == "between":
        return node.filters[0].of
    return None


def _life_totals(node: Any) -> bool:
    """"your life totals": the life of the card's controller and of their opponent."""
    return isinstance(node, A.Selector) and node.noun.lower() in ("life total", "life totals") \
        and node.det == "your" and not node.mods and not node.filters


def x_problems(node: Any) -> Iterator[str]:
    """What of the words defining X the engine does not compute."""
    if not _life_totals(_between(node)):
        yield "an X defined by words the engine does not compute"


def defined_x(abilities: Any) -> tuple[Any, Any] | None:
    """The card's ability saying what X is and the words of the amount, or None."""
    from codex.engine.abilities import AbilityKind, defines_x
    for ability in abilities.abilities:
        body: tuple[Any, ...] = tuple(getattr(ability.node, "body", ()))
        if ability.kind is AbilityKind.STATIC and len(body) == 1 and defines_x(body[0]) and ability.executed:
            return ability, body[0].clauses[0].action.type
    return None


def x_value(state: GameState, player: str, node: Any) -> int:
    """X as the words define it, for a spell ``player`` casts now."""
    if not _life_totals(_between(node)):
        raise ValueError("an X defined by words the engine does not compute")
    mine = state.player(player).life
    theirs = state.player(state.opponent(player)).life
    return abs(mine - theirs)


__all__ = ["defined_x", "x_problems", "x_value"]
