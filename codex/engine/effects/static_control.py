"""Control from static abilities, and static bans on control.

A passive ability that gives its controller control of units ("You control all <subtype>") is an
ongoing effect of the control layer (Codex "Ongoing Effect": layer 3, "Control effects"), applied
to each unit's *base* controller (the one effects and the rules gave it) oldest first: a static
ability's timestamp is when its card entered the realm (the board's order, as for every static), and
the "you" of each is its card's controller as the layer has made it so far (the Codex's example of
two Kings: the older one takes the newer one, whose "you" is then the older one's player).
A static ban on control (no player may control the cards other players own) is a 'can't' applied after them:
it wins over any 'can' (Codex "Can vs. Can't"); a unit whose controller it forbids goes back to its
base controller, or its owner, whichever the ban allows.

Sites are in the same layer ("You control each adjacent site"; "Bearer has 'You control this site.'",
a static ability granted to the bearer, held while the grant applies: `granted_control`): a site's
controller is recomputed likewise, its base kept in ``Site.base_controller``; whatever a site's
controller decides (where its controller may summon, whose mana and threshold it provides, "your
sites") reads ``Site.controller`` and so follows.

Nothing is written over the base: `apply` runs with the at-rest checks (`storyline._check`, so on
the board as loaded and after every event the story settles), writes the layered controller into
``Unit.controller`` and keeps the base in ``Unit.base_controller``; when the ability no longer
applies (its card left the realm, was silenced, its condition fails), the next check gives control
back. Each change is a `ControlChanged` step quoting the card.

An effect that changes control ("Gain control of target minion") is newer than every static
ability in the realm as it resolves: it applies after them (``Unit.control_newer_than``), and a
card entering later is newer still. A ban is checked when such an effect would change control
(`control_ban`): the effect fails, and its step says which card forbids it.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.events import CardQuote, ControlChanged, Event
from codex.engine.state import GameState, Site, Unit

#: What a static control change cites: the Codex's control layer and its ownership rules; a
#: control change is not entering the realm, so it brings no summoning sickness (Codex "Summoning
#: Sickness": "A minion that entered the realm this turn ... suffers from summoning sickness").
_GAINED = ("ongoing-effect.control", "ongoing-effect.control-layer", "control.change", "ownership.fixed",
           "summoning-sickness.enter")
#: a site's: "your" sites are those you control (Codex "Your"), so where you may summon and what
#: provides you mana and threshold follow it
_SITE_GAINED = ("ongoing-effect.control", "ongoing-effect.control-layer", "control.change", "ownership.fixed",
                "control.your")
_RETURNED = ("ongoing-effect", "control.change", "ownership.fixed")
_BANNED = ("can-vs-cant", "ongoing-effect", "control.change", "ownership.fixed")


def _bans(state: GameState) -> list[Any]:
    from codex.engine.effects.statics import active_statics
    return [s for s in active_statics(state, "cant") if s.payload[0] == "control"]


def realm_cards(words: Any, kind: str) -> Any:
    """"cards" (that other players own) said of the realm: the units (or sites) those words name, the
    cards whose control the engine changes (a card in a zone has no controller to change)."""
    if isinstance(words, A.Selector):
        from codex.engine.effects.statics import singular_noun
        if singular_noun(words) == "card":
            return A.replace(words, noun=kind)
    return words


def ban_problems(verb: A.Control) -> list[str]:
    """What of a ban on control the engine cannot read (`statics._check_words` on its words)."""
    from codex.engine.effects.check import sel_problems
    problems = list(sel_problems(verb.agent)) if verb.agent is not None else ["a ban on control naming no one"]
    for kind in ("unit", "site"):
        problems += list(sel_problems(realm_cards(verb.patient, kind)))
    return list(dict.fromkeys(problems))


def control_ban(state: GameState, player: str, obj: Obj) -> CardQuote | None:
    """The static ability forbidding ``player`` to control ``obj`` (a unit or a site) now, if one does:
    its words are read as said to that player: "you" is them, and "other players" the players other
    than them (the ban's subject, each player in turn)."""
    if not state.statics or obj.kind not in ("unit", "site"):
        return None
    from codex.engine.effects.select import NotExecutable, select_all
    from codex.engine.effects.statics import evaluation
    for s in _bans(state):
        verb = s.payload[1]
        ctx = replace(s.ctx, controller=player).bind("other", [Obj("player", player)])
        with evaluation():
            try:
                players = {str(o.key) for o in select_all(state, ctx, verb.agent) if o.kind == "player"}
                if player not in players:
                    continue
                covered = select_all(state, ctx, realm_cards(verb.patient, obj.kind))
            except NotExecutable:
                continue
        if obj in covered:
            quote: CardQuote = s.quote
            return quote
    return None


def controlling(state: GameState, unit: Unit) -> tuple[str, ...]:
    """The keys of the static control effects that cover ``unit`` now (an effect changing its
    control is newer than these)."""
    return controlling_obj(state, Obj("unit", unit.id))


def controlling_obj(state: GameState, obj: Obj) -> tuple[str, ...]:
    """The keys of the static control effects that cover ``obj`` (a unit or a site) now."""
    from codex.engine.effects.statics import affected
    return tuple(s.ctx.key for s in control_statics(state) if obj in affected(state, s))


def granted_static_problem(ability: Any) -> str | None:
    """Why a static ability granted to another card ("Bearer has 'You control this site.'") is not
    applied: only control is (`granted_control`); None when it is."""
    from codex.engine.effects.statics import Unsupported, statics_of
    dummy = _granted_ctx(Obj("unit", ""), "", "", ability, "", None, "")
    try:
        kinds = {s.kind for s in statics_of(ability, dummy, 0)}
    except Unsupported as e:
        return str(e) or "a granted static ability the engine does not apply"
    if kinds - {"control"}:
        return "a granted static ability other than control"
    return None


def _granted_ctx(holder: Obj, name: str, controller: str, ability: Any, key: str, grantor: Obj | None,
                 grantor_name: str) -> Any:
    from codex.engine.effects.context import Ctx
    return Ctx(holder, name, controller, ability, key, grantor=grantor,
               grantor_name=grantor_name or None).bind("it", [holder])


def granted_control(state: GameState) -> list[Any]:
    """The control effects of static abilities a card holds because another card grants them
    ("Bearer has 'You control this site.'"): the holder's own abilities while the grant applies (its
    "this site" is where the holder is, its "you" the holder's controller), timestamped as the
    granting card (it has held them since that card's effect began)."""
    from codex.engine.abilities import AbilityKind
    from codex.engine.effects.select import controller_of, name_of
    from codex.engine.effects.statics import Unsupported, active_statics, affected, statics_of
    out: list[Any] = []
    for grant in active_statics(state, "grant_ability"):
        if not any(a.kind is AbilityKind.STATIC for a in grant.payload):
            continue
        for holder in sorted(affected(state, grant), key=lambda o: (o.kind, str(o.key))):
            if holder.kind not in ("unit", "site"):
                continue
            for n, ability in enumerate(grant.payload):
                if ability.kind is not AbilityKind.STATIC:
                    continue
                ctx = _granted_ctx(holder, name_of(state, holder), controller_of(state, holder) or state.turn.active,
                                   ability, f"{holder.key}.granted{n}", grant.ctx.source, grant.ctx.source_name)
                try:
                    found = statics_of(ability, ctx, grant.order)
                except Unsupported:
                    continue
                out += [replace(s, order=grant.order) for s in found if s.kind == "control"]
    return out


def control_statics(state: GameState) -> list[Any]:
    """The control effects that apply now, the cards' own and those granted, oldest first."""
    from codex.engine.effects.statics import active_statics
    own = list(active_statics(state, "control"))
    granted = granted_control(state) if any(s.kind == "grant_ability" for s in state.statics) else []
    if not granted:
        return own
    from codex.engine.effects.statics import _active, _silenced_sources
    silenced = _silenced_sources(state)
    granted = [s for s in granted if _active(state, s, silenced)]
    return sorted(own + granted, key=lambda s: s.order)


def _base(obj: Obj, unit: Unit | None, site: Site | None) -> str | None:
    if unit is not None:
        return unit.base_controller or unit.controller
    return (site.base_controller or site.controller) if site is not None else None


def _newer(unit: Unit | None, site: Site | None) -> tuple[str, ...]:
    return unit.control_newer_than if unit is not None else (site.control_newer_than if site is not None else ())


def _owner(unit: Unit | None, site: Site | None) -> str | None:
    if unit is not None:
        return unit.owner
    return (site.owner or site.base_controller or site.controller) if site is not None else None


def _source_holder(state: GameState, src: Obj) -> Obj | None:
    """The unit or site whose controller is a control effect's "you": the card itself, or the bearer
    of an artifact."""
    if src.kind in ("unit", "site"):
        return src
    if src.kind == "artifact":
        art = next((a for a in state.artifacts if a.id == src.key), None)
        if art is not None and art.bearer:
            return Obj("unit", art.bearer)
    return None


def _layered(state: GameState, refused: list[tuple[Obj, CardQuote, CardQuote, str]] | None = None
             ) -> dict[Obj, tuple[str, CardQuote | None, str]]:
    """Each unit's and site's controller through the control layer: (controller, the card that
    decided it, how: ``static``, ``chained``, ``ban`` or ``base``). ``refused`` collects the static
    control a ban undid: (unit or site, the static's card, the ban's card, the player it would have
    given control to)."""
    from codex.engine.effects.statics import affected
    units = {u.id: u for u in state.units}
    sites = {s.square: s for s in state.sites}
    out: dict[Obj, tuple[str, CardQuote | None, str]] = {}
    for u in state.units:
        out[Obj("unit", u.id)] = (u.base_controller or u.controller, None, "base")
    for st in state.sites:
        base = st.base_controller or st.controller
        if base is not None:
            out[Obj("site", st.square)] = (base, None, "base")
    for s in control_statics(state):          # oldest first (`statics.collect`)
        holder = _source_holder(state, s.ctx.source)
        you = out[holder][0] if holder is not None and holder in out else s.ctx.controller
        # its card's control was itself changed by an older effect of the layer: "you" is that player
        taken = holder is not None and holder in out and out[holder][2] != "base"
        static = replace(s, ctx=replace(s.ctx, controller=you))
        for obj in affected(state, static):
            unit = units.get(obj.key) if obj.kind == "unit" else None
            site = sites.get(obj.key) if obj.kind == "site" else None
            if unit is None and site is None or unit is not None and unit.is_avatar \
                    or s.ctx.key in _newer(unit, site):
                continue
            out[obj] = (you, s.quote, "chained" if taken else "static")
    if _bans(state):
        for obj, (who, quote, how) in list(out.items()):
            unit = units.get(obj.key) if obj.kind == "unit" else None
            site = sites.get(obj.key) if obj.kind == "site" else None
            ban = control_ban(state, who, obj)
            if ban is None:
                continue
            if how in ("static", "chained") and quote is not None and refused is not None:
                refused.append((obj, quote, ban, who))
            allowed = next((p for p in (_base(obj, unit, site), _owner(unit, site))
                            if p is not None and control_ban(state, p, obj) is None), None)
            if allowed is not None and allowed != who:
                out[obj] = (allowed, ban, "ban")
    return out


def _wanted(state: GameState) -> bool:
    """Whether control needs recomputing: a control effect or ban in the realm, or a unit or site
    whose static control may have to end."""
    if any(u.base_controller is not None for u in state.units) or any(
            s.base_controller is not None for s in state.sites):
        return True
    return bool(state.statics) and any(
        s.kind == "control" or (s.kind == "cant" and s.payload[0] == "control")
        or s.kind == "grant_ability" and any(getattr(a.kind, "value", None) == "static" for a in s.payload)
        for s in state.statics)


def _why(how: str, quote: CardQuote | None, who: str, frm: str | None, set_aside: bool, what: str = "unit"
         ) -> tuple[str, tuple[str, ...]]:
    """The words and rules of a control step (``what``: a unit or a site)."""
    if how in ("static", "chained"):
        why = f"{quote.card if quote else 'a card'}'s ability gives its controller control of it while it applies"
        if what == "unit":
            why += " (it did not enter the realm: no summoning sickness comes of this)"
        else:
            why += (" (whose site it is decides where its controller may summon, whose mana and threshold it "
                    "provides, and whether it is among their sites)")
        rules: tuple[str, ...] = _GAINED if what == "unit" else _SITE_GAINED
        if how == "chained":
            why += (f"; that card is itself controlled by {who} through an older effect of the same layer, so "
                    f"its 'you' is {who}")
            rules += ("ongoing-effect.timestamp", "ongoing-effect.two-kings")
        return why, rules
    if how == "ban":
        why = f"{quote.card if quote else 'a card'} forbids {frm} to control it ('can't' wins)"
        if set_aside:      # control an effect or the scenario gave, not a static's
            why += (f". Read so: {frm}'s control is set aside while the ban applies and stands again "
                    "when it ends (ongoing effects apply continuously); the other reading, that the ban ended "
                    f"that control for good, would leave it with {who} after the ban too")
        return why, _BANNED
    return ("the static ability that changed its control no longer applies (its card left the realm, lost its "
            f"abilities, or its condition fails): control returns to {who}"), _RETURNED


def apply(state: GameState) -> tuple[GameState, list[Event]]:
    """The control layer applied to the board: each unit's and site's controller is its layered one,
    its base kept aside while they differ; a step for each change, quoting the card. What a site's
    controller decides (where its controller may summon, whose mana and affinity it provides, "your
    sites") reads ``Site.controller``, so it follows."""
    if not _wanted(state):
        return state, []
    events: list[Event] = []
    for obj, (who, quote, how) in _layered(state).items():
        if obj.kind == "unit":
            unit = state.unit(obj.key)
            if unit is None or unit.controller == who:
                continue
            base = unit.base_controller or unit.controller
            state = state.with_unit(replace(unit, controller=who, base_controller=None if who == base else base))
            why, rules = _why(how, quote, who, unit.controller, unit.base_controller is None)
            events.append(ControlChanged("unit", unit.name, unit.controller, who, unit.owner, why=why, rules=rules,
                                         from_card=quote))
            continue
        site = state.site_at(obj.key)
        if site is None or site.controller == who:
            continue
        base_site = site.base_controller or site.controller
        owner = site.owner or base_site
        state = state.with_site(replace(site, controller=who, owner=owner,
                                        base_controller=None if who == base_site else base_site))
        why, rules = _why(how, quote, who, site.controller, site.base_controller is None, "site")
        events.append(ControlChanged("site", site.name, site.controller, who, owner, why=why, rules=rules,
                                     from_card=quote))
    return state, events


def refused_notes(state: GameState) -> list[Event]:
    """The steps saying which static control a ban undoes on this board where control stays as it
    was (no control step tells it then): "Players can't control ..." beside "You control all ...",
    the 'can't' winning (Codex "Can vs. Can't")."""
    if not _wanted(state):
        return []
    from codex.engine.events import Note
    refused: list[tuple[Obj, CardQuote, CardQuote, str]] = []
    layered = _layered(state, refused)
    out: list[Event] = []
    for obj, static, ban, who in refused:
        if obj.kind == "unit":
            unit = state.unit(obj.key)
            name, now = (unit.name, unit.controller) if unit is not None else (None, None)
        else:
            site = state.site_at(obj.key)
            name, now = (site.name, site.controller) if site is not None else (None, None)
        if name is None or layered[obj][0] != now:
            continue
        out.append(Note("control_refused", f"{static.card}'s ability would give {who} control of {name}, but "
                        f"{ban.card} forbids it and a 'can't' takes precedence: {now} keeps control.",
                        {obj.kind: obj.key, "player": who}, rules=_BANNED, from_card=ban))
    return out
