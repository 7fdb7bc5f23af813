"""The phases of a turn (Codex "Turn Overview", "Start Phase", "Main Phase", "End Phase"), each
step in the order the rules give it.

Start phase: effects that last "until next turn" end; the active player's cards untap; their
sites provide mana; start-of-turn abilities trigger and resolve; a card is drawn (not on the
first player's first turn; the draw needs the player's choice of deck, so the action handler
makes it, `actions/turns.py`). End phase: end-of-turn abilities trigger and resolve; damage
leaves every minion; effects that last for the turn end; the turn is over (unspent mana is lost,
summoning sickness and death's-door immunity end) and passes to the other player.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from codex.engine.effects.statics import provided
from codex.engine.entering import ground_notes
from codex.engine.events import (DamageRemoved, EffectEnded, Event, ManaGained, ManaLost, Note, PhaseBegan,
                                 TurnEnded, TurnOver, TurnPassed, TurnStarted, Untapped)
from codex.engine.geometry import Region
from codex.engine.state import Affinity, GameState, Lasting, Site, Turn
from codex.engine.storyline import Resolved, settle
from codex.engine.terrain import end_floods


def aura_expiry(state: GameState, pid: str) -> Resolved:
    """"Lasts 3 of your turns": the end of each of its controller's turns counts (the turn it was
    conjured on included); after the last, the aura is dispelled (Codex "Dispel")."""
    from codex.engine.effects.statics import lasts
    from codex.engine.events import AuraDispelled, CardQuote
    events: list[Event] = []
    keep = []
    for aura in state.auras:
        found = lasts(aura.abilities) if aura.controller == pid else None
        if found is None:
            keep.append(aura)
            continue
        count, ability = found
        quote = CardQuote(aura.name, ability.text)
        aura = replace(aura, turns=aura.turns + 1)
        if aura.turns < count:
            keep.append(aura)
            events.append(Note("lasts", f"{aura.name} has lasted {aura.turns} of its controller's turns "
                               f"({count - aura.turns} to go).", {"aura": aura.id, "turns": aura.turns},
                               rules=("ongoing-effect",), from_card=quote))
            continue
        events.append(AuraDispelled(aura.id, aura.name, rules=("dispel", "ongoing-effect"), from_card=quote))
        events.append(Note("ruling_variant", f"The turn {aura.name} was conjured on is counted as one of its "
                           f"controller's turns; counting only the turns after it, it would stay one more.",
                           {"aura": aura.id}, rules=("the-golden-rule",), from_card=quote))
    if len(keep) == len(state.auras) and not events:
        return state, []
    return state.evolve(auras=tuple(keep)), events


def _end_lasting(state: GameState, ending: list[Lasting], rules: tuple[str, ...]) -> Resolved:
    if not ending:
        return state, []
    from codex.engine.effects.durations import end_lasting
    return end_lasting(state, ending, rules)


def start_phase(state: GameState) -> Resolved:
    """The start phase up to the draw: lasting effects end, untap, mana, start-of-turn triggers."""
    pid = state.turn.active
    started = TurnStarted(pid, state.turn.number)
    state = state.evolve(turn=replace(state.turn, phase="start"))
    events: list[Event] = [started, PhaseBegan(pid, "start", state.turn.number, rules=("turn-overview", "start-phase"))]
    state, ended = _end_lasting(state, [e for e in state.lasting if e.until == "next_turn" and e.controller == pid],
                                ("start-phase.until-next-turn",))
    events += ended
    held: list[Event] = []
    if state.statics or state.lasting:      # "can't untap", "doesn't untap the next time it would"
        from codex.engine.untapping import held_tapped
        for u in [u for u in state.units if u.controller == pid and u.tapped]:
            state, why = held_tapped(state, u)
            if why is not None:
                held.append(why)
    stay = {e.details["unit"] for e in held if isinstance(e, Note)}
    untapped = tuple(u.name for u in state.units if u.controller == pid and u.tapped and u.id not in stay)
    state = state.with_units(replace(u, tapped=False) if u.controller == pid and u.id not in stay else u
                             for u in state.units)
    # "All of your cards in the realm untap" (Codex "Untap"): artifacts tapped for their abilities too
    mine = [a for a in state.artifacts if a.tapped and state.artifact_controller(a) == pid]
    if mine:
        untapped += tuple(a.name for a in mine)
        state = state.evolve(artifacts=tuple(replace(a, tapped=False) if a in mine else a for a in state.artifacts))
    from codex.engine.site_taps import untap_sites_of      # sites tapped for their abilities
    state, sites_untapped = untap_sites_of(state, pid)
    untapped += sites_untapped
    events.append(Untapped(pid, untapped, rules=("start-phase", "untap")))
    events += held
    still = tuple(u.name for u in state.units if u.controller != pid and u.tapped)
    if still:
        other = state.opponent(pid)
        events.append(Note("untap", f"{other}'s cards stay tapped ({', '.join(still)}): {other} is the non-active "
                           "player.", {"player": other, "tapped": list(still)}, rules=("non-active-player", "untap")))
    # The pool is empty as the turn starts (unspent mana was lost at the end of the player's last
    # turn, and none is generated on the opponent's turn): it is what the sites now provide.
    from codex.engine.ongoing import site_mana
    mana = sum(site_mana(state, s) for s in state.sites if s.controller == pid)
    events += _kept_from_providing(state, pid)
    extra, _, providers = provided(state, pid)
    if extra:
        events.append(Note("mana", f"{pid}'s cards provide {extra} more mana.", {"player": pid, "mana": extra},
                           rules=("mana",), from_card=providers[0]))
        mana += extra
    from codex.engine.effects.statics import shared_sites
    for site, quote in shared_sites(state, pid):        # "Provides mana and threshold for everyone"
        n = site_mana(state, site)
        if n:
            events.append(Note("mana", f"{site.name}, controlled by {site.controller}, provides {pid} {n} mana too.",
                               {"player": pid, "mana": n, "site": site.square}, rules=("mana",), from_card=quote))
            mana += n
    rubble = any(s.rubble for s in state.sites)
    state = state.with_player(replace(state.player(pid), mana=mana))
    events.append(ManaGained(pid, mana, mana, f"{pid}'s {mana} site(s) provide {mana} mana",
                             rules=("start-phase", "mana", "mana.pool", "mana.own-turn")
                             + (("rubble", "uncontrolled") if rubble else ())))
    given = state.player(pid).mana_next_turn
    if given:       # mana another player spent and gave to this one for this turn (`effects/mana_gift.py`)
        state = state.with_player(replace(state.player(pid), mana=mana + given, mana_next_turn=0))
        events.append(ManaGained(pid, given, mana + given, f"The {given} mana given to {pid} for this turn is added",
                                 rules=("start-phase", "mana.own-turn")))
    state, triggered = settle(state, [started])
    return state, events + triggered


def main_phase(state: GameState) -> Resolved:
    """The main phase begins; an Avatar in the void must first play a site under itself."""
    pid = state.turn.active
    state = state.evolve(turn=replace(state.turn, phase="main"))
    events: list[Event] = [PhaseBegan(pid, "main", state.turn.number, rules=("turn-overview", "main-phase"))]
    avatar = state.avatar_of(pid)
    if avatar is not None and avatar.location.region is Region.VOID:
        sites = state.player(pid).hand.count("site")
        rules = ("mandatory.avatar-void",) + (("first-turn.domain",) if state.turn.number <= 2 else ())
        if sites == 0:
            events.append(Note("mandatory", f"{avatar.name} is in the void, but {pid} has no site in hand: they "
                               "cannot play one under it, so the main phase goes on as they wish.",
                               {"unit": avatar.id}, rules=rules + ("mandatory.no-draw",)))
        else:
            events.append(Note("mandatory", f"{avatar.name} is in the void: before anything else in this main phase, "
                               f"{pid} must use its ability to play a site under it.", {"unit": avatar.id},
                               rules=rules))
    return state, events


def end_phase(state: GameState) -> Resolved:
    """The whole end phase, and the turn passing to the other player."""
    pid = state.turn.active
    number = state.turn.number
    ended_turn = TurnEnded(pid, number)
    state = state.evolve(turn=replace(state.turn, phase="end"))
    events: list[Event] = [ended_turn, PhaseBegan(pid, "end", number, rules=("turn-overview", "end-phase"))]
    state, triggered = settle(state, [ended_turn])
    events += triggered
    from codex.engine.effects.lasting_wounds import keeps_damage
    kept = {u.id: q for u in state.units if u.is_minion and u.damage and (q := keeps_damage(state, u)) is not None}
    healed = tuple(u.name for u in state.units if u.is_minion and u.damage and u.id not in kept)
    state = state.with_units(replace(u, damage=0 if u.id not in kept else u.damage, interacted=False,
                                     used=frozenset()) if u.is_minion
                             else replace(u, interacted=False, used=frozenset()) for u in state.units)
    events.append(DamageRemoved(healed, rules=("end-phase", "damage.end-phase")))
    for uid, quote in kept.items():     # "Damage on this minion doesn't wear off": its words win (`lasting_wounds`)
        unit = state.unit(uid)
        events.append(Note("damage_kept", f"{quote.card}'s damage stays ({unit.damage if unit else 0}): its own "
                           "words say it does not wear off, and a card's text wins over the rules.", {"unit": uid},
                           rules=("damage.end-phase", "the-silver-rule"), from_card=quote))
    if any(u.is_avatar for u in state.units):
        events.append(Note("note", "Avatars do not heal in the end phase.", rules=("end-phase.avatars",)))
    before = state
    state, ended = end_floods(state)
    ended += ground_notes(before, state)
    if ended:   # a site that is land again: whoever is under it is now underground (terrain.reground)
        state, rest = settle(state, ended)
        events += ended + rest
    state, ended = _end_lasting(state, [e for e in state.lasting if e.until == "end_of_turn"], ("end-phase.effects",))
    events += ended
    state, expired = aura_expiry(state, pid)
    events += expired
    sick = tuple(u.name for u in state.units if u.summoned_this_turn)
    if sick:
        state = state.with_units(replace(u, summoned_this_turn=False) for u in state.units)
        events.append(Note("sickness", f"Summoning sickness ends with the turn ({', '.join(sick)}).",
                           {"units": list(sick)}, rules=("summoning-sickness.enter",)))
    lost = state.player(pid).mana
    state = state.with_player(replace(state.player(pid), mana=0))
    events.append(ManaLost(pid, lost, rules=("mana.lost",)))
    for p in state.players:     # threshold gained "this turn" ("Gain (F) this turn") ends with it
        if p.gained_affinity != Affinity():
            state = state.with_player(replace(p, gained_affinity=Affinity()))
            events.append(Note("threshold_lost", f"The affinity {p.id} gained this turn ends with it.",
                               {"player": p.id}, rules=("end-phase.effects",)))
    for p in state.players:
        if p.deaths_door_turn == number:
            events.append(Note("deaths_door", f"{p.id} reached death's door this turn: their Avatar's immunity to "
                               "damage ends with it, and any damage to it from now on is a death blow.",
                               {"player": p.id}, rules=("deaths-door.immune", "deaths-door.after")))
    nxt = state.opponent(pid)
    for _ in state.players:         # "skip their next turn": the turn passes on to the player after them
        skipper = state.player(nxt)
        if skipper.skip_turns <= 0:
            break
        state = state.with_player(replace(skipper, skip_turns=skipper.skip_turns - 1))
        events.append(Note("turn_skipped", f"{nxt} skips this turn: the turn passes on to {state.opponent(nxt)}.",
                           {"player": nxt}, rules=("active-player",)))
        nxt = state.opponent(nxt)
    state = state.evolve(turn=Turn(active=nxt, number=number + 1, phase="start"), cast_this_turn=(), died_this_turn=(),
                         attacks_this_turn=(), took_damage_for=(),
                         used_abilities=frozenset(k for k in state.used_abilities if k.startswith("ever:")),
                         delayed=tuple(d for d in state.delayed if d.lasts == "fired"))
    events.append(TurnPassed(nxt, state.turn.number, rules=("end-phase.effects", "active-player", "non-active-player")))
    # "After each turn, ...": heard once the turn is over and has passed, before the next start phase
    state, after = settle(state, [TurnOver(pid, number)])
    return state, events + after


def _kept_from_providing(state: GameState, pid: str) -> list[Event]:
    """A step for each effect that keeps some of the player's sites from providing their mana
    ("Affected sites don't provide mana"), naming the sites, so the smaller pool is explained."""
    if not state.statics:
        return []
    from codex.engine.effects.statics import site_suppressed
    kept: dict[Any, list[Site]] = {}
    for site in state.sites:
        if site.controller == pid and not site.rubble:
            no_mana, _, quote = site_suppressed(state, site.square)
            if no_mana and quote is not None:
                kept.setdefault(quote, []).append(site)
    return [Note("mana", f"{', '.join(s.name for s in sites)} provide{'s' if len(sites) == 1 else ''} no mana "
                 f"this turn: {quote.card} says so.", {"player": pid, "sites": [s.square for s in sites]},
                 rules=("mana",), from_card=quote) for quote, sites in kept.items()]


def proceed(state: GameState) -> Resolved:
    """The phase an effect made the turn proceed to, once the action in progress is over ("Proceed
    to the end phase": the rest of the turn's main phase is skipped, the end phase happens and the
    turn passes; Codex "Turn Overview": the end phase is the last of the turn's three phases).
    Nothing when no effect did, or the game is over."""
    target = state.proceed_to
    if target is None:
        return state, []
    state = state.evolve(proceed_to=None)
    if state.over or target != "end" or state.turn.phase in ("end", "setup"):
        return state, []
    note = Note("proceed", f"The turn proceeds to its end phase: the rest of {state.turn.active}'s "
                f"{state.turn.phase} phase is skipped.", {"player": state.turn.active, "phase": target},
                rules=("turn-overview", "end-phase"))
    state, events = end_phase(state)
    return state, [note] + events
