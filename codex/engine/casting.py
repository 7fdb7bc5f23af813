"""Casting spells: Spellcaster, element restriction, mana, threshold, where the spell goes."""
from __future__ import annotations

from dataclasses import dataclass, field

from codex.engine.ongoing import disabled_by, keywords_at, player_affinity, site_is_water
from codex.engine.geometry import SQUARES, Location, Region, row_col
from codex.engine.abilities import Abilities
from codex.engine.keywords import Keywords
from codex.engine.reasons import Found, Reason
from codex.engine.state import Affinity, GameState, Unit


@dataclass(frozen=True)
class Spell:
    name: str
    type: str                     # minion, artifact, aura, magic
    cost: int = 0
    threshold: Affinity = Affinity()
    text: str = ""
    attack: int = 0
    defense: int = 0
    keywords: Keywords = Keywords()
    carriable: bool = True
    explicit_keywords: tuple[str, ...] = field(default_factory=tuple)
    abilities: Abilities = Abilities()
    size: tuple[int, int] | None = None       # an oversized minion's area (rows x columns)


def caster_reason(state: GameState, caster: Unit, spell: Spell) -> Found:
    if state.over:
        return Reason.GAME_OVER, "death-blow"
    if caster.controller != state.turn.active:
        return Reason.NOT_ACTIVE_PLAYER, "casting"
    if state.turn.phase != "main":
        return Reason.NOT_MAIN_PHASE, "casting"
    cause = disabled_by(state, caster)
    if cause is not None:   # a disabled minion has no abilities, Spellcaster included: it casts nothing
        return Reason.DISABLED, cause
    kw = keywords_at(state, caster)
    if not caster.is_avatar and not kw.spellcaster:
        return Reason.NOT_SPELLCASTER, "spellcaster"
    if not caster.is_avatar and kw.spellcaster_elements:
        if not (kw.spellcaster_elements & spell.threshold.elements()):
            return Reason.WRONG_ELEMENT_SPELLCASTER, "spellcaster.element"
    if not caster.is_avatar and kw.spellcaster_excluded & spell.threshold.elements():
        return Reason.EXCLUDED_ELEMENT_SPELLCASTER, "spellcaster"
    return None


def cost_reason(state: GameState, player_id: str, spell: Spell) -> Found:
    if state.player(player_id).mana < spell.cost:
        return Reason.NOT_ENOUGH_MANA, "casting.cost"
    if player_affinity(state, player_id).covers(spell.threshold):
        return Reason.NOT_ENOUGH_THRESHOLD, "threshold"
    return None


def summoning_location_reason(state: GameState, player_id: str, spell: Spell, loc: Location,
                              minion: Unit) -> Found:
    """Surface of your site by default; underground/underwater of your site with Burrowing/Submerge;
    any void with Voidwalk; and always a location the minion may enter."""
    from codex.engine.entering import entry_reason
    kw = spell.keywords
    site = state.site_at(loc.square)
    if not state.location_exists(loc):
        return Reason.NO_SUCH_LOCATION, "location"
    if loc.region is Region.VOID:
        return None if kw.voidwalk else (Reason.BAD_SUMMONING_LOCATION, "voidwalk.summon")
    if site is None or site.controller != player_id:
        return Reason.NOT_YOUR_SITE, "casting.minion-location"
    if loc.region is Region.UNDERGROUND and not kw.burrowing:
        return Reason.BAD_SUMMONING_LOCATION, "burrowing.summon"
    if loc.region is Region.UNDERWATER and not kw.submerge:
        return Reason.BAD_SUMMONING_LOCATION, "submerge.summon"
    bad = entry_reason(state, minion, loc)
    if bad:
        return bad[0], "casting-minions.enter"
    return None


def summoning_area_reason(state: GameState, player_id: str, spell: Spell, anchor: Location, minion: Unit) -> Found:
    """An oversized minion's declared area: inside the realm, including at least one of your
    sites; every location one it may be summoned to or enter (no void without Voidwalk, no Gnome
    Hollows unless its power is low enough); your opponent's sites are fine (Codex "Oversized Units")."""
    from codex.engine.entering import entry_reason
    from codex.engine.oversized import area
    locs = area(state, anchor, minion.size)
    if locs is None:
        return Reason.AREA_OFF_REALM, "oversized-units.summon"
    kw = spell.keywords
    for loc in locs:
        if not state.location_exists(loc):
            return Reason.NO_SUCH_LOCATION, "location"
        if loc.region is Region.VOID and not kw.voidwalk:
            return Reason.BAD_SUMMONING_LOCATION, "oversized-units.summon"
        if loc.region is Region.UNDERGROUND and not kw.burrowing:
            return Reason.BAD_SUMMONING_LOCATION, "casting.minion-burrowing"
        if loc.region is Region.UNDERWATER and not kw.submerge:
            return Reason.BAD_SUMMONING_LOCATION, "submerge.summon"
        if entry_reason(state, minion, loc):
            return Reason.CANNOT_ENTER, "oversized-units.summon"
    if not any((site := state.site_at(loc.square)) is not None and site.controller == player_id for loc in locs):
        return Reason.NOT_YOUR_SITE, "oversized-units.summon"
    return None


def aura_squares(top_left: int) -> tuple[int, ...] | None:
    r, c = row_col(top_left)
    if r >= 3 or c >= 4:
        return None
    return (top_left, top_left + 1, top_left + 5, top_left + 6)


def magic_target_reason(state: GameState, caster: Unit, target: Unit) -> Found:
    if target.controller != caster.controller and target.is_minion and keywords_at(state, target).stealth \
            and not keywords_at(state, caster).sees_stealth:
        return Reason.STEALTH_TARGET, "stealth"
    if target.location.region is not caster.location.region:
        return Reason.TARGET_OTHER_REGION, "targeting.region"
    return None


__all__ = ["Spell", "caster_reason", "cost_reason", "summoning_location_reason", "summoning_area_reason", "aura_squares",
           "magic_target_reason", "SQUARES", "site_is_water"]
