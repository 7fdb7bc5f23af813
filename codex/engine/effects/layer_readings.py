"""Where the Codex's layer order leaves a reading open: an earlier layer's words and a later layer's change.

Codex "Apply Ongoing Effects In Order" lists the layers (disabling and silencing, control, type
changing, ability adding and removing, power setting, addition, multiplication) and says each
overlapping effect applies in that order; it does not say whether the words of an earlier layer's
effect ("Minions of one subtype here are disabled") test a unit as the earlier layers leave it, or as
a later layer makes it (an effect that makes a unit "also" of that subtype). The engine keeps the
strict layer reading (`statics.affected`: the words read the unit as the layers before leave it);
where a later layer's effect changes a fact those words test for some unit, so that the other reading
would cover it differently, the ruling says so (note `ruling_variant`), naming both readings.

It stays cheap: only the units a later layer actually changes are read again, and only against the
effects of the disabling/silencing layer and of the ability layer (the control layer decides its own
cover, `static_control.py`, and is not read here).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

from codex.engine.effects.context import Obj
from codex.engine.effects.statics import Static, _active, _silenced_sources, affected, applied_to
from codex.engine.events import CardQuote, Note
from codex.engine.state import GameState, Unit

#: The layers' names, as the Codex lists them (their order is the numbers of `statics._LAYERS`).
_LAYER_NAMES = {2: "disabling and silencing", 4: "type changing", 5: "ability adding and removing",
                7: "power"}
#: The earlier layers' effects read again, by kind, and the layer of each.
_EARLY = {"silence": 2, "disable": 2, "grant": 5, "lose": 5}
#: What each kind does to a unit it covers, for the ruling's sentence.
_DOES = {"silence": "silenced", "disable": "disabled", "grant": "given what it grants",
         "lose": "made to lose what it takes"}
#: The rules a note cites: the layer order, and the entries of the two layers it weighs.
_RULES = ("ongoing-effect.layers", "ongoing-effect.disabling-layer", "ongoing-effect.type-layer")


def layer_notes(state: GameState, told: set[str]) -> list[Note]:
    """A `ruling_variant` note for each (earlier effect, unit) whose cover a later layer's change
    would alter, once per pair (``told``: the pairs already named, updated)."""
    if not state.statics:
        return []
    early = [s for s in state.statics if s.kind in _EARLY and s.patient is not None]
    if not early:
        return []
    silenced = _silenced_sources(state)
    early = [s for s in early if _active(state, s, silenced)]
    out: list[Note] = []
    for unit in state.units:
        if not unit.is_minion:
            continue
        for layer, name, changed, by in _later_changes(state, unit):
            for s in early:
                if _EARLY[s.kind] >= layer or by == s.quote:
                    # one sentence's changes ("Mortals here become Beasts and are silenced") cover the
                    # objects its words name once: no reading is open between them
                    continue
                key = f"{s.ctx.key}:{unit.id}"
                if key in told:
                    continue
                me = Obj("unit", unit.id)
                strict = me in affected(state, s)
                other = me in affected(state.with_unit(changed), s)
                if strict == other:
                    continue
                told.add(key)
                out.append(_note(s, unit, layer, name, by, strict))
    return out


#: A later layer's change to one unit: (its layer, what it makes of the unit, the unit so changed,
#: the effect that did it).
Change = tuple[int, str, Unit, CardQuote]


def _later_changes(state: GameState, unit: Unit) -> Iterable[Change]:
    """The facts of ``unit`` that ongoing effects of the type, ability and power layers change now,
    each as the unit would be if that change were printed on it."""
    done = applied_to(state, unit)
    if done.typed_by:
        subtypes = tuple(done.subtypes if done.subtypes is not None else unit.subtypes) + done.also
        if set(subtypes) != set(unit.subtypes):
            yield 4, f"of subtype {', '.join(subtypes) or 'none'}", replace(unit, subtypes=subtypes), done.typed_by[-1]
    granted = [q for q in done.sources if q not in done.typed_by]
    if not granted:
        return
    from codex.engine.ongoing import own_keywords, power_of
    keywords = own_keywords(state, unit).with_(disabled=unit.keywords.disabled)
    if keywords != unit.keywords:
        yield 5, "with the keywords an effect gives or takes", replace(unit, keywords=keywords), granted[-1]
    attack, defense = power_of(state, unit)
    if (attack, defense) != (unit.attack, unit.defense):
        yield 7, f"of power {attack}", replace(unit, attack=attack, defense=defense), granted[-1]


def _note(s: Static, unit: Unit, layer: int, made: str, by: CardQuote, strict: bool) -> Note:
    """The ruling's sentence naming both readings, each quoted."""
    early, late = _LAYER_NAMES[_EARLY[s.kind]], _LAYER_NAMES[layer]
    does = _DOES[s.kind]
    first: Callable[[bool], str] = lambda covered: (f"{unit.name} is {does}" if covered
                                                    else f"{unit.name} is not {does}")
    sentence = (f"Layer order: {s.ctx.source_name}'s \u201c{s.quote.quote}\u201d is an effect of the {early} layer, "
                f"and {by.card}'s \u201c{by.quote}\u201d an effect of the later {late} layer, which makes {unit.name} "
                f"{made}. The Codex says to apply overlapping effects \u201cin the order listed here by layer\u201d, "
                f"so the earlier effect's words read {unit.name} as the layers before it leave it: {first(strict)}. "
                f"The Codex does not say which objects an earlier layer's words cover when a later layer changes "
                f"them: read with the later change, {first(not strict)}.")
    return Note("ruling_variant", sentence, {"effect": s.ctx.source_name, "unit": unit.id, "changed_by": by.card,
                                              "strict": strict, "other_reading": not strict},
                rules=_RULES, from_card=s.quote)
