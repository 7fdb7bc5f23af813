"""Sites that tap and untap (Codex "Tap": "Cards in the realm can be tapped as a cost to activate
various abilities ... Only untapped cards in the realm can be tapped"; Codex "Untap": "All of your
cards in the realm untap during your Start phase").

A site is a card in the realm like any other, so "Tap this site → ..." is paid by tapping it, a
tapped site cannot be tapped again until it untaps, and "untap target site" untaps it. Tapping a
site changes nothing else: the Codex ties a site's mana to the start phase, not to its being
upright ("All of your sites (and other cards) provide their mana for this turn").
"""
from __future__ import annotations

from dataclasses import replace

from codex.engine.events import SiteTapped, SiteUntapped
from codex.engine.reasons import Found, Reason
from codex.engine.state import GameState, Site


def site_tap_reason(site: Site) -> Found:
    """Why the site cannot be tapped to pay a cost: only untapped cards can be tapped."""
    return (Reason.TAPPED, "tap") if site.tapped else None


def tap_site(state: GameState, square: int, cost: bool) -> tuple[GameState, list[SiteTapped]]:
    """The site on ``square`` tapped (for a cost, or by an effect); an already tapped site stays so
    (the caller refuses a cost first: `site_tap_reason`)."""
    site = state.site_at(square)
    if site is None or site.tapped:
        return state, []
    return state.with_site(replace(site, tapped=True)), [SiteTapped(square, site.name, cost, rules=("tap",))]


def untap_site(state: GameState, square: int) -> tuple[GameState, list[SiteUntapped]]:
    """The site on ``square`` untapped by an effect ("untap target site"); an untapped one is left."""
    site = state.site_at(square)
    if site is None or not site.tapped:
        return state, []
    return state.with_site(replace(site, tapped=False)), [SiteUntapped(square, site.name, rules=("untap",))]


def untap_sites_of(state: GameState, player: str) -> tuple[GameState, tuple[str, ...]]:
    """The start phase: every tapped site ``player`` controls untaps (their names, for the ruling)."""
    mine = [s for s in state.sites if s.tapped and s.controller == player]
    for s in mine:
        state = state.with_site(replace(s, tapped=False))
    return state, tuple(s.name for s in mine)
