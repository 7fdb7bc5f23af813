"""Effects that put a unit somewhere without its own steps: a teleport (forced movement) and a
summon by an effect, both ways of entering (`codex.engine.entering`); and an effect tapping a unit."""
from __future__ import annotations

from dataclasses import replace

from codex.engine import document as D
from codex.engine.abilities import abilities_of, with_explicit
from codex.engine.actions.base import Outcome, Resolution, handles, place
from codex.engine.carrying import lance_tokens
from codex.engine.entering import lance_notes, summon_effect, teleport
from codex.engine.activation import tap_reason, tap_rules
from codex.engine.events import Event, NotMoved, TappedByEffect
from codex.engine.geometry import Region
from codex.engine.ongoing import disabled_by
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.state import Unit


@handles(D.Teleport, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL, Verdict.AMBIGUOUS)
def teleport_unit(res: Resolution, a: D.Teleport, ptr: str) -> Outcome:
    """``{"do": "teleport"}`` is short for ``{"do": "move", "how": "teleport"}``: one path for every
    teleport, whoever asks for it (forced movement: no steps of its own, so being Immobile or
    disabled does not stop it)."""
    from codex.engine.actions.forced import move
    return move(res, D.Move(do="move", unit=a.unit, how="teleport", to=a.to), ptr)


@handles(D.Summon, Verdict.RESOLVED, Verdict.GAME_OVER)
def summon_minion(res: Resolution, a: D.Summon, ptr: str) -> Outcome:
    """An effect summons a minion: it enters the realm where the effect puts it, if it can enter
    there; otherwise it stays where it was (in its zone)."""
    doc = a.minion
    loc = place(res.state, a.location)
    abilities = with_explicit(abilities_of(doc.text, doc.name), doc.keywords)
    attack, defense = (doc.power, doc.power) if isinstance(doc.power, int) else doc.power
    kw = abilities.keywords
    minion = Unit(doc.id or doc.name, doc.name, a.controller, a.controller, "minion", loc, attack, defense,
                  keywords=kw, text=doc.text, summoned_this_turn=True, abilities=abilities, summoned_at=loc.square)
    rules = ("summon", "summon.effect", "enter") + (("summon.anywhere",) if loc.region is not Region.SURFACE
                                                     or res.state.site_at(loc.square) is None else ())
    res.state, events = summon_effect(res.state, minion, rules)
    batch: list[Event] = list(events)
    if any(isinstance(e, NotMoved) for e in events):
        res.emit(*batch)
        return res.done(Verdict.RESOLVED, f"{doc.name} cannot enter the {loc}: it is not summoned.")
    for token in lance_tokens(minion, kw.lances):
        res.state = res.state.with_artifact(token)
    batch += lance_notes(res.state, minion.id)
    res.settle(batch)
    after = res.state.unit(minion.id)
    where = f"is at the {after.location}" if after else "left the realm at once"
    return res.done(res.result_verdict(), f"{doc.name} is summoned to the {loc} and {where}.")


@handles(D.Tap, Verdict.RESOLVED, Verdict.ILLEGAL)
def tap_unit(res: Resolution, a: D.Tap, ptr: str) -> Outcome:
    """Tap a unit. To pay a cost it must be able to tap (not disabled, not summoning sick unless it
    has Charge, untapped); an effect may tap it directly even when disabled or summoning sick."""
    unit = res.unit(a.unit, ptr + "/unit")
    if a.cost:
        found = tap_reason(res.state, unit)
        if found:
            raise res.illegal(found, f"{unit.name} cannot be tapped to pay a cost", ptr + "/unit")
        rules: tuple[str, ...] = ("tap",) + tap_rules(res.state, unit)
    else:
        if unit.tapped:
            raise res.illegal((Reason.TAPPED, "tap"), f"{unit.name} cannot be tapped", ptr + "/unit")
        cause = disabled_by(res.state, unit)
        rules = ("tap",) + ((cause, "disabled.tapped-by-effect") if cause else ()) + (
            ("tap.by-effect",) if unit.is_minion and unit.summoned_this_turn else ())
    res.state = res.state.with_unit(replace(unit, tapped=True))
    res.emit(TappedByEffect(unit.id, unit.name, a.cost, rules=rules))
    return res.done(Verdict.RESOLVED, f"{unit.name} is tapped" + (" to pay a cost." if a.cost else " by an effect."))
