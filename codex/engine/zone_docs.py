"""A scenario's zones and lasting effects → state (the part of `scenario.load` they need).

Every zone is optional: a zone the scenario does not give is not tracked (`state.Zone` with
counts of None), so every scenario written before zones existed keeps its meaning. A named card
takes its type from the scenario, else from the card catalog when one is available; a card in a
deck must be of that deck's kind (Codex "Spellbook", "Atlas").
"""
from __future__ import annotations

from typing import Any, Protocol

from codex.engine import document as D
from codex.engine.abilities import Abilities, with_explicit
from codex.engine.cards import CardData, CardSource
from codex.engine.state import Card, CardType, Lasting, Zone, ZoneName
from codex.engine.keywords import parse_threshold

SPELL_CARD_TYPES = ("minion", "artifact", "aura", "magic")


class Checker(Protocol):
    """What loading needs of `scenario._Checks`: report a problem, resolve a named card."""

    cards: CardSource | None

    def add(self, pointer: str, problem: str, fix: str) -> None: ...

    def card(self, name: str | None, pointer: str, types: tuple[str, ...]) -> CardData | None: ...

    def known_player(self, pid: str | None, pointer: str) -> None: ...


def _catalog_card(checks: Checker, name: str) -> CardData | None:
    """A bare-named card's printed facts, when a catalog knows it (no problem when it does not)."""
    source = checks.cards
    card = getattr(source, "card", None)
    if card is None:
        return None
    found = card(name)
    return found if isinstance(found, CardData) and found.type in (SPELL_CARD_TYPES + ("site", "avatar")) else None


def card_of(entry: D.CardEntry, owner: str, ptr: str, checks: Checker) -> Card | None:
    """One named card of a zone (with its printed facts when the catalog knows it)."""
    if isinstance(entry, str):
        found = _catalog_card(checks, entry)
        return Card(entry, owner, found.type if found else None, data=found)  # type: ignore[arg-type]
    if entry.card is not None:
        data = checks.card(entry.card, f"{ptr}/card", SPELL_CARD_TYPES + ("site", "avatar"))
        if data is None:
            return None
        typ: CardType | None = entry.type or data.type  # type: ignore[assignment]
        return Card(entry.name or data.name, owner, typ, entry.token, data=data)
    if entry.name is None:
        checks.add(f"{ptr}/name", "a card needs its name", "add \"name\" (or \"card\" naming a catalog card)")
        return None
    found = _catalog_card(checks, entry.name)
    if entry.text is not None or entry.threshold is not None or entry.cost is not None or entry.subtypes \
            or (found is None and entry.type is not None):
        # an invented card with its own text (an ability that works from a zone) or threshold (read
        # by an effect: "the sum of their fire threshold"), or only its type and power ("Summon a
        # minion from your cemetery" summons {"name", "type": "minion", "power"}: found by blind
        # ruling round 18)
        if entry.type is None:
            checks.add(f"{ptr}/type", "a card given with its text, threshold, cost or subtypes needs its type",
                       "add \"type\" (minion, ...)")
            return None
        found = CardData(entry.name, entry.type, text=entry.text or "", attack=entry.power, defence=entry.power,
                         threshold=parse_threshold(entry.threshold), cost=entry.cost, subtypes=tuple(entry.subtypes))
    return Card(entry.name, owner, entry.type or (found.type if found else None),  # type: ignore[arg-type]
                entry.token, data=found)


def _cards(entries: tuple[D.CardEntry, ...], owner: str, ptr: str, checks: Checker,
           zone: ZoneName) -> tuple[Card, ...]:
    out = []
    for i, e in enumerate(entries):
        c = card_of(e, owner, f"{ptr}/{i}", checks)
        if c is None:
            continue
        if zone in ("spellbook", "atlas"):
            want = "site" if zone == "atlas" else "spell"
            if c.kind not in (None, want):
                checks.add(f"{ptr}/{i}", f"{c.name} is a{'n' if c.type in ('avatar', 'artifact', 'aura') else ''} "
                           f"{c.type}, and only {want}s go into a{'n' if zone == 'atlas' else ''} {zone}",
                           f"move it to the {'spellbook' if want == 'site' else 'atlas'} or fix its type")
            elif c.type is None:
                c = Card(c.name, c.owner, "site" if want == "site" else "spell", c.token, data=c.data)
        if c.type == "avatar":
            checks.add(f"{ptr}/{i}", f"{c.name} is an Avatar, which stays in the realm",
                       "put the Avatar in \"units\"")
        out.append(c)
    return tuple(out)


def deck_zone(doc: D.DeckZone | None, owner: str, zone: ZoneName, ptr: str, checks: Checker) -> Zone:
    """A spellbook or atlas: a count of unnamed cards, the whole deck named, or top/count/bottom."""
    spell = zone == "spellbook"
    if doc is None:
        return Zone(spells=None, sites=0) if spell else Zone(spells=0, sites=None)
    if isinstance(doc, int):
        return Zone(spells=doc if spell else 0, sites=0 if spell else doc)
    if isinstance(doc, tuple):
        return Zone(_cards(doc, owner, ptr, checks, zone), 0, 0)
    top = _cards(doc.top, owner, f"{ptr}/top", checks, zone)
    bottom = _cards(doc.bottom, owner, f"{ptr}/bottom", checks, zone)
    return Zone(top, doc.count if spell else 0, 0 if spell else doc.count, bottom)


def pile_zone(doc: D.PileZone | None, owner: str, zone: ZoneName, ptr: str, checks: Checker) -> Zone:
    """A hand, cemetery or banished area: named cards and counts of unnamed spells and sites."""
    if doc is None:
        return Zone(spells=None, sites=None)
    if isinstance(doc, tuple):
        return Zone(_cards(doc, owner, ptr, checks, zone), 0, 0)
    return Zone(_cards(doc.cards, owner, f"{ptr}/cards", checks, zone), doc.spells, doc.sites)


def player_zones(doc: D.PlayerDoc, ptr: str, checks: Checker) -> dict[str, Any]:
    """The five zones of a player, for `state.Player`."""
    pid = doc.id
    return {
        "hand": pile_zone(doc.hand, pid, "hand", f"{ptr}/hand", checks),
        "spellbook": deck_zone(doc.spellbook, pid, "spellbook", f"{ptr}/spellbook", checks),
        "atlas": deck_zone(doc.atlas, pid, "atlas", f"{ptr}/atlas", checks),
        "cemetery": pile_zone(doc.cemetery, pid, "cemetery", f"{ptr}/cemetery", checks),
        "banished": pile_zone(doc.banished, pid, "banished", f"{ptr}/banished", checks),
    }


def lasting_effects(docs: tuple[D.LastingDoc, ...], unit_ids: set[str], checks: Checker) -> tuple[Lasting, ...]:
    """The scenario's lasting effects, their keywords read like a unit's explicit keywords."""
    out = []
    for i, e in enumerate(docs):
        ptr = f"/lasting/{i}"
        checks.known_player(e.controller, f"{ptr}/controller")
        for j, uid in enumerate(e.units):
            if uid not in unit_ids:
                checks.add(f"{ptr}/units/{j}", f"unknown unit {uid!r}", f"use one of {sorted(unit_ids)}")
        abilities = with_explicit(Abilities(), e.keywords)
        if abilities.unknown:
            checks.add(f"{ptr}/keywords", f"unknown keyword(s) {list(abilities.unknown)}",
                       "see docs/scenarios.md for the keywords the engine knows")
        out.append(Lasting(e.id or f"effect{i + 1}", e.name or f"Effect {i + 1}", e.controller, e.until,
                           tuple(e.units), abilities.keywords))
    return tuple(out)


def _rarity(value: str | None) -> D.Rarity | None:
    return value.lower() if value and value.lower() in ("ordinary", "exceptional", "elite", "unique") \
        else None  # type: ignore[return-value]


def deck_entries(deck: D.DeckListDoc, ptr: str, checks: Checker) -> D.DeckListDoc:
    """A deck list with every entry as a DeckCardDoc whose type and rarity come from the scenario,
    else from the card catalog ("card" must name a catalog card; a bare name may)."""
    from codex.engine.deck import DeckListError, entry_of

    def one(e: D.DeckEntry, section: str, where: str) -> D.DeckCardDoc | None:
        if isinstance(e, str):
            try:
                parsed = entry_of(e, section, where)  # type: ignore[arg-type]
            except DeckListError as err:
                checks.add(where, str(err), "write the entry as \"Name\" or \"3 Name\"")
                return None
            e = D.DeckCardDoc(name=parsed.name, count=parsed.count)
        name = e.name or e.card
        if name is None:
            checks.add(where, "a deck entry needs its name", "add \"name\" (or \"card\")")
            return None
        data = checks.card(e.card, f"{where}/card", SPELL_CARD_TYPES + ("site", "avatar")) if e.card else None
        if data is None and e.card is None:
            source = getattr(checks.cards, "card", None)
            found = source(name) if source is not None else None
            data = found if isinstance(found, CardData) else None
        return e.model_copy(update={"name": e.name or (data.name if data else name),
                                    "type": e.type or (data.type if data else None),
                                    "rarity": e.rarity or (_rarity(data.rarity) if data else None)})

    update: dict[str, object] = {}
    for section in ("avatar", "spellbook", "atlas", "collection"):
        value = getattr(deck, section)
        if value is None:
            continue
        items = value if isinstance(value, tuple) else (value,)
        where = f"{ptr}/{section}"
        resolved = [one(e, section, f"{where}/{i}" if isinstance(value, tuple) else where) for i, e in enumerate(items)]
        update[section] = tuple(r for r in resolved if r is not None)
    return deck.model_copy(update=update)
