"""Conditions: whether a clause of card text holds on the board right now.

Used for a relative clause ("minions *occupying affected sites*"), an ``if``/``unless``/``while``
guard, a trigger's extra conditions and the end of an effect that lasts "until" a state changes.
A clause is read as a statement about the board in its present form: ``Occupy`` (where units
are), ``Located``, ``Control``/``Own`` (also a unit's damage, "while it has damage", and a player's life
compared with a number, "as long as an opponent has 10 or less life"), ``Exists``, a state (tapped, asleep, silenced, disabled,
burrowed, submerged, flooded), having a keyword, being a kind of card (``IsA``), a projectile
having hit a unit, a comparison of counts. A clause the engine cannot test raises `NotExecutable`,
and `condition_problems` (used by `check.py`) lists the same cases statically.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.attacks import attacked, attacks_made, succeeding, succeeding_now, successful
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.played_sites import played, played_now, played_problems
from codex.engine.effects.select import (COUNTING, NotExecutable, singular, controller_of, is_a, locations_of, places,
                                         select, select_all, zone_of, zone_owners)
from codex.engine.geometry import Region
from codex.engine.state import GameState, Unit


def _located(state: GameState, objs: list[Obj], at: list[Obj]) -> bool:
    where = {loc for o in at for loc in locations_of(state, o)}
    squares = {loc.square for loc in where}
    return bool(objs) and all(
        any(loc in where or (o.kind == "site" and loc.square in squares) for loc in locations_of(state, o))
        for o in objs)


def _units(state: GameState, objs: list[Obj]) -> list[Any]:
    return [u for o in objs if o.kind == "unit" and (u := state.unit(o.key)) is not None]


def _state_of(state: GameState, obj: Obj, what: str) -> bool:
    """Whether an object is in a state now (a unit tapped, asleep, silenced..., a site flooded)."""
    from codex.engine.ongoing import disabled_by, lasting_on, silenced_at, site_is_water
    if obj.kind == "site":
        site = state.site_at(obj.key)
        if what == "empty":      # no unit and no artifact at any of its locations
            return bool(site) and not any(u.location.square == obj.key for u in state.units) and not any(
                state.artifact_location(a).square == obj.key for a in state.artifacts)
        if what in ("tapped", "untapped"):
            return site is not None and site.tapped == (what == "tapped")   # sites tap too (`site_taps.py`)
        return bool(site and what == "flooded" and site_is_water(state, site) and (site.flooded or site.affinity.water
                                                                                   == 0))
    unit = state.unit(obj.key) if obj.kind == "unit" else None
    if unit is None:
        return False
    if what in ("tapped", "untapped"):
        return unit.tapped == (what == "tapped")
    if what == "wounded":
        return is_wounded(state, unit)
    if what == "asleep":
        return any("asleep" in e.states for e in lasting_on(state, unit))
    if what == "silenced":
        return silenced_at(state, unit, unit.location)
    if what == "disabled":
        return disabled_by(state, unit) is not None
    raise NotExecutable(f"a condition about being {what}")


_STATES = ("tapped", "untapped", "asleep", "silenced", "disabled", "flooded", "empty", "wounded")
_REGIONS = {"burrow": Region.UNDERGROUND, "submerge": Region.UNDERWATER}


def _compare_count(state: GameState, ctx: Ctx, node: Any, of: Any, verb: str = "have") -> int:
    """How many of what ``node`` names ``of`` has (cards in a player's hand, life) or controls
    (sites, units)."""
    owners = select_all(state, ctx, of)
    if isinstance(node, A.Selector) and node.noun == "life":
        lives = [state.player(str(o.key)).life for o in owners if o.kind == "player"]
        return max(lives) if lives else 0
    if isinstance(node, A.Selector) and node.noun in ("card", "spell", "site") and verb != "control":
        total = 0
        for o in owners:
            pid = str(o.key) if o.kind == "player" else controller_of(state, o)
            if pid is None or not state.has_player(pid):
                continue
            hand = state.player(pid).hand
            size = hand.size if node.noun == "card" else hand.count(node.noun)  # type: ignore[arg-type]
            if size is None:
                raise NotExecutable("a comparison of hands the scenario does not track")
            total += size
        return total
    pids = {str(o.key) if o.kind == "player" else controller_of(state, o) for o in owners}
    return sum(1 for o in select_all(state, ctx, node) if controller_of(state, o) in pids)


def _none_of(act: Any) -> str | None:
    """The role whose words say "no ..." ("if no enemy units occupy this site"), if one does."""
    for role in ("agent", "patient"):
        value = getattr(act, role, None)
        if isinstance(value, A.Selector) and value.det == "no":
            return role
    return None


def _cast_this_turn(clause: A.Clause) -> bool:
    """"if you cast a non-fire spell this turn", "if you've cast two or more other spells this turn":
    about the spells cast this turn (the perfect's "this turn" is the clause's turn, `scope`)."""
    if not isinstance(clause.action, A.Cast):
        return False
    if clause.scope is None:
        return clause.duration is not None and clause.duration.kind == "this_turn"
    return clause.duration is None and clause.scope.which == "this" and clause.scope.whose is None \
        and clause.tense == "past"


def _players_words(node: Any) -> bool:
    return node is None or isinstance(node, A.Ref) and node.word == "you"


def _was_cast(state: GameState, ctx: Ctx, act: A.Cast) -> bool:
    """Whether the player cast such spells this turn (`GameState.cast_this_turn`): one at least, or
    as many as the words count ("two or more spells"); "other" spells leave out the spell whose words
    these are (it was recorded as it was cast, before it resolves)."""
    from codex.engine.effects.casting_rules import _is_card, casting_of
    from codex.engine.effects.context import card_data
    patient = act.patient
    other = isinstance(patient, A.Selector) and any(m.lower() == "other" for m in patient.mods)
    if other and isinstance(patient, A.Selector):
        patient = A.replace(patient, mods=tuple(m for m in patient.mods if m.lower() != "other"))
    records = list(state.cast_this_turn)
    if other and ctx.source.kind == "spell":
        mine = [i for i, r in enumerate(records) if r.player == ctx.controller and r.name == ctx.source_name]
        if mine:
            del records[mine[-1]]
    count = 0
    for player, name, typ, caster, *_ in records:
        if player != ctx.controller:
            continue
        data = card_data(name)
        casting = casting_of(name, typ, data if data is not None and data.name == name else None, player, caster, None)
        if patient is None or _is_card(state, ctx.bind("casting", [Obj("casting", casting)]), patient, casting):
            count += 1
    return _enough(count, patient)


def _enough(count: int, words: Any) -> bool:
    """Whether ``count`` things meet the words' number: "two or more" / "two" (at least), "at most
    two", "exactly two"; no number: one at least."""
    wanted = getattr(words, "count", None)
    if not isinstance(wanted, int):
        return count >= 1
    quant = getattr(words, "quant", None)
    if quant == "at_most":
        return count <= wanted
    if quant == "exactly":
        return count == wanted
    return count >= wanted


def died_this_turn(clause: A.Clause) -> bool:
    """"a minion that died this turn", "if an allied Mortal died this turn": about the units that
    died earlier this turn (`GameState.died_this_turn`), not one dying now."""
    return isinstance(clause.action, A.Die) and clause.tense == "past" and isinstance(clause.scope, A.Turn) \
        and clause.scope.which == "this" and clause.scope.whose is None


def dies_now(clause: A.Clause) -> bool:
    """"If it dies", "if that minion dies" after an effect on it ("Deal 2 damage to target minion.
    If it dies, ..."): a unit named before, dying from what the ability did so far (present tense,
    no time, nowhere named)."""
    act = clause.action
    if not isinstance(act, A.Die) or clause.tense is not None or clause.scope is not None or act.source is not None:
        return False
    return isinstance(act.patient, A.Ref) or (
        isinstance(act.patient, A.Selector) and act.patient.det in ("that", "those"))


def _dies_now(state: GameState, ctx: Ctx, act: A.Die) -> bool:
    """Every unit the words name has died (it left the realm so) or is marked for death, the
    damage it took reaching its power (Codex "Damage": "Whenever a minion accumulates damage equal
    to or greater than its power, it dies.")."""
    objs = select_all(state, ctx, act.patient)
    if not objs and isinstance(act.patient, A.Selector):   # "that minion", gone from the realm: what was named
        objs = [o for o in ctx.lookup("it") or () if o.kind == "unit"]
    if not objs or any(o.kind != "unit" for o in objs):
        return False
    died = {r.id for r in state.removed if r.fate == "died"}
    for o in objs:
        unit = state.unit(o.key)
        if o.key in died and unit is None:
            continue
        if unit is None or not unit.marked:
            return False
    return True


#: The determiners "... died this turn" reads: one such death is enough, or ("no") none may be.
_DIED_DETS = (None, "a", "an", "any", "no")


def _dead_cards(state: GameState) -> list[tuple[Obj, str]]:
    """Each unit that died this turn as the card it became (a token's in the banished area), with
    who controlled it when it died."""
    from codex.engine.effects.context import ZoneCard
    return [(Obj("card", ZoneCard(card.owner, "banished" if card.token else "cemetery", card)), controller)
            for card, controller in state.died_this_turn]


def _died(state: GameState, ctx: Ctx, act: A.Die) -> bool:
    """"that died this turn" said of a card (it is one of the dead units' cards), or "if an allied
    Mortal died this turn" (one of them was such a unit: ally and enemy by who controlled it when it
    died, since a dead card has no controller; Codex "Ally", "Dead Minion")."""
    dead = _dead_cards(state)
    patient = act.patient
    if isinstance(patient, A.Ref):
        objs = select_all(state, ctx, patient)
        cards = {o.key.card for o, _ in dead}
        return bool(objs) and all(o.kind == "card" and getattr(o.key, "card", None) in cards for o in objs)
    if not isinstance(patient, A.Selector) or patient.det not in _DIED_DETS:
        raise NotExecutable("a condition about some number of units dying this turn")
    sides = {m.lower() for m in patient.mods} & {"allied", "enemy"}
    kind = A.replace(patient, det=None, mods=tuple(m for m in patient.mods if m.lower() not in sides))
    side_noun = {"ally": "allied", "allies": "allied", "enemy": "enemy", "enemies": "enemy"}.get(patient.noun.lower())
    if side_noun is not None:       # "if an ally died this turn": an allied unit, by who controlled it
        sides.add(side_noun)
        kind = A.replace(kind, noun="minion")      # a dead unit is a minion (an Avatar never dies so)
    found = any(is_a(state, ctx, o, kind) and all((who == ctx.controller) == (side == "allied") for side in sides)
                for o, who in dead)
    return not found if patient.det == "no" else found


def _clause_list(clause: A.Clause) -> bool:
    """A condition's clause that is a list of clauses under one subordinator (card text's ``unless A
    and B``: ``Clause(Group([A, B], "and"))``), with nothing of its own."""
    act = clause.action
    return isinstance(act, A.Group) and len(act.items) > 1 and all(isinstance(i, A.Clause) for i in act.items) \
        and clause.modal is None and not clause.negated and not clause.conditions and clause.duration is None \
        and not clause.adverbs and not clause.adjuncts


def clause_holds(state: GameState, ctx: Ctx, clause: A.Clause) -> bool:
    """The clause as a statement about the board now (``negated`` flips it); "no X ..." holds when
    it holds of none of the X."""
    if _clause_list(clause) and clause.action.conj in ("and", "or"):   # "unless A and B": both, or either
        results = [clause_holds(state, ctx, item) for item in clause.action.items]
        return all(results) if clause.action.conj == "and" else any(results)
    from codex.engine.effects.outcomes import outcome_clause, this_way_count, this_way_holds
    if this_way_count(clause) is not None:     # "if no minion was killed this way": the effect's dead so far
        return this_way_holds(ctx, clause)
    clause = outcome_clause(clause) or clause     # "if it survives", "if that doesn't kill it": whether it died
    if clause.modal not in (None, "is"):
        raise NotExecutable(f"a condition with '{clause.modal}'")
    act = clause.action
    if isinstance(act, A.Cast) and _cast_this_turn(clause):     # "if you cast a non-fire spell this turn"
        result = _was_cast(state, ctx, act)
        return not result if clause.negated else result
    if isinstance(act, A.Die) and died_this_turn(clause):     # "if an allied Mortal died this turn"
        result = _died(state, ctx, act)
        return not result if clause.negated else result
    if isinstance(act, A.Die) and dies_now(clause):     # "Deal 2 damage to target minion. If it dies, ..."
        result = _dies_now(state, ctx, act)
        return not result if clause.negated else result
    if isinstance(act, A.Remove) and ever_killed(clause):     # "if they've ever killed a minion"
        result = _has_killed(state, ctx, act)
        return not result if clause.negated else result
    if isinstance(act, A.Attack) and (attacks_made(clause) or successful(clause)):
        if not attacks_made(clause):     # "if an affected site is successfully attacked": not an event read here
            raise NotExecutable("a condition about an attack going well, outside 'while'")
        result = attacked(state, ctx, clause)     # "if this minion hasn't attacked this turn"
        return not result if clause.negated else result
    if isinstance(act, A.Play) and played_now(clause):     # "If you played an earth site, ..."
        result = played(state, ctx, act)
        return not result if clause.negated else result
    if has_damage_words(act):      # "while it has no damage": the unit's damage, not things it has
        result = _has_damage(state, ctx, act)
        return not result if clause.negated else result
    if has_life_words(act):        # "as long as an opponent has 10 or less life"
        result = _has_life(state, ctx, act)
        return not result if clause.negated else result
    if held_in_zone(act) is not None:      # "if your hand has no cards": counted in the zone
        result = _zone_holds(state, ctx, act)
        return not result if clause.negated else result
    role = _none_of(act)
    if role is not None:
        words = A.replace(getattr(act, role), det=None)
        each = select_all(state, ctx, words)
        one = [A.replace(act, **{role: A.Ref("which")})]
        result = not any(clause_holds(state, ctx.bind("which", [o]), A.replace(clause, action=one[0], negated=False))
                         for o in each)
        return not result if clause.negated else result
    if isinstance(act, A.Tap) and clause.tense is not None:     # "if it was tapped": when?
        raise NotExecutable("a condition about someone tapping a card")
    test = _TESTS.get(type(act))
    if test is None:
        raise NotExecutable(f"a condition about {type(act).__name__}")
    result = test(state, ctx, act)
    return not result if clause.negated else result


def ever_killed(clause: A.Clause) -> bool:
    """"if they've ever killed a minion", "unless it has ever killed a minion": a kill of a minion
    at any time before now, by the units named (`Unit.minions_killed`, kept when minions die with
    kill credit, Codex "Kill Credit"). Only "ever" is read: a past "killed" with no time named
    could be this turn or ever, and a kill of a unit could be of an Avatar, which is not counted."""
    act = clause.action
    patient = getattr(act, "patient", None)   # a list of clauses ("unless A and B") has none
    return isinstance(act, A.Remove) and act.kind == "kill" and clause.tense == "past" \
        and clause.adverbs == ("ever",) and act.agent is not None and clause.modal is None \
        and not clause.adjuncts and clause.duration is None and clause.scope is None \
        and isinstance(patient, A.Selector) and singular(patient.noun) == "minion" and patient.det in ("a", "an", None) \
        and patient.count in (None, 1) and not patient.mods and not patient.filters


def _has_killed(state: GameState, ctx: Ctx, act: A.Remove) -> bool:
    """Whether any of the units the words name has ever killed a minion."""
    killers = [state.unit(o.key) for o in select_all(state, ctx, act.agent) if o.kind == "unit"]
    return any(u is not None and u.minions_killed > 0 for u in killers)


def _occupy(state: GameState, ctx: Ctx, act: A.Occupy) -> bool:
    return _located(state, select_all(state, ctx, act.agent), select_all(state, ctx, act.patient))


def counted_located(act: Any) -> A.Exists | None:
    """"while five or more minions are (lie) in your cemetery", "if two or fewer enemies are here": a
    count of what is somewhere, the same as "there are five or more minions in your cemetery" (the
    place a filter of the words counted, `_exists`); None for any other words."""
    if not (isinstance(act, A.Located) and isinstance(act.where, A.Where) and counted(act.patient) is not None):
        return None
    return A.Exists(patient=A.replace(act.patient, filters=act.patient.filters + (act.where,)))


def _is_located(state: GameState, ctx: Ctx, act: A.Located) -> bool:
    """"It is at / adjacent to / in X": a site is where its square is (adjacency of sites and
    voids crosses regions: Codex "Adjacent")."""
    counting = counted_located(act)
    if counting is not None:
        return _exists(state, ctx, counting)
    objs = select_all(state, ctx, act.patient) if act.patient is not None else [ctx.source]
    locs = set(places(state, ctx, act.where)) if isinstance(act.where, A.Where) else set()
    squares = {loc.square for loc in locs}

    def there(o: Obj) -> bool:
        return any(l in locs or (o.kind == "site" and l.square in squares) for l in locations_of(state, o))
    if _indefinite(act.patient):   # "while an enemy is here": some enemy is, not every one
        return any(there(o) for o in objs)
    return bool(objs) and all(there(o) for o in objs)


def _indefinite(sel: Any) -> bool:
    """"an enemy", "any minion": one of them will do (the determiner of an existential)."""
    return isinstance(sel, A.Selector) and isinstance(sel.det, str) and sel.det.lower() in ("a", "an", "any") \
        and sel.count is None


#: "four or more sites", "two or fewer minions": how a count in a condition compares.
_COUNT_CMP: dict[str, Callable[[int, int], bool]] = {
    "at_least": lambda n, k: n >= k, "at_most": lambda n, k: n <= k}


def counted(sel: Any) -> tuple[A.Selector, str, int] | None:
    """"you control four or more sites", "if there are two or fewer enemies here": the objects the
    words name without their count, and the comparison their number must pass (None: no count)."""
    if not (isinstance(sel, A.Selector) and sel.quant in _COUNT_CMP and isinstance(sel.count, int)):
        return None
    return A.replace(sel, quant=None, count=None), sel.quant, sel.count


def has_damage_words(act: Any) -> bool:
    """"while it has damage", "if this minion has no damage", "has 3 or more damage": the damage a
    unit has, not something it owns (Codex "Wounded": "A wounded minion is one that has taken damage")."""
    return isinstance(act, A.Own) and isinstance(act.patient, A.Selector) and act.patient.noun == "damage" \
        and all(_on_the_holder(f) for f in act.patient.filters) and not act.patient.mods


def _on_the_holder(f: Any) -> bool:
    """"damage on it" ("if this minion has damage on it"): the damage is on the unit that has it, the
    pronoun pointing back to the clause's subject, so the phrase adds nothing to "has damage"."""
    return isinstance(f, A.Where) and f.rel == "on" and isinstance(f.of, A.Ref) \
        and f.of.word in ("it", "they", "SELF") and not f.of.filters


def _has_damage(state: GameState, ctx: Ctx, act: A.Own) -> bool:
    """Whether every unit the words name has damage (none with "no damage"; a count compared with
    "N or more damage")."""
    units = _units(state, select_all(state, ctx, act.agent))
    if not units:
        return False
    sel = act.patient
    count = counted(sel)
    if count is not None:
        return all(_COUNT_CMP[count[1]](u.damage, count[2]) for u in units)
    if sel.det == "no":
        return all(u.damage == 0 for u in units)
    return all(u.damage > 0 for u in units)


def has_life_words(act: Any) -> bool:
    """"as long as an opponent has 10 or less life", "if you have 5 or more life": a player's life
    compared with a number (found by blind ruling round 22)."""
    return isinstance(act, A.Own) and isinstance(act.patient, A.Selector) and act.patient.noun == "life" \
        and not act.patient.filters and not act.patient.mods and counted(act.patient) is not None


def _has_life(state: GameState, ctx: Ctx, act: A.Own) -> bool:
    """Whether the player the words name ("an opponent": any of them; "you", "each player": every one)
    has the life the number says; a unit named stands for its controller."""
    count = counted(act.patient)
    assert count is not None
    pids = list(dict.fromkeys(str(o.key) if o.kind == "player" else controller_of(state, o)
                              for o in select_all(state, ctx, act.agent)))
    lives = [state.player(p).life for p in pids if p is not None and state.has_player(p)]
    if not lives:
        return False
    test = [_COUNT_CMP[count[1]](life, count[2]) for life in lives]
    some = isinstance(act.agent, A.Selector) and act.agent.det in ("a", "an", "any")
    return any(test) if some else all(test)


def _control(state: GameState, ctx: Ctx, act: Any) -> bool:
    if held_in_zone(act) is not None:      # "if your hand has three or more cards"
        return _zone_holds(state, ctx, act)
    if has_damage_words(act):
        return _has_damage(state, ctx, act)
    if has_life_words(act):
        return _has_life(state, ctx, act)
    owners = {str(o.key) if o.kind == "player" else controller_of(state, o)
              for o in select_all(state, ctx, act.agent)} - {None}
    count = counted(act.patient)
    objs = select_all(state, ctx, count[0] if count else act.patient)
    from codex.engine.effects.select import quality_among
    if isinstance(act, A.Own) and quality_among(count[0] if count else act.patient) is not None:
        # "if they have all four (of their elements)": the qualities of what the words name are had by it
        return _COUNT_CMP[count[1]](len(objs), count[2]) if count is not None else bool(objs)
    if isinstance(act, A.Own):
        from codex.engine.effects.select import owner_of
        held = [o for o in objs if owner_of(state, o) in owners]
    else:
        held = [o for o in objs if controller_of(state, o) in owners]
    if count is not None:          # "as long as you control four or more sites": how many of them
        return _COUNT_CMP[count[1]](len(held), count[2])
    return bool(objs) and len(held) == len(objs)


def _exists(state: GameState, ctx: Ctx, act: A.Exists) -> bool:
    count = counted(act.patient)
    if count is not None:          # "if there are two or fewer enemies here"
        return _COUNT_CMP[count[1]](len(select_all(state, ctx, count[0])), count[2])
    token = COUNTING.set(False)
    try:
        named = select_all(state, ctx, act.patient)
    finally:
        COUNTING.reset(token)
    # "if there are dead Squeakers": a card named in the zone proves it, whatever the zone's unnamed
    # cards (found by blind real-card round 5, where an uncounted cemetery left the test unread)
    return bool(named) or bool(select_all(state, ctx, act.patient))


def is_wounded(state: GameState, unit: Unit) -> bool:
    """Codex "Wounded": "A wounded minion is one that has taken damage. A wounded Avatar is one
    that has current life less than its maximum life." (found by blind ruling round 11)"""
    if unit.is_avatar:
        player = state.player(unit.controller) if state.has_player(unit.controller) else None
        return player is not None and player.life < player.max_life
    return bool(unit.damage > 0)


def _tapped(state: GameState, ctx: Ctx, act: A.Tap) -> bool:
    """"if this minion is untapped", "while it is tapped": the state the verb leaves, now (a
    condition clause in the present with no one doing it; "if you tap ..." is an event)."""
    if act.agent is not None:
        raise NotExecutable("a condition about someone tapping a card")
    objs = select_all(state, ctx, act.patient) if act.patient is not None else [ctx.source]
    what = "untapped" if act.untap else "tapped"
    return bool(objs) and all(_state_of(state, o, what) for o in objs)


def _zone_sizes(state: GameState, ctx: Ctx, node: Any) -> list[int]:
    """How many cards each zone the words name holds ("your hand": one number; "each player's
    hand": one each), its named and unnamed cards (a zone the scenario does not count: named as not
    executed, never read as empty)."""
    sizes = []
    for det, zone in zone_of(node) or []:
        for pid in zone_owners(state, ctx, det):
            size = state.player(pid).zone(zone).size  # type: ignore[arg-type]
            if size is None:
                from codex.engine.effects.select import zone_needed
                raise NotExecutable(f"the size of a {zone} the scenario does not count", zone_needed(pid, zone))
            sizes.append(size)
    return sizes


def _zone_empty(state: GameState, ctx: Ctx, node: Any) -> bool:
    """"If your hand is empty": no card in it (an indefinite owner, "an opponent's hand", any of them)."""
    sizes = _zone_sizes(state, ctx, node)
    some = isinstance(node, A.Selector) and isinstance(node.det, A.Possessive) and _indefinite(node.det.owner)
    return bool(sizes) and (any if some else all)(n == 0 for n in sizes)


def held_in_zone(act: Any) -> Any:
    """"If your hand has three or more cards": the cards the words count, as "three or more cards
    in your hand" would name them (None: the holder is no zone)."""
    if not (isinstance(act, A.Own) and zone_of(act.agent) and isinstance(act.patient, A.Selector)
            and singular(act.patient.noun) in ("card", "spell", "site")):
        return None
    return A.replace(act.patient, filters=act.patient.filters + (A.Where("in", act.agent),))


def _zone_holds(state: GameState, ctx: Ctx, act: A.Own) -> bool:
    """Whether a zone holds the cards the words say: "three or more cards", "no sites", "a spell"."""
    words = held_in_zone(act)
    count = counted(words)
    if count is not None:
        return _COUNT_CMP[count[1]](len(select_all(state, ctx, count[0])), count[2])
    found = len(select_all(state, ctx, A.replace(words, det=None)))
    return found == 0 if words.det == "no" else found > 0


def _set_state(state: GameState, ctx: Ctx, act: A.SetState) -> bool:
    if act.state not in _STATES:
        raise NotExecutable(f"a condition about being {act.state}")
    if act.state == "empty" and zone_of(act.patient):      # "if your hand is empty"
        return _zone_empty(state, ctx, act.patient)
    objs = select_all(state, ctx, act.patient) if act.patient is not None else [ctx.source]
    return bool(objs) and all(_state_of(state, o, act.state) for o in objs)


def _has(state: GameState, ctx: Ctx, act: A.Grant) -> bool:
    """"it has Stealth": every object named has every keyword."""
    from codex.engine.ongoing import keywords_at
    objs = select_all(state, ctx, act.patient) if act.patient is not None else [ctx.source]
    units = _units(state, objs)
    names = [g.name.replace(" ", "_") for g in act.grants if isinstance(g, A.Keyword)]
    if len(names) != len(act.grants):
        raise NotExecutable("a condition about having something other than keywords")
    return bool(units) and all(all(getattr(keywords_at(state, u), n, False) for n in names) for u in units)


def furthest_forward(sel: Any) -> Any:
    """"the furthest forward of your units": the words naming the group (None for any other words)."""
    if not (isinstance(sel, A.Selector) and sel.noun == "furthest" and sel.det == "the" and not sel.mods):
        return None
    forward = any(isinstance(f, A.Where) and f.rel == "direction" and f.of == "forward" for f in sel.filters)
    group = next((f.what for f in sel.filters if isinstance(f, A.Of) and isinstance(f.what, A.Selector)), None)
    return group if forward and len(sel.filters) == 2 else None


def _forwardness(state: GameState, obj: Obj, player: str) -> int:
    """How far forward an object stands for ``player`` (Codex "Forward": away from their starting
    edge; the first player starts on the bottom row): the most forward of its squares."""
    from codex.engine.geometry import row_col
    first = bool(state.players) and state.players[0].id == player
    rows = [row_col(loc.square)[0] for loc in locations_of(state, obj)]
    if not rows:
        return -99
    return max(-r for r in rows) if first else max(rows)


def _furthest_forward(state: GameState, ctx: Ctx, act: A.IsA) -> bool:
    """"if they alone are the furthest forward of your units": the units of the group that stand
    furthest forward (for the card's controller); "alone": they are all of them, none tied with
    them."""
    group = [o for o in select_all(state, ctx, furthest_forward(act.type)) if o.kind == "unit"]
    if not group:
        return False
    ranks = {o: _forwardness(state, o, ctx.controller) for o in group}
    top = max(ranks.values())
    leaders = {o for o, r in ranks.items() if r == top}
    alone = isinstance(act.patient, A.Only)
    named = set(select_all(state, ctx, act.patient.of if alone else act.patient)) if act.patient is not None \
        else {ctx.source}
    return bool(named) and (named == leaders if alone else named <= leaders)


def _is_kind(state: GameState, ctx: Ctx, act: A.IsA) -> bool:
    if furthest_forward(act.type) is not None:      # "the furthest forward of your units"
        return _furthest_forward(state, ctx, act)
    objs = select_all(state, ctx, act.patient) if act.patient is not None else [ctx.source]
    if not isinstance(act.type, A.Selector):
        raise NotExecutable("a condition about being something other than a kind of card")
    return bool(objs) and all(is_a(state, ctx, o, act.type) for o in objs)


def _relocated(state: GameState, ctx: Ctx, act: A.Relocate) -> bool:
    """"While it is burrowed / submerged": it is underground / underwater now."""
    region = _REGIONS.get(act.kind)
    if region is None:
        raise NotExecutable(f"a condition about being {act.kind}d")
    objs = select_all(state, ctx, act.patient) if act.patient is not None else [ctx.source]
    return bool(objs) and all(any(loc.region is region for loc in locations_of(state, o)) for o in objs)


def _hit(state: GameState, ctx: Ctx, act: A.Hit) -> bool:
    """"If it hits a unit": the projectile named hit one (of what the words name)."""
    shots = [o for o in (select_all(state, ctx, act.agent) if act.agent is not None else []) if o.kind == "projectile"]
    if not shots:
        raise NotExecutable("'hits' said of something that is not a projectile")
    hit = [Obj("unit", h) for o in shots for h in o.key.hits]
    if act.patient is None:
        return bool(hit)
    named = set(select_all(state, ctx, act.patient))
    return any(h in named for h in hit)


def _carry(state: GameState, ctx: Ctx, act: A.Carry) -> bool:
    """"everything it carries": the artifacts and units the carrier carries now. With nothing named
    carried, the card itself is ("While carried by a Spellcaster, bearer has +2 power."; "while
    carried": by any unit; found by blind ruling round 24)."""
    if act.patient is None:
        carriers = {o.key for o in select_all(state, ctx, act.agent) if o.kind == "unit"} \
            if act.agent is not None else {u.id for u in state.units}
        objs = [ctx.source]
    else:
        carriers = {o.key for o in select_all(state, ctx, act.agent) if o.kind == "unit"} \
            if act.agent is not None else {ctx.source.key}
        objs = select_all(state, ctx, act.patient)
    def carried(o: Obj) -> bool:
        if o.kind == "artifact":
            art = state.artifact(o.key)
            return art is not None and art.bearer in carriers
        unit = state.unit(o.key) if o.kind == "unit" else None
        return unit is not None and unit.carried_by in carriers
    return bool(objs) and all(carried(o) for o in objs)


def _compare(state: GameState, ctx: Ctx, act: A.Compare) -> bool:
    if isinstance(act.than, A.Selector) and act.than.det in ("any", "each") and not (
            isinstance(act.patient, A.Selector) and act.patient.noun == "life"):
        # "fewer sites than any opponent": compared with each of them, one at a time
        others = select_all(state, ctx, A.replace(act.than, det=None))
        return any(_compare(state, ctx.bind("other_one", [o]), A.replace(act, than=A.Ref("other_one")))
                   for o in others)
    mine = _compare_count(state, ctx, act.patient, act.agent, act.verb)
    theirs = _compare_count(state, ctx, act.patient, act.than, act.verb)
    if act.cmp == "more":
        return mine > theirs
    if act.cmp in ("less", "fewer"):
        return mine < theirs
    raise NotExecutable(f"the comparison '{act.cmp}'")


def _cast(state: GameState, ctx: Ctx, act: A.Cast) -> bool:
    from codex.engine.effects.casting_rules import cast_holds
    return cast_holds(state, ctx, act)


def _attacking(state: GameState, ctx: Ctx, act: A.Attack) -> bool:
    """"while attacking", "units attacked by Harassing Ruffians": the attack being resolved now
    (``GameState.attacking``), by the named attacker (no name: the card itself), at the named unit
    or site."""
    at = state.attacking
    if at is None:
        return False
    attacker = Obj("unit", at.attacker)
    agents = [ctx.source] if act.agent is None else select_all(state, ctx, act.agent)
    if attacker not in agents:
        return False
    if act.patient is None:
        return True
    victim = Obj("unit", at.unit) if at.unit else Obj("site", at.site)
    return victim in select_all(state, ctx, act.patient)


def defending_now(state: GameState, ctx: Ctx, act: A.Defend) -> list[Obj]:
    """"when one of your allies defends a site or another unit": the units the words name that defend in the
    attack being resolved (``GameState.attacking.defenders``); every defence is of a site or a unit."""
    at = state.attacking
    if at is None:
        return []
    # "while defending": an attacked unit is a defender too (Codex "Defender"); "defends a site or
    # another unit" names only those that used Defend for it
    defenders = set(at.defenders) | ({at.unit} if act.patient is None and at.unit else set())
    named = select_all(state, ctx, act.agent) if act.agent is not None else [ctx.source]
    return [o for o in named if o.kind == "unit" and o.key in defenders]


def attacked_now(state: GameState, ctx: Ctx, act: A.Attack) -> list[Obj]:
    """"when an ally is attacked": the unit the attack being resolved attacks, when the words name it."""
    at = state.attacking
    if at is None or at.unit is None:
        return []
    return [o for o in select_all(state, ctx, act.patient) if o.kind == "unit" and o.key == at.unit]


def _defends(state: GameState, ctx: Ctx, act: A.Defend) -> bool:
    return bool(defending_now(state, ctx, act))


_TESTS: dict[type, Callable[[GameState, Ctx, Any], bool]] = {
    A.Occupy: _occupy, A.Located: _is_located, A.Control: _control, A.Own: _control, A.Exists: _exists,
    A.SetState: _set_state, A.Tap: _tapped, A.Grant: _has, A.IsA: _is_kind, A.Relocate: _relocated, A.Hit: _hit,
    A.Compare: _compare, A.Cast: _cast, A.Carry: _carry, A.Attack: _attacking, A.Defend: _defends,
}
#: The roles each kind of condition evaluates with selectors.
CONDITION_ROLES: dict[type, tuple[str, ...]] = {
    A.Occupy: ("agent", "patient"), A.Located: ("patient",), A.Control: ("agent", "patient"),
    A.Own: ("agent", "patient"), A.Exists: ("patient",), A.SetState: ("patient",), A.Tap: ("patient",),
    A.Grant: ("patient",),
    A.IsA: ("patient", "type"), A.Relocate: ("patient",), A.Hit: ("agent", "patient"),
    A.Compare: ("agent", "than"), A.Cast: ("agent", "dest"), A.Carry: ("agent",), A.Attack: ("agent", "patient"),
    A.Defend: ("agent",),
}


def _cannot(node: A.Condition) -> bool:
    """"if it can't": the subject cannot do what the clause before says (a negated "can", no verb)."""
    inner = node.clause
    return node.kind == "if" and isinstance(inner, A.Clause) and isinstance(inner.action, A.DoSo) \
        and inner.modal == "can" and inner.negated


def condition_problems(node: Any) -> Iterator[str]:
    """What keeps the engine from testing a condition (nothing: it can)."""
    from codex.engine.effects.check import filter_problems, sel_problems
    if isinstance(node, A.Condition):
        if node.kind in ("if_able", "if_needed", "if_did"):
            return
        from codex.engine.effects.ally_acts import passing
        if passing(node):       # "If they pass each other": read in the run (`ally_acts.passed`)
            return
        if node.kind == "when" and _arrival(node):
            return
        if _cannot(node):     # "..., or Y if it can't": read by the sentence (`execute.fallback`)
            return
        if node.kind not in ("if", "unless", "while"):
            yield f"the condition '{node.kind}'"
            return
        if succeeding(node):      # "while successfully attacking sites"
            from codex.engine.effects.attacks import problems as attack_problems
            yield from attack_problems(node.clause, ongoing=True)
            return
        yield from condition_problems(node.clause)
        return
    if isinstance(node, A.Group):
        for item in node.items:
            yield from condition_problems(item)
        return
    if not isinstance(node, A.Clause):
        yield f"a condition given as {type(node).__name__}"
        return
    if _clause_list(node):      # "unless A and B", "if A or B": one condition over the clauses
        if node.action.conj not in ("and", "or"):
            yield f"conditions joined by '{node.action.conj}'"
        for item in node.action.items:
            yield from condition_problems(item)
        return
    from codex.engine.effects.outcomes import outcome_clause, this_way_count
    if this_way_count(node) is not None:     # "if no minion was killed this way": `outcomes`
        return
    node = outcome_clause(node) or node      # "if it survives": read as "if it does not die" (`outcomes`)
    from codex.engine.effects.outcomes import already
    node = already(node) or node             # "if it was already tapped": tested as the effect began
    if node.modal not in (None, "is"):
        yield f"a condition with '{node.modal}'"
    if node.conditions:     # "each spell they've cast while holding this": a condition of its own
        yield "a condition with a condition of its own"
    act = node.action
    if isinstance(act, A.DoSo):
        return
    if isinstance(act, A.Die):
        yield from _died_problems(node, act)
        return
    if isinstance(act, A.Remove) and ever_killed(node):
        from codex.engine.effects.check import sel_problems
        yield from sel_problems(act.agent)
        return
    if isinstance(act, A.Play) and played_now(node):     # "if you played an earth site": `site_play`
        yield from played_problems(node)
        return
    if type(act) not in _TESTS:
        yield f"a condition about {type(act).__name__}"
        return
    if isinstance(act, A.IsA) and furthest_forward(act.type) is not None:
        yield from sel_problems(furthest_forward(act.type))
        yield from sel_problems(act.patient.of if isinstance(act.patient, A.Only) else act.patient)
        return
    if isinstance(act, A.SetState) and act.state not in _STATES:
        yield f"a condition about being {act.state}"
    if isinstance(act, A.Tap) and (act.agent is not None or node.tense is not None):
        yield "a condition about someone tapping a card"
    if isinstance(act, A.Relocate) and act.kind not in _REGIONS:
        yield f"a condition about being {act.kind}d"
    if isinstance(act, A.Grant) and not all(isinstance(g, A.Keyword) for g in act.grants):
        yield "a condition about having something other than keywords"
    if isinstance(act, A.Cast) and _cast_this_turn(node):
        from codex.engine.effects.check import sel_problems
        if act.dest is not None or act.source is not None or not _players_words(act.agent):
            yield "a condition about what was cast this turn, by someone or somewhere"
        # the number and "other" are counted by `_was_cast`; the kind of spell is what `sel_problems` checks
        probe = A.replace(act.patient, det=None, count=None, quant=None,
                          mods=tuple(m for m in act.patient.mods if m.lower() != "other"),
                          filters=act.patient.filters + (A.Where("from", A.Selector("hand")),)) \
            if isinstance(act.patient, A.Selector) else act.patient
        yield from sel_problems(probe)
    elif isinstance(act, A.Cast) and (node.tense == "past" or node.duration is not None or node.scope is not None):
        yield "a condition about what was cast this turn"
    if isinstance(act, A.Attack) and attacks_made(node):     # "if it attacked this turn": `effects.attacks`
        from codex.engine.effects.attacks import problems as attack_problems
        yield from attack_problems(node, ongoing=False)
        return
    if isinstance(act, A.Attack) and (node.adverbs or node.adjuncts or node.duration):
        yield "a condition about attacks made earlier, or how they went"
    if isinstance(act, A.Defend) and (node.tense == "past" or node.adverbs or node.adjuncts or node.duration):
        yield "a condition about defences made earlier, or how they went"
    if isinstance(act, A.Compare) and act.cmp not in ("more", "less", "fewer"):
        yield f"the comparison '{act.cmp}'"
    if counted_located(act) is not None:     # "five or more minions lie in your cemetery": `_exists`
        act = counted_located(act)
    if isinstance(act, A.Located) and isinstance(act.where, A.Where):
        yield from filter_problems(act.where)
    if has_damage_words(act) or has_life_words(act):   # the unit's damage, the player's life
        yield from sel_problems(act.agent)
        return
    if held_in_zone(act) is not None:      # "if your hand has three or more cards"
        words = held_in_zone(act)
        count = counted(words)
        yield from sel_problems(A.replace(count[0] if count else words, det=None))
        return
    for role in CONDITION_ROLES.get(type(act), ()):
        value = getattr(act, role, None)
        if role == "type" and isinstance(value, A.Selector):
            value = A.replace(value, det=None)
        count = counted(value) if role == "patient" and isinstance(act, (A.Control, A.Own, A.Exists)) else None
        if count is not None:
            value = count[0]        # "four or more sites": counted (`_control`, `_exists`)
        yield from sel_problems(value)


def _died_problems(clause: A.Clause, act: A.Die) -> Iterator[str]:
    """What keeps the engine from testing a clause about dying: only "died this turn" is read (not
    "if none die", "if he dies from damage taken this way")."""
    from codex.engine.effects.check import sel_problems
    if dies_now(clause):
        yield from sel_problems(act.patient)
        return
    if not died_this_turn(clause):
        yield "a condition about Die"
        return
    patient = act.patient
    if isinstance(patient, A.Ref):     # "a minion that died this turn (from your cemetery)": `select.died_zones`
        from codex.engine.effects.select import zone_of
        if act.source is not None and zone_of(act.source) is None:
            yield "a condition about units dying this turn from somewhere"
        return
    if act.source is not None:
        yield "a condition about units dying this turn from somewhere"
    if not isinstance(patient, A.Selector) or patient.det not in _DIED_DETS:
        yield "a condition about some number of units dying this turn"
        return
    yield from sel_problems(A.replace(patient, det=None))


def holds(state: GameState, ctx: Ctx, node: Any) -> bool:
    """A Condition, or a bare Clause, evaluated now: a test, so a zone's unnamed cards count ("if
    you have no cards in hand": `select.count_all`)."""
    token = COUNTING.set(True)
    try:
        return _holds(state, ctx, node)
    finally:
        COUNTING.reset(token)


def _holds(state: GameState, ctx: Ctx, node: Any) -> bool:
    if isinstance(node, A.Condition):
        if node.kind in ("if_able", "if_needed"):
            return True
        if node.kind not in ("if", "unless", "while"):
            raise NotExecutable(f"the condition '{node.kind}'")
        if succeeding(node):      # "while successfully attacking sites"
            result = succeeding_now(state, ctx, node.clause)
            return not result if node.clause.negated else result
        result = holds(state, ctx, node.clause)
        return not result if node.kind == "unless" else result
    if isinstance(node, A.Clause):
        return clause_holds(state, ctx, node)
    if isinstance(node, A.Group) and node.conj in ("and", "or"):
        results = [holds(state, ctx, item) for item in node.items]
        return all(results) if node.conj == "and" else any(results)
    raise NotExecutable(f"a condition given as {type(node).__name__}")


def _arrival(node: A.Condition) -> bool:
    """"... when it arrives": right after the movement before it, if the unit got there."""
    return isinstance(node.clause, A.Clause) and isinstance(node.clause.action, A.Enter) \
        and node.clause.action.dest is None


def holds_in_run(run: Any, node: Any) -> bool:
    """A condition inside a running effect: "If you do" asks whether its last optional part was
    done; "when it arrives" whether the unit the last move moved got where it was going."""
    if isinstance(node, A.Condition) and node.kind == "when" and _arrival(node):
        return bool(run.arrived)
    if isinstance(node, A.Condition) and node.kind in ("if", "unless") and isinstance(node.clause, A.Clause) \
            and isinstance(node.clause.action, A.DoSo):
        did = bool(run.did)
        return did if node.kind == "if" else not did
    from codex.engine.effects.outcomes import already_holds
    earlier = already_holds(run, node)
    if earlier is not None:     # "if it was already tapped": as the effect began (`outcomes.already`)
        return earlier
    from codex.engine.effects.ally_acts import passed, passing
    if passing(node):       # "If they pass each other": the swap before
        return passed(run, node)
    return holds(run.state, run.ctx, node)


__all__ = ["holds", "holds_in_run", "clause_holds", "condition_problems", "select", "NotExecutable"]
