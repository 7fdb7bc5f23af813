"""Abilities a unit has lost ("..., then lose this ability", 'loses "Tap → ..."'): an ongoing effect of the ability layer,
recomputed each time it is asked, never written into the unit's printed abilities (Codex "Lose":
"'Lose' really means 'lose, can't gain, and can't have.'").

A lasting effect (`state.Lasting.lost_abilities`) names each lost ability by the card's words for
it ("this ability"), or by the grammar's canonical words of a quoted ability (`canonical`), which a
card's own ability matches when its printed-back words are the same. While it lasts, the unit cannot use a lost activated ability (`activate`: `ability_lost`), a
lost triggered ability hears nothing (`triggers.listeners`), and a lost static ability applies to
nothing (`statics._sources`). With no duration given it lasts while its source (the unit itself,
for "this ability") is in the realm (Codex "Ongoing Effect"). Only units lose abilities here: an
artifact or site losing its own ability is named as not executed.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from codex.engine.abilities import Abilities, Ability
from codex.engine.state import GameState, Lasting, Unit


def lost_texts(state: GameState, unit: Unit) -> tuple[str, ...]:
    """The card's words of every ability of its own ``unit`` has lost now."""
    if not state.lasting or not any(e.lost_abilities for e in state.lasting):
        return ()
    return tuple(a.text for a in unit.abilities.abilities if losing(state, unit, a) is not None)


@lru_cache(maxsize=4096)
def canonical(node: Any) -> str | None:
    """The grammar's canonical words for an ability's AST (how a quoted ability, 'loses "Tap → ..."',
    is matched with a card's own); None when it cannot be printed back."""
    from codex.cardtext.printer import PrintError, to_text
    try:
        return " ".join(to_text(node).split()).casefold()
    except (PrintError, TypeError, ValueError):
        return None


def _words(ability: Ability) -> set[str]:
    out = {ability.text}
    if ability.head is not None:
        out.add(ability.head.text)
    try:
        printed = canonical(ability.node)
    except TypeError:          # an unhashable node: matched by its card words only
        printed = None
    if printed is not None:
        out.add(printed)
    return out


def losing(state: GameState, unit: Unit, ability: Ability) -> Lasting | None:
    """The lasting effect by which ``unit`` has lost ``ability`` (None: it has it)."""
    if not state.lasting:
        return None
    from codex.engine.ongoing import lasting_on
    words = _words(ability)
    return next((e for e in lasting_on(state, unit) if words & set(e.lost_abilities)), None)


def abilities_now(state: GameState, unit: Unit) -> Abilities:
    """``unit``'s abilities without those it has lost (its printed ones when it has lost none)."""
    lost = set(lost_texts(state, unit))
    if not lost:
        return unit.abilities
    kept = tuple(a for a in unit.abilities.abilities if not (_words(a) & lost))
    return Abilities(unit.abilities.keywords, kept, unit.abilities.unreadable, unit.abilities.unknown,
                     unit.abilities.size, unit.abilities.dropped)


def is_this_ability(node: Any) -> bool:
    """"this ability": the ability being resolved (what "lose this ability" takes away)."""
    from codex.cardtext import ast as A
    return (isinstance(node, A.Selector) and node.noun.lower() == "ability" and isinstance(node.det, str)
            and node.det.lower() == "this" and not node.mods and not node.filters and not node.plural
            and node.count is None)
