"""Type changing effects (Codex "Apply Ongoing Effects In Order", layer 4): an effect that takes a
minion's minion types away ("Minions here lose all minion types", "has no minion types") or gives
it one besides the others ("is also a Beast until end of turn", "are Beasts in addition to their
other types"), from a static ability (`statics.Static` of kind ``subtype`` / ``no_types``) or, for a
while, from a resolved ability or a magic (`state.Lasting.subtypes` / ``also_types``).

Within the layer the effects apply by timestamp, oldest first (Codex: "Within each layer, apply the
effects based on their timestamp, from oldest to newest"): an effect that removes every type undoes
what older ones added, and a newer one adds to what it left. Static abilities apply in the board's
order (`statics.collect`), then lasting effects in the order they began: a lasting effect is read as
newer than every static ability, which it is unless a card entered the realm after it began (the
engine keeps no entry time; named as a limit in docs/engine.md). Selections, counts and "non-X" read
the result (`select.unit_subtypes`).
"""
from __future__ import annotations

from typing import Any, Iterable

from codex.cardtext import ast as A
from codex.engine.state import GameState, Lasting, Unit


def names_minion_types(words: Any, dets: tuple[Any, ...]) -> bool:
    """"all minion types", "no minion types", "their minion types": every minion type at once."""
    from codex.engine.effects.statics import singular_noun
    return isinstance(words, A.Selector) and singular_noun(words) == "minion type" and words.det in dets \
        and not words.mods and not words.filters and words.count is None


def removes_types(act: Any) -> bool:
    """"loses all minion types" (LoseGrant of them) or "has no minion types" (Own with "no")."""
    if isinstance(act, A.LoseGrant):
        return not act.grants and names_minion_types(act.abilities, ("all", "their", "its", None))
    if isinstance(act, A.Own):
        return names_minion_types(act.patient, ("no",))
    return False


def names_units(words: Any) -> bool:
    """Whether the words a type change is said of name units ("target minion", "allies here", "it", a
    subtype), not sites, cards in a zone or spells."""
    from codex.engine.effects.select import NOUNS, is_subtype, singular
    if isinstance(words, A.Ref):
        return True
    if not isinstance(words, A.Selector):
        return False
    word = singular(words.noun).lower()
    return NOUNS[word][0] == "unit" if word in NOUNS else is_subtype(words.noun)


def in_addition(clause: A.Clause) -> bool:
    """"is also a Beast", "are Beasts in addition to their other types": a type given besides the others
    (Codex "Cards with Multiple Types": "It's also possible for cards to gain types during the game")."""
    return "also" in clause.adverbs or any(_other_types(adj) for adj in clause.adjuncts)


def _other_types(adj: Any) -> bool:
    what = getattr(adj, "what", None)
    return getattr(adj, "prep", None) == "in_addition_to" and isinstance(what, A.Selector) \
        and what.noun.lower() in ("type", "types", "minion type", "minion types") and "other" in what.mods


def fold(base: tuple[str, ...], also: tuple[str, ...], changes: Iterable[tuple[tuple[str, ...] | None, tuple[str, ...]]]
         ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Apply type changes oldest first to (the types standing instead of the printed ones, the types
    added): each change is (types that now stand, or None to keep them; types added). Types set
    replace everything before, what older effects added included."""
    for now, added in changes:
        if now is not None:
            base, also = now, ()
        also = also + tuple(t for t in added if t not in also)
    return base, also


def lasting_changes(state: GameState, unit: Unit) -> list[Lasting]:
    """The lasting effects on ``unit`` that change its types, oldest first."""
    from codex.engine.ongoing import lasting_on
    return [e for e in lasting_on(state, unit) if e.subtypes is not None or e.also_types]


def with_lasting(state: GameState, unit: Unit, base: tuple[str, ...], also: tuple[str, ...]) -> tuple[str, ...]:
    """A unit's minion types: what the static abilities left (``base`` and ``also``), then the lasting
    effects on it, newer than those (`fold`)."""
    changes = lasting_changes(state, unit) if state.lasting else []
    base, also = fold(base, also, ((e.subtypes, e.also_types) for e in changes))
    return tuple(dict.fromkeys(base + also))
