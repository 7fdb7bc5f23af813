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
from codex.engine.state import GameState, Unit

#: What a static control change cites: the Codex's control layer and its ownership rules; a
#: control change is not entering the realm, so it brings no summoning sickness (Codex "Summoning
#: Sickness": "A minion that entered the realm this turn ... suffers from summoning sickness").
_GAINED = ("ongoing-effect.control", "ongoing-effect.control-layer", "control.change", "ownership.fixed",
           "summoning-sickness.enter")
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
    from codex.engine.effects.statics import active_statics, affected
    me = Obj("unit", unit.id)
    return tuple(s.ctx.key for s in active_statics(state, "control") if me in affected(state, s))


def _layered(state: GameState, refused: list[tuple[str, CardQuote, CardQuote, str]] | None = None
             ) -> dict[str, tuple[str, CardQuote | None, str]]:
    """Each unit's controller through the control layer: (controller, the card that decided it, how:
    ``static``, ``ban`` or ``base``). ``refused`` collects the static control a ban undid: (unit,
    the static's card, the ban's card, the player it would have given control to)."""
    from codex.engine.effects.statics import active_statics, affected
    units = {u.id: u for u in state.units}
    out: dict[str, tuple[str, CardQuote | None, str]] = {
        uid: (u.base_controller or u.controller, None, "base") for uid, u in units.items()}
    for s in active_statics(state, "control"):          # oldest first (`statics.collect`)
        src = s.ctx.source
        you = out[src.key][0] if src.kind == "unit" and src.key in out else s.ctx.controller
        # its card's control was itself changed by an older effect of the layer: "you" is that player
        taken = src.kind == "unit" and src.key in out and out[src.key][2] != "base"
        static = replace(s, ctx=replace(s.ctx, controller=you))
        for obj in affected(state, static):
            unit = units.get(obj.key) if obj.kind == "unit" else None
            if unit is None or unit.is_avatar or s.ctx.key in unit.control_newer_than:
                continue
            out[unit.id] = (you, s.quote, "chained" if taken else "static")
    if _bans(state):
        for uid, (who, quote, how) in list(out.items()):
            unit = units[uid]
            ban = control_ban(state, who, Obj("unit", uid))
            if ban is None:
                continue
            if how in ("static", "chained") and quote is not None and refused is not None:
                refused.append((uid, quote, ban, who))
            allowed = next((p for p in (unit.base_controller or unit.controller, unit.owner)
                            if control_ban(state, p, Obj("unit", uid)) is None), None)
            if allowed is not None and allowed != who:
                out[uid] = (allowed, ban, "ban")
    return out


def _wanted(state: GameState) -> bool:
    """Whether control needs recomputing: a control effect or ban in the realm, or a unit whose
    static control may have to end."""
    if any(u.base_controller is not None for u in state.units):
        return True
    return bool(state.statics) and any(
        s.kind == "control" or (s.kind == "cant" and s.payload[0] == "control") for s in state.statics)


def apply(state: GameState) -> tuple[GameState, list[Event]]:
    """The control layer applied to the board: each unit's controller is its layered one, its base
    kept aside while they differ; a step for each change, quoting the card."""
    if not _wanted(state):
        return state, []
    events: list[Event] = []
    rules: tuple[str, ...]
    for uid, (who, quote, how) in _layered(state).items():
        unit = state.unit(uid)
        if unit is None or unit.controller == who:
            continue
        base = unit.base_controller or unit.controller
        state = state.with_unit(replace(unit, controller=who, base_controller=None if who == base else base))
        if how in ("static", "chained"):
            why = (f"{quote.card if quote else 'a card'}'s ability gives its controller control of it while it "
                   "applies (it did not enter the realm: no summoning sickness comes of this)")
            rules = _GAINED
            if how == "chained":
                why += (f"; that card is itself controlled by {who} through an older effect of the same layer, so "
                        f"its 'you' is {who}")
                rules += ("ongoing-effect.timestamp", "ongoing-effect.two-kings")
        elif how == "ban":
            why = f"{quote.card if quote else 'a card'} forbids {unit.controller} to control it ('can't' wins)"
            if unit.base_controller is None:      # control an effect or the scenario gave, not a static's
                why += (f". Read so: {unit.controller}'s control is set aside while the ban applies and stands again "
                        "when it ends (ongoing effects apply continuously); the other reading, that the ban ended "
                        f"that control for good, would leave it with {who} after the ban too")
            rules = _BANNED
        else:
            why = ("the static ability that changed its control no longer applies (its card left the realm, lost its "
                   f"abilities, or its condition fails): control returns to {who}")
            rules = _RETURNED
        events.append(ControlChanged("unit", unit.name, unit.controller, who, unit.owner, why=why, rules=rules,
                                     from_card=quote))
    return state, events


def refused_notes(state: GameState) -> list[Event]:
    """The steps saying which static control a ban undoes on this board where control stays as it
    was (no control step tells it then): "Players can't control ..." beside "You control all ...",
    the 'can't' winning (Codex "Can vs. Can't")."""
    if not _wanted(state):
        return []
    from codex.engine.events import Note
    refused: list[tuple[str, CardQuote, CardQuote, str]] = []
    layered = _layered(state, refused)
    out: list[Event] = []
    for uid, static, ban, who in refused:
        unit = state.unit(uid)
        if unit is None or layered[uid][0] != unit.controller:
            continue
        out.append(Note("control_refused", f"{static.card}'s ability would give {who} control of {unit.name}, but "
                        f"{ban.card} forbids it and a 'can't' takes precedence: {unit.controller} keeps control.",
                        {"unit": uid, "player": who}, rules=_BANNED, from_card=ban))
    return out
