"""Sites: playing one (the Avatar taps to put a site on a void or Rubble next to its own sites),
destroying one (it leaves Rubble), flooding one. Whatever stands where a site arrives or changes
stays where it is: `terrain` says what that does to the ground under it."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles
from codex.engine.activation import activation_reason
from codex.engine.entering import ground_notes
from codex.engine.errors import AmbiguousAction
from codex.engine.events import CardsMoved, Event, ManaGained, Note, SitePlayed, Tapped, offered
from codex.engine.geometry import Location, Region
from codex.engine.keywords import parse_threshold
from codex.engine.effects.statics import broken_requirements, site_suppressed
from codex.engine.ongoing import site_mana
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.sites import site_placement_reason
from codex.engine.state import Affinity, Card, Site
from codex.engine.terrain import destroy_site, flood, place_atop, rubble_token
from codex.engine.storyline import settle
from codex.engine.zones import take, take_top


def _card_subtypes(name: str | None) -> tuple[str, ...]:
    """A site card's subtypes (Desert, River...), which effects name ("Takes no damage from Deserts":
    a Desert played had none, found by blind real-card round 4)."""
    from codex.engine.effects.context import card_data
    data = card_data(name) if name else None
    return tuple(data.subtypes) if data is not None else ()


def _with_text(state: Any, square: int) -> Any:
    """A played site reads its card text (abilities) like any card in the realm."""
    from codex.engine.abilities import abilities_of
    site = state.site_at(square)
    if site is None or not site.text:
        return state
    return state.with_site(replace(site, abilities=abilities_of(site.text, site.name)))


def _from_hand(res: Resolution, pid: str, name: str | None, ptr: str) -> list[Event]:
    """The played site leaves the hand (when the scenario tracks it): by name, or an unnamed site."""
    player = res.state.player(pid)
    if not player.hand.tracked:
        return []
    got = take(player, "hand", name, "site")
    named = [c.name for c in player.hand.named if c.kind == "site"]
    if got is None and name is None and named:
        raise AmbiguousAction(f"{pid} must choose which site of their hand to play", "site",
                              list(dict.fromkeys(named)), ptr + "/site/name")
    if got is None:
        what = f"site {name}" if name else "site"
        raise res.illegal((Reason.NOT_IN_HAND, "play.site"), f"{pid} has no {what} in hand", ptr + "/site")
    res.state = res.state.with_player(got[0])
    return [CardsMoved(pid, (name,) if name else (), 0 if name else 1, "hand", "realm",
                       "a site is played straight from the hand to the realm, not onto the storyline",
                       rules=("play.site", "hand"))]


def _card_spec(card: Any) -> D.SiteSpec:
    """A site card of a zone as the site it will be: its name, and its affinity and text when the
    catalog knows it (an unnamed card is an unnamed site)."""
    if not isinstance(card, Card):
        return D.SiteSpec()
    data = card.data
    if data is None:
        from codex.engine.effects.context import card_data
        data = card_data(card.name)
    return D.SiteSpec(name=card.name, affinity=dict(data.threshold) if data is not None and data.threshold else None,
                      text=data.text if data is not None and data.text else None)


def _atlas_top(res: Resolution, pid: str, ptr: str) -> D.SiteSpec:
    """The top site of ``pid``'s atlas, the card an effect plays ("Play the top site of your
    atlas"); illegal when the atlas is empty."""
    got = take_top(res.state.player(pid).atlas, "site")
    if got is None:
        raise res.illegal((Reason.EMPTY_ATLAS, "atlas"), f"{pid}'s atlas", ptr)
    return _card_spec(got[1])


def _in_hand(res: Resolution, pid: str, spec: D.SiteSpec) -> D.SiteSpec:
    """A site named by name only, from a hand that holds that card: the card as the hand knows it
    (its affinity and text from the catalog), not a bare name (an effect's "Play a site" chose it
    by name; an earth site played must count as one)."""
    key = (spec.name or "").casefold()
    card = next((c for c in res.state.player(pid).hand.named if c.kind == "site" and c.name.casefold() == key), None)
    if card is None:
        return spec
    found = _card_spec(card)
    return spec if found.affinity is None and found.text is None else found.model_copy(update={"flooded": spec.flooded})


def _cemetery_site(res: Resolution, pid: str, name: str | None, ptr: str) -> D.SiteSpec:
    """The site of ``pid``'s cemetery an effect plays ("play a site from your cemetery"): the one
    named, or the only one there; a choice when several are and none is named; illegal when none is."""
    sites = [c for c in res.state.player(pid).cemetery.named if c.kind == "site"]
    if name is not None:
        sites = [c for c in sites if c.name.casefold() == name.casefold()]
    if not sites:
        what = f"site {name}" if name else "site"
        raise res.illegal((Reason.NOT_IN_ZONE, "cemetery"), f"{pid} has no {what} in their cemetery", ptr + "/site")
    names = list(dict.fromkeys(c.name for c in sites))
    if len(names) > 1:
        raise AmbiguousAction(f"{pid} must choose which site of their cemetery to play", "site", names,
                              ptr + "/site/name")
    return _card_spec(sites[0])


def _from_zone(res: Resolution, pid: str, zone: str, name: str | None, ptr: str) -> list[Event]:
    """The played site leaves the zone it is played from (Codex "Play": "They go directly from your
    hand (or your atlas) to the realm"): the top of the atlas, the cemetery, or the hand."""
    if zone == "atlas":
        return _from_atlas(res, pid)
    if zone == "cemetery":
        player = res.state.player(pid)
        got = take(player, "cemetery", name, "site")
        if got is None:
            raise res.illegal((Reason.NOT_IN_ZONE, "cemetery"), f"{pid} has no site {name} in their cemetery",
                              ptr + "/site")
        res.state = res.state.with_player(got[0])
        return [CardsMoved(pid, (name,) if name else (), 0 if name else 1, "cemetery", "realm",
                           "a site an effect plays from the cemetery goes straight to the realm",
                           rules=("play.site", "cemetery.public"))]
    return _from_hand(res, pid, name, ptr)


def _from_atlas(res: Resolution, pid: str) -> list[Event]:
    """The played site leaves the top of the atlas."""
    player = res.state.player(pid)
    got = take_top(player.atlas, "site")
    if got is None:
        return []
    res.state = res.state.with_player(player.with_zone("atlas", got[0]))
    name = got[1].name if isinstance(got[1], Card) else None
    return [CardsMoved(pid, (name,) if name else (), 0 if name else 1, "atlas", "realm",
                       "the top site of the atlas is played straight to the realm", rules=("play.site", "atlas"))]


def _replaced(res: Resolution, sq: int) -> list[Event]:
    """"Replace target site with ...": the site on ``sq`` leaves the realm for the one played there.
    Rubble, a token, is banished (Codex "Token"); a site card goes to its owner's cemetery, with an
    `ambiguity` step, since the Codex says where a destroyed site goes but not a replaced one. Units
    there stay where they are (Codex "Enter": a site placed under a unit is not entered)."""
    old = res.state.site_at(sq)
    if old is None or old.rubble:
        return []
    if old.owner is not None:
        res.state = res.state.put_card(Card(old.name, old.owner, "site"), "cemetery")
    owner = old.owner or "no one"
    return [Note("ambiguity", f"The Codex does not say where a site replaced by another goes. Read as a site "
                 f"leaving the realm the way a destroyed one does, {old.name} goes to its owner's ({owner}'s) "
                 "cemetery (“When a site is destroyed, put it in its owner's cemetery”: the reading this engine "
                 "takes), though it is not destroyed: no Rubble is left and nothing that hears a site destroyed "
                 "fires. Read by the Cemetery entry alone, only cards “discarded, destroyed, or resolved” go "
                 "there, and a replaced site is none of these.", {"square": sq, "site": old.name, "owner": owner},
                 rules=("site.destroyed", "cemetery")),
            *([CardsMoved(old.owner, (old.name,), 0, None, "cemetery", f"{old.name} leaves the realm, replaced "
                          f"on square {sq}", rules=("cemetery",))] if old.owner else [])]


def _entering_control(state: Any, site: Any, pid: str) -> tuple[str, list[Event]]:
    """Who controls a site as it enters the realm: its player, unless its text says otherwise
    ("Enters the realm under an opponent's control"; Codex "Ownership and Control"). Mana it
    provides is its controller's, and only on its controller's turn."""
    from codex.engine.abilities import abilities_of
    from codex.engine.effects.context import Ctx, Obj
    from codex.engine.effects.select import select_all
    from codex.engine.effects.statics import entering_control
    from codex.engine.events import CardQuote
    if not site.text:
        return pid, []
    found = entering_control(abilities_of(site.text, site.name))
    if found is None:
        return pid, []
    who, ability = found
    ctx = Ctx(Obj("site", site.square), site.name, pid, ability, f"site{site.square}.enter")
    players = [str(o.key) for o in select_all(state, ctx, who) if o.kind == "player"]
    if not players:
        return pid, []
    controller = players[0]
    note = Note("enters_control", f"{site.name} enters the realm under {controller}'s control ({pid} owns it); it provides "
                f"no mana now, since it is not {controller}'s turn.", {"site": site.square, "controller": controller},
                rules=("control.change", "mana"), from_card=CardQuote(site.name, ability.text))
    return controller, [note]


def _where_its_text_says(res: Resolution, a: D.PlaySite, pid: str, sq: int, ptr: str) -> None:
    """"Must be played adjacent to a water site you control": the site's own text narrows where it
    may be played, on top of the placement rules (Codex "Site": card text takes precedence);
    elsewhere the play is illegal."""
    from codex.engine.effects.casting_rules import play_required
    found = play_required(res.state, a.site.name or "", a.site.text or "", pid, sq)
    if found is None:
        return
    quote, ok = found
    res.emit(Note("permission", f"{quote.card} must be played where its text says: square {sq} "
                  f"{'is' if ok else 'is not'} such a place.", {"square": sq},
                  rules=("the-silver-rule",), from_card=quote))
    if not ok:
        raise res.illegal((Reason.NOT_WHERE_ITS_TEXT_SAYS, "the-silver-rule"), f"{quote.card} on square {sq}",
                          ptr + "/square")


@handles(D.PlaySite, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL, Verdict.AMBIGUOUS)
def play_site(res: Resolution, a: D.PlaySite, ptr: str) -> Outcome:
    pid = a.player or res.state.turn.active
    if not any(p.id == pid for p in res.state.players):
        from codex.engine.errors import Problem, ScenarioError
        raise ScenarioError([Problem(ptr + "/player", f"no player {pid!r}", "name a player of the scenario")])
    if pid != res.state.turn.active and not a.by_effect:
        raise res.illegal((Reason.NOT_ACTIVE_PLAYER, "site.play"), f"{pid} is not the active player", ptr + "/player")
    avatar = res.state.avatar_of(pid)
    if avatar is None:
        raise res.illegal((Reason.AVATAR_ONLY, "site.play"), f"{pid} has no Avatar", ptr)
    zone = "atlas" if a.from_atlas else a.from_zone
    if zone == "atlas" and a.site.affinity is None and a.site.text is None:
        top = _atlas_top(res, pid, ptr)
        if a.site.name and top.name and a.site.name.casefold() != top.name.casefold():
            raise res.illegal((Reason.NOT_IN_ZONE, "atlas"), f"{a.site.name} is not the top site of {pid}'s atlas",
                              ptr + "/site/name")
        a = a.model_copy(update={"site": top})
    elif zone == "cemetery" and a.site.affinity is None and a.site.text is None:
        a = a.model_copy(update={"site": _cemetery_site(res, pid, a.site.name, ptr)})
    elif a.site.name and a.site.affinity is None and a.site.text is None:
        a = a.model_copy(update={"site": _in_hand(res, pid, a.site)})
    found = activation_reason(res.state, avatar) if not a.by_effect else None
    if found:
        raise res.illegal(found, f"{avatar.name} cannot play a site", ptr)
    sq = a.square
    found = site_placement_reason(res.state, pid, sq)
    if found and a.replace and a.by_effect and found[0] is Reason.SQUARE_OCCUPIED:
        found = site_placement_reason(res.state.with_site(rubble_token(sq)), pid, sq)   # the site there goes
    if found and a.where_named and a.by_effect and found[0] in (Reason.NOT_ADJACENT_TO_OWN_SITE,
                                                                Reason.NOT_NEAREST_AVATAR):
        found = None      # the effect's words say where the site goes (`effects.board._play`)
    if found and found[0] in (Reason.NOT_ADJACENT_TO_OWN_SITE, Reason.NOT_NEAREST_AVATAR):
        from codex.engine.effects.casting_rules import play_permitted
        quote = play_permitted(res.state, a.site.name or "", a.site.text or "", pid, sq)
        if quote is not None:
            found = None
            res.emit(Note("permission", f"{quote.card} lets it be played to square {sq}.", {"square": sq},
                          rules=("may-and-can",), from_card=quote))
    if found:
        raise res.illegal(found, f"a site on square {sq}", ptr + "/square")
    _where_its_text_says(res, a, pid, sq, ptr)
    old = res.state.site_at(sq)
    old_state = res.state
    site = Site(sq, a.site.name or f"Site {sq}", pid, pid, Affinity.of(parse_threshold(a.site.affinity)),
                flooded=a.site.flooded, text=a.site.text or "", subtypes=_card_subtypes(a.site.card))
    from_hand = _from_zone(res, pid, zone, a.site.name, ptr)
    if a.replace and old is not None and not old.rubble:
        from_hand = _replaced(res, sq) + from_hand
        old = None     # no Rubble replaced: the site there left the realm
    in_void = avatar.location == Location(sq, Region.VOID)
    state = (res.state if a.by_effect else res.state.with_unit(replace(avatar, tapped=True))).with_site(site)
    rules = (("mandatory.avatar-void",) if in_void else ("site.play",)) + (
        ("rubble.replace",) if old is not None else ())
    probe = _with_text(state, sq)      # the realm with the site and its own text, as it enters
    # (a standing requirement is a "must" of some card: none in the realm or the site's text, none to check)
    might = "must" in (site.text or "").lower() or any(s.kind == "must_be" for s in res.state.statics)
    broken = broken_requirements(res.state, probe) if might else []
    if broken:   # "Must always be next to the void": a play may not leave a card otherwise
        res.emit(Note("must", f"{broken[0].ctx.source_name} must always be as its words say, and a site on square "
                      f"{sq} would end that: the play is not allowed.", {"square": sq}, rules=("ongoing-effect",),
                      from_card=broken[0].quote))
        raise res.illegal((Reason.FORBIDDEN, "ongoing-effect"), f"a site on square {sq}", ptr + "/square")
    controller, told = _entering_control(state, site, pid)
    if controller != pid:
        state = state.with_site(replace(site, controller=controller))
    played = SitePlayed(sq, site.name, pid, avatar.name, old is not None, tapped=not a.by_effect, rules=rules)
    res.emit(*([] if a.by_effect else [Tapped(avatar.id, avatar.name)]), *from_hand, played, *told)
    p = state.player(pid)
    if controller == pid and pid == res.state.turn.active:
        # what it provides as it enters, with its own text and the effects in the realm counted
        # ("Affected sites don't provide mana": `ongoing.site_mana`)
        provides = site_mana(probe, probe.site_at(sq) or site)
        res.state = state.with_player(replace(p, mana=p.mana + provides))
        if provides:
            res.emit(ManaGained(pid, 1, p.mana + 1, f"{site.name} enters the realm on {pid}'s turn and provides 1 mana",
                                rules=("mana",)))
        else:
            quote = site_suppressed(probe, sq)[2]
            res.emit(Note("mana", f"{site.name} enters the realm on {pid}'s turn but provides no mana: "
                          f"{quote.card if quote else 'an effect'} says so.", {"site": sq, "player": pid},
                          rules=("mana",), from_card=quote))
    else:
        res.state = state
    res.state, atop = place_atop(res.state, sq)
    res.state = _with_text(res.state, sq)
    batch = atop + ground_notes(old_state, res.state)
    res.emit(*offered(batch))
    res.apply(settle(res.state, batch + [played]))   # told above, where it happened: heard now, not told twice
    return res.done(res.result_verdict(), f"{pid} plays {site.name} on square {sq}.")


@handles(D.DestroySite, Verdict.RESOLVED, Verdict.ILLEGAL)
def destroy(res: Resolution, a: D.DestroySite, ptr: str) -> Outcome:
    """An effect destroys the site on a square: Rubble is left behind, and everything there stays."""
    site = res.state.site_at(a.square)
    if site is None:
        raise res.illegal((Reason.NO_SITE_THERE, "void"), f"square {a.square}", ptr + "/square")
    before = res.state
    res.state, events = destroy_site(res.state, a.square)
    events += ground_notes(before, res.state)
    after = res.state.site_at(a.square)
    destroyed = after is not None and after.rubble and not site.rubble or site.rubble and after is not site
    here = [u.name for u in res.state.units if u.location.square == a.square]
    batch: list[Event] = list(events)
    if here and destroyed:
        batch.append(Note("note", f"{', '.join(here)} stay{'s' if len(here) == 1 else ''} on square {a.square}: "
                          "Rubble is a site, so the surface and the subsurface are still there.",
                          {"units": here}, rules=("rubble.treated-as-site",)))
    res.settle(batch)
    if not destroyed:        # it can't be destroyed (its own words, or another card's)
        return res.done(res.result_verdict(), f"{site.name} can't be destroyed: it stays on square {a.square}.")
    return res.done(res.result_verdict(), f"{site.name} is destroyed; Rubble is left on square {a.square}.")


@handles(D.Flood, Verdict.RESOLVED, Verdict.ILLEGAL)
def flood_site(res: Resolution, a: D.Flood, ptr: str) -> Outcome:
    """An effect floods a site (this turn, or for good): it is a water site while flooded."""
    site = res.state.site_at(a.square)
    if site is None:
        raise res.illegal((Reason.NO_SITE_THERE, "void"), f"square {a.square}", ptr + "/square")
    before = res.state
    res.state, events = flood(res.state, a.square, a.this_turn)
    res.settle(events + ground_notes(before, res.state))
    return res.done(res.result_verdict(), f"{site.name} is flooded{' this turn' if a.this_turn else ''}.")
