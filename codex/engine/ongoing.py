"""Ongoing effects: what the state's facts mean right now.

Keywords a unit has at a location (Silence auras remove them; Waterbound/Landbound disable),
whether a site is water (Flooded, flood auras), damage reduction from nearby allies. Nothing
here changes the state: base facts stay as printed and these functions recompute their meaning
each time (the layer model of static abilities grows here). The range-of-motion lookahead calls
them with hypothetical locations, which is how it "considers all ongoing effects" while ignoring
triggers.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable

from codex.engine.geometry import Location, Region, is_nearby
from codex.engine.keywords import Keywords
from codex.engine.state import Affinity, Aura, GameState, Lasting, Site, Unit
from codex.engine.unmodifiable import site_unmodifiable, undisablable, unit_unmodifiable


def auras_at(state: GameState, loc: Location) -> list[Aura]:
    """Auras occupy the surface of sites and the void in their squares."""
    if loc.region not in (Region.SURFACE, Region.VOID):
        return []
    return [a for a in state.auras if loc.square in a.squares]


def _fixed(state: GameState, site: Site) -> bool:
    """A site that can't be modified: by its own words, or by another card's ("Bluecap Knockers'
    site can't be ... modified")."""
    if site_unmodifiable(site):
        return True
    if not state.statics:
        return False
    from codex.engine.effects.statics import protection
    return protection(state, site.square, "modify") is not None


def site_is_water(state: GameState, site: Site) -> bool:
    """Water if it provides water affinity, is Flooded, or a flood covers it (an aura's effect, or a
    static ability: "This site is flooded"). Rubble has no affinity of its own, but "in all other
    ways, Rubble is treated the same as any other site", so flooded Rubble is a water site too."""
    fixed = _fixed(state, site)      # asked once: it is on the hot path of every step and strike
    if state.statics and not fixed:
        from codex.engine.effects.statics import land_by
        if land_by(state, site.square) is not None:     # "Affected sites aren't water sites"
            return False
    if _provides_water(state, site, fixed):
        return True
    if site.flooded:      # Flooded is an ability: a site that lost its abilities lost it (Codex "Flooded")
        if not state.statics:
            return True
        from codex.engine.effects.statics import site_silenced
        return not site_silenced(state, site.square)
    if fixed:       # its printed water or land stays (Codex "Can't be Modified")
        return False
    if any("flood" in a.effects for a in state.auras if site.square in a.squares):
        return True
    if state.statics:
        from codex.engine.effects.statics import water_by
        return water_by(state, site.square) is not None
    return False


def _provides_water(state: GameState, site: Site, fixed: bool | None = None) -> bool:
    """Whether the site provides water affinity now (Codex "Water Site": "If a site previously provided
    water affinity and then stops providing water affinity, then it also stops being a water site"):
    printed or given by a lasting effect, and no ongoing effect says it provides none. ``fixed``:
    whether it can't be modified, when the caller knows."""
    if fixed is None:
        fixed = _fixed(state, site)
    if fixed:
        return site.affinity.water > 0
    if provided_affinity(state, site, fixed).water == 0:
        return False
    if state.statics:
        from codex.engine.effects.statics import site_suppressed
        _, elements, _ = site_suppressed(state, site.square)
        if elements is None or "water" in elements:
            return False
    return True


def site_lasting(state: GameState, site: Site) -> list[Lasting]:
    """The lasting effects on ``site`` now, in the order they began (one that lasts while its card is
    in the realm ends as soon as the card leaves)."""
    return [e for e in state.lasting if e.sites and e.on_site(site)
            and (e.until != "source" or in_realm(state, e.source))]


def provided_affinity(state: GameState, site: Site, fixed: bool | None = None) -> Affinity:
    """The affinity a site provides before static abilities: printed (none for Rubble), then what each
    lasting effect on it adds or takes away, oldest first (Codex "Ongoing Effect": within a layer,
    "apply the effects based on their timestamp"). The printed affinity is never changed."""
    aff = Affinity() if site.rubble else site.affinity
    if not state.lasting or (_fixed(state, site) if fixed is None else fixed):
        return aff
    for e in site_lasting(state, site):
        aff = aff + e.threshold
        if e.no_threshold:
            aff = Affinity.of({k: (0 if k in e.no_threshold else n) for k, n in aff.as_dict().items()})
    return aff


def site_affinity(state: GameState, site: Site, water: bool | None = None) -> Affinity:
    """The affinity a site provides now: a water site provides water affinity at least. ``water``:
    whether it is a water site, when the caller knows (`site_is_water`)."""
    aff = provided_affinity(state, site)
    if (site_is_water(state, site) if water is None else water) and aff.water == 0:
        aff = replace(aff, water=1)
    if state.statics and not _fixed(state, site):
        from codex.engine.effects.statics import site_suppressed
        _, elements, _ = site_suppressed(state, site.square)
        if elements is None:
            return Affinity()
        if elements:
            aff = Affinity.of({e: (0 if e in elements else n) for e, n in aff.as_dict().items()})
    return aff


def site_mana(state: GameState, site: Site) -> int:
    """The mana a site provides its controller each turn: 1, none for Rubble or while an effect says
    it provides none."""
    if site.rubble:
        return 0
    if state.lasting and not _fixed(state, site) and any(e.no_mana for e in site_lasting(state, site)):
        return 0
    if state.statics:
        from codex.engine.effects.statics import site_suppressed
        if site_suppressed(state, site.square)[0]:
            return 0
    return 1


def is_water_location(state: GameState, loc: Location) -> bool:
    site = state.site_at(loc.square)
    return site is not None and loc.region is not Region.VOID and site_is_water(state, site)


def is_land_location(state: GameState, loc: Location) -> bool:
    site = state.site_at(loc.square)
    return site is not None and loc.region is not Region.VOID and not site_is_water(state, site)


def lasting_on(state: GameState, unit: Unit) -> list[Lasting]:
    """The lasting effects on ``unit`` now (one that lasts while its card is in the realm ends as
    soon as the card leaves)."""
    return [e for e in state.lasting if e.covers(unit) and (e.until != "source" or in_realm(state, e.source))]


def in_realm(state: GameState, source: str | None) -> bool:
    """Whether the card ``kind:key`` (a unit, site, aura or artifact) is still in the realm."""
    if source is None:
        return False
    kind, _, key = source.partition(":")
    if kind == "unit":
        return state.unit(key) is not None
    if kind == "site":
        return key.isdecimal() and state.site_at(int(key)) is not None
    if kind == "aura":
        return any(a.id == key for a in state.auras)
    if kind == "artifact":
        return any(a.id == key for a in state.artifacts)
    return False


def _static(state: GameState, unit: Unit, loc: Location) -> Any:
    """What the static abilities of the realm do to ``unit`` were it at ``loc``."""
    from codex.engine.effects.statics import NOTHING, applied_to
    if not state.statics:
        return NOTHING
    if loc != unit.location:
        moved = replace(unit, location=loc)
        state = state.with_unit(moved)
        unit = moved
    return applied_to(state, unit)


def silenced_at(state: GameState, unit: Unit, loc: Location) -> bool:
    """A minion silenced by a Silence aura (an aura's effect), a lasting effect or a static ability
    loses its special abilities (Avatars cannot be silenced)."""
    if not unit.is_minion or unit_unmodifiable(unit):
        return False
    if any("silence" in a.effects for a in auras_at(state, loc)):
        return True
    if any("silenced" in e.states for e in lasting_on(state, unit)):
        return True
    return _static(state, unit, loc).silenced is not None


def own_keywords(state: GameState, unit: Unit, loc: Location | None = None) -> Keywords:
    """The unit's keywords with those that lasting effects and static abilities give or take (before
    silencing and disabling, which still take them away)."""
    kw = unit.keywords
    if unit_unmodifiable(unit):        # no ability gained or lost (Codex "Can't be Modified")
        disabled = any("disabled" in e.states for e in lasting_on(state, unit)) or \
            _static(state, unit, loc or unit.location).disabled is not None
        return kw.with_(disabled=True) if disabled else kw
    for effect in lasting_on(state, unit):
        kw = kw.merge(effect.keywords)
        if effect.lost != Keywords():
            kw = kw.without(effect.lost)
    applied = _static(state, unit, loc or unit.location)
    if applied.granted != Keywords():
        kw = kw.merge(applied.granted)
    if applied.lost != Keywords():
        kw = kw.without(applied.lost)
    if applied.cant_gain != Keywords():      # what it gained does not take; what it has printed stays
        kw = kw.without(applied.cant_gain.without(unit.keywords))
    if any("disabled" in e.states for e in lasting_on(state, unit)) or applied.disabled is not None:
        kw = kw.with_(disabled=True)
    if kw.ward and not unit.keywords.ward and is_evil(unit):
        kw = kw.with_(ward=False)      # a Ward given to it does not take (rulebook "Evil")
    return kw


#: The subtypes that make a minion evil (rulebook "Evil": "A minion is considered evil if it is a
#: demon, undead, or monster.")
EVIL_SUBTYPES = frozenset({"demon", "undead", "monster"})


def is_evil(unit: Unit) -> bool:
    """An evil minion: "Evil minions can't be warded" (rulebook "Evil", "Ward"). A Ward an effect
    gives it does not take; a Ward printed on the card stands, the card's own text taking precedence
    over the rules' in a direct conflict (Codex "The Silver Rule")."""
    return unit.is_minion and any(s.lower() in EVIL_SUBTYPES for s in unit.subtypes)


def power_of(state: GameState, unit: Unit) -> tuple[int, int]:
    """A unit's attack and defence power now: printed, plus what lasting effects and static
    abilities add (Codex "Apply Ongoing Effects In Order": power addition), never below zero."""
    if unit_unmodifiable(unit):         # its printed power stays (Codex "Can't be Modified")
        return unit.attack, unit.defense
    effects = lasting_on(state, unit)
    bonus = sum(e.power for e in effects)
    done = _static(state, unit, unit.location)
    bonus += done.power
    return layered_power(effects, unit.attack, unit.defense, bonus, done.base_power)


def layered_power(effects: Iterable[Lasting], attack: int, defense: int, bonus: int,
                  base: int | None = None) -> tuple[int, int]:
    """Power through the Codex's last three layers ("Apply Ongoing Effects In Order"): power
    setting (the newest setting wins: ``base``, what static abilities set, then lasting effects, kept
    oldest first and read as newer than the statics), then addition and subtraction (``bonus``), then
    multiplication; never below zero."""
    factor = 1
    if base is not None:
        attack = defense = base
    for e in effects:
        if e.base_power is not None:
            attack = defense = e.base_power
        factor *= e.power_factor
    return max(0, (attack + bonus) * factor), max(0, (defense + bonus) * factor)


def power_now(state: GameState, unit: Unit) -> int:
    """'Power' for effects that need one number: the average of split power, rounded down."""
    attack, defense = power_of(state, unit)
    return (attack + defense) // 2


def disabled_by(state: GameState, unit: Unit, loc: Location | None = None) -> str | None:
    """Why the unit is disabled at ``loc`` (default: where it is), as the id of the rule that
    disables it, or None. One rule for every cause: an effect that disables it (the scenario's
    ``disabled``), Waterbound off water, Landbound off land. Only minions can be disabled
    (Avatars "cannot be ... disabled"). Disabling is not an ability, so silence does not remove it;
    Waterbound and Landbound are abilities, so a silenced minion is not disabled by them."""
    if not unit.is_minion or undisablable(unit) is not None:     # "Can't be disabled": its own words
        return None
    loc = loc or unit.location
    kw = own_keywords(state, unit, loc)
    if kw.disabled:
        return "disabled"
    return _disabled_reason(state, unit, loc, kw, silenced_at(state, unit, loc))


def _disabled_reason(state: GameState, unit: Unit, loc: Location, kw: Keywords, silenced: bool) -> str | None:
    """`disabled_by` once the unit's own keywords and silence at ``loc`` are known (`keywords_at`
    has them already: asked once, not twice, on the hot path of every step)."""
    if not unit.is_minion or undisablable(unit) is not None:
        return None
    if kw.disabled or unit.held == "disabled" and unit.carried_by is not None:     # "carries it disabled"
        return "disabled"
    if silenced:
        return None
    if kw.waterbound and not is_water_location(state, loc):
        return "waterbound"
    if kw.landbound and not is_land_location(state, loc):
        return "landbound"
    return None


def keywords_at(state: GameState, unit: Unit, loc: Location | None = None, conferred: bool = True) -> Keywords:
    """The unit's keywords if it were at `loc` (default: where it is), with the movement abilities
    its carrier confers unless ``conferred`` is False.

    Disabling and silencing effects share a layer (Codex "Apply Ongoing Effects In Order"): a
    silenced minion has no keywords; a disabled one has no abilities at all (only Waterbound and
    Landbound persist), whatever disabled it."""
    loc = loc or unit.location
    own = own_keywords(state, unit, loc)
    silenced = silenced_at(state, unit, loc)
    kw = own.silenced() if silenced else own
    if _disabled_reason(state, unit, loc, own, silenced) is not None:
        return kw.disabled_now()
    if kw.disabled:
        kw = replace(kw, disabled=False)
    if conferred and unit.carried_by is not None:
        kw = with_conferred(state, unit, loc, kw)
    return kw


def with_conferred(state: GameState, unit: Unit, loc: Location, kw: Keywords) -> Keywords:
    """A carried unit has its carrier's movement abilities while it is carried, so only where
    the carrier is (Codex "Carrying Units": "which are lost as soon as they're no longer carried")."""
    carrier = state.unit(unit.carried_by) if unit.carried_by else None
    if carrier is None or not state.occupies(carrier, loc):
        return kw
    return kw.merge(keywords_at(state, carrier, conferred=False).movement_abilities())


def airborne_now(state: GameState, unit: Unit) -> bool:
    """Airborne only works on the surface."""
    return unit.location.region is Region.SURFACE and keywords_at(state, unit).airborne


def has_abilities(state: GameState, unit: Unit) -> bool:
    """False while the unit's own abilities are gone: disabled (all of them) or silenced (its
    special abilities, which "takes N less damage" and "nearby allies take N less" are)."""
    return disabled_by(state, unit) is None and not silenced_at(state, unit, unit.location)


def damage_reduction(state: GameState, unit: Unit) -> list[tuple[str, int, Any]]:
    """Damage reductions applying to `unit`: (source name, amount, the card sentence), from the
    static abilities of the realm ("Nearby allies take 1 less damage"). They are abilities of the
    cards that have them, so a disabled or silenced card gives none."""
    if not state.statics:
        return []
    from codex.engine.effects.statics import damage_changes
    return [(name, n, quote) for name, change, n, quote, _ in damage_changes(state, unit) if change == "less"]


def player_affinity(state: GameState, player_id: str) -> Affinity:
    """Affinity of a player: their controlled sites' affinity plus any extra given, and any gained this
    turn ("Gain (F) this turn")."""
    player = state.player(player_id)
    total = player.extra_affinity + player.gained_affinity
    for s in state.sites:
        if s.controller == player_id:
            total = total + site_affinity(state, s)
    if state.statics:
        from codex.engine.effects.statics import provided, shared_sites
        _, extra, _ = provided(state, player_id)
        total = total + Affinity.of(extra)
        for site, _quote in shared_sites(state, player_id):     # "Provides mana and threshold for everyone"
            total = total + site_affinity(state, site)
    return total
