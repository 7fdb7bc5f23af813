"""Where damage comes from, for the effects that care (Codex "Damage": modification and
prevention): "Takes no damage from units with 4 or more power", "from Demon, Spirit, or Undead
minions", "from Magic spells", "from fire spells", "from ranged strikes", "Nearby units take
double damage, except from strikes".

An `Origin` is the card that deals the damage (a unit, a spell card, a site...) and how (a strike,
a Ranged strike, or an effect); a damage static's ``source`` words are matched against it with the
same selectors as any effect.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.select import NotExecutable

#: How damage is dealt.
HOWS = ("strike", "ranged", "effect")


@dataclass(frozen=True)
class Origin:
    """The card dealing damage (``card``: a unit, or a spell card as ``Obj("card", ...)``) and
    how (``strike``: a strike in a fight; ``ranged``: a Ranged strike; ``effect``: a spell's or an
    ability's damage)."""

    card: Obj | None
    how: str = "effect"


def source_problems(node: Any) -> Iterator[str]:
    """What of a damage source's words the engine cannot match."""
    from codex.engine.effects.check import sel_problems
    if node is None:
        return
    if isinstance(node, A.Group):
        for item in node.items:
            yield from source_problems(item)
        return
    if isinstance(node, A.Selector) and node.noun in ("strike", "strikes"):
        if {m.lower() for m in node.mods} - {"ranged"} or node.filters:
            yield "damage from particular strikes"
        return
    if isinstance(node, A.Selector) and node.noun in ("spell", "spells"):
        probe = A.replace(node, det=None, filters=node.filters + (A.Where("from", A.Selector("hand")),))
        yield from sel_problems(probe)
        return
    yield from sel_problems(node)


def matches(state: Any, ctx: Ctx, node: Any, origin: Origin | None) -> bool:
    """Whether the damage's origin is what the words name."""
    from codex.engine.effects.select import is_a, select_all
    if origin is None:
        return False
    if isinstance(node, A.Group):
        return any(matches(state, ctx, item, origin) for item in node.items)
    if isinstance(node, A.Selector) and node.noun in ("strike", "strikes"):
        ranged = "ranged" in {m.lower() for m in node.mods}
        return origin.how == "ranged" if ranged else origin.how in ("strike", "ranged")
    if origin.card is None:
        return False
    if isinstance(node, A.Selector) and node.noun.lower() in _SPELL_NOUNS and origin.card.kind != "card":
        return False        # a unit's (or a site's) damage is not a spell's (Codex "Ability": not Magic spells)
    if isinstance(node, A.Selector) and origin.card.kind == "card":
        return is_a(state, ctx, origin.card, A.replace(node, det=None))
    try:
        return origin.card in select_all(state, ctx, node)
    except NotExecutable:       # words that name no unit or site ("hurt by magic" against a strike)
        return False


#: Nouns that name spells only: damage from a unit, a site or an artifact is never theirs ("Takes no
#: damage from spells", "can't be hurt by magic"; found by blind round 35, where a strike asked
#: whether a minion was "magic" and the ruling stopped)
_SPELL_NOUNS = frozenset({"spell", "spells", "magic", "magics"})


def origin_of(state: Any, source: Any, how: str, spell: Any = None) -> Origin:
    """The origin of damage dealt by ``source`` (a unit, or None) ``how``, or by the spell ``spell``
    (its name; its card from the ruling's card source)."""
    from codex.engine.effects.context import ZoneCard, card_data
    from codex.engine.state import Card
    if spell is not None:
        data = card_data(spell) if isinstance(spell, str) else spell
        name = spell if isinstance(spell, str) else getattr(spell, "name", "spell")
        card = Card(name, "", getattr(data, "type", None) or "magic", data=data)
        return Origin(Obj("card", ZoneCard("", "storyline", card)), "effect")
    return Origin(Obj("unit", source.id) if source is not None else None, how)


__all__ = ["Origin", "matches", "origin_of", "source_problems", "HOWS"]
