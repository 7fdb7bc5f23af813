"""An ability that gives something with no listed duration and, in the same ability, takes its own
card out of the realm ("give it X, and return this aura to its owner's hand").

Codex "Ongoing Effect" gives such a grant the duration "while the source is in the realm", so it
ends the moment the same ability removes the source: the engine keeps that strict reading (the
grant is a `Lasting` with ``until="source"``, `durations.until_of`, ended at rest by
`durations.gone_sources`). The card's evident intent is that the grant stays, or the words would
give nothing; the Codex has no text on an ability that removes its own source after giving, so the
ruling names both readings (note `ruling_variant`) and says which one its verdict follows.
"""
from __future__ import annotations

from codex.engine.events import Event, Note
from codex.engine.state import GameState, Lasting


def _own_key(kind: str, key: object) -> str:
    return f"{kind}:{key}"


def granted_then_gone(before: GameState, after: GameState, kind: str, key: object) -> list[Lasting]:
    """The lasting effects the ability began (absent from ``before``) that last while its own card
    is in the realm, when that card was in the realm before the ability and is not after it."""
    from codex.engine.ongoing import in_realm
    own = _own_key(kind, key)
    if not in_realm(before, own) or in_realm(after, own):
        return []
    old = {e.id for e in before.lasting}
    return [e for e in after.lasting if e.id not in old and e.until == "source" and e.source == own]


def own_removal_notes(before: GameState, after: GameState, kind: str, key: object, name: str) -> list[Event]:
    """One `ruling_variant` note per such grant: the strict reading (kept) and the card's intent."""
    out: list[Event] = []
    for effect in granted_then_gone(before, after, kind, key):
        what = effect.describe()
        units = ", ".join(after.unit(u).name if after.unit(u) is not None else u for u in effect.units)  # type: ignore[union-attr]
        out.append(Note(
            "ruling_variant",
            f"{name} gave {units} {what} with no listed duration, and the same ability took {name} out of the "
            f"realm. Read by Codex \u201cOngoing Effect\u201d (an effect with no listed duration applies "
            f"\u201cwhile the source is in the realm\u201d), the grant ends at once, and this ruling follows that "
            f"reading. Read by the card's evident intent (the words would give nothing otherwise), the grant "
            f"stays once given. The Codex has no text on an ability that removes its own source after giving, "
            f"so it does not settle which.",
            {"card": name, "units": list(effect.units), "reading": "ends", "other": "stays"},
            rules=("ongoing-effect",)))
    return out


__all__ = ["granted_then_gone", "own_removal_notes"]
