"""Summoning and conjuring by effects (Codex "Summon", "Conjure"): tokens the Codex defines, and
minion cards from a zone (a dead minion, the card a player revealed or found, this card from your
cemetery).

"When another effect causes you to summon a minion directly without casting it ... you simply put
it into the realm": no mana, no threshold, not only your sites. With no place named it may go to
any location in any region (the player chooses: the choice ``location``); to a location it cannot
enter it is not summoned and stays in its zone.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj, ZoneCard, card_data
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable, locations_of, select, singular, zone_cards, zone_of, \
    zone_owners, is_subtype, among_of
from codex.engine.geometry import Location, Region
from codex.engine.state import Card
from codex.engine.tokens import TokenKind, token_kind


def _is_token(sel: Any) -> bool:
    return isinstance(sel, A.Selector) and singular(sel.noun) == "token"


def _as_token(act: A.Summon) -> Any:
    """"Summon a Foot Soldier here", "Summon two Frogs": a minion token the Codex defines (Codex "Token":
    Foot Soldier, Frog, Bruin, Tawny), named without the word "token" and from no zone, is that token
    (the words of "a Foot Soldier token"); anything else is left as it is."""
    sel = act.patient
    if not isinstance(sel, A.Selector) or act.source is not None or sel.filters or not isinstance(sel.noun, str) \
            or any(m.lower() not in _REGION_WORDS for m in sel.mods):
        return sel
    kind = token_kind(sel.noun) or token_kind(singular(sel.noun))
    if kind is None:
        return sel
    return A.replace(sel, noun="token", mods=tuple(sel.mods) + (kind.name,), plural=False)


#: Words before a token's name that say how it enters, not what it is ("a submerged Frog token").
_REGION_WORDS = ("submerged", "burrowed", "tapped")


def _token_kind(sel: A.Selector) -> Any:
    """The Codex's token of that name, or one the words describe whole: "a Spirit token with 1 power
    and Airborne" (a newer card's token: its name, its power, keywords; found by blind ruling round
    14), or None."""
    name = " ".join(m for m in sel.mods if m.lower() not in _REGION_WORDS)
    return token_kind(name) or _described_token(name, sel.filters)


def _described_token(name: str, filters: tuple[Any, ...]) -> TokenKind | None:
    """A token the card's words define (Codex "Token": "Token cards are equivalent to normal cards
    while in the realm"): a name, exactly one power ("with N power"), and keywords without a number
    ("and Airborne"); its subtype is its name when that is a subtype. Anything else: None."""
    powers = [f.value for f in filters if isinstance(f, A.Stat) and f.stat == "power" and f.cmp == "="]
    keywords = [f.what for f in filters if isinstance(f, A.With) and not f.negated and isinstance(f.what, A.Keyword)]
    if not name or len(powers) != 1 or not isinstance(powers[0], int) or len(keywords) + 1 != len(filters) \
            or any(k.value is not None for k in keywords):
        return None
    text = ", ".join(k.name.replace("_", " ").title() for k in keywords)
    return TokenKind(name, powers[0], text, (name,) if is_subtype(name) else (), "", "", "token")


def _one_of_kinds(sel: Any) -> bool:
    """"a Sir or Dame": one minion of any of several kinds (each "a", nothing else said,
    each a kind of minion: a subtype or "minion")."""
    return isinstance(sel, A.Group) and sel.conj == "or" and all(
        isinstance(i, A.Selector) and i.det == "a" and i.count is None and i.quant is None and not i.filters
        and (is_subtype(i.noun) or singular(i.noun) == "minion") for i in sel.items)


def _summon_problems(act: A.Summon) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    sel = _as_token(act)
    if _is_token(sel):
        if _token_kind(sel) is None:
            yield "summoning a token the Codex does not define"
    elif isinstance(sel, A.Ref):
        if sel.word.lower() not in ("self", "it", "they", "them") or sel.filters:
            yield f"summoning '{sel.word}'"
        if sel.word == "SELF" and act.source is None:
            yield "summoning this card from nowhere named"
    elif isinstance(sel, A.Selector):
        if act.source is None and not any(m.lower() == "dead" for m in sel.mods) and among_of(sel) is None:
            yield "summoning a minion from nowhere named"
        yield from sel_problems(A.replace(sel, filters=tuple(f for f in sel.filters if not isinstance(f, A.Where)
                                                                  or f.rel != "from")))
    elif _one_of_kinds(sel):      # "a Sir or Dame from your hand"
        if act.source is None:
            yield "summoning a minion from nowhere named"
        for item in sel.items:
            yield from sel_problems(item)
    else:
        yield "summoning one of several kinds of minion"
    if act.source is not None and zone_of(act.source) is None:
        yield "summoning from something other than a zone"
    if act.dest is not None:
        yield from _dest_problems(act.dest)


def _dest_problems(dest: Any) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    if isinstance(dest, A.Selector) and singular(dest.noun) == "location" and dest.det in ("its", "her", "his",
                                                                                        "their", "your"):
        return
    yield from sel_problems(dest)


def _places(run: Run, dest: Any) -> list[Location]:
    """Where a summon may put the minion: the place named, or any location in any region."""
    if dest is None:
        from codex.engine.effects.select import _candidates
        return [o.key for o in _candidates(run.state, "location")]
    if isinstance(dest, A.Selector) and singular(dest.noun) == "location" and isinstance(dest.det, str) \
            and dest.det in ("its", "her", "his", "their", "your"):
        who = run.ctx.lookup("it") if dest.det != "your" else None
        if dest.det == "your":
            avatar = run.state.avatar_of(run.ctx.controller)
            return [avatar.location] if avatar else []
        if who:
            return [loc for o in who for loc in locations_of(run.state, o)]
        return [loc for loc in locations_of(run.state, run.ctx.source)]
    objs = select(run.state, run.ctx, dest, "location", choose=False)
    out = []
    for o in objs:
        if o.kind == "site":
            out.append(Location(int(o.key), Region.SURFACE))
        else:
            out += locations_of(run.state, o)
    return list(dict.fromkeys(out))


def _choose_place(run: Run, options: list[Location], what: str) -> Location | None:
    if not options:
        return None
    picked = run.ctx.choose("location", [Obj("location", loc) for loc in options], why=f"choose where {what} is "
                                                                                      "summoned")
    return picked[0].key if picked else None


def _by_region(sel: A.Selector, places: list[Location]) -> list[Location]:
    """"Summon three submerged Frogs here": under the water of "here"; otherwise, on a site named
    "here" (its surface and subsurface), its surface."""
    mods = {m.lower() for m in sel.mods}
    if len({loc.square for loc in places}) != 1 or len(places) == 1:
        return places
    if mods & {"submerged", "burrowed"}:
        wanted = Region.UNDERWATER if "submerged" in mods else Region.UNDERGROUND
        return [loc for loc in places if loc.region is wanted] or places
    return [loc for loc in places if loc.region in (Region.SURFACE, Region.VOID)] or places


def _where(loc: Location) -> Any:
    return loc.square if loc.region is Region.SURFACE else [loc.square, loc.region.value]


def _region_of(sel: A.Selector, loc: Location, run: Run) -> Location:
    """"Summon three submerged Frog tokens here": under the surface of the site, if it is water."""
    mods = {m.lower() for m in sel.mods}
    if loc.region is not Region.SURFACE or not mods & {"submerged", "burrowed"}:
        return loc
    site = run.state.site_at(loc.square)
    if site is None:
        return loc
    from codex.engine.areas import subsurface_of
    return Location(loc.square, subsurface_of(run.state, site))


@executes(A.Summon, problems=_summon_problems, adverbs=("tapped",))
def _summon(run: Run, act: A.Summon, clause: A.Clause) -> list[Obj]:
    sel = _as_token(act)
    if _is_token(sel):
        return _summon_tokens(run, act, sel)
    cards = _zone_minions(run, act)
    made: list[Obj] = []
    places = _places(run, act.dest)
    tapped = "tapped" in clause.adverbs
    for obj in cards:
        zc: ZoneCard = obj.key
        card = zc.card
        data = (card.data if isinstance(card, Card) else None) or (card_data(card.name) if isinstance(card, Card)
                                                                    else None)
        if not isinstance(card, Card):
            from codex.engine.errors import AmbiguousAction
            key = f"{run.ctx.key}.identify"
            raise AmbiguousAction(f"{run.ctx.source_name}: the card is not named in the scenario; name the cards of "
                                  f"{zc.owner}'s {zc.zone} (it is card {zc.position + 1} from the top)", key, [],
                                  f"/players/{zc.owner}/{zc.zone}")
        if data is None or data.type != "minion" or data.attack is None:
            why = "its power is not given" if data is not None and data.type == "minion" else \
                "it is not a minion card this ruling knows"
            run.note("not_minion", f"{card.name} is not summoned: {why}.", card=card.name)
            continue
        # "summon it here" on a site: its surface, as for tokens, unless the words say burrowed or submerged
        loc = _choose_place(run, _by_region(sel, places) if isinstance(sel, A.Selector) else places, card.name)
        if loc is None:
            continue
        uid = _unit_id(run, card.name, card.id)
        from codex.engine.effects.cards import take_card
        from codex.engine.state import Unit
        attack, defense = doc_power(data)
        minion = Unit(uid, card.name, run.ctx.controller, zc.owner, "minion", loc, attack, defense, tapped=tapped,
                      text=data.text, summoned_this_turn=True, subtypes=tuple(data.subtypes), cost=data.cost,
                      summoned_at=loc.square,
                      elements=tuple(data.elements), rarity=data.rarity)
        if not _can_enter(run, minion, zc):
            continue
        got = take_card(run.state, zc)
        if got is None:
            continue
        run.state = got[0]
        if put_minion(run, minion):
            made.append(Obj("unit", uid))
    return made


def _can_enter(run: Run, minion: Any, zc: ZoneCard | None) -> bool:
    from codex.engine.entering import entry_reason
    if entry_reason(run.state, minion, minion.location) is None:
        return True
    where = f" and stays in {zc.owner}'s {zc.zone}" if zc is not None else ""
    run.note("not_summoned", f"{minion.name} cannot enter the {minion.location}: it is not summoned{where}.",
             ("summon.cannot-enter",), card=minion.name)
    return False


def put_minion(run: Run, minion: Any) -> bool:
    """An effect summons a minion (built with its card's facts): it enters the realm, its Genesis
    and what entering does there follow through the storyline (Codex "Summon")."""
    from dataclasses import replace
    from codex.engine.abilities import abilities_of
    from codex.engine.carrying import lance_tokens
    from codex.engine.entering import lance_notes, summon_effect
    abilities = abilities_of(minion.text, minion.name)
    minion = replace(minion, keywords=abilities.keywords, abilities=abilities)
    rules = ("summon", "summon.effect", "enter") + (("summon.anywhere",) if minion.location.region is not
                                                     Region.SURFACE or run.state.site_at(minion.location.square) is None
                                                     else ())
    run.state, events = summon_effect(run.state, minion, rules)
    batch = list(events)
    if run.state.unit(minion.id) is None:
        run.emit(*batch)
        return False
    for token in lance_tokens(minion, minion.keywords.lances):
        run.state = run.state.with_artifact(token)
    batch += lance_notes(run.state, minion.id)
    run.settle(batch)
    return True


def doc_power(data: Any) -> tuple[int, int]:
    attack = int(data.attack or 0)
    return attack, int(data.defence if data.defence is not None else attack)


def _unit_id(run: Run, name: str, had: str | None = None) -> str:
    """The new unit's id: the one the card had when it was last in the realm (a minion returned to the
    hand and summoned again is called what the scenario called it), else one made from its name."""
    if had and run.state.unit(had) is None and had != run.ctx.source.key:
        return had
    base = "-".join(name.lower().split())
    uid, n = base, 1
    while run.state.unit(uid) is not None or uid == run.ctx.source.key:
        n += 1
        uid = f"{base}-{n}"
    return uid


def _zone_minions(run: Run, act: A.Summon) -> list[Obj]:
    """The minion cards a summon names: this card in a zone, the card the previous clause named,
    or the cards in zones its words name ("a random dead minion", "a Spirit from any cemetery")."""
    sel = act.patient
    if isinstance(sel, A.Ref) and sel.word == "SELF":
        scope = [(pid, zone) for det, zone in zone_of(act.source) or []
                 for pid in zone_owners(run.state, run.ctx, det)]
        for pid, zone in scope:
            for obj in zone_cards(run.state, pid, zone):
                if obj.key.name.casefold() == run.ctx.source_name.casefold():
                    return [obj]
        run.note("not_there", f"{run.ctx.source_name} is not in the zone it would be summoned from.")
        return []
    if isinstance(sel, A.Ref):
        return [o for o in select(run.state, run.ctx, sel, "minion") if o.kind == "card"]
    if _one_of_kinds(sel) and act.source is not None:
        # one minion of any of the kinds, chosen among the cards of all of them in the zone
        from codex.engine.effects.select import select_all
        options: list[Obj] = []
        for item in sel.items:
            probe = A.replace(item, det=None, filters=(A.Where("from", act.source),))
            options += [o for o in select_all(run.state, run.ctx, probe) if o.kind == "card" and o not in options]
        kinds = " or ".join(str(i.noun) for i in sel.items)
        return run.ctx.choose("minion", options, why=f"choose the {kinds} to summon")
    if not isinstance(sel, A.Selector):
        raise NotExecutable("summoning one of several kinds of minion")
    if among_of(sel) is not None:     # "summon all Grand Old Boars from among them": the rest stay named
        pool = [o for o in select(run.state, run.ctx, among_of(sel), "minion", choose=False) if o.kind == "card"]
        picked = [o for o in select(run.state, run.ctx, sel, "minion") if o.kind == "card"]
        run.ctx = run.ctx.bind("rest", [o for o in pool if o not in picked])
        return picked
    probe = sel
    if act.source is not None:
        probe = A.replace(sel, filters=sel.filters + (A.Where("from", act.source),))
    return [o for o in select(run.state, run.ctx, probe, "minion") if o.kind == "card"]


def _summon_tokens(run: Run, act: A.Summon, sel: A.Selector) -> list[Obj]:
    """Summon tokens the Codex defines ("Summon two Foot Soldier tokens here")."""
    kind = _token_kind(sel)
    if kind is None:
        raise NotExecutable(f"the token {' '.join(sel.mods)!r}")
    count = int(sel.count) if isinstance(sel.count, int) else 1
    places = _places(run, act.dest)
    if act.dest is None:
        places = [loc for loc in places if loc.region in (Region.SURFACE, Region.VOID)] + \
            [loc for loc in places if loc.region not in (Region.SURFACE, Region.VOID)]
    places = _by_region(sel, places)
    each = isinstance(act.dest, A.Selector) and act.dest.det in ("each", "every", "all")
    if each:              # "a Foot Soldier token to each adjacent location": one there, one at each
        spots = [loc for loc in places if loc.region in (Region.SURFACE, Region.VOID)]
    else:
        at = _choose_place(run, places, f"the {kind.name} token")
        spots = [] if at is None else [_region_of(sel, at, run) if at.region is Region.SURFACE else at]
    made: list[Obj] = []
    number = 0
    for at in spots:
        for _ in range(count):
            number += 1
            made += _token(run, kind, at, number)
    return made


def _token(run: Run, kind: Any, at: Location, n: int) -> list[Obj]:
    """One token minion the Codex defines, summoned at ``at`` (if it can enter there)."""
    from codex.engine.state import Unit
    uid = f"{kind.name.lower().replace(' ', '-')}-{run.ctx.key.replace('.', '-')}-{n}"
    minion = Unit(uid, kind.name, run.ctx.controller, run.ctx.controller, "minion", at, kind.power, kind.power,
                  text=kind.text, summoned_this_turn=True, token=True, subtypes=tuple(kind.subtypes), summoned_at=at.square,
                  elements=(kind.element,) if kind.element else ())
    if _can_enter(run, minion, None) and put_minion(run, minion):
        return [Obj("unit", uid)]
    return []


# ----------------------------------------------------------------------------- conjure

def _broken(sel: Any) -> bool:
    return isinstance(sel, A.Selector) and any(m.lower() == "broken" for m in sel.mods)


def _conjure_items(sel: Any) -> list[Any]:
    return list(sel.items) if isinstance(sel, A.Group) and sel.conj in ("or", None) else [sel]


def _conjure_problems(act: A.Conjure) -> Iterator[str]:
    """Conjuring (Codex "Conjure": artifacts entering the realm): a broken artifact (one in a
    cemetery: Codex "Broken Artifact"), a Lance token, or Rubble into voids."""
    from codex.engine.effects.check import sel_problems
    items = _conjure_items(act.patient)
    copied = _copied_artifact(act.patient)
    if copied is not None:          # "Conjure a copy of an artifact the caster carries"
        if act.source is not None or act.agent is not None:
            yield "conjuring a copy from somewhere named"
        yield from sel_problems(copied)
        if act.dest is not None:
            yield from _dest_problems(act.dest)
        return
    if act.dest is None:
        yield "conjuring to no place named"
        return
    if act.source is not None:   # "conjure X from your cemetery": the executor reads no zone it is taken from
        yield "conjuring from a zone the words name"
    for sel in items:
        if _is_token(sel) and " ".join(sel.mods).lower() == "lance":
            continue
        if isinstance(sel, A.Selector) and sel.noun == "Rubble" and not sel.mods and not sel.filters:
            if not (isinstance(act.dest, A.Selector) and singular(act.dest.noun) == "void"):
                yield "conjuring Rubble elsewhere than into voids"
            continue
        if _broken(sel):
            yield from sel_problems(A.replace(sel, mods=tuple(m for m in sel.mods if m.lower() != "broken")))
            continue
        yield "conjuring something other than a broken artifact, a Lance token or Rubble"
    if not (isinstance(act.dest, A.Selector) and singular(act.dest.noun) == "void"):
        yield from _dest_problems(act.dest)


def _copied_artifact(patient: Any) -> Any:
    """"a copy of an artifact ...": the words of the artifact copied (None: other words)."""
    if not (isinstance(patient, A.Selector) and singular(patient.noun).lower() == "copy" and not patient.mods
            and patient.det in ("a", "an") and patient.count is None and len(patient.filters) == 1
            and isinstance(patient.filters[0], A.Of)):
        return None
    what = patient.filters[0].what
    return what if isinstance(what, A.Selector) and singular(what.noun).lower() == "artifact" else None


def _conjure_copy(run: Run, act: A.Conjure, copied: Any) -> list[Obj]:
    """A token copy of an artifact in the realm (Codex "Copy": its characteristics and abilities
    match the copied card, and the copy is a token), conjured where the words say or, naming no
    place, at any location in any region, its conjurer's choice (Codex "Conjure": conjure and summon
    are analogous; "Summon": an effect that does not specify where "may summon it to any location
    in any region")."""
    from dataclasses import replace as dc_replace
    from codex.engine.events import Conjured
    found = [o for o in select(run.state, run.ctx, copied, "target") if o.kind == "artifact"]
    original = run.state.artifact(str(found[0].key)) if found else None
    if original is None:
        run.note("none", "There is no such artifact to copy.", ("copy.artifact",))
        return []
    at = _choose_place(run, _surface(_places(run, act.dest)), f"the copy of {original.name}")
    if at is None:
        return []
    base = f"{original.id}-copy"
    aid, n = base, 1
    while run.state.artifact(aid) is not None or run.state.unit(aid) is not None:
        n += 1
        aid = f"{base}-{n}"
    monument = not original.carriable
    copy = dc_replace(original, id=aid, owner=run.ctx.controller, location=at, bearer=None, offset=(0, 0),
                      token=True, controller=run.ctx.controller if monument else None)
    run.state = run.state.with_artifact(copy)
    site = run.state.site_at(at.square)
    where = f"at the {at}" + (f" ({site.name})" if site is not None else "")
    run.settle([Conjured(f"a copy of {original.name}", where, f"artifact:{aid}", run.ctx.controller, at,
                         rules=("conjure", "copy.artifact", "token") + (() if act.dest is not None else ("summon.anywhere",)))])
    return [Obj("artifact", aid)]


@executes(A.Conjure, problems=_conjure_problems)
def _conjure(run: Run, act: A.Conjure, clause: A.Clause) -> list[Obj]:
    copied = _copied_artifact(act.patient)
    if copied is not None:
        return _conjure_copy(run, act, copied)
    items = _conjure_items(act.patient)
    first = items[0]
    if isinstance(first, A.Selector) and first.noun == "Rubble":
        return _rubble(run, act)
    if _is_token(first):
        at = _choose_place(run, _surface(_places(run, act.dest)), "the Lance token")
        return [] if at is None else [_put_artifact(run, "Lance", run.ctx.controller, at, token=True)]
    cemetery = A.Selector(noun="cemetery", det="any")
    found: list[Obj] = []
    for sel in items:
        probe = A.replace(sel, det=None, mods=tuple(m for m in sel.mods if m.lower() != "broken"),
                          filters=sel.filters + (A.Where("from", cemetery),))
        found += [o for o in select(run.state, run.ctx, probe, "artifact", choose=False)
                  if o.kind == "card" and o not in found]
    if not found:
        run.note("none", "There is no broken artifact of that kind to conjure.", ("broken-artifact",))
        return []
    picked = run.ctx.choose("target", found, why="choose which broken artifact is conjured")
    at = _choose_place(run, _surface(_places(run, act.dest)), "it")
    if at is None:
        return []
    from codex.engine.effects.cards import take_card
    zc: ZoneCard = picked[0].key
    got = take_card(run.state, zc)
    if got is None:
        return []
    run.state = got[0]
    return [_put_artifact(run, zc.card.name, zc.owner, at)]


def _surface(places: list[Location]) -> list[Location]:
    """An artifact conjured "here" or "to this location" of a site lies on its surface."""
    if len({loc.square for loc in places}) == 1 and len(places) > 1:
        return [loc for loc in places if loc.region in (Region.SURFACE, Region.VOID)] or places
    return places


def _put_artifact(run: Run, name: str, owner: str, at: Location, token: bool = False) -> Obj:
    """An artifact enters the realm lying at ``at`` (a Monument controlled by the one who conjured it)."""
    from dataclasses import replace as dc_replace
    from codex.engine.abilities import Abilities, abilities_of
    from codex.engine.events import Conjured
    from codex.engine.state import Artifact
    data = card_data(name)
    text = data.text if data is not None and data.name == name else ""
    subtypes = tuple(data.subtypes) if data is not None and data.name == name else ()
    monument = "Monument" in subtypes
    base = "-".join(name.lower().split())
    aid, n = base, 1
    while run.state.artifact(aid) is not None or run.state.unit(aid) is not None:
        n += 1
        aid = f"{base}-{n}"
    art = Artifact(aid, name, owner, at, carriable=not monument, token=token,
                   controller=run.ctx.controller if monument else None,
                   cost=int(data.cost or 0) if data is not None and data.name == name else 0, text=text,
                   abilities=abilities_of(text, name) if text else Abilities(), subtypes=subtypes)
    run.state = run.state.with_artifact(dc_replace(art))
    site = run.state.site_at(at.square)
    where = f"at the {at}" + (f" ({site.name})" if site is not None else "")
    run.settle([Conjured(name, where, f"artifact:{aid}", run.ctx.controller, at,
                         rules=("conjure",) + (("token",) if token else ("broken-artifact",)))])
    return Obj("artifact", aid)


def _rubble(run: Run, act: A.Conjure) -> list[Obj]:
    """"Fill up to thirteen voids with Rubble": a Rubble token (an Ordinary site controlled by no
    one) on each void chosen."""
    from codex.engine.events import Conjured
    from codex.engine.terrain import rubble_token
    voids = select(run.state, run.ctx, act.dest, "location")
    made: list[Obj] = []
    for o in voids:
        loc: Location = o.key
        if loc.region is not Region.VOID or run.state.site_at(loc.square) is not None:
            continue
        run.state = run.state.with_site(rubble_token(loc.square))
        made.append(Obj("site", loc.square))
    if made:
        run.settle([Conjured("Rubble", "on square" + ("s " if len(made) > 1 else " ")
                             + ", ".join(str(m.key) for m in made), rules=("rubble", "token"))])
    return made


__all__ = ["NotExecutable"]


def _acquire_problems(act: A.Action) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    roles = dict(act.roles)
    token = roles.get("patient")
    if not (isinstance(token, A.Selector) and _is_token(token) and " ".join(token.mods).lower() == "lance"
            and token.count in (None, 1)):
        yield "acquiring something other than a Lance token"
    if set(roles) - {"agent", "patient"}:
        yield "acquiring with other words"
    agent = roles.get("agent")
    if agent is not None and not (isinstance(agent, A.Ref) and agent.word == "SELF"):
        yield from sel_problems(agent)


@executes(A.Action, lemma="acquire", problems=_acquire_problems)
def _acquire(run: Run, act: A.Action, clause: A.Clause) -> list[Obj]:
    """"Spearmarshal may acquire a Lance token": a Lance token enters the realm carried by the unit
    (Codex "Lance": Lances are tokens, carried as any artifact; conjured, as every artifact entering
    the realm, Codex "Conjure")."""
    from codex.engine.events import Conjured
    from codex.engine.state import Artifact
    agent = dict(act.roles).get("agent")
    units = [o for o in (select(run.state, run.ctx, agent, "agent") if agent is not None else [run.ctx.source])
             if o.kind == "unit"]
    made: list[Obj] = []
    for obj in units:
        unit = run.state.unit(str(obj.key))
        if unit is None:
            continue
        aid, n = f"{unit.id}-lance", 1
        while run.state.artifact(aid) is not None or run.state.unit(aid) is not None:
            n += 1
            aid = f"{unit.id}-lance-{n}"
        run.state = run.state.with_artifact(Artifact(aid, "Lance", unit.controller, unit.location, bearer=unit.id,
                                                     token=True))
        run.settle([Conjured("Lance", f"carried by {unit.name}", f"artifact:{aid}", run.ctx.controller,
                             unit.location, rules=("conjure", "token", "lance.artifact"))])
        made.append(Obj("artifact", aid))
    return made
