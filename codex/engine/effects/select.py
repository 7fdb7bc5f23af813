"""Selectors: which game objects a card's words name, evaluated on the board.

The card-text AST says *what* a role means (``Selector(noun="minion", det="each", mods=("allied",),
filters=(Where("nearby"),))``); this module finds the objects. A noun gives the candidates (units,
minions, allies, sites, locations, artifacts, auras, players, a subtype such as Mortal), the
modifiers and filters narrow them (allied, enemy, other, tapped, water, a keyword, nearby, here,
at a place, with 3 or more power, "that occupy ..."), and the determiner says how many
(``each``/``all``: every one; ``a``/``target``/a number: the controller chooses; ``this``/``that``/
``it``: what the context refers to).

Anything the evaluator does not know raises `NotExecutable` naming it, so an ability either runs
as the card says or is reported as not executed, never half-read. The same tables drive the
static check of `check.py`, so coverage figures and rulings agree.
"""
from __future__ import annotations

import difflib
import re

from contextvars import ContextVar
from typing import Any, Callable, Iterable, Iterator, Sequence

from codex.cardtext import ast as A
from codex.engine.effects.context import Ctx, Obj, ZoneCard
from codex.engine.geometry import (SQUARES, Direction, Location, Region, adjacent_squares, manhattan, nearby_squares,
                                   next_square)
from codex.engine.ongoing import keywords_at, site_is_water
from codex.engine.state import DECKS, Card, GameState, Unit


class NotExecutable(Exception):
    """This engine version does not execute the AST it was given: ``what`` says which part;
    ``needs``, when the engine could read it on a fuller board, what the scenario should give
    ("p1's cemetery (its cards, or how many spells and sites it holds)")."""

    def __init__(self, what: str, needs: str | None = None):
        super().__init__(what)
        self.what = what
        self.needs = needs


class NoLegalTarget(Exception):
    """A triggered ability's words target, and nothing they allow is there to declare (Codex
    "Target"): the ability is not used; ``what`` names what it would have targeted."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


# ----------------------------------------------------------------------------- nouns

#: noun (singular) → (kind of object, extra condition)
NOUNS: dict[str, tuple[str, str | None]] = {
    "unit": ("unit", None), "minion": ("unit", "minion"), "avatar": ("unit", "avatar"),
    "ally": ("unit", "ally"), "enemy": ("unit", "enemy"), "token": ("unit", "token"),
    "site": ("site", None), "location": ("location", None), "void": ("location", "void"),
    "artifact": ("artifact", None), "aura": ("aura", None),
    "player": ("player", None), "opponent": ("player", "opponent"), "everyone": ("player", None),
    "anyone": ("player", None), "controller": ("player", "controller"), "owner": ("player", "owner"),
    "caster": ("unit", "caster"), "bearer": ("unit", "bearer"), "attacker": ("unit", "attacker"),
    "card": ("card", None), "spell": ("card", "spell"),
    "everything": ("thing", None), "anything": ("thing", None),
    "body of water": ("site", "body of water"), "span of land": ("site", "span of land"),
    "projectile": ("projectile", None), "area of effect": ("location", "area of effect"),
    "back row": ("location", "back row"), "corner": ("location", "corner"),
    "royalty": ("unit", "royalty"),
}
#: Nouns that name a kind of card (a card in a zone, or the type of a card: "if it's a minion").
CARD_NOUNS = {"card", "spell", "minion", "artifact", "aura", "magic", "site", "avatar"}
#: Zones a selector may name as where cards are ("from your cemetery", "in your hand").
ZONE_NOUNS = {"hand": "hand", "spellbook": "spellbook", "atlas": "atlas", "cemetery": "cemetery",
              "deck": "spellbook", "banished": "banished"}
#: Subtypes written as nouns ("Mortals", "Giants") name minions of that subtype.
_PLURALS = {"ies": "y", "ves": "f", "es": "", "s": ""}

#: modifiers the evaluator knows (a Keyword or subtype as modifier is handled by form)
MODS = {"allied", "enemy", "other", "tapped", "untapped", "weaker", "stronger", "water", "land",
        "affected", "fire", "earth", "air", "dead", "random", "adjacent", "nearby", "aboveground",
        "ordinary", "exceptional", "elite", "unique", "hit", "topmost", "next", "bottommost", "different",
        "magic", "minion", "artifact", "aura", "site", "strongest", "weakest", "basic", "broken", "chosen",
        "underground", "underwater", "burrowed", "submerged", "target", "only", "defending", "elemental",
        "current", "nearest", "closest", "furthest", "farthest", "attacked", "attacking", "bearer", "resulting",
        "summoning", "wounded", "struck"}
#: superlatives of distance: "the enemy nearest to you", "the site furthest from your Avatar", "the
#: nearest enemy" (from this card); not a test of each object but a pick among those the other words
#: name (`_by_distance`)
NEAREST = ("nearest_to", "nearest", "closest")
FURTHEST = ("furthest_from", "furthest", "farthest")
RARITIES = {"ordinary", "exceptional", "elite", "unique"}
CARD_TYPES = {"magic", "minion", "artifact", "aura", "site", "avatar"}
ELEMENT_MODS = {"fire", "earth", "air", "water"}

#: place relations the evaluator knows
RELS = {"nearby", "adjacent", "here", "there", "at", "atop", "on", "in", "occupying", "within",
        "line_north", "line_south", "line_east", "line_west",
        "adjacent_to", "anywhere", "in_realm", "in_play", "above", "below", "above_or_below", "under", "beneath",
        "from", "among", "near", "to", "into", "nearest_to", "furthest_from", "in_front", "in_front_of",
        "knights_move_away", "along"}

ALL_DETS = {None, "each", "all", "every", "any", "the", "both"}   # "both players": each of the two
ONE_DETS = {"a", "an", "one", "target", "another"}


def singular(noun: str) -> str:
    word = noun.strip()
    low = word.lower()
    if low in NOUNS:
        return low
    for end, repl in _PLURALS.items():
        if low.endswith(end) and low[: -len(end)] + repl in NOUNS:
            return low[: -len(end)] + repl
    if word[:1].isupper():   # a subtype: singular form kept capitalised
        if word.endswith("ies"):
            return word[:-3] + "y"
        if word.endswith("s") and not word.endswith("ss"):
            return word[:-1]
    return low


def is_subtype(noun: str) -> bool:
    return noun[:1].isupper() and singular(noun).lower() not in NOUNS


# ----------------------------------------------------------------------------- objects on the board

def unit_obj(u: Unit) -> Obj:
    return Obj("unit", u.id)


def locations_of(state: GameState, obj: Obj) -> list[Location]:
    """Where an object is: a unit's or artifact's location, a site's surface and subsurface, an
    aura's squares' surfaces (or voids), a location itself."""
    if obj.kind == "unit":
        u = state.unit(obj.key)      # an oversized unit occupies each of its locations (Codex "Oversized Units")
        return list(state.locations_of(u)) if u else []
    if obj.kind == "artifact":
        a = next((x for x in state.artifacts if x.id == obj.key), None)
        if a is None:
            return []
        bearer = state.unit(a.bearer) if a.bearer else None
        return [bearer.location if bearer else a.location]
    if obj.kind == "site":
        site = state.site_at(obj.key)
        if site is None:
            return []
        sub = Region.UNDERWATER if site_is_water(state, site) else Region.UNDERGROUND
        return [Location(obj.key, Region.SURFACE), Location(obj.key, sub)]
    if obj.kind == "aura":
        aura = next((a for a in state.auras if a.id == obj.key), None)
        if aura is None:
            return []
        return [Location(sq, Region.SURFACE if state.site_at(sq) else Region.VOID) for sq in aura.squares]
    if obj.kind == "location":
        return [obj.key]
    if obj.kind == "projectile":
        return [obj.key.path[-1]] if obj.key.path else []
    if obj.kind == "player":
        # a player stands nowhere: where a place is measured from "you" ("each enemy minion adjacent
        # to you"), "you" is the player's Avatar (Codex "You"; found by blind ruling round 19)
        avatar = state.avatar_of(str(obj.key)) if state.has_player(str(obj.key)) else None
        return [avatar.location] if avatar is not None else []
    return []


#: The context word what an effect's "choose"/"pick" clause chose is bound to: "the chosen site" in a
#: later sentence of the same effect is that one (found SILENT by blind round 34: every site was).
CHOSEN_BEFORE = "chosen by this effect"


def owner_of(state: GameState, obj: Obj) -> str | None:
    """Who owns a card: a unit's or artifact's owner, a site's (its controller when not said), a
    card in a zone its zone's player."""
    if obj.kind == "unit":
        u = state.unit(obj.key)
        return u.owner if u else _last_known(state, obj.key, "owner")
    if obj.kind == "artifact":
        a = state.artifact(obj.key)
        return a.owner if a else None
    if obj.kind == "site":
        s = state.site_at(obj.key)
        return (s.owner or s.controller) if s else None
    if obj.kind == "card":
        return str(obj.key.owner)
    return controller_of(state, obj)


def _last_known(state: GameState, key: Any, who: str) -> str | None:
    """A unit's controller or owner as it left the realm during this ruling (`GameState.removed`):
    "Banish target token. That token's controller gains 3 life." asks who controlled it then."""
    gone = [r for r in state.removed if r.id == key]
    if not gone:
        return None
    value = getattr(gone[-1], who)
    return str(value) if value else None


def controller_of(state: GameState, obj: Obj) -> str | None:
    if obj.kind == "unit":
        u = state.unit(obj.key)
        return u.controller if u else _last_known(state, obj.key, "controller")
    if obj.kind == "site":
        s = state.site_at(obj.key)
        return s.controller if s else None
    if obj.kind == "aura":
        aura = next((x for x in state.auras if x.id == obj.key), None)
        return aura.controller if aura else None
    if obj.kind == "artifact":
        art = next((x for x in state.artifacts if x.id == obj.key), None)
        if art is None:
            return None
        bearer = state.unit(art.bearer) if art.bearer else None
        return bearer.controller if bearer else art.controller
    if obj.kind == "player":
        return str(obj.key)
    if obj.kind == "card":
        return str(obj.key.owner)
    return None


def name_of(state: GameState, obj: Obj) -> str:
    if obj.kind == "unit":
        u = state.unit(obj.key)
        return u.name if u else str(obj.key)
    if obj.kind == "site":
        s = state.site_at(obj.key)
        return s.name if s else f"square {obj.key}"
    if obj.kind in ("aura", "artifact"):
        items = state.auras if obj.kind == "aura" else state.artifacts
        found = next((x for x in items if x.id == obj.key), None)
        return found.name if found else str(obj.key)
    if obj.kind == "card":
        return str(obj.key.name)
    return str(obj.key)


def source_locations(state: GameState, ctx: Ctx) -> list[Location]:
    """Where the ability's card is (a spell: where its caster is); while a move's destination is
    chosen "another ... location" away from the unit moved, where that unit is (`motion.mover_origin`)."""
    mover = ctx.lookup("mover") or ctx.lookup("targeter")    # a unit targeting: "an adjacent enemy" to it
    if mover:
        return [loc for o in mover for loc in locations_of(state, o)]
    if ctx.source.kind == "spell":
        caster = state.unit(ctx.caster) if ctx.caster else None
        return [caster.location] if caster else []
    found = locations_of(state, ctx.source)
    if not found and ctx.lookup("was_at"):
        # a card sacrificed to pay for its own ability "doesn't go to the cemetery until the effect is
        # resolved" (Codex "Sacrifice"): its "here" is where it was (found by blind ruling round 21)
        return [o.key for o in ctx.lookup("was_at") or () if o.kind == "location"]
    return found


def _candidates(state: GameState, kind: str) -> list[Obj]:
    if kind == "unit":
        return [unit_obj(u) for u in state.units]
    if kind == "site":
        return [Obj("site", s.square) for s in state.sites]
    if kind == "artifact":
        return [Obj("artifact", a.id) for a in state.artifacts]
    if kind == "aura":
        return [Obj("aura", a.id) for a in state.auras]
    if kind == "player":
        return [Obj("player", p.id) for p in state.players]
    if kind == "thing":
        return _candidates(state, "unit") + _candidates(state, "artifact")
    if kind == "location":
        out = []
        for sq in range(1, 21):
            site = state.site_at(sq)
            if site is None:
                out.append(Obj("location", Location(sq, Region.VOID)))
            else:
                out += [Obj("location", loc) for loc in locations_of(state, Obj("site", sq))]
        return out
    raise NotExecutable(f"objects of kind {kind!r}")


# ----------------------------------------------------------------------------- conditions on objects

def _unit(state: GameState, obj: Obj) -> Unit | None:
    return state.unit(obj.key) if obj.kind == "unit" else None


def _noun_test(state: GameState, ctx: Ctx, noun: str, det: Any = None) -> tuple[str, Callable[[Obj], bool]]:
    word = singular(noun)
    if word in NOUNS:
        kind, extra = NOUNS[word]
        if word == "controller" and det in ("its", "their"):    # "its controller": of what "it" is
            extra = "its controller"
        elif word in ("controller", "owner") and isinstance(det, A.Possessive):
            extra = None        # "the attacker's controller": whose, the possessive says (not this card's)
        return kind, _extra_test(state, ctx, extra)
    if word.lower() in _KEYWORD_FIELDS:       # "a Spellcaster", "Airborne minions": units with the keyword
        keyword = word.lower()
        return "unit", lambda o: _has_keyword(state, o, keyword)
    if is_subtype(noun):
        sub = word.lower()
        if sub not in _unit_subtypes(state) and sub not in _site_subtypes(state) \
                and any(_named(state, Obj("site", x.square), noun) for x in state.sites) \
                and not any(_named(state, Obj("unit", u.id), noun) for u in state.units):
            return "site", lambda o: _named(state, o, noun)      # a site's name ("the only Dark Tower")
        kind = "site" if sub in _site_subtypes(state) and sub not in _unit_subtypes(state) else (
            "artifact" if sub in _artifact_subtypes(state) and sub not in _unit_subtypes(state) else "unit")
        return kind, lambda o: sub in _subtypes(state, o) or _named(state, o, noun) or kind == "unit" and _every_type(state, o)
    raise NotExecutable(f"the noun {noun!r}")


#: The four elements (Codex "Element").
ELEMENTS = ("air", "earth", "fire", "water")


def _every_type(state: GameState, o: Obj) -> bool:
    """A minion an ongoing effect gives every minion type ("Has all elements and minion types") is of
    any minion type asked."""
    u = _unit(state, o)
    if u is None or not u.is_minion:
        return False
    from codex.engine.effects.statics import applied_to
    return "subtype" in applied_to(state, u).every


def _artifact_subtypes(state: GameState) -> set[str]:
    return {s.lower() for a in state.artifacts for s in a.subtypes}


def _site_subtypes(state: GameState) -> set[str]:
    return {s.lower() for site in state.sites for s in site.subtypes}


def _unit_subtypes(state: GameState) -> set[str]:
    # printed ones too: a word stays a minion type when every unit of it has lost it for a while
    return {s.lower() for u in state.units for s in (*u.subtypes, *unit_subtypes(state, u))}


def _extra_test(state: GameState, ctx: Ctx, extra: str | None) -> Callable[[Obj], bool]:
    you = ctx.controller
    if extra is None:
        return lambda o: True
    if extra == "minion":
        return lambda o: bool((u := _unit(state, o)) and u.is_minion) or card_type(o) == "minion"
    if extra == "avatar":
        return lambda o: bool((u := _unit(state, o)) and u.is_avatar)
    if extra == "ally":
        return lambda o: controller_of(state, o) == you
    if extra == "enemy":
        return lambda o: controller_of(state, o) not in (you, None)
    if extra == "token":
        return lambda o: bool((u := _unit(state, o)) and u.token)
    if extra == "royalty":
        return lambda o: is_royalty(name_of(state, o))
    if extra == "void":
        return lambda o: o.key.region is Region.VOID
    if extra == "opponent":
        return lambda o: o.key != you
    if extra == "controller":
        return lambda o: o.key == you
    if extra == "its controller":
        bound = its_referent(ctx) or ()
        whose = {controller_of(state, b) for b in bound} if bound else {you}
        return lambda o: o.key in whose
    if extra == "owner":
        owner = _owner_of_source(state, ctx)
        return lambda o: o.key == owner
    if extra == "caster":
        return lambda o: o.key == ctx.caster
    if extra == "bearer":
        bearer = _bearer_of_source(state, ctx)
        return lambda o: o.key == bearer
    if extra == "attacker":       # "the attacker": the one the heard event names, else the attack's being resolved
        heard = ctx.lookup("attacker")
        attackers = {str(o.key) for o in heard} if heard is not None else (
            {state.attacking.attacker} if state.attacking is not None else set())
        return lambda o: o.key in attackers
    if extra == "back row":       # the row closest to the player (Codex "Bottom")
        from codex.engine.geometry import row_col
        row = 3 if you == state.first_player else 0
        return lambda o: row_col(o.key.square)[0] == row
    if extra == "corner":         # the realm's four corner squares
        from codex.engine.geometry import row_col
        return lambda o: row_col(o.key.square)[0] in (0, 3) and row_col(o.key.square)[1] in (0, 4)
    if extra == "spell":
        return lambda o: card_type(o) in ("minion", "magic", "artifact", "aura", "spell")
    raise NotExecutable(f"the noun condition {extra!r}")


def defending_player(state: GameState) -> str | None:
    """The player defending against the attack being resolved: the controller of the unit or site
    it attacks (Codex "Defender")."""
    att = state.attacking
    if att is None:
        return None
    if att.unit is not None:
        return controller_of(state, Obj("unit", att.unit))
    site = state.site_at(att.site) if att.site is not None else None
    return site.controller if site is not None else None


def its_referent(ctx: Ctx) -> tuple[Obj, ...] | None:
    """What "its" names in "its controller". When "it" would be the card itself, a card names its
    own controller "you", so "its" is the other party its trigger named ("Whenever Sea Raider attacks
    and kills an enemy, its controller ...": the enemy's); `execute` says so in the ruling."""
    bound = ctx.lookup("it")
    other = ctx.lookup("that")
    if bound == (ctx.source,) and other and ctx.event is not None:
        return other
    return bound


def _owner_of_source(state: GameState, ctx: Ctx) -> str | None:
    u = _unit(state, ctx.source)
    return u.owner if u else ctx.controller


def _bearer_of_source(state: GameState, ctx: Ctx) -> str | None:
    """The bearer of the artifact whose ability this is (granted abilities: the granting artifact)."""
    kept = ctx.lookup("bearer")      # the artifact was sacrificed to pay for the ability: its bearer then
    if kept:
        return str(kept[0].key)
    src = ctx.grantor or ctx.source
    if src.kind != "artifact":
        return None
    a = next((x for x in state.artifacts if x.id == src.key), None)
    return a.bearer if a else None


def _power(state: GameState, u: Unit) -> int:
    from codex.engine.effects.statics import power_of
    attack, defense = power_of(state, u)
    return (attack + defense) // 2


# ----------------------------------------------------------------------------- what a card is

def card_type(o: Obj) -> str | None:
    """The card type of a card in a zone (None for anything else)."""
    if o.kind != "card":
        return None
    card = o.key.card
    if isinstance(card, Card):
        return card.type or (card.data.type if card.data is not None else None)
    return str(card)      # an unnamed card: its kind, spell or site


def _card_data(o: Obj) -> Any:
    card = o.key.card if o.kind == "card" else None
    return card.data if isinstance(card, Card) else None


def _subtypes(state: GameState, o: Obj) -> set[str]:
    u = _unit(state, o)
    if u is not None:
        return {s.lower() for s in unit_subtypes(state, u)}
    if o.kind == "site":
        site = state.site_at(o.key)
        return {s.lower() for s in site.subtypes} if site is not None else set()
    if o.kind == "artifact":
        art = state.artifact(o.key)
        return {s.lower() for s in art.subtypes} if art is not None else set()
    data = _card_data(o)
    return {s.lower() for s in data.subtypes} if data is not None else set()


def unit_subtypes(state: GameState, u: Unit) -> tuple[str, ...]:
    """A unit's subtypes now: printed, or as an ongoing effect makes them ("Mortals in the realm
    become Beasts"); while statics are evaluated, the printed ones (an effect's own words never read
    what it changes: the units "Mortals" covers are those printed Mortal)."""
    from codex.engine.effects.statics import applied_to
    from codex.engine.effects.type_changes import with_lasting
    base, also = applied_to(state, u).minion_types(tuple(u.subtypes))
    return with_lasting(state, u, base, also)


def _elements(state: GameState, o: Obj) -> set[str]:
    if o.kind == "site":
        site = state.site_at(o.key)
        return set(site.affinity.elements()) if site else set()
    u = _unit(state, o)
    if u is not None:
        from codex.engine.effects.statics import applied_to
        return set(ELEMENTS) if "element" in applied_to(state, u).every else set(u.elements)
    data = _card_data(o)
    if data is None:
        return set()
    return set(data.elements) | {e for e, n in dict(data.threshold).items() if n}


def _rarity(o: Obj, state: GameState | None = None) -> str | None:
    u = _unit(state, o) if state is not None else None
    if u is not None:
        return (u.rarity or "").lower() or None
    if state is not None and o.kind in ("site", "artifact", "aura"):     # its card's, from the catalog
        from codex.engine.effects.context import card_data
        name = name_of(state, o)
        known = card_data(name)
        return (known.rarity or "").lower() or None if known is not None and known.name == name else None
    data = _card_data(o)
    return (data.rarity or "").lower() if data is not None else None


def is_a(state: GameState, ctx: Ctx, obj: Obj, sel: A.Selector) -> bool:
    """Whether an object is the kind of card the words name ("if it's a minion", "an Exceptional
    Mortal"): its noun, then its modifiers and filters."""
    noun = singular(sel.noun)
    if any(m.lower() == "only" for m in sel.mods):
        # "the only Dark Tower you control": it is one, and no other is
        rest = A.replace(sel, det=None, mods=tuple(m for m in sel.mods if m.lower() != "only"))
        return is_a(state, ctx, obj, rest) and select_all(state, ctx, rest) == [obj]
    if noun == "card":
        ok = obj.kind in ("card", "unit", "site", "artifact", "aura")
    elif noun in CARD_TYPES:
        ok = kind_is(state, obj, noun)
    elif noun == "spell":
        ok = any(kind_is(state, obj, t) for t in ("minion", "magic", "artifact", "aura"))
    elif noun == "unit":
        ok = obj.kind == "unit"
    elif noun == "royalty":
        ok = is_royalty(name_of(state, obj))
    elif noun.lower() in _KEYWORD_FIELDS:
        ok = _has_keyword(state, obj, noun.lower())
    elif is_subtype(sel.noun):      # a subtype, or a card's own name ("another Adept Illusionist")
        ok = noun.lower() in _subtypes(state, obj) or _named(state, obj, sel.noun)
    else:
        raise NotExecutable(f"being a {sel.noun}")
    return ok and all(_mod_test(state, ctx, m)(obj) for m in sel.mods if m.lower() not in ("random", "dead")) \
        and all(_filter_test(state, ctx, f, obj.kind)(obj) for f in sel.filters)


#: The words of a name that make its card royalty (Codex "Royalty").
ROYAL_WORDS = frozenset({"king", "queen", "queene", "prince", "princess"})


def word_rules(state: GameState, node: Any) -> tuple[str, ...]:
    """The rules that give the selectors of ``node`` their meaning: ``subtypes`` when one names a
    subtype some card in the realm has (noun or modifier), ``royalty`` when one names royalty."""
    found: list[str] = []
    known = _unit_subtypes(state) | _site_subtypes(state) | _artifact_subtypes(state)
    for sel in _selectors(node, 0):
        words = [sel.noun] + [m for m in sel.mods if m[:1].isupper()]
        if any(singular(w).lower() == "royalty" for w in words):
            found.append("royalty")
        if any(is_subtype(w) and singular(w).lower() in known for w in words):
            found.append("subtypes")
        if any(shared_borders(f) is not None for f in sel.filters):
            found.append("border")           # "sites that share no borders": orthogonal neighbours only
        supers = [f for f in sel.filters if distance_superlative(f)]
        if supers or any(m.lower() in NEAREST + FURTHEST for m in sel.mods):
            found.append("step.away")        # "the enemy nearest to you": a distance in steps
        if any(isinstance(f.of, A.Ref) and f.of.word.lower() in ("you", "yourself") for f in supers):
            found.append("you.avatar")       # measured from a player: from their Avatar
    return tuple(dict.fromkeys(found))


def _selectors(node: Any, depth: int) -> Iterable[A.Selector]:
    """Every selector within an AST node (bounded depth: the AST is a tree of a sentence)."""
    if depth > 12 or node is None:
        return
    if isinstance(node, A.Selector):
        yield node
    if isinstance(node, (list, tuple)):
        for item in node:
            yield from _selectors(item, depth + 1)
    elif isinstance(node, A.Node):
        for name in node.__struct_fields__:
            yield from _selectors(getattr(node, name), depth + 1)


def is_royalty(name: str) -> bool:
    """Whether a card of this name is royalty: King, Queen (or Queene), Prince or Princess is one of
    the words of its name ("Crown Prince", "The Faerie Queene"; not "Kingdom" or "Princeling")."""
    return any(w in ROYAL_WORDS for w in re.findall(r"[a-z]+", name.casefold()))


def _named(state: GameState, obj: Obj, noun: str) -> bool:
    """Whether the object is the card called ``noun`` (its name, or that name in the plural)."""
    name = name_of(state, obj).casefold()
    if singular(noun).casefold() in TITLES:       # "Sirs", "Dames": the cards their names so title
        return name.startswith(singular(noun).casefold() + " ")
    if singular(noun).casefold() in NAME_WORDS:   # "Knights": the cards whose names hold the word
        return singular(noun).casefold() in {singular(w) for w in re.findall(r"[a-z]+", name)}
    wanted = noun.casefold()
    if wanted in (name, name + "s"):
        return True
    # a misprinted name ("Units attacked by Harrassing Ruffians" on Harassing Ruffians): one letter off
    return len(name) >= 12 and abs(len(wanted) - len(name)) <= 1 and \
        difflib.SequenceMatcher(None, wanted, name).ratio() >= 0.95


#: Titles that name the cards whose names begin with them ("cast Knights, Sirs, or Dames").
TITLES = frozenset({"sir", "dame", "lady"})
#: Words that name the cards whose names hold them, as "Royalty is any card with King, Queen ... in
#: its name" (Codex "Royalty"): no card has a Knight subtype, and the cards that say "Knights, Sirs, or
#: Dames" mean "Blue Knight", "Vanguard Knights" (not "Knighthood"). Found by blind real-card round 7.
NAME_WORDS = frozenset({"knight"})


def kind_is(state: GameState, obj: Obj, typ: str) -> bool:
    if obj.kind == "unit":
        u = state.unit(obj.key)
        return bool(u and (u.is_minion if typ == "minion" else u.is_avatar if typ == "avatar" else False))
    if obj.kind in ("site", "artifact", "aura"):
        return obj.kind == typ
    if obj.kind == "card":
        return card_type(obj) == typ or (typ in ("minion", "magic", "artifact", "aura") and card_type(obj) == "spell"
                                           and _card_data(obj) is None and False)
    return False


def _other_than_it(sel: A.Selector) -> bool:
    """Whether an "other X" is placed by what "it" names ("each other minion at its location"):
    then "other" contrasts with that too, not only with the card itself."""
    if not any(m.lower() == "other" for m in sel.mods) and not (isinstance(sel.det, str) and sel.det.lower() == "another"):
        return False
    return any(isinstance(n, A.Ref) and n.word == "it" or isinstance(n, A.Selector) and n.det == "its"
               for f in sel.filters for n in A.walk(f))


def _at_your_avatar(state: GameState, ctx: Ctx) -> Callable[[Obj], bool]:
    """"Must be summoned to your location": a player has no location, so "your" is read as your
    Avatar (Codex "You": "If it's impossible to read the card as 'player' in a sensible way, then use
    'avatar' instead", its example being a card that follows your avatar). Found by blind real-card
    round 6, where every location had qualified."""
    avatar = state.avatar_of(ctx.controller) if ctx.controller else None
    where = set(locations_of(state, Obj("unit", avatar.id))) if avatar is not None else set()
    return lambda o: o.key in where if o.kind == "location" else False


def _mod_test(state: GameState, ctx: Ctx, mod: str) -> Callable[[Obj], bool]:
    you = ctx.controller
    low = mod.lower()
    if low.startswith("non-"):
        inner = _mod_test(state, ctx, mod[4:])
        return lambda o: not inner(o)
    if low == "target":         # "another target minion": chosen as a target (what can't be targeted is not)
        return lambda o: True
    if low == "allied":
        return lambda o: controller_of(state, o) == you
    if low == "enemy":
        return lambda o: controller_of(state, o) not in (you, None)
    if low == "other":
        others = {ctx.source} | set(ctx.lookup("other") or ())
        if ctx.source.kind == "spell":
            # a magic is no object on the board: its "other" contrasts with what its words named
            # before ("Remove 1 damage from target minion. Remove all damage from each other
            # allied minion"), and with its caster (found by blind ruling round 18)
            others |= set(ctx.lookup("it") or ())
        if ctx.lookup("mover"):      # "another adjacent location" for a unit moved: other than where it is
            others |= {Obj("location", loc) for loc in source_locations(state, ctx)}
        return lambda o: o not in others and not (ctx.source.kind == "spell" and o.key == ctx.caster) \
            and not (o.kind == "card" and o.key.name == ctx.source_name and ctx.source.kind != "card")
    if low in ("tapped", "untapped"):
        want = low == "tapped"
        return lambda o: bool((u := _unit(state, o)) and u.tapped == want) or bool(
            o.kind == "site" and (s := state.site_at(int(o.key))) is not None and s.tapped == want)
    if low == "wounded":        # Codex "Wounded": a minion with damage, an Avatar below its maximum life
        from codex.engine.effects.conditions import is_wounded
        return lambda o: bool((u := _unit(state, o)) and is_wounded(state, u))
    if low in ("weaker", "stronger"):
        me = _unit(state, ctx.source)
        if me is None:
            raise NotExecutable(f"{low} than a card that is not a unit")
        mine = _power(state, me)
        return lambda o: bool((u := _unit(state, o)) and (_power(state, u) < mine if low == "weaker"
                                                            else _power(state, u) > mine))
    if low in ("water", "land"):
        want_water = low == "water"
        return lambda o: _is_water(state, o) == want_water if o.kind != "card" else want_water and "water" in \
            _elements(state, o)
    if low in ELEMENT_MODS:
        return lambda o: low in _elements(state, o)
    if low == "elemental":      # "an elemental spell": of one element or more (Codex "Element")
        return lambda o: bool(_elements(state, o))
    if low == "affected":
        squares = _affected_squares(state, ctx)
        return lambda o: any(loc.square in squares for loc in locations_of(state, o))
    if low == "aboveground":
        return lambda o: all(loc.region in (Region.SURFACE, Region.VOID) for loc in locations_of(state, o))
    if low in ("underground", "underwater", "burrowed", "submerged"):
        region = Region.UNDERGROUND if low in ("underground", "burrowed") else Region.UNDERWATER
        return lambda o: any(loc.region is region for loc in locations_of(state, o))
    if low in RARITIES:
        return lambda o: _rarity(o, state) == low
    if low in CARD_TYPES:
        return lambda o: kind_is(state, o, low)
    if low == "defending":      # "the defending player": whoever controls what the attack being resolved attacks
        return lambda o: o.kind == "player" and o.key == defending_player(state)
    if low == "bearer":         # "Bearer minion takes no damage ...": this artifact's bearer, when it is one
        bearer = _bearer_of_source(state, ctx)
        return lambda o: o.kind == "unit" and bearer is not None and o.key == bearer
    if low == "attacked":       # "an attacked ally": the unit the attack being resolved attacks
        attacked = state.attacking.unit if state.attacking is not None else None
        return lambda o: o.kind == "unit" and attacked is not None and o.key == attacked
    if low == "attacking":      # "target attacking minion": the attacker of the attack being resolved
        attacker = state.attacking.attacker if state.attacking is not None else None
        return lambda o: o.kind == "unit" and attacker is not None and o.key == attacker
    if low == "summoning":      # "its summoning site": the site it was summoned to
        return _summoning_test(state, ctx)
    if low == "resulting":      # "destroy target site and flood the resulting Rubble"
        return _resulting_test(state, ctx)
    if low == "struck":         # "a struck unit's location": the unit the strike being dealt struck (`splash`)
        struck = set(ctx.lookup("struck") or ())
        return lambda o: o in struck
    if low == "hit":
        # "the hit unit": what the projectile said before hit, even once "it" has come to name the unit
        # hit ("if it hits an enemy, the minion is dragged there, then may strike the hit enemy")
        shot = next((objs for _, objs in ctx.bound if any(p.kind == "projectile" for p in objs)), ())
        hits = {Obj("unit", h) for p in shot if p.kind == "projectile" for h in p.key.hits}
        return lambda o: o in hits
    if low == "chosen" and (ctx.lookup("chosen") is not None or ctx.lookup(CHOSEN_BEFORE)):
        # "destroy each chosen site": what players chose earlier in the effect (`board._others_choose`);
        # "Pick target site. Each minion atop the chosen site ...": what this effect chose before (exec36)
        picked = set(ctx.lookup("chosen") or ctx.lookup(CHOSEN_BEFORE) or ())
        return lambda o: o in picked or (o.kind == "location" and Obj("site", o.key.square) in picked)
    if low in ("dead", "random", "topmost", "next", "bottommost", "different", "chosen", "basic", "current"):
        return lambda o: True        # read by the determiner, the zone, or the choice
    if mod[:1].isupper():
        keyword = low.replace(" ", "_")
        if keyword in _KEYWORD_FIELDS:
            return lambda o: _has_keyword(state, o, keyword)
        sub = singular(mod).lower()
        return lambda o: sub in _subtypes(state, o)
    raise NotExecutable(f"the modifier {mod!r}")


#: What a cost set aside, as an effect's words name it afterwards ("the discarded card's mana cost"):
#: the word → the context binding `costs.pay` leaves.
PAID = {"discarded": "discarded"}   # "the sacrificed minion" left named: its power once gone is not kept


def paid_card(sel: Any) -> str | None:
    """The binding a selector names when it is "the discarded card" / "the sacrificed minion": what the
    ability's cost discarded or sacrificed, not a card to look for in a zone."""
    if not isinstance(sel, A.Selector) or sel.det != "the" or len(sel.mods) != 1 or sel.filters:
        return None
    return PAID.get(sel.mods[0].lower())


def its_place(sel: A.Selector) -> bool:
    """"its location", "her site", "its current location": a card's own place (Codex "Its Location",
    "Its Site"), not any location. "The same location" (or place, site) with no "as" phrase says the
    same in plain English: the place of the one the clause is about ("it hits an enemy at the same
    place")."""
    if not isinstance(sel.det, str) or sel.filters:
        return False
    if sel.det.lower() == "the" and [m.lower() for m in sel.mods] == ["same"]:
        return singular(sel.noun).lower() in ("location", "site", "place")
    return sel.det.lower() in ("its", "his", "her") \
        and singular(sel.noun).lower() in ("location", "site") and all(m.lower() == "current" for m in sel.mods)


def _its_place(state: GameState, ctx: Ctx, sel: A.Selector) -> list[Obj]:
    """The location (or site) the card "its" names occupies now: what "it" is, else the card itself
    (a spell: its caster), (Codex "Its Location": "the location that it currently occupies")."""
    holders = [o for o in (ctx.lookup("it") or ()) if o.kind in ("unit", "artifact", "aura")]
    if not holders:
        holders = [Obj("unit", ctx.caster)] if ctx.source.kind == "spell" and ctx.caster else [ctx.source]
    where = [loc for o in holders for loc in locations_of(state, o)]
    if singular(sel.noun).lower() == "site":
        return [Obj("site", sq) for sq in dict.fromkeys(loc.square for loc in where) if state.site_at(sq) is not None]
    return [Obj("location", loc) for loc in dict.fromkeys(where)]


def _summoning_test(state: GameState, ctx: Ctx) -> Callable[[Obj], bool]:
    """"its summoning site": the site (at the square) each unit "it" names, else the card itself, was
    summoned to (`Unit.summoned_at`; a scenario's unit: where it stands unless the scenario says)."""
    owners = [o for o in (ctx.lookup("it") or ()) if o.kind == "unit"] or [ctx.source]
    squares = {u.summoned_at for o in owners if (u := _unit(state, o)) is not None and u.summoned_at is not None}
    return lambda o: o.kind == "site" and o.key in squares


def _resulting_test(state: GameState, ctx: Ctx) -> Callable[[Obj], bool]:
    """"the resulting Rubble": what the clause before left where it acted (a destroyed site's Rubble
    lies on its square): the objects, of the kind the other words name, at the squares of what that
    clause acted on."""
    done = ctx.lookup("it")
    if done is None:
        raise NotExecutable("'resulting' with nothing done before")
    squares = {loc.square for o in done for loc in locations_of(state, o)}
    return lambda o: any(loc.square in squares for loc in locations_of(state, o))


_KEYWORD_FIELDS = {"airborne", "stealth", "lethal", "burrowing", "submerge", "voidwalk", "immobile", "charge",
                   "spellcaster", "waterbound", "landbound", "ranged", "lance", "ward"}


def _has_keyword(state: GameState, o: Obj, keyword: str) -> bool:
    u = _unit(state, o)
    if u is not None:
        return bool(getattr(keywords_at(state, u), keyword, False))
    data = _card_data(o)
    if data is None or not data.text:
        return False
    from codex.engine.abilities import abilities_of
    return bool(getattr(abilities_of(data.text, data.name).keywords, keyword, False))


def _is_water(state: GameState, o: Obj) -> bool:
    for loc in locations_of(state, o):
        site = state.site_at(loc.square)
        if site is not None and site_is_water(state, site):
            return True
    return False


def _affected_squares(state: GameState, ctx: Ctx) -> set[int]:
    """An aura's affected area: its squares (Codex "Aura")."""
    if ctx.source.kind == "aura":
        aura = next((a for a in state.auras if a.id == ctx.source.key), None)
        return set(aura.squares) if aura else set()
    raise NotExecutable("'affected' outside an aura")


# ----------------------------------------------------------------------------- places

#: "in a straight line <direction> of X" (the grammar's ``line_<direction>``): the compass direction.
LINE_RELS = {f"line_{d.value}": d for d in Direction}


def line_squares(square: int, direction: Direction) -> list[int]:
    """The squares in ``direction`` from ``square`` to the realm's edge (not the square itself): a
    straight line on the grid, north being the top row (`geometry`)."""
    out: list[int] = []
    nxt = next_square(square, direction)
    while nxt is not None:
        out.append(nxt)
        nxt = next_square(nxt, direction)
    return out


def places(state: GameState, ctx: Ctx, where: A.Where) -> list[Location]:
    """The locations a place relation names, around its origin (default: this card)."""
    rel = where.rel
    if rel not in RELS or rel in ("from", "among", "to", "into"):
        raise NotExecutable(f"the place relation {rel!r}")
    if rel in ("anywhere", "in_realm", "in_play"):
        return [o.key for o in _candidates(state, "location")]
    if rel == "there":
        bound = ctx.lookup("there")
        if bound is None:
            raise NotExecutable("'there' with no place named before")
        return [loc for o in bound for loc in locations_of(state, o)]
    if rel == "within" and range_of_motion_of(where.of) is not None:
        return _within_range_of_motion(state, ctx, range_of_motion_of(where.of))
    if rel == "along":
        return _along(state, ctx, where.of)
    existential = isinstance(where.of, A.Selector) and where.of.det in ("a", "an", "any")
    origin = ([loc for o in select(state, ctx, where.of, _place_role(where.of), choose=not existential)
               for loc in locations_of(state, o)]
              if where.of is not None else source_locations(state, ctx))
    if rel == "atop":         # Codex "Atop": "On the surface of a site (not void)": not its subsurface
        return [loc for loc in origin if loc.region is Region.SURFACE]
    if rel == "here" or rel in ("at", "on", "in", "occupying"):
        return origin
    if rel in ("nearby", "adjacent", "adjacent_to", "near"):
        squares = nearby_squares if rel in ("nearby", "near") else adjacent_squares
        return [Location(sq, loc.region) for loc in origin for sq in squares(loc.square)]
    if rel in LINE_RELS:      # "in a straight line north of X": to the realm's edge, at any distance
        return [Location(sq, loc.region) for loc in origin for sq in line_squares(loc.square, LINE_RELS[rel])]
    if rel == "knights_move_away":       # "a chess knight's move away": in the same region (`geometry`)
        from codex.engine.geometry import knight_move_squares
        return [Location(sq, loc.region) for loc in origin for sq in knight_move_squares(loc.square)]
    if rel == "within":
        steps = int(where.steps) if isinstance(where.steps, int) else None
        if steps is None:
            raise NotExecutable("'within' without a number of steps")
        return [Location(sq, loc.region) for loc in origin for sq in range(1, 21)
                if manhattan(loc.square, sq) <= steps]
    if rel in ("above", "below", "under", "beneath", "above_or_below"):
        return _vertical(state, origin, rel)
    if rel in ("in_front", "in_front_of"):
        return _forward_of(state, ctx, where)
    raise NotExecutable(f"the place relation {rel!r}")


def moved_path(node: Any) -> bool:
    """"their (entire) path", "its path": the path the unit named moved along in this effect."""
    return isinstance(node, A.Selector) and singular(node.noun) == "path" and not node.filters \
        and set(m.lower() for m in node.mods) <= {"entire"} and node.count is None \
        and node.det in ("their", "its", "his", "her", "the")


def _along(state: GameState, ctx: Ctx, node: Any) -> list[Location]:
    """"along their entire path": the locations of the path the unit moved along before in this
    effect, where it started included (`motion._path_taken`)."""
    if not moved_path(node):
        raise NotExecutable("'along' something other than a path moved before")
    bound = ctx.lookup("path")
    if bound is None:
        raise NotExecutable("'along' a path with no move before")
    return [o.key for o in bound]


def _place_role(node: Any) -> str:
    """The choice key of a place named inside other words: "at target location" is the effect's
    target; an untargeted one ("any number of allies at one location") is a choice of its own,
    ``place``, so it does not answer (or collide with) the choice of what stands there."""
    if isinstance(node, A.Selector) and (node.det == "target" or "target" in node.mods):
        return "target"
    return "place"


def range_of_motion_of(node: Any) -> Any:
    """Whose range of motion the words name ("Swiven Scout's range of motion", "its range of
    motion"): the owner's words, or None for any other words."""
    if not (isinstance(node, A.Selector) and node.noun.lower() == "range of motion" and not node.mods
            and not node.filters):
        return None
    if isinstance(node.det, A.Possessive):
        return node.det.owner
    if isinstance(node.det, str) and node.det.lower() in ("its", "his", "her", "their"):
        return A.Ref("it")          # "its range of motion": the unit the words speak of ("it")
    return None


def _within_range_of_motion(state: GameState, ctx: Ctx, owner: Any) -> list[Location]:
    """"within Swiven Scout's range of motion": every location the unit could reach with Move and
    Attack, ignoring triggered abilities (Codex "Range of Motion", `movement.range_of_motion`),
    its own location included (Move and Attack may take no step); none for a unit that cannot
    move (disabled)."""
    from codex.engine.movement import range_of_motion
    out: list[Location] = []
    for obj in select(state, ctx, owner, choose=False):
        unit = state.unit(str(obj.key)) if obj.kind == "unit" else None
        if unit is not None:
            out += [loc for loc in range_of_motion(state, unit) if loc not in out]
    return out


def _forward_of(state: GameState, ctx: Ctx, where: A.Where) -> list[Location]:
    """"The site directly in front": the location a step forward of the card (or of what the
    words name), forward being away from its controller's starting edge (Codex "Forward"); "N
    steps in front" that many."""
    steps = int(where.steps) if isinstance(where.steps, int) else 1
    count = A.Selector(noun="step", count=steps, filters=(A.Where("in_front_of", where.of),))
    if where.of is not None:
        return in_front(state, ctx, count)
    return in_front(state, ctx.bind("origin", [ctx.source]), A.replace(
        count, filters=(A.Where("in_front_of", A.Ref("origin")),)))


def _vertical(state: GameState, origin: list[Location], rel: str) -> list[Location]:
    """Directly above (the surface over a subsurface) or below (the subsurface under a surface) a
    location; "above or below" a site: both (Codex "Below", "Under", "Surface")."""
    from codex.engine.areas import subsurface_of
    out: list[Location] = []
    for loc in origin:
        site = state.site_at(loc.square)
        if site is None:
            continue
        under = Location(loc.square, subsurface_of(state, site))
        if rel == "above" and loc.region is not Region.SURFACE:
            out.append(Location(loc.square, Region.SURFACE))
        elif rel in ("below", "under", "beneath") and loc.region is Region.SURFACE:
            out.append(under)
        elif rel == "above_or_below":
            out += [Location(loc.square, Region.SURFACE), under]
    return list(dict.fromkeys(out))


def _located_test(state: GameState, ctx: Ctx, where: A.Where, kind: str) -> Callable[[Obj], bool]:
    """Keep objects at the places: nearby/adjacent cross regions only for sites, voids and squares
    (Codex "Nearby", "Adjacent")."""
    locs = set(places(state, ctx, where))
    squares = {loc.square for loc in locs}
    if kind == "void" and where.rel in ("nearby", "adjacent", "adjacent_to", "near"):
        return lambda o: any(l.square in squares for l in locations_of(state, o))
    if kind in ("site",) or where.rel in ("atop", "on", "occupying", "in", "at", "here"):
        return lambda o: any(l in locs or (o.kind == "site" and l.square in squares)
                             for l in locations_of(state, o))
    return lambda o: any(l in locs for l in locations_of(state, o))


def on_arrival(f: Any) -> bool:
    """"on arrival" after a move ("teleport ... Tap all other units there on arrival"): a time, the
    moment the clause before ends, not a place; the clause already follows the move, and "there"
    names where it arrived."""
    return isinstance(f, A.Where) and f.rel == "on" and isinstance(f.of, A.Selector) \
        and singular(f.of.noun) == "arrival" and not f.of.mods and not f.of.filters and f.of.det is None


def _rest(node: Any) -> bool:
    return isinstance(node, A.Selector) and node.noun == "rest" and node.det is None and not node.mods


def steps_in_front(node: Any) -> bool:
    """"one step in front of Hillock Basilisk": a number of steps and whose front."""
    return isinstance(node, A.Selector) and singular(node.noun) == "step" and isinstance(node.count, int) \
        and not node.mods and len(node.filters) == 1 and isinstance(node.filters[0], A.Where) \
        and node.filters[0].rel == "in_front_of" and node.filters[0].of is not None


def at_rest_phrase(f: Any) -> bool:
    """"at rest" (with where: "at rest at adjacent locations"; or other places: "at rest here or
    one step in front of Hillock Basilisk"): Codex "At Rest"."""
    if not (isinstance(f, A.Where) and f.rel == "at"):
        return False
    if _rest(f.of):
        return True
    return isinstance(f.of, A.Group) and f.of.conj == "or" and bool(f.of.items) and _rest(f.of.items[0]) \
        and all(steps_in_front(x) for x in f.of.items[1:])


def rest_parts(f: A.Where) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """An "at rest" phrase's filters (where the units rest) and its other places ("or one step in
    front of ...")."""
    if isinstance(f.of, A.Group):
        return f.of.items[0].filters, tuple(f.of.items[1:])
    return f.of.filters, ()


def in_front(state: GameState, ctx: Ctx, step: A.Selector) -> list[Location]:
    """The locations N steps in front of a card (Codex "Forward": away from its controller's
    starting edge), in its own region."""
    from codex.engine.geometry import next_square, relative_directions
    where = step.filters[0]
    out: list[Location] = []
    for o in select(state, ctx, where.of, choose=False):
        owner = controller_of(state, o)
        first = bool(state.players) and owner == state.players[0].id
        forward = next(iter(relative_directions(first)["forward"]))
        for loc in locations_of(state, o):
            square: int | None = loc.square
            for _ in range(int(step.count)):
                square = next_square(square, forward) if square is not None else None
            if square is not None:
                out.append(Location(square, loc.region))
    return out


def _filter_test(state: GameState, ctx: Ctx, f: Any, kind: str) -> Callable[[Obj], bool]:
    if at_rest_phrase(f):
        # a unit is at rest unless it entered, moved or was moved, cast a spell, activated an ability
        # or triggered one during the action being ruled (`rest.py`)
        filters, others = rest_parts(f)
        where = [_filter_test(state, ctx, g, kind) for g in filters]
        fronts = {loc for x in others for loc in in_front(state, ctx, x)}

        def placed(o: Obj) -> bool:
            if not others:
                return all(t(o) for t in where)
            return (bool(where) and all(t(o) for t in where)) or any(l in fronts for l in locations_of(state, o))
        return lambda o: o.kind == "unit" and o.key not in state.restless and placed(o)
    if carried_out_of(f) is not None:   # "an artifact out of the hands of another target unit here"
        carriers = {str(o.key) for o in select(state, ctx, carried_out_of(f), "target") if o.kind == "unit"}
        return lambda o: o.kind == "artifact" and (a := state.artifact(str(o.key))) is not None \
            and a.bearer in carriers
    if isinstance(f, A.Where):
        if f.rel in ("from", "in", "among") and zone_of(f.of) is not None:
            return lambda o: True       # the zone the cards come from: read by `zone_scope`
        if on_arrival(f):               # "Tap all other units there on arrival": when, not where
            return lambda o: True
        return _located_test(state, ctx, f, kind)
    if isinstance(f, A.With):
        what = f.what
        if isinstance(what, A.Group) and what.conj == "or":
            # "Minions with a keyword or N or less power": having any one of them
            tests = [_filter_test(state, ctx, A.With(what=item), kind) for item in what.items]
            return lambda o: any(t(o) for t in tests) != f.negated
        what = amount_stat(what) or what
        if isinstance(what, A.Keyword):
            name = what.name.replace(" ", "_")
            negated = f.negated

            def has(o: Obj) -> bool:
                found = _has_keyword(state, o, name)
                return not found if negated else found
            return has
        if isinstance(what, A.Stat):
            return _stat_test(state, what)
        if isinstance(what, A.Selector):
            if what.det == "no":      # "each affected enemy site with no units": without any
                return _with_objects(state, ctx, A.replace(what, det=None), not f.negated)
            return _with_objects(state, ctx, what, f.negated)
        raise NotExecutable("a 'with' phrase that is not a keyword")
    if isinstance(f, A.Stat):
        return _stat_test(state, f)
    if isinstance(f, A.Relative):
        from codex.engine.effects.conditions import holds
        clause, rel_ctx = _targeted_relative(state, ctx, f.clause)
        where_words = _relative_place(clause)
        if where_words:
            # "each minion an opponent owns in the affected area": the place the relative clause ends with
            # locates the object (found SILENT by blind round 29: it had been dropped, and every such minion
            # in the realm was taken)
            clause = A.replace(clause, adjuncts=tuple(a for a in clause.adjuncts if a not in where_words))
            at_place = [_filter_test(state, ctx, A.Where(a.prep, a.what), kind) for a in where_words]
        else:
            at_place = []

        def rel(o: Obj) -> bool:
            return holds(state, rel_ctx.bind("which", [o]), clause) is True and all(t(o) for t in at_place)
        return rel
    if isinstance(f, A.Of) and of_the_realm(f.what):     # "each corner of the realm": every place is in it
        return lambda o: True
    if isinstance(f, A.Of) and of_yours(f.what):         # "an ally of yours": one the card's controller controls
        return lambda o: controller_of(state, o) == ctx.controller
    if isinstance(f, A.Aside):      # "royalty (titles listed in parentheses)": one of those it takes in
        items = f.what.items if isinstance(f.what, A.Group) else (f.what,)
        if not all(isinstance(i, A.Selector) and not i.filters and not i.mods for i in items):
            raise NotExecutable("a parenthetical of words the engine does not read")
        words = {singular(i.noun).casefold() for i in items}

        def one_of(o: Obj) -> bool:   # a subtype it has, or a word of its name ("Prince of Tides")
            return bool(words & {x.casefold() for x in _subtypes(state, o)}) or \
                bool(words & set(re.findall(r"[a-z]+", name_of(state, o).casefold())))
        return one_of
    raise NotExecutable(f"the filter {type(f).__name__}")


def _relative_place(clause: Any) -> list[Any]:
    """The place adjuncts ("in the affected area", "at target location") of a relative clause about
    owning or controlling ("an opponent owns", "you control"), which locate its object, not the owner."""
    act = getattr(clause, "action", None) if isinstance(clause, A.Clause) else None
    if not isinstance(act, (A.Own, A.Control)) or not (isinstance(act.patient, A.Ref) and act.patient.word == "which"):
        return []
    return [a for a in clause.adjuncts if isinstance(a, A.Adjunct) and a.prep in ("in", "at", "on", "within")
            and a.what is not None]


def _targeted_relative(state: GameState, ctx: Ctx, clause: Any) -> tuple[Any, Ctx]:
    """A relative clause whose object is a target ("all minions occupying target water site"): the
    target is chosen once, as targets are (declared legal or the action is illegal, Codex "Target";
    found by blind real-card round 14: a site the words refuse had made the spell do nothing), and the
    clause then tests each object against that choice. Any other clause is returned as it is."""
    act = getattr(clause, "action", None) if isinstance(clause, A.Clause) else None
    patient = getattr(act, "patient", None)
    if not (isinstance(patient, A.Selector) and (patient.det == "target" or "target" in patient.mods)):
        return clause, ctx
    from codex.engine.abilities import AbilityKind
    from codex.engine.effects.statics import evaluating
    if evaluating() or ctx.ability.kind not in (AbilityKind.ACTIVATED, AbilityKind.SPELL):
        return clause, ctx
    chosen = select(state, ctx, patient, "target")
    assert act is not None          # it has a patient
    return A.replace(clause, action=A.replace(act, patient=A.Ref(TARGETED_OBJECT))), ctx.bind(TARGETED_OBJECT, chosen)


#: The name a relative clause's chosen target is bound under (`_targeted_relative`).
TARGETED_OBJECT = "targeted object"


def of_yours(node: Any) -> bool:
    """"of yours" ("an ally of yours", found by blind ruling round 12): controlled by the card's
    controller, as "your" before the noun says."""
    return isinstance(node, A.Selector) and node.noun.lower() in ("your", "yours") and node.det is None \
        and not node.mods and not node.filters and node.count is None


def of_the_realm(node: Any) -> bool:
    """"of the realm" ("each corner of the realm"): it says where every place already is."""
    return isinstance(node, A.Selector) and node.noun.lower() == "realm" and node.det in ("the", None) \
        and not node.mods and not node.filters


def _with_objects(state: GameState, ctx: Ctx, what: A.Selector, negated: bool) -> Callable[[Obj], bool]:
    """"a site with an enemy atop it", "any site without enemies": objects where (or on which)
    what the words name is."""
    placed = any(isinstance(f, A.Where) for f in what.filters)

    def test(o: Obj) -> bool:
        found = select_all(state, ctx.bind("it", [o]), what)
        if not placed:
            mine = set(locations_of(state, o))
            squares = {loc.square for loc in mine} if o.kind == "site" else set()
            found = [x for x in found if any(l in mine or l.square in squares for l in locations_of(state, x))
                     or (x.kind == "unit" and (u := state.unit(x.key)) is not None and u.carried_by == o.key)
                     or (x.kind == "artifact" and (a := state.artifact(x.key)) is not None and a.bearer == o.key)]
        return not found if negated else bool(found)
    return test


def stat_value(value: Any) -> int | None:
    """A comparison's number: ``3``, or a mana cost ``"(1)"``."""
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip("()").isdecimal():
        return int(value.strip("()"))
    if isinstance(value, A.Mana) and len(value.symbols) == 1 and value.symbols[0].strip("()").isdecimal():
        return int(value.symbols[0].strip("()"))
    return None


#: A quantity word of a characteristic ("2 or less power") → the comparison it makes.
_QUANT_CMP = {"at_most": "<=", "up_to": "<=", "at_least": ">=", None: "="}


def amount_stat(what: Any) -> A.Stat | None:
    """"with 2 or less power" read as a quantity of power (``Selector(noun='power', count=2,
    quant='at_most')``, as the words come inside a list): the comparison it is (None: not one)."""
    if not (isinstance(what, A.Selector) and what.noun.lower() in ("power", "cost") and isinstance(what.count, int)
            and what.quant in _QUANT_CMP and what.det is None and not what.mods and not what.filters):
        return None
    return A.Stat(stat=what.noun.lower(), cmp=_QUANT_CMP[what.quant], value=what.count)


def _stat_test(state: GameState, f: A.Stat) -> Callable[[Obj], bool]:
    value = stat_value(f.value)
    if f.stat not in ("power", "cost") or value is None:
        raise NotExecutable(f"a comparison of {f.stat}")
    ops: dict[str, Callable[[int], bool]] = {">=": lambda p: p >= value, "<=": lambda p: p <= value,
                                             "=": lambda p: p == value, ">": lambda p: p > value,
                                             "<": lambda p: p < value}
    op = ops.get(f.cmp)
    if op is None:
        raise NotExecutable(f"the comparison {f.cmp!r}")
    if f.stat == "cost":
        return lambda o: (c := _cost(state, o)) is not None and op(c)

    def power_ok(o: Obj) -> bool:
        u = _unit(state, o)
        if u is not None:
            return op(_power(state, u))
        data = _card_data(o)
        return data is not None and data.attack is not None and op(((data.attack) + (data.defence or data.attack)) // 2)
    return power_ok


def _cost(state: GameState, o: Obj) -> int | None:
    u = _unit(state, o)
    if u is not None:
        return u.cost
    if o.kind == "artifact":
        a = state.artifact(o.key)
        return a.cost if a else None
    data = _card_data(o)
    return data.cost if data is not None else None


# ----------------------------------------------------------------------------- zones

#: Nouns naming units, whose "hands" are where they carry artifacts, not a player's hand.
_UNIT_WORDS = {"unit", "minion", "avatar", "ally", "enemy", "bearer", "carrier"}


def hands_of_unit(node: Any) -> Any:
    """"the hands of another target unit here": the unit words whose hands are named, where it
    carries its artifacts (Codex "Carrying Artifacts"); None for a player's hand (a zone)."""
    if not (isinstance(node, A.Selector) and singular(node.noun).lower() == "hand" and len(node.filters) == 1
            and isinstance(node.filters[0], A.Of) and node.det in ("the", None)):
        return None
    what = node.filters[0].what
    if isinstance(what, A.Selector) and (singular(what.noun).lower() in _UNIT_WORDS or is_subtype(what.noun)):
        return what
    return None


def carried_out_of(f: Any) -> Any:
    """"(an artifact) out of the hands of X" / "from the hands of X": the words of the units that
    carry it (None: another filter)."""
    if isinstance(f, A.Where) and f.rel in ("out_of", "from", "in") and hands_of_unit(f.of) is not None:
        return hands_of_unit(f.of)
    return None


def zone_of(node: Any) -> list[tuple[Any, str]] | None:
    """The zones a selector names, as (owner words, zone): ``your cemetery``, ``any cemetery``,
    ``its owner's hand``, ``your hand, cemetery, or spellbook``; None when it names no zone (a
    unit's hands are no zone: `hands_of_unit`)."""
    if hands_of_unit(node) is not None:
        return None
    if isinstance(node, A.Group):
        parts = [zone_of(item) for item in node.items]
        if any(p is None for p in parts):
            return None
        out = [z for p in parts if p for z in p]
        owner = next((o for o, _ in out if o is not None), None)
        return [(o if o is not None else owner, z) for o, z in out]
    if not isinstance(node, A.Selector):
        return None
    zone = ZONE_NOUNS.get(singular(node.noun))
    if zone is None:
        if singular(node.noun) in ("top", "bottom"):
            inner = next((f.what for f in node.filters if isinstance(f, A.Of)), None)
            return zone_of(inner)
        return None
    return [(node.det, zone)]


def zone_owners(state: GameState, ctx: Ctx, det: Any) -> list[str]:
    """Whose zone the words mean: yours, each player's ("any", "a", "each"), or a named owner's."""
    if isinstance(det, A.Possessive):
        owners = []
        for o in select(state, ctx, det.owner, "owner", choose=False):
            pid = str(o.key) if o.kind == "player" else owner_of(state, o)
            if pid:
                owners.append(pid)
        return list(dict.fromkeys(owners))
    low = det.lower() if isinstance(det, str) else det
    if low in (None, "your", "the", "this"):
        return [ctx.controller]
    if low in ("their", "its", "his", "her"):
        bound = ctx.lookup("it")
        if bound:
            return list(dict.fromkeys(p for o in bound if (p := (str(o.key) if o.kind == "player"
                                                                  else controller_of(state, o)))))
        return [ctx.controller]
    if low in ("any", "a", "each", "every", "all"):
        return [p.id for p in state.players]
    if low in ("opponent's", "an opponent's"):
        return [state.opponent(ctx.controller)]
    raise NotExecutable(f"the zone of {det!r}")


def zone_scope(state: GameState, ctx: Ctx, sel: A.Selector) -> list[tuple[str, str]] | None:
    """The (owner, zone) pairs a card selector draws from: its zone filter, or every cemetery for a
    dead minion (Codex "Dead Minion": a minion in a cemetery); None when it names no zone."""
    for f in sel.filters:
        if isinstance(f, (A.Where, A.Of)):
            named = zone_of(f.of if isinstance(f, A.Where) else f.what)
            if named:
                return [(pid, zone) for det, zone in named for pid in zone_owners(state, ctx, det)]
    if any(m.lower() == "dead" for m in sel.mods):
        if sel.det == "your":          # "your dead fire minions": those in your own cemetery
            return [(ctx.controller, "cemetery")]
        return [(p.id, "cemetery") for p in state.players]
    died = died_zones(sel)
    if died is not None:
        return [(pid, zone) for det, zone in died for pid in zone_owners(state, ctx, det)]
    return None


def died_zones(sel: A.Selector) -> list[tuple[Any, str]] | None:
    """"a minion that died this turn (from your cemetery)": the zone its relative clause names, or
    every cemetery, where dead minions are (Codex "Dead Minion"); None when no such clause."""
    from codex.engine.effects.conditions import died_this_turn
    for f in sel.filters:
        if isinstance(f, A.Relative) and isinstance(f.clause, A.Clause) and died_this_turn(f.clause):
            source = f.clause.action.source
            return zone_of(source) if source is not None else [("any", "cemetery")]
    return None


def zone_cards(state: GameState, owner: str, zone: str) -> list[Obj]:
    """The cards of a zone a ruling can see: its named cards (a deck's from the top)."""
    z = state.player(owner).zone(zone)  # type: ignore[arg-type]
    return [Obj("card", ZoneCard(owner, zone, c, i)) for i, c in enumerate(z.named)]


#: The card nouns an unnamed card of each kind is, or is not: an unnamed spell is a spell and a
#: card but which type of spell is unknown; an unnamed site is a site and never a spell.
_UNNAMED_IS = {"spell": ({"card", "spell"}, {"site"}),
               "site": ({"card", "site"}, {"spell", "minion", "magic", "artifact", "aura", "avatar", "unit"})}


def _zone_filter(f: Any) -> bool:
    """"in your hand", "of your spellbook": the filter naming the zone, true of every card in it."""
    return isinstance(f, (A.Where, A.Of)) and bool(zone_of(f.of if isinstance(f, A.Where) else f.what))


def zone_needed(owner: str, zone: str) -> str:
    """What a scenario should give for a zone it does not count (`NotExecutable.needs`)."""
    return f"{owner}'s {zone} (its cards, or how many spells and sites it holds)"


def unnamed_fitting(state: GameState, owner: str, zone: str, sel: A.Selector) -> list[Obj]:
    """The cards of a zone the scenario counts without naming ("hand": {"spells": 2, "sites": 3})
    that the words fit, each as an object: an unnamed spell is a spell, an unnamed site a site
    (Codex "Hand": how many cards of each type a hand holds is known). Words the counts cannot
    answer (a minion, a fire spell, a zone not counted at all) are named as not executed, never
    read as none (found by blind ruling round 25)."""
    z = state.player(owner).zone(zone)  # type: ignore[arg-type]
    noun = singular(sel.noun).lower()
    plain = not [m for m in sel.mods if m.lower() not in ("random",)] and all(_zone_filter(f) for f in sel.filters)
    out: list[Obj] = []
    for kind in ("spell", "site"):
        n: int | None = getattr(z, kind + "s")
        is_, is_not = _UNNAMED_IS[kind]
        if n == 0 or noun in is_not:
            continue
        if n is None:
            raise NotExecutable(f"counting cards in a {zone} the scenario does not count", zone_needed(owner, zone))
        if noun not in is_ or not plain:
            raise NotExecutable(f"which of the unnamed {kind}s in a {zone} are {sel.noun}s (the scenario gives only "
                                "their number)", f"{owner}'s {zone} with its cards named")
        start = len(z.named) if zone not in DECKS else len(z.cards)
        out += [Obj("card", ZoneCard(owner, zone, kind, start + i)) for i in range(n)]
    return out


#: A deck's ends as modifiers ("the top card of your spellbook", "the bottommost site of your
#: atlas"): from the bottom or not (Codex "Top", "Bottom").
DECK_ENDS = {"top": False, "topmost": False, "bottom": True, "bottommost": True}


def held_in_hand(sel: Any) -> Any:
    """"every card you hold", "spells an opponent holds": the cards a player holds are the cards in
    their hand (a player carries nothing, so "hold" said of a player names their hand: Codex "Hand",
    "Your hand contains spells and sites"); the words as "cards in your hand" say it. Any other words
    are returned as they are (a unit holding or carrying an artifact stays that)."""
    if not (isinstance(sel, A.Selector) and singular(sel.noun) in CARD_NOUNS):
        return sel
    for f in sel.filters:
        clause = f.clause if isinstance(f, A.Relative) else None
        act = getattr(clause, "action", None)
        if not (isinstance(act, A.Carry) and act.dest is None and isinstance(act.patient, A.Ref)
                and act.patient.word in ("which", "that") and not clause.negated and clause.modal is None  # type: ignore[union-attr]
                and not clause.conditions and not clause.adverbs and not clause.adjuncts):  # type: ignore[union-attr]
            continue
        holder = act.agent
        if isinstance(holder, A.Ref) and holder.word == "you":
            det: Any = "your"
        elif isinstance(holder, A.Selector) and singular(holder.noun) in ("player", "opponent"):
            det = A.Possessive(holder)
        else:
            continue
        rest = tuple(g for g in sel.filters if g is not f)
        return A.replace(sel, filters=rest + (A.Where("in", A.Selector("hand", det=det)),))
    return sel


def deck_of_possessive(sel: Any) -> Any:
    """"your spellbook's top two spells" as "the top two spells of your spellbook": a deck named as the
    possessor of cards at one of its ends is the zone they are taken from (English possessive = "of");
    any other words are returned as they are."""
    if not (isinstance(sel, A.Selector) and isinstance(sel.det, A.Possessive)
            and any(m.lower() in DECK_ENDS for m in sel.mods)):
        return sel
    owner = sel.det.owner
    if not (isinstance(owner, A.Selector) and singular(owner.noun) in DECKS and zone_of(owner)):
        return sel
    return A.replace(sel, det="the", filters=sel.filters + (A.Of(owner),))


def deck_end(sel: Any) -> tuple[bool, list[tuple[Any, str]]] | None:
    """"the top card of your spellbook", "the top three cards of your atlas" ("your atlas's top
    card" alike, `deck_of_possessive`): whether from the bottom, and the zones named; None for any
    other words."""
    sel = deck_of_possessive(sel)
    if not isinstance(sel, A.Selector):
        return None
    ends = [m.lower() for m in sel.mods if m.lower() in DECK_ENDS]
    zones = next((z for f in sel.filters if isinstance(f, (A.Of, A.Where))
                  and (z := zone_of(f.what if isinstance(f, A.Of) else f.of))), None)
    if len(ends) != 1 or not zones:
        return None
    return DECK_ENDS[ends[0]], zones


def deck_end_problems(sel: A.Selector) -> Iterator[str]:
    """What keeps the engine from taking the cards at a deck's end the words name."""
    sel = deck_of_possessive(sel)
    found = deck_end(sel)
    assert found is not None
    noun = singular(sel.noun).lower()
    for _, zone in found[1]:
        if zone not in DECKS:
            yield f"the cards at one end of a {zone} (only a deck is in an order)"
        elif noun not in ("card", "spell" if zone == "spellbook" else "site"):
            yield f"the {noun}s at one end of a {zone}"
    if [m for m in sel.mods if m.lower() not in DECK_ENDS] or len(sel.filters) != 1 or sel.quant is not None:
        yield "the cards at one end of a deck, with other words"
    if sel.count is not None and not isinstance(sel.count, int):
        yield "a number of cards at one end of a deck other than a number"


def _deck_end_select(state: GameState, ctx: Ctx, sel: A.Selector) -> list[Obj]:
    """The top (bottom) card, or N cards, of each deck named: its named cards there first, then
    unnamed ones (Codex "Top": "the top card of the deck")."""
    from codex.engine.effects.cards import peek
    sel = deck_of_possessive(sel)
    problems = list(deck_end_problems(sel))
    if problems:
        raise NotExecutable(problems[0])
    found = deck_end(sel)
    assert found is not None
    bottom, zones = found
    n = sel.count if isinstance(sel.count, int) else 1
    return [o for det, zone in zones for pid in zone_owners(state, ctx, det) for o in peek(state, pid, zone, n, bottom)]


# ----------------------------------------------------------------------------- selectors

def _every_match(item: Any) -> bool:
    """A selector that names every match ("everything Unique", "all minions", "each site")."""
    if not isinstance(item, A.Selector):
        return False
    det = item.det.lower() if isinstance(item.det, str) else item.det
    return item.noun.lower() in ("everything", "everyone", "anything") and det is None or det in ("each", "all", "every")


def _refs(state: GameState, ctx: Ctx, word: str) -> list[Obj]:
    low = word.lower()
    if low == "self" and ctx.grantor is not None:     # a granted ability's "this": the granting card
        return [ctx.grantor]
    if low in ("self", "itself"):
        return [ctx.source] if ctx.source.kind != "spell" else []
    if low in ("you", "your", "yourself"):
        return [Obj("player", ctx.controller)]
    if low in ("he", "she", "him", "her", "himself", "herself") and ctx.source.kind == "unit" and ctx.grantor is None:
        # card text calls its own character "he" or "she" ("After Wind Sylph casts a Magic spell, she may
        # push ...", "adjacent to Sir Agravaine, he strikes that enemy")
        return [ctx.source]
    bound = ctx.lookup(low)
    if bound is not None:
        return list(bound)
    if low in ("it", "they", "he", "she", "that", "those", "them", "each", "which", "themselves", "himself",
               "herself"):
        bound = ctx.lookup("it")
        if bound is not None:
            return list(bound)
        subject = getattr(ctx.event, "unit", None) if ctx.event is not None else None
        if subject is not None:
            return [Obj("unit", subject)]
        if low in ("themselves", "himself", "herself", "itself", "he", "she"):
            # a person's pronoun with nothing named before: the card itself ("toward her")
            return [ctx.source] if ctx.source.kind != "spell" else []
    if low in ("everyone", "anyone"):
        return [Obj("player", p.id) for p in state.players]
    raise NotExecutable(f"the reference {word!r}")


def _det_count(sel: A.Selector) -> tuple[str, int | None]:
    """('all' | 'choose' | 'this' | 'that', how many)."""
    det = sel.det
    if isinstance(det, A.Possessive):
        return "all", None
    det = det.lower() if isinstance(det, str) else det
    count = sel.count if isinstance(sel.count, int) else None
    if det == "this":
        return "this", None
    if det in ("that", "those"):
        return "that", None
    if sel.quant == "any_number":
        return "any", None
    if sel.quant in ("up_to", "one_to"):     # "one or two": up to two, one at least (`target_numbers`)
        return "up_to", count or 1
    if det in ONE_DETS or count is not None:
        return "choose", count or 1
    if det in ("your", "their", "its", "his", "her"):
        return "all", None
    if det in ALL_DETS or det == "no":
        return "all", None
    raise NotExecutable(f"the determiner {det!r}")


def select_all(state: GameState, ctx: Ctx, node: Any) -> list[Obj]:
    """Every object the words could name, without anyone choosing ("if there is a minion here")."""
    return select(state, ctx, node, choose=False)


#: Set while objects are counted or tested (`count_all`), not offered for a choice: a zone's
#: unnamed cards then count too.
COUNTING: ContextVar[bool] = ContextVar("counting", default=False)


def count_all(state: GameState, ctx: Ctx, node: Any) -> list[Obj]:
    """Every object the words name, to count them or test them ("for each spell in your hand", "if
    you have no cards in hand"): as `select_all`, and a zone's unnamed cards too (`unnamed_fitting`),
    which no choice could pick by name."""
    token = COUNTING.set(True)
    try:
        return select_all(state, ctx, node)
    finally:
        COUNTING.reset(token)


def select(state: GameState, ctx: Ctx, node: Any, role: str = "target", *, choose: bool = True) -> list[Obj]:
    """The objects a role's words name, choosing where the words leave a choice to a player."""
    if node is None:
        return []
    from codex.engine.effects.results import THIS_WAY, died_this_way
    if died_this_way(node):      # "each minion that died this way": what the effect has killed so far
        dead = ctx.lookup(THIS_WAY)
        if dead is None:
            raise NotExecutable("'died this way' with no effect before it")
        return list(dead)
    if isinstance(node, A.Ref):
        found = _refs(state, ctx, node.word)
        for f in node.filters:
            test = _filter_test(state, ctx, f, found[0].kind if found else "unit")
            found = [o for o in found if test(o)]
        return found
    if isinstance(node, A.Where):
        return [Obj("location", loc) for loc in places(state, ctx, node)]
    if isinstance(node, A.Mana):          # "Choose one: (F) or (W)": a symbol is itself
        return [Obj("mana", "".join(node.symbols))]
    if isinstance(node, A.Group):
        if node.conj == "or":
            if not choose or all(_every_match(item) for item in node.items):
                # "everything Unique or Elite", "all minions or artifacts here": each thing that is one or
                # the other, no choice (found by blind real-card round 5, which asked "choose one of them")
                return list(dict.fromkeys(o for item in node.items for o in select(state, ctx, item, role, choose=False)))
            options = list(dict.fromkeys(o for item in node.items for o in select(state, ctx, item, role, choose=False)))
            targeted = [i for i in node.items if isinstance(i, A.Selector) and (i.det == "target" or "target" in i.mods)]
            if targeted and not untargetable_removed(state, ctx, options):
                # "target adjacent Wall or Monument" with neither there: nothing to target (Codex "Target"),
                # as for one targeted noun (found by blind real-card round 10, where it resolved doing nothing)
                _no_legal_target(ctx, " or ".join(i.noun for i in targeted))
            if ctx.targets and any(isinstance(i, A.Selector) and (i.det == "target" or "target" in i.mods)
                                   for i in node.items):
                # "target minion or artifact": the declared targets answer it
                options = untargetable_removed(state, ctx, options)
                given = ctx.declared(options)
                if given is not None:
                    record_targeted(given[:1])
                    return given[:1]
            picked = ctx.choose(role, options, why="choose one of them")
            if any(isinstance(i, A.Selector) and (i.det == "target" or "target" in i.mods) for i in node.items):
                record_targeted(picked)
            return picked
        out: list[Obj] = []
        for item in node.items:       # "target minion, and everything it carries": "it" is the first;
            # "bearer and another ally here": another than those named before
            out += select(state, ctx.bind("it", out).bind("other", out) if out else ctx, item, role, choose=choose)
        return out
    if isinstance(node, A.Partitive):
        inner = select(state, ctx, node.of, role, choose=choose) if node.of is not None else \
            list(ctx.lookup("it") or ())
        if node.count == "both" and isinstance(node.of, A.Ref):
            # "they both", "both of them": the two named before (after "X targets Y", X and Y)
            pair = list(ctx.lookup("both") or inner)
            if len(pair) != 2:
                raise NotExecutable("'both' naming other than two things")
            return pair
        if node.count in ("each", "all", None) or not choose:
            return inner
        if isinstance(node.count, int):
            return ctx.choose(role, inner, count=node.count, why=f"choose {node.count}")
        raise NotExecutable(f"the partitive {node.count!r}")
    if not isinstance(node, A.Selector):
        raise NotExecutable(f"a role given as {type(node).__name__}")
    found = _select(state, ctx, node, role, choose)
    if choose and _picks_one(node):
        record_picked(found)
    return found


def _picks_one(sel: A.Selector) -> bool:
    """"an ally", "a minion", "another unit", "target ally": words picking one object, which a later
    "the ally" of the same ability names (`earlier_pick`)."""
    det = sel.det.lower() if isinstance(sel.det, str) else None
    return not sel.plural and (det in ("a", "an", "another", "target") or "target" in sel.mods)


def _body_select(state: GameState, ctx: Ctx, sel: A.Selector, role: str, choose: bool) -> list[Obj]:
    """A body of water / span of land (Codex): the one the card occupies ("its", "her", "this"),
    or one chosen by choosing one of its sites."""
    from codex.engine.areas import body
    water = sel.noun == "body of water"
    det = sel.det.lower() if isinstance(sel.det, str) else sel.det
    each_one = ctx.lookup("each_one") if det in ("its", "their") else None
    if each_one:    # each one's own (`board._each_ones_own`)
        squares = sorted({sq for o in each_one for loc in locations_of(state, o) for sq in body(state, loc.square, water)})
    elif det in ("its", "her", "his", "their", "this", "the", None) or isinstance(det, A.Possessive):
        origin = [loc.square for loc in source_locations(state, ctx)] if not isinstance(det, A.Possessive) else \
            [loc.square for o in select(state, ctx, det.owner, role, choose=choose) for loc in locations_of(state, o)]
        squares = sorted({sq for o in origin for sq in body(state, o, water)})
    elif det == "your":         # the one your Avatar occupies (`your_body`)
        squares = your_body(state, ctx.controller, water)
    elif det in ONE_DETS or "chosen" in sel.mods:
        kinds = [Obj("site", s.square) for s in state.sites if body(state, s.square, water)]
        if not choose:
            return kinds
        picked = ctx.choose(role, kinds, why=f"choose a {sel.noun} (one of its sites)")
        squares = body(state, int(picked[0].key), water) if picked else []
    elif det in ("each", "all", "every", "any"):
        squares = sorted({sq for s in state.sites for sq in body(state, s.square, water)})
    else:
        raise NotExecutable(f"the determiner {det!r} of a {sel.noun}")
    return [Obj("site", sq) for sq in squares]


def your_body(state: GameState, player: str, water: bool = True) -> list[int]:
    """"your body of water": read as the one your Avatar occupies, as "its body of water" is the
    one its card occupies (Codex "Body of Water"); none when your Avatar is not on one."""
    from codex.engine.areas import body
    avatars = [u for u in state.units if u.is_avatar and u.controller == player]
    return sorted({sq for u in avatars for loc in state.locations_of(u) for sq in body(state, loc.square, water)})


def yours_by_control(state: GameState, player: str, water: bool = True) -> list[int]:
    """The other reading of "your body of water": every body of water with a site you control."""
    from codex.engine.areas import body
    return sorted({sq for s in state.sites if s.controller == player for sq in body(state, s.square, water)})


def _zone_select(state: GameState, ctx: Ctx, sel: A.Selector, scope: list[tuple[str, str]], role: str,
                 choose: bool) -> list[Obj]:
    """Cards in zones (a dead minion, a Beast in your cemetery): the named cards that fit."""
    how, count = _det_count(sel)
    found = [o for owner, zone in scope for o in zone_cards(state, owner, zone) if is_a(state, ctx, o, sel)]
    if not choose and COUNTING.get():     # a count or a test ("for each spell in your hand"): unnamed cards too
        found += [o for owner, zone in scope for o in unnamed_fitting(state, owner, zone, sel)]
    if not choose or how in ("all",):
        return found
    if any(m.lower() == "random" for m in sel.mods):
        return ctx.choose(f"{role}.random", found, count=count or 1, why=f"which {sel.noun} is picked at random")
    if how == "any":
        return ctx.choose(role, found, count=len(found), optional=True, why=f"choose any number of {sel.noun}s")
    return ctx.choose(role, found, count=count or 1, optional=how == "up_to", why=f"choose {sel.noun}")


#: "from among them", "a minion among them": a pick among cards named before.
AMONG = ("from_among", "among")
#: The references "among" may pick from: cards a previous clause looked at or revealed.
AMONG_REFS = ("they", "them", "those", "it")


def among_of(sel: Any) -> Any:
    """The words "among" picks from ("all Grand Old Boars from among them": "them"); None when the
    selector says no such thing."""
    if not isinstance(sel, A.Selector):
        return None
    return next((f.of for f in sel.filters if isinstance(f, A.Where) and f.rel in AMONG and isinstance(f.of, A.Ref)
                 and f.of.word.lower() in AMONG_REFS), None)


#: Qualities counted "among" what other words name ("for each rarity among allied minions"):
#: the distinct values, each an object of its own.
QUALITIES = ("rarity", "element")


#: Possessive determiners naming a quality's holder by a pronoun ("their elements": of what "they" is).
_HOLDER_PRONOUNS = {"their": "they", "its": "it", "his": "he", "her": "she"}


def quality_among(sel: Any) -> Any:
    """The words a quality is counted among ("each rarity among allied minions": "allied minions";
    "each of their elements": what "they" names; "Excalibur's bearer's elements": its possessor);
    None when the selector is not such a count."""
    if not (isinstance(sel, A.Selector) and singular(sel.noun) in QUALITIES and not sel.mods):
        return None
    det = sel.det
    if not sel.filters:
        if isinstance(det, A.Possessive):
            return det.owner
        if isinstance(det, str) and det.lower() in _HOLDER_PRONOUNS:
            return A.Ref(word=_HOLDER_PRONOUNS[det.lower()])
        return None
    if not (len(sel.filters) == 1 and isinstance(sel.filters[0], A.Where) and sel.filters[0].rel == "among"
            and isinstance(sel.filters[0].of, A.Selector)):
        return None
    return sel.filters[0].of


def _qualities(state: GameState, ctx: Ctx, sel: A.Selector) -> list[Obj]:
    """The distinct rarities (elements) of the objects the words name: "Draw a card for each rarity
    among allied minions" draws one for each rarity found among them, not one for each minion."""
    kind = singular(sel.noun)
    found: list[str] = []
    for o in select(state, ctx, quality_among(sel), "among", choose=False):
        values = [_rarity(o, state)] if kind == "rarity" else sorted(_elements(state, o))
        found += [str(v).lower() for v in values if v]
    return [Obj(kind, v) for v in dict.fromkeys(found)]


def water_sites(sel: Any) -> A.Selector | None:
    """"on water" ("submerge all minions and artifacts on water"): every water site, as the words
    "water sites" would name them; None for any other selector."""
    if isinstance(sel, A.Selector) and sel.noun.lower() == "water" and sel.det is None and not sel.mods \
            and not sel.filters and sel.count is None:
        return A.Selector(noun="site", det="all", mods=("water",), plural=True)
    return None


def _among_select(state: GameState, ctx: Ctx, sel: A.Selector, role: str, choose: bool) -> list[Obj]:
    """The cards among those named before ("Reveal your next five spells, then summon all Grand Old
    Boars from among them") that the other words fit, picked as the determiner says."""
    pool = [o for o in select(state, ctx, among_of(sel), role, choose=False) if o.kind == "card"]
    rest = A.replace(sel, filters=tuple(f for f in sel.filters if not (isinstance(f, A.Where) and f.rel in AMONG)))
    found = [o for o in pool if is_a(state, ctx, o, rest)]
    how, count = _det_count(sel)
    if not choose or how == "all":
        return found
    return ctx.choose(role, found, count=count or 1, optional=how in ("up_to", "any") or sel.det in ("a", "an"),
                      why=f"choose {sel.noun} among them")


def is_the_rest(sel: Any) -> bool:
    """"the rest": the objects a choice could have taken and did not."""
    return isinstance(sel, A.Selector) and sel.noun.lower() == "rest" and sel.det == "the" and not sel.mods \
        and not sel.filters


_ORDINAL_NOUNS = {"first": 1, "second": 2, "third": 3, "fourth": 4}


def ordinal_of(sel: Any) -> int | None:
    """"the first", "the second" standing alone after "Choose two target minions": the place in the
    order the objects were chosen (a magic's targets: as declared, Codex "Casting Magics"), or None."""
    if isinstance(sel, A.Selector) and sel.det == "the" and not sel.mods and not sel.filters and sel.count is None:
        return _ORDINAL_NOUNS.get(sel.noun.lower())
    return None


def rest_of(sel: Any) -> Any:
    """"the rest of the enemy minions there": the words after "of" (a plural with "the"), naming a
    group of which what the sentence before acted on ("it") is left out (exec36); None otherwise."""
    if not (isinstance(sel, A.Selector) and sel.noun.lower() == "rest" and sel.det == "the" and not sel.mods
            and len(sel.filters) == 1 and isinstance(sel.filters[0], A.Of)):
        return None
    what = sel.filters[0].what
    if isinstance(what, A.Selector) and what.det == "the" and what.plural and what.count is None:
        return A.replace(what, det=None)
    return None


def names_itself(sel: A.Selector) -> bool:
    """"this helmet", "this sword": a card calling itself by a common noun no other rule knows."""
    noun = singular(sel.noun).lower()
    return sel.det == "this" and not sel.mods and not sel.filters and sel.noun.islower() and noun not in NOUNS \
        and noun not in CARD_NOUNS and noun not in ZONE_NOUNS and noun not in _KEYWORD_FIELDS and " " not in noun


def choice_of(sel: A.Selector) -> Any:
    """"a location another player chooses": the words of whose choice it is."""
    for f in sel.filters:
        if isinstance(f, A.Of) and isinstance(f.what, A.Selector) and f.what.noun.lower() == "choice" \
                and isinstance(f.what.det, A.Possessive) and not f.what.filters and not f.what.mods:
            return f.what.det.owner
    return None


def _by_chooser(state: GameState, ctx: Ctx, sel: A.Selector, role: str, choose: bool) -> list[Obj]:
    """"of that player's choice", "of an opponent's choice": that player chooses (choice
    ``<role>.<player>``), among what the rest of the words name."""
    owner = choice_of(sel)
    rest = A.replace(sel, filters=tuple(f for f in sel.filters if not (isinstance(f, A.Of) and f.what is not None
                                                                       and getattr(f.what, "noun", "") == "choice")))
    players = [str(o.key) for o in select(state, ctx, owner, "chooser") if o.kind == "player"]
    if len(players) != 1:
        raise NotExecutable("a choice by no player, or by several")
    return _select(state, ctx, rest, f"{role}.{players[0]}", choose)


def _select(state: GameState, ctx: Ctx, sel: A.Selector, role: str, choose: bool = True) -> list[Obj]:
    sel = held_in_hand(sel)      # "every card you hold": the cards in your hand
    if names_itself(sel):
        return [ctx.source]
    if choice_of(sel) is not None:
        return _by_chooser(state, ctx, sel, role, choose)
    if sel.noun in ("body of water", "span of land"):
        return _body_select(state, ctx, sel, role, choose)
    if sel.noun == "area of effect":
        from codex.engine.effects.areas import area_locations
        return area_locations(state, ctx)
    if water_sites(sel) is not None:          # "on water": on the water sites
        return _select(state, ctx, water_sites(sel), role, choose)   # type: ignore[arg-type]
    if quality_among(sel) is not None:        # "each rarity among allied minions"
        return _qualities(state, ctx, sel)
    if any(on_arrival(f) for f in sel.filters) and ctx.lookup("there") is None:
        return []          # "... there on arrival" with no arrival (the move was not made): nothing
    if among_of(sel) is not None:     # "all Grand Old Boars from among them"
        return _among_select(state, ctx, sel, role, choose)
    from codex.engine.effects.cast_cards import cast_clause, spells_cast
    if cast_clause(sel) is not None:     # "spells you've cast this turn": the cards cast, as cards
        return spells_cast(state, ctx, sel)
    if ordinal_of(sel) is not None:    # "The first takes 3 damage and the second takes 1": by the order chosen
        picked = list(ctx.lookup(CHOSEN_BEFORE) or ())
        n = ordinal_of(sel) or 0
        if not picked:
            raise NotExecutable(f"'the {sel.noun}' with nothing chosen before")
        return picked[n - 1:n]
    if rest_of(sel) is not None:    # "Tap the rest of the enemy minions there": those but what was acted on
        done = set(ctx.lookup("it") or ())
        return [o for o in _select(state, ctx, rest_of(sel), role, choose) if o not in done]
    if is_the_rest(sel):       # "Kill the rest": what a choice left unchosen (`board._others_choose`)
        rest = ctx.lookup("rest")
        if rest is None:
            raise NotExecutable("'the rest' with no choice before")
        return list(rest)
    if deck_end(sel) is not None:        # "the top card of your spellbook"
        return _deck_end_select(state, ctx, sel)
    scope = zone_scope(state, ctx, sel) if singular(sel.noun) in CARD_NOUNS or is_subtype(sel.noun) else None
    if scope is not None:
        return _zone_select(state, ctx, sel, scope, role, choose)
    if paid_card(sel) is not None:     # "the discarded card": what the cost discarded
        paid = ctx.lookup(paid_card(sel) or "")
        if paid is None:
            raise NotExecutable(f"'the {sel.mods[0]} {sel.noun}' with nothing {sel.mods[0]} to pay a cost")
        return list(paid)
    if its_place(sel):          # "its location", "her site": where that card is now
        return _its_place(state, ctx, sel)
    how, count = _det_count(sel)
    kind, noun_test = _noun_test(state, ctx, sel.noun, sel.det)
    named = ctx.lookup("the")
    if sel.det == "the" and named is not None and not sel.mods and not sel.filters:
        # "The ally gains +4 power": the ally its casting rule named ("May be cast when an ally defends")
        return [o for o in named if noun_test(o)]
    if how == "this":
        if ctx.source.kind in (kind, "spell") or kind == "unit" and ctx.source.kind == "unit" or kind == "thing":
            return [ctx.source] if ctx.source.kind != "spell" else []
        if kind == "location" and ctx.source.kind in ("unit", "artifact", "site"):     # "this location"
            return [Obj("location", loc) for loc in locations_of(state, ctx.source)]
        if kind == "site" and ctx.source.kind in ("unit", "artifact", "aura"):
            squares = {loc.square for loc in locations_of(state, ctx.source)}
            return [Obj("site", sq) for sq in sorted(squares) if state.site_at(sq) is not None]
        raise NotExecutable(f"'this {sel.noun}' on a card that is not one")
    if how == "that":
        bound = ctx.lookup("it")
        named = ctx.lookup("that")     # what a trigger's words named ("that Avatar", "that unit")
        chosen = ctx.lookup("chosen")  # what the card's own ability had chosen ("enters that site")
        if chosen and not any(o.kind == kind or kind == "location" and o.kind == "site" for o in named or ()):
            found = [o for o in chosen if o.kind == kind and noun_test(o)]
            if found:
                return found
        if bound is None and ctx.event is not None and hasattr(ctx.event, "unit"):
            bound = (Obj("unit", ctx.event.unit),)
        if kind == "player" and isinstance(getattr(ctx.event, "player", None), str) and not any(
                o.kind == "player" for o in tuple(bound or ()) + tuple(named or ())):
            return [Obj("player", str(getattr(ctx.event, "player")))]   # "At the end of each player's turn, ... that player"
        if bound is None and named is None:
            raise NotExecutable(f"'that {sel.noun}' with nothing named before")
        if kind == "location":
            return [Obj("location", loc) for o in (bound or named or ()) for loc in locations_of(state, o)]
        for pool in (bound, named):
            found = [o for o in pool or () if (o.kind == kind or (kind == "thing" and o.kind in ("unit", "artifact")))
                     and noun_test(o)]
            if found:
                return found
        gone = [o for o in bound or () if kind == "unit" and o.kind == "unit" and state.unit(o.key) is None
                and any(r.id == o.key for r in state.removed)]
        if gone:
            # "Banish target token. That token's controller ...": it has left the realm, so the board
            # cannot test the noun again; the words named it before (who controlled it: `_last_known`)
            return gone
        if kind == "player":       # "Return it to its owner's hand. That player ...": the owner named (`referents`)
            from codex.engine.effects.referents import NAMED_PLAYERS
            return list(ctx.lookup(NAMED_PLAYERS) or ())
        return []
    if kind == "card":
        raise NotExecutable(f"{sel.noun}s with no zone named")
    of = next((f.what for f in sel.filters if isinstance(f, A.Of)), None)
    if kind == "player" and of is not None and singular(sel.noun) in ("controller", "owner"):
        # "the controller of Angel's Egg's site": whoever controls (owns) what the words name
        whose = owner_of if singular(sel.noun) == "owner" else controller_of
        return [Obj("player", p) for p in dict.fromkeys(whose(state, o) for o in select(state, ctx, of, role,
                                                                                          choose=choose)) if p]
    if kind == "projectile":
        return [o for o in (ctx.lookup("it") or ()) if o.kind == "projectile"]
    mods_ctx = ctx
    if isinstance(sel.det, A.Possessive):     # "that unit's other allied minions": allied to it, other than it
        holders = [o for o in select(state, ctx, sel.det.owner, role, choose=False) if o.kind == "unit"]
        if holders:
            owner = controller_of(state, holders[0]) or ctx.controller
            from dataclasses import replace as dc_replace
            mods_ctx = dc_replace(ctx, controller=owner).bind("other", holders)
    elif _other_than_it(sel) and ctx.lookup("it"):
        # "each other minion at its location", "each other enemy adjacent to it": other than what
        # "it" names too, the one the words measure from (found by blind ruling round 18)
        mods_ctx = ctx.bind("other", list(ctx.lookup("other") or ()) + list(ctx.lookup("it") or ()))
    tests = [noun_test] + [_mod_test(state, mods_ctx, m) for m in sel.mods if m.lower() not in (
        "random", "strongest", "weakest", "only") + NEAREST + FURTHEST]
    if isinstance(sel.det, str) and sel.det.lower() == "another":
        tests.append(_mod_test(state, ctx, "other"))
    if isinstance(sel.det, str) and sel.det.lower() in ("your",) and kind not in ("location", "player"):
        tests.append(lambda o: controller_of(state, o) == ctx.controller)
    if isinstance(sel.det, str) and sel.det.lower() == "your" and singular(sel.noun).lower() == "location":
        tests.append(_at_your_avatar(state, ctx))
    if _their_with_no_antecedent(ctx, sel, kind):
        tests.append(lambda o: controller_of(state, o) not in (None, ctx.controller))
    if isinstance(sel.det, A.Possessive):
        possessors = select(state, ctx, sel.det.owner, role, choose=choose)
        if kind in ("site", "location") and possessors and all(w.kind in ("unit", "artifact", "aura")
                                                               for w in possessors):
            # "Angel's Egg's site", "the Mortal's location": where that card is
            where = {loc for w in possessors for loc in locations_of(state, w)}
            squares = {loc.square for loc in where}
            tests.append(lambda o: o.key in where if o.kind == "location" else o.key in squares)
        else:
            owners = {controller_of(state, o) or str(o.key) for o in possessors}
            tests.append(lambda o: controller_of(state, o) in owners)
    placed_as = "void" if singular(sel.noun) == "void" else kind    # a void is near across regions, as a site
    tests += [_filter_test(state, ctx, f, placed_as) for f in sel.filters
              if not distance_superlative(f) and shared_borders(f) is None and each_other(f) is None]
    found = [o for o in _candidates(state, kind) if all(t(o) for t in tests)]
    for f in sel.filters:
        if distance_superlative(f):
            found = _by_distance(state, ctx, found, f.rel, f.of)
    for m in sel.mods:
        if m.lower() in NEAREST + FURTHEST:
            found = _by_distance(state, ctx, found, m.lower(), None)
    if any(m.lower() == "only" for m in sel.mods) and len(found) != 1:
        found = []               # "the only minion here": none when there is not exactly one
    extreme = next((m.lower() for m in sel.mods if m.lower() in ("strongest", "weakest")), None)
    if extreme is not None:
        found = _extremes(state, found, extreme)
    elif not sel.plural and (any(distance_superlative(f) for f in sel.filters) or
                             any(m.lower() in NEAREST + FURTHEST for m in sel.mods)):
        extreme = "distance"         # "the enemy nearest to you": ties are the chooser's to break
    if sel.det == "the" and not sel.plural and not sel.mods and not sel.filters \
            and kind in ("unit", "artifact", "aura", "site"):
        # "the ally is dragged": a singular "the" names one thing said before ("An ally shoots ..."): the
        # latest object an earlier clause of the ability picked that these words fit; it never means every
        # ally (found by blind real-card round 10, where it dragged the caster too)
        before = earlier_pick(found)
        if before is not None:
            return before
        if len(found) > 1:
            raise NotExecutable(f"'the {sel.noun}' naming one {sel.noun} said before ({len(found)} fit)")
    within = ctx.lookup("within")
    if within and kind == "unit":     # "Staying within <a place>, move target unit"
        squares = {int(o.key) for o in within}
        found = [o for o in found if any(loc.square in squares for loc in locations_of(state, o))]
    if not choose:
        return found
    if any(m.lower() == "random" for m in sel.mods):
        return ctx.choose(f"{role}.random", found, count=count or 1, why=f"which {sel.noun} is picked at random")
    hidden: list[Obj] = []
    if sel.det == "target" or "target" in sel.mods:
        kept = untargetable_removed(state, ctx, found)
        hidden = [o for o in found if o.kind == "artifact" and o not in kept and _hidden_by_stealth(state, ctx, o)]
        found = kept
    if how == "any" and not ((sel.det == "target" or "target" in sel.mods) and ctx.targets and kind == "unit"):
        return ctx.choose(role, found, count=len(found), optional=True, why=f"choose any number of {sel.noun}s")
    if how in ("choose", "up_to", "any") or extreme is not None and len(found) > 1:
        if (sel.det == "target" or "target" in sel.mods) and ctx.targets and kind == "unit":
            # "target minion", "up to two target minions": the targets the cast declared answer it
            from codex.engine.effects.target_numbers import check_declared, several
            if several(sel, count):
                check_declared(ctx, sel, found, {t: name_of(state, Obj("unit", t)) for t in ctx.targets
                                                 if state.unit(t) is not None}, None if how == "any" else count)
            given = ctx.declared(found)
            if how == "any" and given is not None:
                record_targeted(given)
                return given
            if given is not None:
                apart = _not_apart(state, sel, given[: count or 1])
                if apart is not None and not ctx.rechecked:
                    # "two target minions at different locations" declared at one location (Codex "Target")
                    from codex.engine.errors import IllegalAction
                    from codex.engine.reasons import Reason
                    raise IllegalAction(Reason.NOT_A_LEGAL_TARGET, f"{ctx.source_name} cannot target them: {apart}",
                                        "target.declared", "/action/targets")
                # a Ward that broke instead still leaves the unit targeted (what "the previous one" reads)
                record_targeted([Obj("unit", t) for t in ctx.targets if Obj("unit", t) in found][: count or 1])
                return given[: count or 1]
            if all(state.unit(t) is not None for t in ctx.targets):
                # a declared target the words do not allow (Codex "Target": declared legal, checked again)
                names = ", ".join(name_of(state, Obj("unit", t)) for t in ctx.targets)
                if ctx.rechecked:          # legal when cast, not any more: the effect leaves it alone
                    raise TargetGone(f"{names} is no longer a {sel.noun} its words allow")
                from codex.engine.errors import IllegalAction
                from codex.engine.reasons import Reason
                raise IllegalAction(Reason.NOT_A_LEGAL_TARGET, f"{ctx.source_name} cannot target {names}: "
                                    f"it is not a {sel.noun} its words allow", "target.declared", "/action/targets")
        if not found and how == "choose" and (sel.det == "target" or "target" in sel.mods):
            _no_legal_target(ctx, sel.noun, hidden=[name_of(state, o) for o in hidden])
        targeted = sel.det == "target" or "target" in sel.mods
        if targeted and role == "target" and how == "choose":
            _refuse_named_target(state, ctx, sel, kind, found)
        picked = ctx.choose(role, found, count=count or 1, optional=how == "up_to",
                            why=f"choose {'up to ' if how == 'up_to' else ''}{sel.det or count} {sel.noun}",
                            also="target" if targeted and role != "target" else None)
        _check_together(state, ctx, sel, role, picked)
        if targeted:
            record_targeted(picked)
        return picked
    return found


#: The objects the ability being resolved has targeted so far, in order (set by `execute.execute_run`
#: for each ability; None outside one): what "a new unit" and "the previous one" of an additional
#: target read (`effects/repeat.py`).
TARGETED: ContextVar[list[Obj] | None] = ContextVar("arbiter_targeted", default=None)


def record_targeted(objs: Sequence[Obj]) -> None:
    """Note that the ability being resolved targeted ``objs`` (the last is the most recent)."""
    seen = TARGETED.get()
    if seen is not None:
        seen.extend(objs)


#: What the ability being resolved has picked so far by words picking one object ("an ally shoots",
#: "target minion"), oldest first (set by `execute.execute_run` with `TARGETED`; None outside one).
PICKED: ContextVar[list[tuple[Obj, ...]] | None] = ContextVar("arbiter_picked", default=None)


def record_picked(objs: Sequence[Obj]) -> None:
    """Note that the ability being resolved picked ``objs`` by words naming one object."""
    seen = PICKED.get()
    if seen is not None and objs:
        seen.append(tuple(objs))


def earlier_pick(fitting: Sequence[Obj]) -> list[Obj] | None:
    """What a singular definite "the ally" names: the latest pick of the ability being resolved whose
    objects all fit the words now (``fitting``); None when no earlier pick fits."""
    among = set(fitting)
    for objs in reversed(PICKED.get() or ()):
        if all(o in among for o in objs):
            return list(objs)
    return None


def targeted_so_far() -> list[Obj]:
    """What the ability being resolved has targeted so far, oldest first."""
    return list(TARGETED.get() or ())


class TargetGone(Exception):
    """Every target a spell declared legally is, when the spell resolves, no longer one its words
    allow (Codex "Target": "the legality of the target is checked again when the effect actually
    resolves"): the ability does nothing."""


def _refuse_named_target(state: GameState, ctx: Ctx, sel: A.Selector, kind: str, found: list[Obj]) -> None:
    """A target the scenario names under a spell's or an activated ability's own `target` key that is a
    real unit, artifact, site or location the words refuse (three steps away for "up to two steps away",
    an ally for "target enemy") is an illegal target, as one the action declares is (Codex "Target"); an answer that names nothing of
    that kind is left to the choice, which asks again with the options."""
    from codex.engine.abilities import AbilityKind
    given = ctx.answer("target")          # first: most choices come without a named target (hot path)
    if given is None or isinstance(given, (list, bool, dict)):
        return
    if ctx.ability.kind not in (AbilityKind.ACTIVATED, AbilityKind.SPELL):
        return       # a trigger's target is chosen as it goes on the storyline: the action itself stays legal
    nodes = list(A.walk(ctx.ability.node))
    if len({n for n in nodes if isinstance(n, A.Selector) and (n.det == "target" or "target" in n.mods)}
           | {n.patient for n in nodes if isinstance(n, A.Choose) and n.kind == "target"}) != 1:
        return       # several targets: the `target` key may answer another of them (each asks under its own role)
    obj: Obj | None = None
    if kind == "unit" and state.unit(str(given)) is not None:
        obj = Obj("unit", str(given))
    elif kind == "artifact" and state.artifact(str(given)) is not None:
        obj = Obj("artifact", str(given))
    elif kind == "site" and str(given).isdecimal() and state.site_at(int(given)) is not None:
        obj = Obj("site", int(given))
    elif kind == "location" and str(given).split(":")[0].isdecimal() and int(str(given).split(":")[0]) in SQUARES:
        square, _, region = str(given).partition(":")
        if region and region not in {r.value for r in Region}:
            return
        obj = Obj("location", Location(int(square), Region(region) if region else Region.SURFACE))
    if obj is None or obj in found:
        return
    name = name_of(state, obj)
    if ctx.rechecked:          # legal when cast, not any more: the effect leaves it alone
        raise TargetGone(f"{name} is no longer a {sel.noun} its words allow")
    from codex.engine.errors import IllegalAction
    from codex.engine.reasons import Reason
    raise IllegalAction(Reason.NOT_A_LEGAL_TARGET, f"{ctx.source_name} cannot target {name}: it is not a "
                        f"{sel.noun} its words allow", "target.declared", f"/choices/{ctx.key}.target")


def _apart_filter(f: Any) -> bool:
    """"(minions) at different locations": a relation among the objects picked together (each at a
    location none of the others is at), not a test of each."""
    return isinstance(f, A.Where) and f.rel in ("at", "in") and isinstance(f.of, A.Selector) \
        and singular(f.of.noun).lower() in ("location", "site", "square") and \
        [m.lower() for m in f.of.mods] == ["different"] and not f.of.filters


#: Place relations the objects picked together may be required to keep with each other.
EACH_OTHER_RELS = ("adjacent", "adjacent_to", "nearby", "near", "at", "here")


def each_other(f: Any) -> str | None:
    """"(two target minions) adjacent to each other", "nearby each other": a relation every object
    picked together keeps with every other one, not a test of each (its place relation), or None."""
    if isinstance(f, A.Where) and isinstance(f.of, A.Ref) and f.of.word.lower() == "each other" \
            and not f.of.filters:
        return f.rel
    return None


def _apart_from(state: GameState, rel: str, a: Obj, b: Obj) -> bool:
    """Whether ``b`` is not where ``rel`` says from ``a`` (Codex "Adjacent": orthogonal neighbours;
    "Nearby": adjacent or diagonal; "at": the same location)."""
    if rel not in EACH_OTHER_RELS:
        raise NotExecutable(f"the relation {rel!r} among objects picked together")
    mine, theirs = locations_of(state, a), set(locations_of(state, b))
    if rel in ("at", "here"):
        return not (set(mine) & theirs)
    squares = nearby_squares if rel in ("nearby", "near") else adjacent_squares
    return not any(Location(sq, loc.region) in theirs for loc in mine for sq in squares(loc.square))


def _not_each_other(state: GameState, sel: A.Selector, picked: Sequence[Obj]) -> str | None:
    """Why objects picked together break "adjacent to each other" (None when they keep it)."""
    for f in sel.filters:
        rel = each_other(f)
        if rel is None:
            continue
        for i, a in enumerate(picked):
            for b in picked[i + 1:]:
                if _apart_from(state, rel, a, b):
                    said = rel.replace("_to", "").replace("_", " ")
                    return f"{name_of(state, a)} and {name_of(state, b)} are not {said} {'to ' if said == 'adjacent' else ''}each other"
    return None


def _not_apart(state: GameState, sel: A.Selector, picked: Sequence[Obj]) -> str | None:
    """Why objects picked together break "at different locations", or a relation they must keep with
    each other ("adjacent to each other"), (None when they keep it)."""
    if len(picked) >= 2:
        close = _not_each_other(state, sel, picked)
        if close is not None:
            return close
    if not any(_apart_filter(f) for f in sel.filters) or len(picked) < 2:
        return None
    seen: dict[Location, Obj] = {}
    for o in picked:
        for loc in locations_of(state, o):
            if loc in seen and seen[loc] != o:
                return f"{name_of(state, seen[loc])} and {name_of(state, o)} are both at the {loc}, not at different locations"
            seen[loc] = o
    return None


def _check_together(state: GameState, ctx: Ctx, sel: A.Selector, role: str, picked: list[Obj]) -> None:
    """"Target three sites that share no borders": the picks must keep the relation the words set
    among them; a choice that does not is asked again, saying why."""
    from codex.engine.errors import AmbiguousAction
    apart = _not_apart(state, sel, picked)
    if apart is not None:
        key = f"{ctx.key}.{role}"
        raise AmbiguousAction(f"{ctx.source_name}: {apart}; choose them as the words say", key, [],
                              f"/choices/{key}")
    for f in sel.filters:
        share = shared_borders(f)
        if share is None or _borders_ok(state, picked, share):
            continue
        key = f"{ctx.key}.{role}"
        why = f"{describe(state, picked)} {'do not each share' if share else 'share'} a border"
        from codex.engine.abilities import AbilityKind
        targeted = sel.det == "target" or "target" in sel.mods     # "Choose two sites ..." is no target
        if targeted and role == "target" and ctx.answer(role) is not None and ctx.ability.kind in (
                AbilityKind.ACTIVATED, AbilityKind.SPELL):
            # the targets were named, and together they are not what the words allow (Codex "Target"), as
            # a single target the words refuse (found by blind real-card round 12)
            from codex.engine.errors import IllegalAction
            from codex.engine.reasons import Reason
            raise IllegalAction(Reason.NOT_A_LEGAL_TARGET, f"{ctx.source_name} cannot target them: {why}",
                                "target.declared", f"/choices/{key}")
        raise AmbiguousAction(f"{ctx.source_name}: {why}; choose {sel.noun}s that {'do' if share else 'share no borders'}",
                              key, [], f"/choices/{key}")


def _no_legal_target(ctx: Ctx, noun: str, hidden: Sequence[str] = ()) -> None:
    """Nothing to target (Codex "Target"): a spell is not cast and an activated ability not used
    (the action is illegal); a triggered ability is not used (`NoLegalTarget`). ``hidden``: the
    artifacts an opponent's Stealth minion carries, which its words would have allowed."""
    from codex.engine.abilities import AbilityKind
    what = f"there is no {noun} its words allow to target"
    if hidden:
        what += f" ({', '.join(hidden)}: carried by a minion with Stealth)"
    if ctx.ability.kind in (AbilityKind.ACTIVATED, AbilityKind.SPELL):
        from codex.engine.errors import IllegalAction
        from codex.engine.reasons import Reason
        raise IllegalAction(Reason.NO_LEGAL_TARGET, f"{ctx.source_name}: {what}",
                            "stealth.carried" if hidden else "target.none", "/action")
    raise NoLegalTarget(what)


def targeter(ctx: Ctx) -> Obj:
    """Who targets, for "can't be targeted by enemies / by magic": a magic spell is itself (its
    caster is the enemy or ally), an ability its card."""
    return ctx.source


def _hidden_by_stealth(state: GameState, ctx: Ctx, o: Obj) -> bool:
    """An opponent's minion with Stealth, hidden from ``ctx``'s card (not from one that can see
    stealthed enemies: its unit, or the caster of its spell), and an artifact such a minion carries
    (rulebook "Stealth": it "gains the same benefits")."""
    if o.kind == "artifact":
        art = state.artifact(str(o.key))
        u = state.unit(art.bearer) if art is not None and art.bearer else None
    else:
        u = _unit(state, o)
    if u is None or not u.is_minion or u.controller == ctx.controller or not keywords_at(state, u).stealth:
        return False
    seer = state.unit(str(ctx.source.key)) if ctx.source.kind == "unit" else (
        state.unit(ctx.caster) if ctx.caster else None)
    return not (seer is not None and keywords_at(state, seer).sees_stealth)


def untargetable_removed(state: GameState, ctx: Ctx, found: list[Obj]) -> list[Obj]:
    """The objects ``ctx``'s card may target: not an opponent's Stealth minion (Codex "Stealth"),
    unless whoever targets can see stealthed enemies, and not those an ongoing effect says it can't."""
    found = [o for o in found if not _hidden_by_stealth(state, ctx, o)]
    if not state.statics:
        return found
    from codex.engine.effects.statics import forbids
    out = []
    for o in found:
        if forbids(state, "target", targeter(ctx), o, by=ctx.controller) is not None:
            continue
        if ctx.source.kind == "spell" and ctx.caster and forbids(state, "target", Obj("unit", ctx.caster), o,
                                                                 by=ctx.controller):
            continue
        out.append(o)
    return out


def shared_borders(f: Any) -> bool | None:
    """"(sites) that share no borders" / "that share a border": a relation among the objects picked
    together, not a test of each: False (no two share a border), True (each shares one with
    another), None (other words)."""
    if not (isinstance(f, A.Relative) and isinstance(f.clause, A.Clause) and isinstance(f.clause.action, A.Action)
            and f.clause.action.lemma == "share" and not f.clause.negated and f.clause.modal is None
            and not f.clause.conditions and not f.clause.adjuncts and not f.clause.adverbs):
        return None
    roles = dict(f.clause.action.roles)
    agent, what = roles.get("agent"), roles.get("patient")
    if set(roles) != {"agent", "patient"} or not (isinstance(agent, A.Ref) and agent.word.lower() == "which"):
        return None
    if not (isinstance(what, A.Selector) and singular(what.noun).lower() == "border" and not what.mods
            and not what.filters and what.det in ("no", "a", None)):
        return None
    return bool(what.det != "no")


def _borders_ok(state: GameState, picked: list[Obj], share: bool) -> bool:
    """Whether the objects picked together keep the relation (Codex "Border": adjacent squares,
    not diagonals)."""
    from codex.engine.geometry import orthogonal_neighbours
    squares = [{loc.square for loc in locations_of(state, o)} for o in picked]

    def touching(i: int, j: int) -> bool:
        return any(b in orthogonal_neighbours(a) for a in squares[i] for b in squares[j])
    if share:
        return all(any(touching(i, j) for j in range(len(squares)) if j != i) for i in range(len(squares)))
    return not any(touching(i, j) for i in range(len(squares)) for j in range(i + 1, len(squares)))


def _their_with_no_antecedent(ctx: Ctx, sel: A.Selector, kind: str) -> bool:
    """"Your strongest minion and their strongest minion": a card's "their" before a unit (or other
    card in the realm) with nothing said before for it to stand for (no player or unit bound as
    player bound, no player the event is about: "that player taps their strongest minion") is the other
    side's, as it is in English when set against "your" (exec29). A unit is no antecedent for it (the
    Codex says "its" of a unit); with a player antecedent "their" keeps its old reading."""
    if not (isinstance(sel.det, str) and sel.det.lower() == "their") or kind in ("location", "player", "site"):
        return False
    if isinstance(getattr(ctx.event, "player", None), str):
        return False
    return not any(o.kind == "player" for _, objs in ctx.bound for o in objs)


def distance_superlative(f: Any) -> bool:
    """"nearest to you", "furthest from your Avatar": a pick by distance, not a place."""
    return isinstance(f, A.Where) and f.rel in NEAREST + FURTHEST


def _origin(state: GameState, ctx: Ctx, of: Any) -> tuple[list[Obj], list[Location]]:
    """What distance is measured from: what the words name (a player: their Avatar, Codex "You":
    a player stands nowhere), or this card (a spell: its caster)."""
    if of is None:
        return [ctx.source], source_locations(state, ctx)
    named = select(state, ctx, of, "origin", choose=False)
    objs: list[Obj] = []
    for o in named:
        avatar = state.avatar_of(str(o.key)) if o.kind == "player" else None
        objs.append(unit_obj(avatar) if avatar is not None else o)
    return objs, [loc for o in objs for loc in locations_of(state, o)]


def _by_distance(state: GameState, ctx: Ctx, found: list[Obj], rel: str, of: Any) -> list[Obj]:
    """The nearest (furthest) of them to the origin, in steps: adjacent squares counted one a step
    (Codex "Step"); what the distance is measured from is not among them ("the minion closest to
    this"); ties all stay, for the chooser to break."""
    objs, origin = _origin(state, ctx, of)
    squares = {loc.square for loc in origin}
    if not squares:
        return []
    measured = [(o, min(manhattan(sq, loc.square) for sq in squares for loc in where))
                for o in found if o not in objs and (where := locations_of(state, o))]
    if not measured:
        return []
    best = (min if rel in NEAREST else max)(d for _, d in measured)
    return [o for o, d in measured if d == best]


def _extremes(state: GameState, found: list[Obj], which: str) -> list[Obj]:
    """The strongest (weakest) of them: ties are the chooser's to break."""
    powered = [(o, _power(state, u)) for o in found if (u := _unit(state, o)) is not None]
    if not powered:
        return []
    best = max(p for _, p in powered) if which == "strongest" else min(p for _, p in powered)
    return [o for o, p in powered if p == best]


def fits(unit: Unit, sel: Any) -> bool:
    """Whether a unit fits a plain selector's noun and kind modifiers ("units", "minions", "enemy
    minions"), judged from its printed facts (for effects over an area, read without a board)."""
    if not isinstance(sel, A.Selector):
        return True
    noun = singular(sel.noun)
    if noun == "minion" and not unit.is_minion or noun == "avatar" and not unit.is_avatar:
        return False
    if is_subtype(sel.noun) and noun.lower() not in {s.lower() for s in unit.subtypes}:
        return False
    return True


def describe(state: GameState, objs: Iterable[Obj]) -> str:
    names = [name_of(state, o) for o in objs]
    return ", ".join(names) if names else "nothing"
