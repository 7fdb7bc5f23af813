"""Static abilities about casting (Codex "Casting Spells", "Cost"): who may cast or summon what,
where and from where ("May be summoned to any site", "You may summon minions to affected sites",
"Anyone may cast minions here", "May be cast from your cemetery"), and what a spell costs ("Spells
cast by a nearby Spellcaster cost (2) more to cast", "Ordinary minions cost (1) less to cast to
this site", "Costs (2) less to cast if you have more life than each opponent").

Both the cards in the realm and the spell being cast speak: a spell's own static abilities apply
to casting it (its text is read while it is in its zone). A `Casting` is the spell being cast,
by whom, where to and from which zone; the words of a static ability are matched against it with
the same selectors and conditions as any effect.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.abilities import Abilities, AbilityKind
from codex.engine.effects.context import Ctx, Obj, ZoneCard
from codex.engine.effects.select import CARD_NOUNS
from codex.engine.events import CardQuote
from codex.engine.geometry import Location, Region
from codex.engine.state import Card, GameState


@dataclass(frozen=True)
class Casting:
    """A spell being cast: the card (as an object in its zone), its caster, its controller, where it
    goes (a minion's summoning location, an aura's or artifact's place) and the zone it comes from."""

    card: Obj
    caster: str
    player: str
    location: Location | None
    zone: str = "hand"
    carrier: str | None = None


def casting_of(name: str, typ: str, data: Any, player: str, caster: str, location: Location | None,
               zone: str = "hand", carrier: str | None = None, owner: str | None = None) -> Casting:
    """The casting of a spell by ``player``; ``owner``: whose zone it comes from (default: the player's)."""
    card = Card(name, owner or player, typ, data=data)  # type: ignore[arg-type]
    return Casting(Obj("card", ZoneCard(owner or player, zone, card)), caster, player, location, zone, carrier)


def _own_statics(state: GameState, casting: Casting, abilities: Abilities) -> list[Any]:
    """The spell's own static abilities, as ongoing effects while it is cast."""
    from codex.engine.effects.statics import Unsupported, statics_of
    out: list[Any] = []
    name = casting.card.key.name
    for i, each in enumerate(abilities.abilities):
        ability = each.applied if each.kind is AbilityKind.STATIC else None
        if ability is None:
            continue
        ctx = Ctx(casting.card, name, casting.player, ability, f"{name}.{i}")
        try:
            out += statics_of(ability, ctx, -1)
        except Unsupported:
            continue
    return out


def _with(ctx: Ctx, casting: Casting) -> Ctx:
    return ctx.bind("casting", [Obj("casting", casting)])


def _is_card(state: GameState, ctx: Ctx, node: Any, casting: Casting) -> bool:
    """Whether the words name the spell being cast (this card, or a kind of card)."""
    from codex.engine.effects.select import is_a
    if node is None:
        return True
    if isinstance(node, A.Ref) and node.word == "that":      # a card an effect named ("You may cast that spell")
        key = casting.card.key
        return any(o.kind == "card" and o.key.name == key.name and o.key.owner == key.owner
                   for o in ctx.lookup("that") or ())
    if isinstance(node, A.Ref):
        return node.word == "SELF" and ctx.source == casting.card
    if isinstance(node, A.Group):
        return any(_is_card(state, ctx, item, casting) for item in node.items)
    if isinstance(node, A.Selector) and node.det == "this" and singular_noun(node.noun) in CARD_NOUNS:
        return ctx.source == casting.card          # "You may play this site ...": the card itself
    if isinstance(node, A.Selector) and any(m.lower() == "first" for m in node.mods):
        return _first_this_turn(state, ctx, node, casting)
    if isinstance(node, A.Selector):
        return is_a(state, ctx, casting.card, A.replace(node, det=None))
    return False


def element_firsts(node: Any) -> tuple[A.Of, Any] | None:
    """"The first spell of each element that the bearer casts": its "of each element" filter and the
    words of who casts them (None: its player, as for any "first ... you cast"), or None."""
    from codex.engine.effects.select import singular
    for f in getattr(node, "filters", ()):
        what = f.what if isinstance(f, A.Of) else None
        if not (isinstance(what, A.Selector) and singular(what.noun).lower() == "element"
                and what.det in ("each", "every") and not what.mods):
            continue
        relatives = [g for g in what.filters if isinstance(g, A.Relative)]
        if len(relatives) != len(what.filters) or len(relatives) > 1:
            return None
        if not relatives:
            return f, None
        clause = relatives[0].clause
        if not (isinstance(clause, A.Clause) and isinstance(clause.action, A.Cast)
                and isinstance(clause.action.patient, A.Ref) and clause.action.patient.word == "which"):
            return None
        return f, clause.action.agent
    return None


def first_of_elements(state: GameState, ctx: Ctx, node: A.Selector, casting: Casting) -> list[str]:
    """The elements the spell being cast is the first of this turn ("the first spell of each element
    cast by the bearer each turn"): its elements no spell cast earlier this turn (by its player, or
    by the unit the words name) had; none when the spell does not fit the other words."""
    from codex.engine.effects.select import _elements, select_all
    found = element_firsts(node)
    if found is None:
        return []
    of, agent = found
    rest = A.replace(node, mods=tuple(m for m in node.mods if m.lower() != "first"),
                     filters=tuple(f for f in node.filters if f is not of))
    if not _is_card(state, ctx, rest, casting):
        return []
    casters = None
    if agent is not None:
        casters = {str(o.key) for o in select_all(state, ctx, agent) if o.kind == "unit"}
        if casting.caster not in casters:
            return []
    from codex.engine.effects.cast_cards import record_card
    earlier: set[str] = set()
    for n, record in enumerate(state.cast_this_turn):
        if record.player == casting.player and (casters is None or record.caster in casters):
            earlier |= _elements(state, record_card(record, n))
    return sorted(e for e in _elements(state, casting.card) if e not in earlier)


def _first_this_turn(state: GameState, ctx: Ctx, node: A.Selector, casting: Casting) -> bool:
    """"The first Knight you cast each turn": the spell fits the words, and no spell its player cast
    earlier this turn did (`GameState.cast_this_turn`); "the first spell of each element": the first
    of one of its elements (`first_of_elements`)."""
    from codex.engine.effects.context import card_data
    if element_firsts(node) is not None:
        return bool(first_of_elements(state, ctx, node, casting))
    rest = A.replace(node, mods=tuple(m for m in node.mods if m.lower() != "first"))
    if not _is_card(state, ctx, rest, casting):
        return False
    for player, name, typ, caster, *_ in state.cast_this_turn:
        if player != casting.player:
            continue
        data = card_data(name)
        earlier = casting_of(name, typ, data if data is not None and data.name == name else None, player, caster, None)
        if _is_card(state, _with(ctx, earlier), rest, earlier):
            return False
    return True


def singular_noun(noun: str) -> str:
    from codex.engine.effects.select import singular
    return singular(noun).lower()


def _covers(state: GameState, ctx: Ctx, node: Any, loc: Location | None) -> bool:
    """Whether the place words ("any site", "affected sites", "this site", "here") cover ``loc``."""
    from codex.engine.effects.select import locations_of, select_all
    if node is None:
        return True
    if loc is None:
        return False
    if isinstance(node, A.Where):       # "adjacent to a water site you control": the squares so placed
        from codex.engine.effects.select import places
        return loc.square in {p.square for p in places(state, ctx, node)}
    objs = select_all(state, ctx, node)
    return any(o.kind == "site" and o.key == loc.square or loc in locations_of(state, o) for o in objs)


def _agent(state: GameState, ctx: Ctx, node: Any, player: str) -> bool:
    if node is None or (isinstance(node, A.Ref) and node.word in ("you", "SELF")):
        return player == ctx.controller
    if isinstance(node, A.Selector) and node.noun in ("anyone", "everyone"):
        return True
    from codex.engine.effects.select import select_all
    return Obj("player", player) in select_all(state, ctx, node)


def _statics(state: GameState, casting: Casting, abilities: Abilities, kind: str) -> Iterator[Any]:
    """The static abilities of the realm and of the spell itself, then what resolved abilities left
    (`casting_effects`: "This turn, bearer's next Air spell costs (3) less"), of this kind."""
    from codex.engine.effects.casting_effects import by_whom, lasting_statics
    from codex.engine.effects.statics import _active, _silenced_sources
    silenced = _silenced_sources(state) if state.statics else set()
    for s in list(state.statics) + _own_statics(state, casting, abilities):
        if s.kind == kind and (s.order < 0 or _active(state, s, silenced)):
            yield s
    for s in lasting_statics(state, kind):
        if by_whom(s.ctx, casting.caster, casting.player):
            yield s


def permitted(state: GameState, casting: Casting, abilities: Abilities, verb: str, action: str = "cast") \
        -> CardQuote | None:
    """The static ability letting this spell be cast (or summoned, conjured; ``action`` "play": this
    site be played) where it is going (``verb`` "place"; "carrier": into the hands of
    ``casting.carrier``), or from the zone it comes from ("zone"); None when none does."""
    from codex.engine.effects.select import NotExecutable, select_all, zone_of, zone_owners
    for s in _statics(state, casting, abilities, "permit"):
        dest, agent, source, what = s.payload
        ctx = _with(s.ctx, casting)
        try:
            if what != action or not _agent(state, ctx, agent, casting.player) \
                    or not _is_card(state, ctx, s.patient, casting):
                continue
            if verb == "carrier":
                if source is None and dest is not None and casting.carrier is not None \
                        and Obj("unit", casting.carrier) in select_all(state, ctx, dest):
                    return s.quote  # type: ignore[no-any-return]
                continue
            if verb == "zone":
                zones = [(pid, z) for det, z in (zone_of(source) or []) for pid in zone_owners(state, ctx, det)]
                if (casting.player, casting.zone) in zones:
                    return s.quote  # type: ignore[no-any-return]
                continue
            if source is None and dest is not None and _covers(state, ctx, dest, casting.location):
                return s.quote  # type: ignore[no-any-return]
        except NotExecutable:
            continue
    return None


def banned(state: GameState, casting: Casting, abilities: Abilities) -> Any | None:
    """The ongoing ban on casting this spell ("Your opponents can't cast minions", "You can't cast
    spells that cost (4) or more"), if any: its player is among those the words name (none named:
    anyone) and the spell is of the kind they name (Codex "Can vs. Can't": the 'can't' wins over any
    permission). None when no ban applies."""
    from codex.engine.effects.select import NotExecutable
    for s in _statics(state, casting, abilities, "cant"):
        if s.payload[0] != "cast" or not isinstance(s.payload[1], A.Cast):
            continue
        node = s.payload[1]
        ctx = _with(s.ctx, casting)
        try:
            agent_ok = node.agent is None or _agent(state, ctx, node.agent, casting.player)
            if agent_ok and node.patient is not None and _is_card(state, ctx, node.patient, casting):
                return s
        except NotExecutable:
            continue
    return None


def required(state: GameState, casting: Casting, abilities: Abilities, action: str = "cast") \
        -> tuple[CardQuote, bool] | None:
    """The static ability saying where this spell must be cast ("Must be cast to a corner"), and
    whether its destination is such a place; None when none says so."""
    from codex.engine.effects.select import NotExecutable
    for s in _statics(state, casting, abilities, "require"):
        dest, _, _, what = s.payload
        ctx = _with(s.ctx, casting)
        try:
            if what == action and _is_card(state, ctx, s.patient, casting):
                return s.quote, _covers(state, ctx, dest, casting.location)
        except NotExecutable:
            continue
    return None


def additional_costs(state: GameState, casting: Casting, abilities: Abilities) -> list[Any]:
    """The spell's own additional costs that are actions ("As an additional cost to cast Craterize,
    discard a site"), paid as it is cast; an additional cost in mana is part of its total cost instead
    (`additional_mana`)."""
    return [s for s in _own_statics(state, casting, abilities)
            if s.kind == "additional_cost" and mana_paid(s.payload) is None]


def additional_mana(state: GameState, casting: Casting, abilities: Abilities) -> tuple[int, list[CardQuote]]:
    """The mana the spell's own additional costs ask ("As an additional cost to cast this, pay (2)"), and
    their quotes: more mana in the total cost (Codex "Cost": the total includes additional costs), so it
    is checked against the pool with the mana cost, not paid apart before it."""
    found = [(n, s.quote) for s in _own_statics(state, casting, abilities)
             if s.kind == "additional_cost" and (n := mana_paid(s.payload)) is not None]
    return sum(n for n, _q in found), [q for _n, q in found]


def mana_paid(clause: Any) -> int | None:
    """The generic mana a clause pays ("pay (2)"), None for any other clause."""
    act = getattr(clause, "action", None)
    if not isinstance(act, A.Pay) or not isinstance(act.patient, A.Mana):
        return None
    symbols = act.patient.symbols
    if not symbols or not all(sym.strip("()").isdecimal() for sym in symbols):
        return None
    return sum(int(sym.strip("()")) for sym in symbols)


def alternative_costs(state: GameState, casting: Casting, abilities: Abilities) -> list[Any]:
    """The spell's own alternative costs ("You may discard a card rather than pay this spell's mana
    cost"): actions its caster may pay instead of the mana cost."""
    return [s for s in _own_statics(state, casting, abilities) if s.kind == "alternative_cost"]


def conjured_atop(state: GameState, casting: Casting, abilities: Abilities) -> tuple[CardQuote, bool] | None:
    """An aura whose text says where it is conjured ("Conjure atop an Elite or Unique site"): that
    static ability, and whether the site it goes to is such a site; None when the text says nothing."""
    from codex.engine.effects.select import NotExecutable
    for s in _statics(state, casting, abilities, "conjure_at"):
        try:
            return s.quote, _covers(state, _with(s.ctx, casting), s.payload, casting.location)
        except NotExecutable:
            continue
    return None


def conjured_on_border(state: GameState, casting: Casting, abilities: Abilities,
                       border: tuple[int, int] | None) -> tuple[CardQuote, bool] | None:
    """A wall ("conjure it atop a border of one of your sites"): that static ability, and whether
    ``border`` is a border of such a site (one of its two squares is one); None when the text does
    not conjure it atop a border."""
    from codex.engine.effects.select import NotExecutable
    for s in _statics(state, casting, abilities, "conjure_border"):
        if s.ctx.source != casting.card:
            continue
        try:
            ok = border is not None and any(
                _covers(state, _with(s.ctx, casting), s.payload, Location(sq, Region.SURFACE)) for sq in border)
        except NotExecutable:
            continue
        return s.quote, ok
    return None


def cast_now(state: GameState, casting: Casting, abilities: Abilities) -> tuple[CardQuote, list[Obj]] | None:
    """The spell's own "May be cast when an ally defends ..." when it holds now, with the units it
    names (what "the ally" of its effect is); None when no such ability lets it be cast now."""
    from codex.engine.effects.conditions import attacked_now, defending_now
    from codex.engine.effects.select import NotExecutable
    for s in _statics(state, casting, abilities, "cast_when"):
        ctx = _with(s.ctx, casting)
        try:
            if not _is_card(state, ctx, s.patient, casting):
                continue
            found = defending_now(state, ctx, s.payload.action) if isinstance(s.payload.action, A.Defend) \
                else attacked_now(state, ctx, s.payload.action)
        except NotExecutable:
            continue
        if found:
            return s.quote, found
    return None


def cast_on_turn(state: GameState, casting: Casting, abilities: Abilities) -> CardQuote | None:
    """The permission to cast this spell on a turn not its player's ("May be cast during your
    opponent's turn", "You may cast this on an opponent's turn"): a permission to cast with no place
    and no zone, bounded to enemy turns (`statics._during_turns`), that holds now; None otherwise.
    Only the timing changes: its mana is still the player's pool (Codex "Mana": none is generated on
    the opponent's turn)."""
    from codex.engine.effects.select import NotExecutable
    theirs = state.turn.active != casting.player
    for s in _statics(state, casting, abilities, "permit"):
        dest, agent, source, what = s.payload
        if what != "cast" or dest is not None or source is not None or s.turn != "enemy" or not theirs:
            continue
        ctx = _with(s.ctx, casting)
        try:
            if _agent(state, ctx, agent, casting.player) and _is_card(state, ctx, s.patient, casting):
                return s.quote  # type: ignore[no-any-return]
        except NotExecutable:
            continue
    return None


def may_cast(state: GameState, casting: Casting, abilities: Abilities) -> CardQuote | None:
    """The static ability letting a unit that is not a Spellcaster cast this spell ("May be cast by
    any ally", "May be cast by an allied Mortal"); None when none does."""
    from codex.engine.effects.select import NotExecutable, select_all
    for s in _statics(state, casting, abilities, "permit"):
        dest, agent, source, what = s.payload
        if what != "cast" or dest is not None or source is not None or agent is None:
            continue
        ctx = _with(s.ctx, casting)
        try:
            if _is_card(state, ctx, s.patient, casting) and Obj("unit", casting.caster) in select_all(state, ctx, agent):
                return s.quote  # type: ignore[no-any-return]
        except NotExecutable:
            continue
    return None


def cost_change(state: GameState, casting: Casting, abilities: Abilities) -> tuple[int, list[CardQuote]]:
    """What the static abilities add to (or take from) the spell's cost, and which ones."""
    total = 0
    quotes: list[CardQuote] = []
    from dataclasses import replace as dc_replace
    from codex.engine.effects.statics import times
    for s in _statics(state, casting, abilities, "cost"):
        if _cost_applies(state, s, casting):
            n = 1 if s.per is None else times(state, dc_replace(s, ctx=_with(s.ctx, casting)))
            if n:
                total += s.payload[0] * n
                quotes.append(s.quote)
    return total, quotes


def cost_floors(state: GameState, casting: Casting, abilities: Abilities) -> list[tuple[int, CardQuote]]:
    """The floors of the cost reductions that apply to the spell ("(2) less, to a minimum of (1)"),
    each with its card: what those reductions never take its cost below."""
    found: list[tuple[int, CardQuote]] = []
    for s in _statics(state, casting, abilities, "cost"):
        floor = s.payload[2] if len(s.payload) > 2 else None
        if floor is not None and _cost_applies(state, s, casting):
            found.append((floor, s.quote))
    return found


def counting_itself(state: GameState, casting: Casting, abilities: Abilities) -> list[tuple[CardQuote, int, int]]:
    """The cost changes "for each X" whose count includes the spell being cast, still where it is cast
    from ("(1) less for every card you hold", cast from the hand): each with its change in the cost
    counted with the spell and without it. The Codex does not say which: the cost is confirmed
    before "the card moves from where it was" (Codex "Casting Spells"), so `cost_change` counts it;
    the ruling names the other reading (`actions.casting`)."""
    from dataclasses import replace as dc_replace
    from codex.engine.effects.statics import times
    from codex.engine.zones import take
    if not state.has_player(casting.player) or casting.zone not in ("hand", "cemetery", "spellbook", "atlas"):
        return []
    card = casting.card.key.card
    name = getattr(card, "name", None)
    kind = "site" if getattr(card, "kind", None) == "site" else "spell"
    player = state.player(casting.player)
    if not player.zone(casting.zone).tracked:   # type: ignore[arg-type]
        return []
    taken = take(player, casting.zone, name, kind)     # type: ignore[arg-type]
    if taken is None:
        return []
    without = state.with_player(taken[0])
    out = []
    for s in _statics(state, casting, abilities, "cost"):
        if s.per is None or not _cost_applies(state, s, casting):
            continue
        here = times(state, dc_replace(s, ctx=_with(s.ctx, casting)))
        gone = times(without, dc_replace(s, ctx=_with(s.ctx, casting)))
        if here != gone:
            out.append((s.quote, s.payload[0] * here, s.payload[0] * gone))
    return out


def first_of_several(state: GameState, casting: Casting, abilities: Abilities) -> list[tuple[CardQuote, list[str]]]:
    """The cost changes for "the first spell of each element" that apply to a spell first of
    several elements at once, with those elements: the words do not say whether such a spell costs
    (1) less once or once for each (the ruling says which reading it takes)."""
    from codex.engine.effects.select import NotExecutable
    out = []
    for s in _statics(state, casting, abilities, "cost"):
        if not isinstance(s.patient, A.Selector) or element_firsts(s.patient) is None:
            continue
        try:
            elements = first_of_elements(state, _with(s.ctx, casting), s.patient, casting)
        except NotExecutable:
            continue
        if len(elements) > 1 and _cost_applies(state, s, casting):
            out.append((s.quote, elements))
    return out


def alternate_cost(state: GameState, casting: Casting, abilities: Abilities) -> tuple[int, CardQuote] | None:
    """The lowest alternate cost the spell may start from instead of its mana cost ("May be cast for
    (0) if an allied Mortal died this turn": its conditions hold now; Codex "Cost"), and which
    ability gives it; None when none does."""
    from codex.engine.effects.conditions import holds
    from codex.engine.effects.select import NotExecutable
    found: list[tuple[int, CardQuote]] = []
    for s in _statics(state, casting, abilities, "cost_as"):
        ctx = _with(s.ctx, casting)
        try:
            if _is_card(state, ctx, s.patient, casting) and all(holds(state, ctx, c) for c in s.conditions):
                found.append((int(s.payload), s.quote))
        except NotExecutable:
            continue
    return min(found, key=lambda f: f[0]) if found else None


def _cost_applies(state: GameState, s: Any, casting: Casting) -> bool:
    from codex.engine.effects.conditions import holds
    from codex.engine.effects.select import NotExecutable
    purpose = s.payload[1]
    ctx = _with(s.ctx, casting)
    try:
        if not _is_card(state, ctx, s.patient, casting):
            return False
        if purpose is not None:
            if not _covers(state, ctx, purpose.action.dest, casting.location):
                return False
            if not all(holds(state, ctx, c) for c in purpose.conditions):
                return False
        return not s.conditions or all(holds(state, ctx, c) for c in s.conditions)
    except NotExecutable:
        return False


def _waiver_applies(state: GameState, s: Any, casting: Casting) -> bool:
    from codex.engine.effects.select import NotExecutable
    ctx = _with(s.ctx, casting)
    try:
        return _is_card(state, ctx, s.patient, casting) and _covers(state, ctx, s.payload.action.dest,
                                                                     casting.location)
    except NotExecutable:
        return False


def card_permitted(state: GameState, casting: Casting) -> CardQuote | None:
    """The effect letting this player cast this very card from where it is ("You may cast that
    spell once this turn"); None when none does."""
    from codex.engine.effects.casting_effects import lasting_statics
    for s in lasting_statics(state, "cast_card"):
        if casting.player in s.payload and _is_card(state, s.ctx, s.patient, casting):
            return s.quote  # type: ignore[no-any-return]
    return None


def spent(state: GameState, casting: Casting) -> list[Any]:
    """The effects on "the next" spell (`casting_effects`) this spell uses up: each one of whose
    changes fits it (it is the next such spell, whatever the change then does)."""
    from codex.engine.effects.casting_effects import by_whom
    out = []
    for effect in state.lasting:
        if effect.during is not None and state.turn.active != effect.during:
            continue
        if effect.once and any(by_whom(s.ctx, casting.caster, casting.player) and _fits(state, s, casting)
                               for s in effect.casting):
            out.append(effect)
    return out


def _fits(state: GameState, s: Any, casting: Casting) -> bool:
    """Whether an effect on casting is about this spell."""
    if s.kind == "cost":
        return _cost_applies(state, s, casting)
    if s.kind == "no_threshold":
        return _waiver_applies(state, s, casting)
    return casting.player in s.payload and _is_card(state, s.ctx, s.patient, casting)


def play_permitted(state: GameState, name: str, text: str, player: str, square: int) -> CardQuote | None:
    """The site's own static ability letting it be played to ``square`` ("You may play this site to
    any corner"); None when it has none."""
    from codex.engine.abilities import abilities_of
    from codex.engine.effects.context import card_data
    from codex.engine.geometry import Region
    if not text:
        return None
    abilities = abilities_of(text, name)
    site = state.site_at(square)
    loc = Location(square, Region.VOID if site is None else Region.SURFACE)
    casting = casting_of(name, "site", card_data(name), player, "", loc)
    return permitted(state, casting, abilities, "place", "play")


def play_required(state: GameState, name: str, text: str, player: str, square: int) -> tuple[CardQuote, bool] | None:
    """The site's own static ability saying where it must be played ("Must be played adjacent to a
    water site you control"), and whether ``square`` is such a place; None when it says nothing
    (Codex "Site": card text takes precedence)."""
    from codex.engine.abilities import abilities_of
    from codex.engine.effects.context import card_data
    from codex.engine.geometry import Region
    if not text:
        return None
    site = state.site_at(square)
    loc = Location(square, Region.VOID if site is None else Region.SURFACE)
    casting = casting_of(name, "site", card_data(name), player, "", loc)
    return required(state, casting, abilities_of(text, name), "play")


def threshold_waived(state: GameState, casting: Casting, abilities: Abilities) -> CardQuote | None:
    """The static ability letting this spell be cast where it is going for no threshold ("Anyone may
    cast Knights, Sirs, or Dames to this site and may do so for no threshold")."""
    for s in _statics(state, casting, abilities, "no_threshold"):
        if _waiver_applies(state, s, casting):
            return s.quote  # type: ignore[no-any-return]
    return None


def cast_holds(state: GameState, ctx: Ctx, act: A.Cast) -> bool:
    """The condition "cast by a nearby Spellcaster" (a relative clause on the spell being cast):
    the spell, its caster and its destination, as the words name them."""
    from codex.engine.effects.select import select_all
    bound = ctx.lookup("casting")
    if not bound:
        from codex.engine.effects.select import NotExecutable
        raise NotExecutable("a condition about casting, outside a cast")
    casting: Casting = bound[0].key
    if act.patient is not None and not (isinstance(act.patient, A.Ref) and act.patient.word == "which"
                                        and ctx.lookup("which") == (casting.card,)) \
            and not _is_card(state, ctx, act.patient, casting):
        return False
    if act.agent is not None:          # "cast by a nearby Spellcaster" (the unit), "you cast" (the player)
        agents = select_all(state, ctx, act.agent)
        if Obj("unit", casting.caster) not in agents and Obj("player", casting.player) not in agents:
            return False
    return _covers(state, ctx, act.dest, casting.location)


__all__ = ["Casting", "casting_of", "permitted", "play_permitted", "play_required", "cost_change", "cast_holds", "threshold_waived",
           "spent", "required", "may_cast", "alternate_cost", "conjured_atop", "card_permitted",
           "additional_costs", "alternative_costs", "cast_now"]
