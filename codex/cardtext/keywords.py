"""Keyword abilities of a card, as the rules engine consumes them."""
from __future__ import annotations

from codex.cardtext import ast as A
from codex.cardtext.parser import parse_card_text


def keywords_of(text: str | A.CardText, name: str | None = None) -> dict[str, int | bool | str]:
    """Keywords on the card's keyword lines, one entry each.

    Keys and values (only keywords present appear):

    - ``airborne, burrowing, submerge, voidwalk, stealth, charge, lethal, immobile, waterbound,
      landbound, ward``: ``True``
    - ``lance``: the number of Lance instances (``Lance, Lance`` → 2)
    - ``movement``: the total bonus steps (``Movement +2`` → 2)
    - ``ranged``: the range (``Ranged`` → 1, ``Ranged 3`` → 3)
    - ``range``: the range added (``+1 Range`` → 1)
    - ``spellcaster``: ``True`` for any element, or the element ``"air"|"earth"|"fire"|"water"``, or
      ``"non-fire"``-style strings for restricted casters
    """
    card = text if isinstance(text, A.CardText) else parse_card_text(text, name)
    out: dict[str, int | bool | str] = {}
    for ability in card.abilities:
        if not isinstance(ability, A.KeywordLine):
            continue
        for item in ability.items:
            if not isinstance(item, A.Keyword):
                continue
            if item.name == "lance":
                out["lance"] = int(out.get("lance", 0)) + 1
            elif item.name == "movement":
                out["movement"] = int(out.get("movement", 0)) + int(item.value or 0)
            elif item.name == "ranged":
                out["ranged"] = int(item.value) if item.value is not None else 1
            elif item.name == "range":
                out["range"] = int(out.get("range", 0)) + int(item.value or 0)
            elif item.name == "spellcaster":
                out["spellcaster"] = item.value or True
            else:
                out[item.name] = True
    return out
