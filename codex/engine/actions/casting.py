"""Casting spells: who casts, paying mana with enough threshold, and where each type of spell goes
(a minion is summoned, an artifact or aura conjured, a magic resolves)."""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import replace
from typing import Any, Callable

from codex.cardtext import ast as A
from codex.engine import casting as C
from codex.engine import document as D
from codex.engine.abilities import AbilityKind, abilities_of, with_explicit
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.execute import execute, execute_run
from codex.engine.effects.select import TargetGone
from codex.engine.errors import IllegalAction
from codex.engine.actions.base import Outcome, Resolution, handles, place
from codex.engine.entering import ground_notes, lance_notes, summon
from codex.engine.events import AbilityNotExecuted, CardQuote, AbilityResolved, CardsMoved, Conjured, Event, MagicResolved, ManaPaid, Note, SpellCast
from codex.engine.geometry import Region
from codex.engine.keywords import parse_threshold
from codex.engine.ongoing import keywords_at
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.carrying import lance_tokens, offset_in
from codex.engine.combat import break_ward, interact
from codex.engine.oversized import normalise
from codex.engine.effects.casting_effects import use_up
from codex.engine.effects.casting_rules import (Casting, conjured_on_border, alternate_cost, card_permitted, cast_now, cast_on_turn, casting_of,
                                                conjured_atop, cost_change, may_cast, permitted, required, spent,
                                                threshold_waived)
from codex.engine.effects.context import card_data
from codex.engine.geometry import Location
from codex.engine.state import Affinity, Artifact, Aura, Card, GameState, CastRecord, Unit, ZoneName
from typing import Any
from codex.engine.zones import move, take
from codex.engine.rest import stir


def spell_of(doc: D.SpellDoc) -> C.Spell:
    """The spell as the rules see it: its card text read into abilities, explicit keywords added.
    (`scenario.load` has filled in what a named card gives: name and type are always there.)"""
    assert doc.name is not None and doc.type is not None
    power = doc.power or 0
    attack, defense = (power, power) if isinstance(power, int) else power
    text = doc.text or ""
    kind = "minion" if "minion" in doc.also else doc.type     # Codex "Cards with Multiple Types"
    abilities = with_explicit(abilities_of(text, doc.name, spell=kind == "magic"), doc.keywords)
    cost = max(0, (doc.cost or 0) + (doc.x or 0) + doc.cost_change)     # Codex "Cost": never negative
    size = tuple(doc.size) if doc.size is not None else abilities.size
    return C.Spell(doc.name, kind, cost, Affinity.of(parse_threshold(doc.threshold)), text, attack,
                   defense, abilities.keywords, doc.carriable, tuple(doc.keywords), abilities,
                   (size[0], size[1]) if size else None)


def _pay(state: GameState, pid: str, cost: int) -> GameState:
    p = state.player(pid)
    return state.with_player(replace(p, mana=p.mana - cost))


Placement = Callable[[Resolution, D.Cast, C.Spell, str, str], str]

def _attacked_now(state: GameState, named: Any) -> bool:
    """Whether the units a casting rule named are the attacked unit, not defenders ("May be cast
    when an ally is attacked")."""
    at = state.attacking
    return at is not None and all(str(o.key) == at.unit and o.key not in at.defenders for o in named)


#: The units a spell's own casting rule named as it was cast ("May be cast when an ally defends":
#: that ally), what "the ally" of its effect means; set for one cast.
_NAMED: ContextVar[tuple[Any, ...]] = ContextVar("arbiter_cast_named", default=())
#: a magic's declared targets were tried as it was cast, before casting triggers changed the board
_TRIED: ContextVar[bool] = ContextVar("arbiter_cast_tried", default=False)


def _summon(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, ptr: str) -> str:
    """A minion spell: the minion enters the realm at a legal summoning location (Codex "Enter")."""
    if a.location is None:
        raise res.illegal((Reason.BAD_SUMMONING_LOCATION, "casting.minion-location"),
                          f"{spell.name} needs a summoning location", ptr + "/location")
    loc = place(res.state, a.location)
    sid = a.spell.id or spell.name
    size = spell.size or (1, 1)
    if size != (1, 1):
        loc = normalise(res.state, loc)
    known = card_data(spell.name)
    known = known if known is not None and known.name == spell.name else None
    minion = Unit(sid, spell.name, pid, a.owner or pid, "minion", loc, spell.attack, spell.defense, keywords=spell.keywords,
                  text=spell.text, summoned_this_turn=True, abilities=spell.abilities, size=size, summoned_at=loc.square,
                  subtypes=tuple(known.subtypes) if known else (), elements=tuple(known.elements) if known else
                  tuple(sorted(spell.threshold.elements())), cost=spell.cost, rarity=known.rarity if known else None)
    found = (C.summoning_area_reason(res.state, pid, spell, loc, minion) if minion.oversized
             else C.summoning_location_reason(res.state, pid, spell, loc, minion))
    if found and found[0] is Reason.NOT_YOUR_SITE and loc.region is Region.SURFACE:
        allowed = _permitted_elsewhere(res, a, spell, pid, loc, minion)
        found = found if allowed is None else (allowed or None)
    if found:
        raise res.illegal(found, f"{spell.name} cannot be summoned to the {loc}", ptr + "/location")
    rules = ["casting.minion-location", "casting-minions.enter", "summon"] + {
        Region.UNDERGROUND: ["burrowing.summon", "casting.minion-burrowing"], Region.UNDERWATER: ["submerge.summon"],
        Region.VOID: ["voidwalk.summon"]}.get(loc.region, []) + (["oversized-units.summon"] if minion.oversized else [])
    res.state, batch = summon(_pay(res.state, pid, spell.cost), minion, tuple(rules))
    for token in lance_tokens(minion, spell.keywords.lances):
        res.state = res.state.with_artifact(token)
    if minion.oversized:
        where = ", ".join(str(x) for x in res.state.locations_of(minion))
        batch.append(Note("oversized", f"{spell.name} occupies {len(res.state.locations_of(minion))} locations: "
                          f"{where}.", {"unit": sid}, rules=("oversized-units", "oversized-units.size") + (
                              ("the-golden-rule",) if a.spell.size is None else ())))
    batch += lance_notes(res.state, sid)
    batch += [AbilityNotExecuted(sid, spell.name, what, rules=("storyline",)) for what in spell.abilities.not_executed()]
    charge = spell.keywords.charge
    batch.append(Note("sickness", f"{spell.name} entered the realm this turn." + (
        " It has Charge, so no summoning sickness." if charge else " It has summoning sickness this turn."),
        {"unit": sid}, rules=("summoning-sickness.enter",) + (("charge",) if charge else ("summoning-sickness",))))
    res.settle(batch)
    return f"summoned to the {loc}"


def _casting(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, loc: Location | None) -> Casting:
    from codex.engine.cards import CardData
    data = CardData(spell.name, spell.type, spell.cost, spell.threshold.as_dict(), spell.attack, spell.defense,
                    text=spell.text, subtypes=tuple(a.spell.subtypes) if hasattr(a.spell, "subtypes") else (),
                    elements=tuple(sorted(spell.threshold.elements())))
    known = card_data(spell.name)
    if known is not None and known.name == spell.name:
        data = replace(known, cost=spell.cost, text=spell.text)
    return casting_of(spell.name, spell.type, data, pid, a.caster, loc, a.zone, a.carrier or None, a.owner)


def _permission_note(res: Resolution, quote: Any, text: str, unit: str | None = None) -> None:
    res.emit(Note("permission", text, {"unit": unit} if unit else {}, rules=("may-and-can",), from_card=quote))


def _permitted_elsewhere(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, loc: Location, minion: Unit) -> Any:
    """A minion summoned to a site its player does not control, which a static ability allows
    ("May be summoned to any site", "You may summon minions to affected sites"): legal if it can
    enter there; the permission is cited."""
    from codex.engine.entering import entry_reason
    quote = permitted(res.state, _casting(res, a, spell, pid, loc), spell.abilities, "place")
    if quote is None:
        return None
    bad = entry_reason(res.state, minion, loc)
    if bad:
        return bad[0], "casting-minions.enter"
    res.emit(Note("permission", f"{quote.card} lets {spell.name} be summoned to the {loc}.", {"unit": minion.id},
                  rules=("may-and-can",), from_card=quote))
    return ()


def _artifact_id(state: GameState, wanted: str) -> str:
    aid, n = wanted, 1
    while state.artifact(aid) is not None or state.unit(aid) is not None:
        n += 1
        aid = f"{wanted}-{n}"
    return aid


def _conjure_artifact(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, ptr: str) -> str:
    """An artifact is conjured on the surface of one of your sites, or (a carriable one) into the
    hands of one of your units, at a location that unit occupies (Codex "Casting Artifacts")."""
    aid = _artifact_id(res.state, a.spell.id or "-".join(spell.name.lower().split()))
    if a.carrier:
        bearer = res.unit(a.carrier, ptr + "/carrier")
        if not spell.carriable:
            raise res.illegal((Reason.NOT_CARRIABLE, "artifact.monument"), spell.name, ptr + "/carrier")
        loc = place(res.state, a.location) if a.location is not None else bearer.location
        if bearer.controller != pid:
            quote = permitted(res.state, _casting(res, a, spell, pid, loc), spell.abilities, "carrier")
            if quote is None:
                raise res.illegal((Reason.NOT_AN_ALLY, "casting.artifact"),
                                  f"{spell.name} into {bearer.name}'s hands", ptr + "/carrier")
            _permission_note(res, quote, f"{quote.card} lets {spell.name} be conjured to {bearer.name}.", bearer.id)
        if not res.state.occupies(bearer, loc):
            raise res.illegal((Reason.NOT_HERE, "casting.artifact"), f"{spell.name} at the {loc}", ptr + "/location")
        res.state = _pay(res.state, pid, spell.cost).with_artifact(
            Artifact(aid, spell.name, a.owner or pid, loc, bearer=bearer.id, offset=offset_in(res.state, bearer, loc),
                     cost=spell.cost, text=spell.text, abilities=spell.abilities))
        res.settle([Conjured(spell.name, f"into the hands of {bearer.name}", f"artifact:{aid}", pid, loc, rules=(
            "casting.artifact-carrier", "conjure", "carriable-artifact", "artifact.control"))])
        return f"carried by {bearer.name}"
    caster = res.unit(a.caster, ptr + "/caster")
    loc = place(res.state, a.location if a.location is not None else caster.location.square)
    site = res.state.site_at(loc.square)
    if site is not None and site.controller != pid and loc.region is Region.SURFACE:
        quote = permitted(res.state, _casting(res, a, spell, pid, loc), spell.abilities, "place")
        if quote is not None:
            _permission_note(res, quote, f"{quote.card} lets {spell.name} be conjured at {site.name}.")
            site = replace(site, controller=pid)
    if site is None or site.controller != pid or loc.region is not Region.SURFACE:
        raise res.illegal((Reason.NOT_YOUR_SITE, "casting.artifact-location"), spell.name, ptr + "/location")
    res.state = _pay(res.state, pid, spell.cost).with_artifact(
        Artifact(aid, spell.name, a.owner or pid, loc, carriable=spell.carriable, controller=None if spell.carriable else pid,
                 cost=spell.cost, text=spell.text, abilities=spell.abilities))
    res.settle([Conjured(spell.name, f"on the surface of {site.name}", f"artifact:{aid}", pid, loc,
                         rules=("casting.artifact-location", "conjure") + (
        ("artifact.uncontrolled", "uncontrolled.artifact") if spell.carriable else ("artifact.monument",)))])
    return f"conjured at {site.name}"


def _atop_site(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, ptr: str) -> tuple[int, ...] | None:
    """An aura its text conjures atop one site ("Conjure atop an Elite or Unique site"): that site's
    square, if it is such a site (Codex "The Silver Rule": the card's words replace the 2x2 area)."""
    corner = a.location if isinstance(a.location, int) else (a.location[0] if a.location else None)
    if corner is None:
        return None
    loc = Location(corner, Region.SURFACE)
    found = conjured_atop(res.state, _casting(res, a, spell, pid, loc), spell.abilities)
    if found is None:
        return None
    quote, ok = found
    site = res.state.site_at(corner)
    where = site.name if site is not None else f"the void at square {corner}"
    res.emit(Note("permission", f"{spell.name} is conjured atop one site, as its text says: {where} "
                  f"{'is' if ok and site is not None else 'is not'} such a site.", {"square": corner},
                  rules=("the-silver-rule", "casting.aura"), from_card=quote))
    if not ok or site is None:
        raise res.illegal((Reason.BAD_SUMMONING_LOCATION, "the-silver-rule"), f"{spell.name} atop {where}",
                          ptr + "/location")
    return (corner,)


def _atop_border(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, ptr: str) -> tuple[int, int] | None:
    """A wall its text conjures atop a border ("conjure it atop a border of one of your sites"):
    the border the cast names (``border``), if it is one of such a site (Codex "Traverse": a wall
    "sits atop a border of a site"); None for an aura its text does not put on a border."""
    from codex.engine.borders import border_between
    border = border_between(*a.border) if a.border else None
    loc = Location(a.border[0], Region.SURFACE) if a.border else None
    found = conjured_on_border(res.state, _casting(res, a, spell, pid, loc), spell.abilities, border)
    if found is None:
        if a.border:
            raise res.illegal((Reason.BAD_AURA_AREA, "casting.aura"), f"{spell.name} atop a border (its text does "
                              "not conjure it atop one)", ptr + "/border")
        return None
    quote, ok = found
    if a.border is None:
        raise res.illegal((Reason.BAD_SUMMONING_LOCATION, "traverse.walls"), f"{spell.name} needs the border it is "
                          "conjured atop (\"border\": two adjacent squares)", ptr + "/border")
    where = f"the border between squares {a.border[0]} and {a.border[1]}"
    res.emit(Note("permission", f"{spell.name} is conjured atop a border, as its text says: {where} "
                  f"{'is' if ok else 'is not'} a border of such a site.", {"border": list(a.border)},
                  rules=("the-silver-rule", "traverse.walls"), from_card=quote))
    if border is None or not ok:
        raise res.illegal((Reason.BAD_SUMMONING_LOCATION, "traverse.walls"), f"{spell.name} atop {where}",
                          ptr + "/border")
    return border


def _conjure_aura(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, ptr: str) -> str:
    border = _atop_border(res, a, spell, pid, ptr)
    if border is not None:
        return _conjure_wall(res, a, spell, pid, border)
    corner = a.location if isinstance(a.location, int) else (a.location[0] if a.location else None)
    squares = _atop_site(res, a, spell, pid, ptr) or (C.aura_squares(corner) if corner else None)
    if not squares:
        raise res.illegal((Reason.BAD_AURA_AREA, "casting.aura"), spell.name, ptr + "/location")
    before = res.state
    res.state = _pay(res.state, pid, spell.cost)
    aura = Aura(a.spell.id or spell.name, spell.name, pid, squares, tuple(a.spell.effects), text=spell.text,
                abilities=spell.abilities, cost=a.spell.cost or 0, elements=tuple(sorted(spell.threshold.elements())))
    res.state = res.state.evolve(auras=res.state.auras + (aura,))
    where = f"on squares {', '.join(map(str, squares))}"
    # a flood makes sites water (their subsurfaces follow); a silence removes abilities (Waterbound too)
    res.settle([Conjured(spell.name, where, f"aura:{aura.id}", pid, Location(squares[0], Region.SURFACE),
                         rules=("casting.aura", "aura", "conjure"))] + ground_notes(before, res.state))
    return f"conjured {where}"


def _conjure_wall(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, border: tuple[int, int]) -> str:
    """The wall enters the realm atop the border: it covers no area (no squares of its own)."""
    res.state = _pay(res.state, pid, spell.cost)
    aura = Aura(a.spell.id or spell.name, spell.name, pid, (), tuple(a.spell.effects), text=spell.text,
                abilities=spell.abilities, cost=a.spell.cost or 0, elements=tuple(sorted(spell.threshold.elements())),
                border=border)
    res.state = res.state.evolve(auras=res.state.auras + (aura,))
    where = f"atop the border between squares {border[0]} and {border[1]}"
    res.settle([Conjured(spell.name, where, f"aura:{aura.id}", pid, Location(border[0], Region.SURFACE),
                         rules=("traverse.walls", "conjure"))])
    return f"conjured {where}"


def _magic_ctx(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, caster: str, index: int, ability: Any,
               targets: tuple[str, ...], rechecked: bool) -> Ctx:
    """The context a magic's ``index``-th ability resolves in (its declared ``targets``)."""
    sid = a.spell.id or spell.name
    return Ctx(Obj("spell", sid), spell.name, pid, ability, f"{sid}.{index}", caster=caster, targets=targets,
               x=a.spell.x, spell_card=_casting(res, a, spell, pid, None).card.key.card.data,
               bound=(("the", _NAMED.get()),) if _NAMED.get() else (), rechecked=rechecked)


def _targets_allowed(res: Resolution, a: D.Cast, spell: C.Spell, caster: Unit, ptr: str,
                     rechecked: bool = False) -> list[Unit]:
    """The units a magic declares as targets, each one a magic may target (Stealth, region) and no
    ongoing effect forbids ("can't be targeted by magic"); an illegal cast otherwise. ``rechecked``:
    they were declared legal as it was cast and something (a casting trigger) happened since, so a
    target no longer allowed is left out, said in the ruling (Codex "Target": "the legality of the
    target is checked again when the effect actually resolves"), rather than the cast made illegal."""
    targets = []
    for i, tid in enumerate(a.targets):
        if rechecked and res.state.unit(tid) is None:
            # gone from the realm since it was declared (a casting trigger returned it): no longer
            # a target at all, left alone like one no longer allowed (Codex "Target")
            gone = next((r.name for r in reversed(res.state.removed) if r.id == tid), tid)
            res.emit(Note("target", f"{gone} is no longer in the realm as {spell.name} resolves, checked again: "
                          "it is left alone.", {"unit": tid}, rules=("target.declared",)))
            continue
        t = res.unit(tid, f"{ptr}/targets/{i}")
        found = C.magic_target_reason(res.state, caster, t)
        if not found and res.state.statics:
            from codex.engine.effects.statics import forbids
            sid = a.spell.id or spell.name
            ban = forbids(res.state, "target", Obj("spell", sid), Obj("unit", t.id), by=caster.controller) or \
                forbids(res.state, "target", Obj("unit", caster.id), Obj("unit", t.id), by=caster.controller)
            if ban is not None:
                res.emit(Note("target", f"{ban.ctx.source_name} forbids {spell.name} to target {t.name}.",
                              {"unit": t.id}, rules=("target",), from_card=ban.quote))
                found = (Reason.FORBIDDEN, "ongoing-effect")
        if found and rechecked:
            from codex.engine.reasons import explain
            res.emit(Note("target", f"{t.name} is no longer a target {spell.name} may have ({explain(found[0])}), "
                          "checked again as it resolves: it is left alone.", {"unit": t.id},
                          rules=("target.declared", found[1])))
            continue
        if found:
            raise res.illegal(found, f"{spell.name} cannot target {t.name}", f"{ptr}/targets/{i}")
        targets.append(t)
    return targets


def _required_target(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, caster: str, ptr: str) -> None:
    """A magic the engine does not execute, cast with no target declared although its words need one
    and nothing fits them: illegal, as an executed one would be (`effects/target_required.py`)."""
    from codex.engine.effects.target_required import required_targets, untargetable
    from codex.engine.reasons import Reason
    unit = res.unit(caster, ptr + "/caster")

    def allowed(o: Obj) -> bool:
        t = res.state.unit(str(o.key)) if o.kind == "unit" else None
        return o.kind != "unit" or (t is not None and not C.magic_target_reason(res.state, unit, t))
    for i, ability in enumerate(spell.abilities.abilities):
        if ability.kind is not AbilityKind.SPELL or ability.executed:
            continue
        ctx = _magic_ctx(res, a, spell, pid, caster, i, ability, (), False)
        for sel in required_targets(ability.node):
            if untargetable(res.state, ctx, sel, allowed):
                raise res.illegal((Reason.NO_LEGAL_TARGET, "target.none"),
                                  f"{spell.name}: there is no {sel.noun} its words allow to target", "/action")


def _declared_legal(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, caster: str, ptr: str,
                    cast: SpellCast) -> bool:
    """A magic's declared targets must be ones its words allow as it is cast, before anything its
    casting triggers happens (Codex "Target": "You must declare a legal target as the effect goes on
    the storyline"): when a trigger hears the cast, its effect is tried on the board as it is now,
    only to find a target its words refuse (an illegal cast); whatever else the trial meets is met
    again when it resolves. With no such trigger the board is the same when it resolves, where the
    words are checked anyway. Whether it was tried (a target refused later then does nothing)."""
    if not a.targets and spell.type == "magic":
        _required_target(res, a, spell, pid, caster, ptr)
    if not a.targets or spell.type != "magic":
        return False
    _targets_allowed(res, a, spell, res.unit(caster, ptr + "/caster"), ptr)
    from codex.engine.effects.triggers import fired
    if not fired(res.state, cast):
        return False
    for i, ability in enumerate(spell.abilities.abilities):
        if ability.kind is not AbilityKind.SPELL or not ability.executed:
            continue
        try:
            execute_run(res.state, _magic_ctx(res, a, spell, pid, caster, i, ability, tuple(a.targets), False))
        except IllegalAction as e:
            if e.rule_id == "target.declared":
                raise IllegalAction(e.reason, e.message, e.rule_id, e.pointer, res.state) from None
        except Exception:           # a choice, a budget...: met again when it resolves
            continue
    return True


def _resolve_magic(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, ptr: str) -> str:
    """A magic resolves: its targets were declared legal (Stealth, region); an opponent's unit
    with a Ward is not affected, its Ward breaks instead of it being targeted."""
    caster = res.unit(a.caster, ptr + "/caster")
    targets = _targets_allowed(res, a, spell, caster, ptr, rechecked=_TRIED.get())
    res.state = _pay(res.state, pid, spell.cost)
    effects = spell.abilities.of_kind(AbilityKind.SPELL) + spell.abilities.of_kind(AbilityKind.TRIGGERED)
    whole = bool(effects) and all(e.executed for e in effects) and not spell.abilities.unreadable
    # each of its abilities (a line of its text) that this engine executes resolves, in order; the
    # others are named, never dropped in silence, and never guessed (found by blind ruling round 18:
    # "You gain 3 life." beside an unreadable line had been dropped with it)
    runs = any(e.executed for e in effects)
    res.emit(MagicResolved(spell.name, a.targets, executed=whole, partly=runs and not whole,
                           rules=("casting.magic",)))
    warded = set()
    for t in targets:
        if t.controller != pid and keywords_at(res.state, t).ward:
            res.apply(break_ward(res.state, t.id, f"targeted by {spell.name}"))
            warded.add(t.id)
    if runs and a.targets and not targets:
        # every declared target is gone by the time it resolves: the spell does nothing
        res.emit(Note("target", f"{spell.name} does nothing: none of its targets is one it may have any more.",
                      {"targets": list(a.targets)}, rules=("target.declared",)))
        runs = False
    if runs:
        sid = a.spell.id or spell.name
        bound: tuple[Any, ...] = ()
        for i, ability in enumerate(spell.abilities.abilities):
            if ability.kind is not AbilityKind.SPELL:
                continue
            if not ability.executed:
                res.emit(AbilityNotExecuted(caster.id, spell.name, ability.describe(), rules=("storyline",)))
                continue
            ctx = replace(_magic_ctx(res, a, spell, pid, caster.id, i, ability, tuple(t.id for t in targets),
                                     rechecked=_TRIED.get()), shielded=tuple(warded))
            res.emit(AbilityResolved(sid, spell.name, ability.text, rules=("storyline", "casting.magic"),
                                     from_card=ctx.quote))
            try:
                done = execute_run(res.state, ctx)
            except TargetGone as gone:
                res.emit(Note("target", f"{spell.name} does nothing: {gone}, checked again as it resolves.",
                              {"targets": list(ctx.targets)}, rules=("target.declared",), from_card=ctx.quote))
                continue
            res.apply((done.state, done.events))
            bound = done.ctx.bound
        _leave_delayed(res, spell, sid, pid, caster.id, tuple(t.id for t in targets if t.id not in warded), bound)
        for what in spell.abilities.not_executed():
            if not any(what == ab.describe() for ab in spell.abilities.abilities if ab.kind is AbilityKind.SPELL):
                res.emit(AbilityNotExecuted(caster.id, spell.name, what, rules=("storyline",)))
    else:
        for what in spell.abilities.not_executed():
            res.emit(AbilityNotExecuted(caster.id, spell.name, what, rules=("storyline",)))
    owner = a.owner or pid
    card = Card(spell.name, owner, "magic", a.spell.token)
    if a.spell.token:
        res.state = res.state.put_card(card, "banished")
        res.emit(CardsMoved(pid, (spell.name,), 0, None, "banished", "a copy is a token, banished as soon as it "
                            "resolves", rules=("copy.token", "token")))
    else:
        res.apply(move(res.state, owner, [card], None, "cemetery", "a magic goes to its owner's cemetery once "
                       "resolved", ("cemetery", "magic", "magic.cemetery", "magic.characteristics")))
    return "cast"


def _casting_to(res: Resolution, a: D.Cast, spell: C.Spell, pid: str) -> Casting:
    loc = place(res.state, a.location) if a.location is not None else None
    if loc is None and spell.type == "artifact":      # conjured where its carrier or its caster is
        unit = res.state.unit(a.carrier or a.caster)
        loc = unit.location if unit is not None else None
    return _casting(res, a, spell, pid, loc)


def _pay_additional(res: Resolution, casting: Casting, spell: C.Spell, caster: str, sid: str, ptr: str,
                    alternative: Any = None) -> None:
    """"As an additional cost to cast Craterize, discard a site": paid as the spell is cast (Codex
    "Cost": the total cost includes any additional costs); a cost that cannot be paid makes the
    cast illegal. ``alternative``: the alternative cost chosen instead of the mana cost, paid first."""
    from codex.engine.effects.casting_rules import additional_costs
    if alternative is not None:
        _pay_action(res, alternative, casting, spell, caster, sid, ptr, "alternative",
                    ("cost.alternate", "may-and-can.optional", "cost"))
    for static in additional_costs(res.state, casting, spell.abilities):
        _pay_action(res, static, casting, spell, caster, sid, ptr, "additional", ("cost.additional", "cost"))


def _pay_action(res: Resolution, static: Any, casting: Casting, spell: C.Spell, caster: str, sid: str, ptr: str,
                kind: str, rules: tuple[str, ...]) -> None:
    """One cost that is an action (discard, sacrifice ...), run as the spell is cast; a cost that
    changes nothing (no such card to discard) was not paid, so the cast is illegal."""
    from codex.engine.effects.execute import Run, run_clause
    from codex.engine.effects.select import NotExecutable
    ctx = Ctx(casting.card, spell.name, casting.player, static.ctx.ability, f"{sid}.cost", caster=caster)
    run = Run(res.state, ctx)
    res.emit(Note("cost", f"{spell.name} has an {kind} cost, paid as it is cast.", {},
                  rules=rules, from_card=static.quote))
    rule = rules[0]
    try:
        run_clause(run, static.payload)
    except NotExecutable as e:
        raise res.illegal((Reason.NO_SUCH_ABILITY, rule), f"{spell.name}'s {kind} cost ({e.what})", ptr + "/spell")
    if run.state == res.state:       # nothing was paid (no such card to discard, not that much life)
        res.emit(*run.events)
        reason = _unpaid_reason(static.payload)
        raise res.illegal((reason, rule), f"{spell.name}'s {kind} cost cannot be paid", ptr + "/spell")
    res.state = run.state
    res.emit(*run.events)


def _unpaid_reason(payload: Any) -> Reason:
    """Why an additional cost was not paid: too little life or mana for "pay N life" / "pay (N)",
    else no such card (to discard, to sacrifice ...)."""
    act = getattr(payload, "action", None)
    if isinstance(act, A.Pay):
        from codex.engine.effects.purpose import life_paid
        return Reason.NOT_ENOUGH_LIFE if life_paid(act) is not None else Reason.NOT_ENOUGH_MANA
    return Reason.NOT_IN_HAND


def _with_alternative(res: Resolution, a: D.Cast, casting: Casting, spell: C.Spell, ptr: str) \
        -> tuple[C.Spell, Any]:
    """"You may discard a random card rather than pay this spell's mana cost", chosen by the cast
    (``alternative_cost``): the total cost starts from (0) instead of the mana cost, then increases
    and reductions apply (Codex "Cost"); the action is paid as the spell is cast. A spell whose text
    offers no such cost cannot be cast that way."""
    from codex.engine.effects.casting_rules import alternative_costs
    if not a.alternative_cost:
        return spell, None
    found = alternative_costs(res.state, casting, spell.abilities)
    if not found:
        raise res.illegal((Reason.NO_ALTERNATIVE_COST, "cost.alternate"),
                          f"{spell.name} (drop alternative_cost, or cast a spell whose text offers one)",
                          ptr + "/alternative_cost")
    static = found[0]
    res.emit(Note("cost", f"{spell.name} is cast for its alternative cost instead of its mana cost ({spell.cost}): "
                  "the total cost starts from (0).", {"cost": 0}, rules=("cost.alternate", "may-and-can.optional"),
                  from_card=static.quote))
    return replace(spell, cost=0), static


def _where_required(res: Resolution, casting: Casting, spell: C.Spell, ptr: str) -> None:
    """"Must be cast to a corner": the spell's own text narrows where it may go (Codex "The Silver
    Rule": specific card text takes precedence); elsewhere the cast is illegal."""
    found = required(res.state, casting, spell.abilities)
    if found is None:
        return
    quote, ok = found
    where = f"the {casting.location}" if casting.location is not None else "no location"
    res.emit(Note("permission", f"{spell.name} must be cast to where its text says: {where} "
                  f"{'is' if ok else 'is not'} such a place.", {"location": str(casting.location)},
                  rules=("the-silver-rule",), from_card=quote))
    if not ok:
        raise res.illegal((Reason.BAD_SUMMONING_LOCATION, "the-silver-rule"),
                          f"{spell.name} cannot be cast to {where}", ptr + "/location")


def _with_cost_changes(res: Resolution, casting: Casting, spell: C.Spell) -> C.Spell:
    """The spell's cost with what static abilities (and effects that last) add or take off (Codex
    "Cost": never below zero), each change cited."""
    waived = threshold_waived(res.state, casting, spell.abilities)
    if waived is not None and spell.threshold.as_dict():
        res.emit(Note("cost", f"{waived.card} lets {spell.name} be cast for no threshold.", {},
                      rules=("threshold", "may-and-can"), from_card=waived))
        spell = replace(spell, threshold=Affinity())
    spell = _with_alternate_cost(res, casting, spell)
    delta, quotes = cost_change(res.state, casting, spell.abilities)
    from codex.engine.effects.casting_rules import additional_mana, cost_floors
    extra, extra_quotes = additional_mana(res.state, casting, spell.abilities)
    if extra_quotes:
        res.emit(Note("cost", f"{spell.name} has an additional cost of ({extra}): its total cost is "
                      f"{spell.cost + extra} before other changes.", {"cost": spell.cost + extra},
                      rules=("cost.additional", "cost.total"), from_card=extra_quotes[0]))
        spell = replace(spell, cost=spell.cost + extra)
    if not quotes:
        return spell
    cost = max(0, spell.cost + delta)
    floored = _floored(spell.cost, cost, cost_floors(res.state, casting, spell.abilities))
    for quote in quotes:
        res.emit(Note("cost", f"{quote.card} changes what {spell.name} costs: {spell.cost} becomes {cost}.",
                      {"cost": cost}, rules=("cost", "cost.total") + (("cost.not-negative",)
                                                                      if spell.cost + delta < 0 else ()),
                      from_card=quote))
    if floored is not None:
        floor, quote = floored
        res.emit(Note("cost", f"{quote.card} takes no more than its reduction allows: {spell.name} costs "
                      f"({floor}), not ({cost}) (its minimum).", {"cost": floor, "floor": floor},
                      rules=("cost", "cost.total"), from_card=quote))
        cost = floor
    from codex.engine.effects.casting_rules import counting_itself, first_of_several
    for quote, counted, uncounted in counting_itself(res.state, casting, spell.abilities):
        other = max(0, spell.cost + delta - counted + uncounted)
        agree = "Both readings give the same cost." if other == cost else \
            f"The two readings differ: ({cost}) counted, ({other}) not."
        res.emit(Note("ruling_variant", f"{quote.card}'s count includes {spell.name} itself, still in the "
                      f"{casting.zone} as its cost is confirmed: the Codex does not say whether a spell being cast "
                      f"counts. It is counted here (the cost is confirmed before the card moves): {spell.name} costs "
                      f"({cost}); not counted (the spell revealed, no longer among those cards), it would cost "
                      f"({other}). {agree}", {"reading": "counted", "cost": cost, "other": other},
                      rules=("casting.cost", "casting.from-hand"), from_card=quote))
    for quote, elements in first_of_several(res.state, casting, spell.abilities):
        res.emit(Note("ruling_variant", f"{spell.name} is the first spell of {' and '.join(elements)} this turn: "
                      f"{quote.card}'s words do not say whether such a spell costs less once or once for each "
                      f"element. It is read once (the words change what one spell costs, and it is one spell); "
                      f"read once for each of its {len(elements)} elements, it would cost that much less "
                      f"{len(elements) - 1} more time(s).",
                      {"elements": elements, "reading": "once", "other": len(elements)}, rules=("cost.total",),
                      from_card=quote))
    return replace(spell, cost=cost)


def _floored(before: int, after: int, floors: list[tuple[int, CardQuote]]) -> tuple[int, CardQuote] | None:
    """The cost a reduction's floor keeps the spell at, with its card, when the changes took it below
    the highest floor; a floor never raises a cost above what it was before the changes (a spell of
    (1) under "to a minimum of (2)" still costs (1)). None when no floor binds."""
    if not floors:
        return None
    floor, quote = max(floors, key=lambda f: f[0])
    bound = min(floor, before)
    return (bound, quote) if after < bound else None


def _speaks_of_cost(ability: Any) -> bool:
    """Whether an ability's words change what spells cost or need (a cost change, a waived
    threshold), read from its AST, or from its words when the grammar could not read them."""
    node = getattr(ability, "node", None)
    if node is not None and any(isinstance(n, (A.CostChange, A.NoThreshold)) for n in A.walk(node)):
        return True
    import re
    return bool(re.search(r"\bcosts?\b|\bthreshold\b", getattr(ability, "text", ability) or "", re.I))


def _unread_cost_changes(res: Resolution, spell: C.Spell, caster: str) -> None:
    """A cast refused for its mana or threshold, when a change to its cost or threshold the engine
    does not execute could change that: the spell's own is named as not executed (a magic's other
    abilities are only named as it resolves, so an illegal cast would hide it), and each such
    static of the realm (named at the start of the ruling) is said not to be counted here."""
    own = [a for a in spell.abilities.abilities if a.kind in (AbilityKind.STATIC, AbilityKind.SPELL)
           and a.unapplied() is not None and _speaks_of_cost(a)]
    for ability in own:
        res.emit(AbilityNotExecuted(caster, spell.name, ability.unapplied() or ability.describe(),
                                    "not executed yet: the cost and threshold checked here do not count it",
                                    rules=("storyline",), from_card=CardQuote(spell.name, ability.text)))
    for sentence in spell.abilities.unreadable:
        if _speaks_of_cost(sentence):
            res.emit(AbilityNotExecuted(caster, spell.name, f"the sentence \u201c{sentence}\u201d (the card-text "
                                        "grammar cannot read it)", "not executed yet: the cost and threshold checked here "
                                        "do not count it", rules=("storyline",)))
    cards = [(u.name, u.abilities) for u in res.state.units] + [(s.name, s.abilities) for s in res.state.sites] + [
        (a.name, a.abilities) for a in res.state.auras] + [(a.name, a.abilities) for a in res.state.artifacts]
    for name, abilities in cards:
        unread: list[Any] = [a for a in abilities.abilities if a.kind is AbilityKind.STATIC and a.unapplied() is not None
                  and _speaks_of_cost(a)] + [s for s in abilities.unreadable if _speaks_of_cost(s)]
        for ability in unread:
            text = getattr(ability, "text", ability)
            res.emit(Note("not_counted", f"{name}'s \u201c{text}\u201d is not executed by this engine version: the "
                          f"cost and threshold of {spell.name} checked here do not count it, and it might change "
                          "whether the spell can be cast.", {"card": name}, rules=("cost.total",)))


def _with_alternate_cost(res: Resolution, casting: Casting, spell: C.Spell) -> C.Spell:
    """The spell starting from an alternate cost its text allows now ("May be cast for (0) if ..."),
    when that is less than its mana cost: its player may, and paying less is never worse (Codex
    "Cost": the total starts from the mana cost or an alternate cost, then increases and reductions)."""
    alternate = alternate_cost(res.state, casting, spell.abilities)
    if alternate is None or alternate[0] >= spell.cost:
        return spell
    amount, quote = alternate
    res.emit(Note("cost", f"{spell.name} is cast for ({amount}) instead of its mana cost ({spell.cost}), as "
                  f"{quote.card} allows.", {"cost": amount}, rules=("cost.alternate", "may-and-can.optional"),
                  from_card=quote))
    return replace(spell, cost=amount)


def _leave_delayed(res: Resolution, spell: C.Spell, sid: str, pid: str, caster: str, targets: tuple[str, ...],
                   bound: tuple[Any, ...] = ()) -> None:
    """A magic's triggered abilities ("At the start of your next turn, ...") listen from now on,
    once: until they fire, or (unless they wait for a next turn) until the turn ends."""
    from codex.engine.state import DelayedTrigger
    added = []
    for i, ability in enumerate(spell.abilities.abilities):
        if ability.kind is not AbilityKind.TRIGGERED or not ability.executed:   # not executed: named instead
            continue
        trigger = getattr(ability.node, "trigger", None)
        turn = getattr(trigger, "turn", None)
        lasts = "fired" if turn is not None and turn.which == "next" else "end_of_turn"
        ctx = Ctx(Obj("spell", sid), spell.name, pid, ability, f"{sid}.{i}", caster=caster, targets=targets,
                  bound=bound)
        added.append(DelayedTrigger(ability, ctx, lasts))  # type: ignore[arg-type]
        res.emit(Note("listens", f"{spell.name}: its triggered ability waits for its event"
                      + (" until the end of the turn." if lasts == "end_of_turn" else "."), {"card": spell.name},
                      rules=("triggered-ability",), from_card=CardQuote(spell.name, ability.text)))
    if added:
        res.state = res.state.evolve(delayed=res.state.delayed + tuple(added))


def _element_note(spell: C.Spell) -> Note:
    """The spell's elements, which an element Spellcaster's restriction reads (Codex "Element")."""
    elements = sorted(spell.threshold.elements())
    what = " and ".join(elements) + (" spell" if len(elements) == 1 else " spell (each of them)") if elements \
        else "spell of no element (it needs no threshold)"
    return Note("element", f"{spell.name} is a{'n' if what[0] in 'aeiou' else ''} {what}.", {"elements": elements},
                rules=("element",) + (("element.multiple",) if len(elements) > 1 else ()))


def _cost_detail(doc: D.SpellDoc) -> str:
    parts = []
    if doc.x is not None:
        parts.append(f"X = {doc.x}")
    if doc.cost_change:
        parts.append(f"{'+' if doc.cost_change > 0 else ''}{doc.cost_change} from effects")
    total = (doc.cost or 0) + (doc.x or 0) + doc.cost_change
    if total < 0:
        parts.append("never below zero")
    return f" ({doc.cost or 0}, {', '.join(parts)})" if parts else ""


def _cost_rules(doc: D.SpellDoc) -> tuple[str, ...]:
    rules: tuple[str, ...] = ()
    if doc.x is not None:
        rules += ("cost", "cost.x")
    if doc.cost_change:
        rules += ("cost", "cost.total")
    if (doc.cost or 0) + (doc.x or 0) + doc.cost_change < 0:
        rules += ("cost.not-negative",)
    return tuple(dict.fromkeys(rules))


def _from_hand(res: Resolution, pid: str, name: str, ptr: str, zone: ZoneName = "hand") -> None:
    """The cast card leaves its caster's hand (or the zone an effect lets it be cast from) for the
    storyline (when the scenario tracks that zone)."""
    player = res.state.player(pid)
    if not player.zone(zone).tracked:
        return
    got = take(player, zone, name, "spell")
    if got is None:
        reason = Reason.NOT_IN_HAND if zone == "hand" else Reason.NOT_IN_ZONE
        raise res.illegal((reason, "casting.from-hand"), f"{name} is not in {pid}'s {zone}", ptr + "/spell")
    res.state = res.state.with_player(got[0])
    rules = ("casting.from-hand", "hand", "storyline") if zone == "hand" else ("storyline",)
    res.emit(CardsMoved(pid, (name,), 0, zone, "storyline", "cast", rules=rules))


_PLACE: dict[str, Placement] = {"minion": _summon, "artifact": _conjure_artifact, "aura": _conjure_aura,
                                "magic": _resolve_magic}


@handles(D.Cast, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL)
def cast(res: Resolution, a: D.Cast, ptr: str) -> Outcome:
    token, tried = _NAMED.set(()), _TRIED.set(False)
    try:
        return _cast(res, a, ptr)
    finally:
        _NAMED.reset(token)
        _TRIED.reset(tried)


def _x_from_text(res: Resolution, a: D.Cast, pid: str) -> D.Cast:
    """A spell whose text says what X is ("(X) is the difference between your two life totals"): X is that,
    computed now, not the player's pick (a scenario's other ``x`` gives way, and the ruling says so)."""
    from codex.engine.effects.x_defined import defined_x, x_value
    found = defined_x(spell_of(a.spell).abilities)
    if found is None:
        return a
    ability, words = found
    x = x_value(res.state, pid, words)
    name = a.spell.name or ""
    given = "" if a.spell.x in (None, x) else f" (not the {a.spell.x} the scenario gives: the card decides it)"
    res.emit(Note("cost", f"{name}'s X is {x}, as its text says{given}.", {"x": x}, rules=("cost.x",),
                  from_card=CardQuote(name, ability.text)))
    return a.model_copy(update={"spell": a.spell.model_copy(update={"x": x})})


def _refuse_banned(res: Resolution, a: D.Cast, spell: C.Spell, pid: str, ptr: str) -> None:
    """An illegal cast when an ongoing ban forbids its player to cast this kind of spell ("Your
    opponents can't cast minions"): checked first, since a 'can't' wins over every permission
    (Codex "Can vs. Can't")."""
    from codex.engine.effects.casting_rules import banned
    ban = banned(res.state, _casting(res, a, spell, pid, None), spell.abilities)
    if ban is None:
        return
    res.emit(Note("permission", f"{ban.ctx.source_name} forbids {pid} to cast {spell.name}.", {},
                  rules=("can-vs-cant",), from_card=ban.quote))
    raise res.illegal((Reason.FORBIDDEN, "can-vs-cant"), f"{pid} cannot cast {spell.name}", ptr + "/spell")


def _cast(res: Resolution, a: D.Cast, ptr: str) -> Outcome:
    caster = res.unit(a.caster, ptr + "/caster")
    a = _x_from_text(res, a, caster.controller)
    spell = spell_of(a.spell)
    pid = caster.controller
    kw = keywords_at(res.state, caster)
    _refuse_banned(res, a, spell, pid, ptr)
    found = C.caster_reason(res.state, caster, spell)
    allowed = None
    if found and found[0] in (Reason.NOT_ACTIVE_PLAYER, Reason.NOT_MAIN_PHASE):
        now = cast_now(res.state, _casting(res, a, spell, caster.controller, None), spell.abilities)
        if now is not None:            # "May be cast when an ally defends ...": its own timing
            when, named = now
            who = ", ".join(u.name for o in named if (u := res.state.unit(str(o.key))) is not None)
            does = "is attacked" if _attacked_now(res.state, named) else "defends"
            does = does if len(named) == 1 else {"is attacked": "are attacked", "defends": "defend"}[does]
            res.emit(Note("permission", f"{spell.name} may be cast now: {who} {does}.",
                          {"units": [str(o.key) for o in named]}, rules=("the-silver-rule", "may-and-can.optional"),
                          from_card=when))
            _NAMED.set(tuple(named))
            found = C.caster_reason(res.state.evolve(turn=replace(res.state.turn, active=caster.controller,
                                                                  phase="main")), caster, spell)
    if found and found[0] is Reason.NOT_ACTIVE_PLAYER:
        turn = cast_on_turn(res.state, _casting(res, a, spell, caster.controller, None), spell.abilities)
        if turn is not None:           # "May be cast during your opponent's turn": its own timing
            res.emit(Note("permission", f"{spell.name} may be cast on {res.state.turn.active}'s turn; "
                          f"{pid} pays it from {pid}'s own mana, none generated on this turn.", {},
                          rules=("the-silver-rule", "may-and-can.optional", "mana.own-turn"), from_card=turn))
            found = C.caster_reason(res.state.evolve(turn=replace(res.state.turn, active=caster.controller)),
                                    caster, spell)
    if found and found[0] is Reason.NOT_SPELLCASTER:     # "May be cast by any ally" (Codex "The Silver Rule")
        allowed = may_cast(res.state, _casting(res, a, spell, caster.controller, None), spell.abilities)
        found = None if allowed is not None else found
    if found:
        if found[0] is Reason.DISABLED:
            res.emit(Note("caster", f"{caster.name} is disabled: a disabled minion can't cast spells.",
                          {"unit": caster.id}, rules=("disabled.cast",)))
        elif found[0] in (Reason.WRONG_ELEMENT_SPELLCASTER, Reason.EXCLUDED_ELEMENT_SPELLCASTER):
            res.emit(_element_note(spell))
        raise res.illegal(found, f"{caster.name} cannot cast {spell.name}", ptr + "/caster")
    by_you = "" if caster.is_avatar else f"; the spell is one {pid} casts, paid from {pid}'s mana"
    if allowed is not None:
        res.emit(Note("caster", f"{caster.name} is not a Spellcaster, but {allowed.card} may be cast by it: "
                      f"{pid} casts it{by_you}.", {"unit": caster.id},
                      rules=("the-silver-rule", "may-and-can.optional", "you", "you.spellcasters"), from_card=allowed))
    else:
        res.emit(Note("caster", f"{caster.name} is a Spellcaster controlled by {pid}{by_you}.", {"unit": caster.id},
                      rules=("casting.spellcaster", "spellcaster") + (
                          ("spellcaster.element",) if kw.spellcaster_elements else ()) + (
                          () if caster.is_avatar else ("you", "you.spellcasters"))))
    if kw.spellcaster_elements or kw.spellcaster_excluded:
        res.emit(_element_note(spell))
    if a.spell.also:
        res.emit(Note("types", f"{spell.name} is {' and '.join((a.spell.type or '',) + a.spell.also)}: "
                      f"{'the minion rules take precedence' if spell.type == 'minion' else 'it has each type'}.",
                      {"types": [a.spell.type, *a.spell.also]}, rules=("cards-with-multiple-types", "card-type")))
    if a.carrier and spell.type != "artifact":
        # only a carriable artifact is conjured into a unit's hands; an Automaton follows the minion
        # rules and is summoned (Codex "Carriable": "not a minion (i.e. not an automaton)")
        raise res.illegal((Reason.NOT_CARRIABLE, "carriable-artifact"),
                          f"{spell.name} (a {spell.type}) into a unit's hands", ptr + "/carrier")
    owner = a.owner or pid
    if owner not in {p.id for p in res.state.players}:
        from codex.engine.errors import Problem, ScenarioError
        raise ScenarioError([Problem(ptr + "/owner", f"no player {owner!r}", "name a player of the scenario")])
    if a.zone != "hand" or owner != pid:
        elsewhere = _casting(res, a, spell, pid, None)
        this_card = card_permitted(res.state, elsewhere)
        quote = this_card or (permitted(res.state, elsewhere, spell.abilities, "zone") if owner == pid else None)
        if quote is None:
            raise res.illegal((Reason.NOT_FROM_ZONE, "casting.from-hand"), f"{spell.name} from {owner}'s {a.zone}",
                              ptr + "/zone")
        res.emit(Note("permission", f"{quote.card} lets {pid} cast {spell.name} from {owner}'s {a.zone}.", {},
                      rules=("may-and-can.optional",) if this_card else ("may-and-can",), from_card=quote))
    casting = _casting_to(res, a, spell, pid)
    _where_required(res, casting, spell, ptr)
    spell, alternative = _with_alternative(res, a, casting, spell, ptr)
    spell = _with_cost_changes(res, casting, spell)
    if _cost_rules(a.spell):
        res.emit(Note("cost", f"The cost of {spell.name} is {spell.cost}{_cost_detail(a.spell)}.",
                      {"cost": spell.cost}, rules=_cost_rules(a.spell)))
    found = C.cost_reason(res.state, pid, spell)
    if found:
        _unread_cost_changes(res, spell, caster.id)
        raise res.illegal(found, spell.name, ptr + "/spell")
    need = ", ".join(f"{k}: {v}" for k, v in spell.threshold.as_dict().items() if v) or "none"
    res.emit(Note("cost", f"{pid} has {res.state.player(pid).mana} mana for the cost of {spell.cost}, and enough "
                  f"affinity for the threshold {{{need}}}.", {"cost": spell.cost},
                  rules=("casting.cost", "threshold", "threshold.not-spent")))
    res.apply(use_up(res.state, spent(res.state, casting)))
    cast = CastRecord(pid, spell.name, spell.type, caster.id,
                     tuple((k, v) for k, v in spell.threshold.as_dict().items() if v),
                     tuple(x.id for x in res.state.artifacts if x.bearer == caster.id))
    res.state = res.state.evolve(cast_this_turn=res.state.cast_this_turn + (cast,))
    if not a.spell.token:          # a token copy is made on the storyline, not cast from a hand
        _from_hand(res, owner, spell.name, ptr, a.zone)
    _pay_additional(res, casting, spell, caster.id, a.spell.id or spell.name, ptr, alternative)
    res.state, stirred = stir(res.state, (caster.id,), "cast a spell", (spell.text,))   # Codex "At Rest"
    res.emit(*stirred)
    cast_event = SpellCast(caster.id, spell.name, spell.type, a.targets, rules=("storyline",))
    _TRIED.set(_declared_legal(res, a, spell, pid, caster.id, ptr, cast_event))
    res.settle([cast_event])
    where = _PLACE[spell.type](res, a, spell, pid, ptr)
    res.emit(ManaPaid(pid, spell.cost, res.state.player(pid).mana, rules=("casting.cost",)))
    res.apply(interact(res.state, caster.id, "cast a spell", ("stealth.after-spell",)))
    return res.done(res.result_verdict(), f"{caster.name} casts {spell.name} legally: {where}.")
