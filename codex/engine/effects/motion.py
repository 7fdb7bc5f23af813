"""Movement by effects (Codex "Move", "Step", "Forced Movement", "Teleport", "Fly"): teleport,
push, pull, drag, fly (forced: the unit takes no step of its own), or make a unit take its own
steps ("take a step", "move three steps", "force ... to take a step toward ..."), to a place, in a
direction, or a number of steps.

"Push/pull/drag one step" counts one adjacent square within the region (forced); "take a step" or
"move one step" is the unit moving itself with its movement abilities (an Immobile one does not
move). A direction the card leaves open ("in a cardinal direction") and a step it leaves open
("take a step") are the player's choice (``direction``, ``step``); the engine's `move` action does
the rest, so every entry rule and trigger applies.
"""
from __future__ import annotations

from dataclasses import replace as dc_replace
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine import document as D
from codex.engine.effects.antecedents import AIMED_AT
from codex.engine.effects.board import effect_fields, targeted
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes, run_clause
from codex.engine.effects.select import NotExecutable, locations_of, select, singular
from codex.engine.geometry import Direction, Location, Region, manhattan

#: The AST's kinds of movement → the engine's (``step``: the unit's own steps).
HOW = {"teleport": "teleport", "push": "push", "pull": "pull", "drag": "drag", "fly": "fly", "throw": "fly",
       "step": "step", "move": "step"}
DIRECTIONS = [d.value for d in Direction]


def _move_problems(act: A.Move) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    from codex.engine.effects.pull_in import problems as pull_in_problems, pulls_in
    if pulls_in(act):           # "Target water site pulls in a unit adjacent to it": `pull_in`
        yield from pull_in_problems(act)
        return
    if act.kind not in HOW:
        yield f"moving by '{act.kind}'"
    if act.path is not None:
        yield "moving along a named path"
    if act.instrument is not None:
        yield "moving as something else ('throw X as a projectile')"
    if isinstance(act.source, A.Where) and act.source.of is None and act.source != act.dest:
        yield "moving from a place word ('from here'): where the mover must start is not checked"
    if act.dest is None and act.steps is None:
        yield "a move without a destination"
    if act.steps is not None and not isinstance(act.steps, int):
        yield f"moving {act.steps!r} steps"
    if act.dest is not None:
        if isinstance(act.dest, A.Where) and act.dest.rel in ("away",):
            yield "moving away"
        elif isinstance(act.dest, A.Selector) and act.dest.noun in ("top", "surface", "ground"):
            inner = next((f.what for f in act.dest.filters if isinstance(f, A.Of)), None)
            yield from sel_problems(inner) if inner is not None else iter(["moving to the top of nothing"])
        else:
            yield from sel_problems(act.dest)
    if act.agent is not None and not isinstance(act.agent, A.Ref):
        yield "a move by something other than the card or its controller"


def _patients(run: Run, act: A.Move) -> list[Obj]:
    if act.patient is not None:
        return [_avatar_of(run, o) for o in select(run.state, run.ctx, act.patient, "target")]
    forced = run.ctx.lookup("forced")
    return list(forced) if forced else [run.ctx.source]


def staying_within(cond: Any) -> Any:
    """"a move that must stay within a body of water": the words of the place the
    move must stay within (None: not such a condition)."""
    clause = getattr(cond, "clause", None)
    if not (isinstance(cond, A.Condition) and cond.kind == "while" and isinstance(clause, A.Clause)
            and isinstance(clause.action, A.Action) and clause.action.lemma == "stay" and not clause.action.roles
            and len(clause.adjuncts) == 1 and clause.adjuncts[0].prep == "within"
            and not clause.conditions and not clause.negated and clause.modal is None):
        return None
    return clause.adjuncts[0].what


def within_problems(sentence: Any) -> Iterator[str]:
    """What keeps the engine from running a sentence whose move stays within a place."""
    from codex.engine.effects.check import sel_problems
    for cond in sentence.conditions:
        place = staying_within(cond)
        if place is None:
            continue
        if not all(isinstance(c, A.Clause) and isinstance(c.action, A.Move) for c in sentence.clauses):
            yield "staying within a place, for something other than a move"
        yield from sel_problems(place)


def within_squares(run: Run, sentence: Any) -> list[Obj] | None:
    """The squares a sentence's moves must stay within, as site objects (None: no such condition);
    bound as ``within``, the units the move may move are those there (`select`) and its steps end
    there (`_inside`)."""
    places = [p for c in sentence.conditions for p in [staying_within(c)] if p is not None]
    if not places:
        return None
    squares: set[int] = set()
    for place in places:
        for o in select(run.state, run.ctx, place, "within"):
            squares |= {loc.square for loc in locations_of(run.state, o)}
    return [Obj("site", sq) for sq in sorted(squares)]


def _inside(run: Run, locs: list[Location]) -> list[Location]:
    """Only the locations within the place the move must stay in ("Staying within this body of
    water"), when there is one."""
    within = run.ctx.lookup("within")
    if not within:
        return locs
    squares = {int(o.key) for o in within}
    return [loc for loc in locs if loc.square in squares]


def _avatar_of(run: Run, obj: Obj) -> Obj:
    """A player "may teleport" somewhere: a player does not move, so "you" is the player's Avatar (Codex
    "You": "If it's impossible to read the card as 'player' in a sensible way, then use 'avatar'
    instead"); the ruling says so. Anything else is itself."""
    if obj.kind != "player":
        return obj
    avatar = next((u for u in run.state.units if u.is_avatar and u.controller == obj.key), None)
    if avatar is None:
        return obj
    run.note("reading", f"\u201cyou\u201d moving is read as {obj.key}'s Avatar, {avatar.name}: a player does not move.",
             ("you.avatar",), unit=avatar.id)
    return Obj("unit", avatar.id)


def _dest_locations(run: Run, dest: Any) -> list[Location]:
    """Where a move may end: the locations the destination's words name (a unit: its location; a
    site: its surface; "the top of a random site or void": the surface or void)."""
    if isinstance(dest, A.Selector) and dest.noun in ("top", "surface", "ground"):
        inner = next((f.what for f in dest.filters if isinstance(f, A.Of)), None)
        objs = select(run.state, run.ctx, inner, "destination")
        out = []
        for o in objs:
            for loc in locations_of(run.state, o):
                if loc.region in (Region.SURFACE, Region.VOID):
                    out.append(loc)
        return list(dict.fromkeys(out))
    objs = select(run.state, run.ctx, dest, "destination")
    out = []
    for o in objs:
        locs = locations_of(run.state, o)
        if o.kind == "site":
            locs = [loc for loc in locs if loc.region is Region.SURFACE] or locs
        out += locs
    return list(dict.fromkeys(out))


#: What the destination's words of the move being run named (a unit, a site), for `AIMED_AT`.
_NAMED = "destination_named"


def _destination(run: Run, dest: Any, why: str) -> list[Location]:
    """The locations a move may end at; when the destination's words name units ("throw it at any
    minion anywhere"), the player chooses the unit (not a square), and the unit chosen is what later
    words call "that minion"."""
    if isinstance(dest, A.Selector) and dest.noun not in ("top", "surface", "ground"):
        objs = select(run.state, run.ctx, dest, "destination")
        if objs and all(o.kind == "unit" for o in objs):
            if len(objs) > 1:
                objs = run.ctx.choose("destination", objs, why=why)
            run.ctx = run.ctx.bind("that", objs).bind(_NAMED, objs)
            return list(dict.fromkeys(loc for o in objs for loc in locations_of(run.state, o)))
        if len(objs) == 1 and objs[0].kind == "site":
            run.ctx = run.ctx.bind(_NAMED, objs)
    return _dest_locations(run, dest)


def _place(loc: Location) -> Any:
    return loc.square if loc.region is Region.SURFACE else [loc.square, loc.region.value]


@executes(A.Move, roles=("patient",), problems=_move_problems,
          adverbs=("in_cardinal_direction", "in_a_cardinal_direction", "together"))
def _move(run: Run, act: A.Move, clause: A.Clause) -> list[Obj]:
    from codex.engine.effects.pull_in import pulls_in, run_pull_in
    if pulls_in(act):           # a site or unit pulling a unit onto itself
        return run_pull_in(run, act, clause)
    how = HOW.get(act.kind)
    if how is None or act.path is not None:
        raise NotExecutable(f"moving by '{act.kind}'")
    patients = _patients(run, act)
    run.ctx = run.ctx.bind("to_move", patients).bind(_NAMED, ())    # "X takes a step, then strikes ...": who was to move
    moved: list[Obj] = []
    for obj in patients:
        unit = run.state.unit(obj.key) if obj.kind == "unit" else None
        if unit is not None and _cant_be_moved(run, unit):
            continue
        if obj.kind == "artifact" and act.dest is not None:
            if _move_artifact(run, obj, act):
                moved.append(obj)
            continue
        if obj.kind == "site" and act.dest is not None and act.kind == "move":
            if _move_site(run, obj, act):
                moved.append(obj)
            continue
        if obj.kind == "aura":     # "this aura moves one square east": its area with it (`aura_motion`)
            from codex.engine.effects.aura_motion import move_aura
            if move_aura(run, obj, act, _direction(run, act, clause)):
                moved.append(obj)
            continue
        if unit is None:
            if obj.kind in ("artifact", "aura", "site"):
                raise NotExecutable(f"moving a {obj.kind}")
            continue
        fields = effect_fields(run, targeted(act.patient))
        if act.dest is not None:
            record = _to_destination(run, act, unit, how, fields)
        else:
            record = _by_steps(run, act, clause, unit, how, fields)
        run.arrived = False
        before = len(run.events)
        if record is not None and run.act(record):
            moved.append(obj)
            run.arrived = _arrived(run, unit.id, record)
        run.ctx = run.ctx.bind("path", _path_taken(run, unit, before))     # no step taken: where it stands
    if act.kind == "throw":       # "throws an artifact at target unit": what it was thrown at (`antecedents.py`)
        run.ctx = run.ctx.bind(AIMED_AT, run.ctx.lookup(_NAMED) or ())
    if moved and run.ctx.lookup("there") is None and (now := run.state.unit(str(moved[-1].key))) is not None:
        # "teleport to another nearby location. Tap all other units there": where it arrived
        run.ctx = run.ctx.bind("there", [Obj("location", now.location)])
    return moved


def _path_taken(run: Run, unit: Any, since: int) -> list[Obj]:
    """The locations of the path a unit just moved along, where it started included ("each enemy
    along their entire path": Codex "Movement on the Storyline", "the entire movement path"), in
    order, for `select.places` (``along``)."""
    from codex.engine.events import Entering
    path = [unit.location]
    for e in run.events[since:]:
        if isinstance(e, Entering) and getattr(e, "unit", None) == unit.id:
            to = e.entry().to
            if to not in path:
                path.append(to)
    return [Obj("location", loc) for loc in path]


def _cant_be_moved(run: Run, unit: Any) -> bool:
    """A unit whose own text says it can't be moved, or that an ongoing effect keeps from being moved
    by this effect's kind of card ("Allies here can't be moved by enemy spells"), is not moved by
    it (the ruling says so, quoting the card)."""
    from codex.engine.events import CardQuote, Note
    from codex.engine.unmodifiable import cant_ability
    cant = cant_ability(unit.abilities, "move")
    if cant is None and run.state.statics:        # "Allies here can't be moved by enemy spells"
        from codex.engine.effects.statics import moved_by
        ban = moved_by(run.state, unit, run.ctx)
        if ban is not None:
            run.emit(Note("not_moved", f"{unit.name} can't be moved by {run.ctx.source_name}: it stays where it is.",
                          {"unit": unit.id}, rules=("the-silver-rule", "can-vs-cant"), from_card=ban))
            return True
    if cant is None:
        return False
    run.emit(Note("not_moved", f"{unit.name} can't be moved: it stays where it is.", {"unit": unit.id},
                  rules=("the-silver-rule", "can-vs-cant"), from_card=CardQuote(unit.name, cant.text)))
    return True


def _move_artifact(run: Run, obj: Obj, act: A.Move) -> bool:
    """An artifact moved, thrown or teleported by an effect lies at its destination, carried by no
    one (Codex "Carrying Artifacts")."""
    from dataclasses import replace as dc_replace
    art = run.state.artifact(str(obj.key))
    if art is None:
        return False
    locs = _destination(run, act.dest, f"choose where {art.name} goes")
    if not locs:
        return False
    to = locs[0] if len(locs) == 1 else run.ctx.choose(
        "destination", [Obj("location", loc) for loc in locs], why=f"choose where {art.name} goes")[0].key
    if art.bearer is None and art.location == to:
        return True          # already lying there ("it teleports to that minion's location")
    run.state = run.state.with_artifact(dc_replace(art, bearer=None, location=to))
    run.note("move_artifact", f"{art.name} is moved to the {to}.", ("carrying-artifacts",), artifact=art.id)
    return True


def _move_site(run: Run, obj: Obj, act: A.Move) -> bool:
    """"Move target site you control to an adjacent void": the site goes to a void (rulebook "When
    Sites Move"; "adjacent" measured from the site), taking what is atop and under it along, which
    is not considered to have moved (`terrain.move_site`). A site under an oversized unit, or that
    an aura covers or borders, is not moved by this engine (named as not executed)."""
    from codex.engine.terrain import move_site
    square = int(obj.key)
    site = run.state.site_at(square)
    if site is None:
        return False
    if any(u.location.square == square and u.size != (1, 1) for u in run.state.units) or any(
            square in a.squares or (a.border is not None and square in a.border) for a in run.state.auras):
        raise NotExecutable("moving a site an oversized unit stands on, or an aura covers")
    run.ctx = run.ctx.bind("mover", [obj])
    try:
        locs = _destination(run, act.dest, f"choose where {site.name} goes")
    finally:
        run.ctx = run.ctx.bind("mover", [])
    voids = sorted({loc.square for loc in locs if run.state.site_at(loc.square) is None})
    if not voids:
        run.note("no_destination", f"{run.ctx.source_name}: there is no void to move {site.name} to.",
                 ("sites.move-to-void",), square=square)
        return False
    to = voids[0] if len(voids) == 1 else run.ctx.choose(
        "destination", [Obj("location", Location(sq, Region.VOID)) for sq in voids],
        why=f"choose where {site.name} goes")[0].key.square
    before = run.state
    run.state, events = move_site(run.state, square, to)
    from codex.engine.entering import ground_notes
    run.settle(events + ground_notes(before, run.state))
    return True


def _arrived(run: Run, uid: str, record: D.Move) -> bool:
    """Whether the unit is now where the move was taking it (the end of its path, or its destination)."""
    from codex.engine.actions.base import place
    after = run.state.unit(uid)
    if after is None:
        return False
    goal = record.path[-1] if record.path else record.to
    if goal is None:
        return True
    return after.location == place(run.state, goal)


def mover_origin(dest: Any) -> bool:
    """Whether a move's destination is measured from the unit moved: "An attacked ally may move to
    another adjacent location" (another than the one it is at, adjacent to it; the Codex reads
    Dodge Roll's "adjacent location" from the minion's own site). Other words keep the card's own
    origin (a spell: its caster)."""
    items = dest.items if isinstance(dest, A.Group) else (dest,)
    return any(isinstance(i, A.Selector) and singular(i.noun) in ("location", "site", "void")
               and (i.det == "another" or _near_unanchored(i)) for i in items)


def _near_unanchored(sel: A.Selector) -> bool:
    """"an adjacent site", "a nearby location" with nothing named to be near: near the unit that
    moves, as Dodge Roll's "adjacent location" is (the real cards' "moves to an adjacent location",
    "push it to an adjacent location"; found by blind ruling round 10: a teleport "to an adjacent
    site" was measured from the spell's caster)."""
    return any(m.lower() in ("adjacent", "nearby") for m in sel.mods) or any(
        isinstance(f, A.Where) and f.rel in ("adjacent", "nearby") and f.of is None for f in sel.filters)


def _unbound_it(run: Run) -> bool:
    """Whether "it" names nothing yet: no earlier words bound it and no event's unit is its subject."""
    return run.ctx.lookup("it") is None and getattr(run.ctx.event, "unit", None) is None


def _to_destination(run: Run, act: A.Move, unit: Any, how: str, fields: dict[str, Any]) -> D.Move | None:
    measured = mover_origin(act.dest)
    mine = None
    if measured:
        run.ctx = run.ctx.bind("mover", [Obj("unit", unit.id)])
    if act.patient is not None and _unbound_it(run):
        # "Target minion appears at a void adjacent to it": with nothing named before, the pronoun in
        # the destination's words is the one moved, the clause's only thing named (found by blind
        # ruling round 27, where the reference was left unresolved)
        run.ctx = run.ctx.bind("it", [Obj("unit", unit.id)])
        mine = run.ctx.bound[0]
    try:
        locs = (_dest_locations(run, act.dest) if act.steps is not None     # toward: the nearest, no choice
                else _destination(run, act.dest, f"choose where {unit.name} goes"))
    finally:
        if measured:
            run.ctx = run.ctx.bind("mover", [])
        if mine is not None:         # the reading lasts for the destination's words only
            run.ctx = dc_replace(run.ctx, bound=tuple(b for b in run.ctx.bound if b is not mine))
    if not locs:
        run.note("no_destination", f"{run.ctx.source_name}: there is nowhere to move {unit.name} to.", unit=unit.id)
        return None
    if act.steps is not None:        # "take a step toward X": one of the steps that brings it closer
        return _toward(run, act, unit, how, locs, fields)
    same = [loc for loc in locs if loc.region is unit.location.region]
    options = same if how != "teleport" and same else locs
    if len(options) > 1:         # not where it could never enter (an Avatar below a site): when it may enter some
        from codex.engine.entering import entry_reason
        options = [loc for loc in options if entry_reason(run.state, unit, loc, unit.location) is None] or options
    if len(options) > 1:
        options = [o.key for o in run.ctx.choose("destination", [Obj("location", loc) for loc in options],
                                                  why=f"choose where {unit.name} goes")]
    to = options[0]
    return D.Move(do="move", unit=unit.id, how=how, to=_place(to), **fields)


def _toward(run: Run, act: A.Move, unit: Any, how: str, targets: list[Location], fields: dict[str, Any]
            ) -> D.Move | None:
    """"Take a step toward X": one step (its own, with its abilities) that brings it nearer to X."""
    goal = targets[0]
    steps = _one_steps(run, unit, how)
    best = [loc for loc in steps if manhattan(loc.square, goal.square) < manhattan(unit.location.square, goal.square)]
    if not best:
        run.note("no_step", f"{unit.name} has no step that brings it nearer to the {goal}.", unit=unit.id)
        return None
    closest = min(manhattan(loc.square, goal.square) for loc in best)
    best = [loc for loc in best if manhattan(loc.square, goal.square) == closest]
    to = run.ctx.choose("step", [Obj("location", loc) for loc in best], why=f"choose {unit.name}'s step")[0].key
    return D.Move(do="move", unit=unit.id, how=how, path=(_place(to),), **fields)


def _path_to_destination(run: Run, unit: Any, how: str, steps: int) -> list[Any] | None:
    """"May move up to two steps" answered by where it ends (`destination`): a shortest path of its
    own steps there (Codex "Step"), the player choosing among tied routes (`path`); a place it cannot
    reach in that many steps is asked again as a path."""
    from codex.engine.actions.base import place
    from codex.engine.forced import shortest_paths
    try:
        loc = place(run.state, _parse(run.ctx.answer("destination")))
    except (ValueError, TypeError):
        return None
    if loc is None:
        return None
    paths = [p for p in shortest_paths(run.state, unit, loc, how) if len(p) <= steps]
    if not paths:
        return None
    if len(paths) > 1:
        picked = run.ctx.choose("path", [Obj("path", tuple(p)) for p in paths],
                                why=f"choose the way {unit.name} goes (tied shortest routes)")[0]
        return [_place(x) for x in picked.key]
    return [_place(x) for x in paths[0]]


def _pulled_in(run: Run, unit: Any, how: str, fields: dict[str, Any]) -> D.Move | None:
    """"Pull in each minion in this body of water one step": a pull with no place or direction named
    draws the unit toward what pulls it (the card's location): the one step that brings it nearer, the
    player choosing among equal ones (found by blind real-card round 12, where the step was asked)."""
    from codex.engine.effects.select import source_locations
    origin = source_locations(run.state, run.ctx)
    if not origin:
        raise NotExecutable("a pull with no place, direction or puller to pull toward")
    goal = origin[0].square
    here = manhattan(unit.location.square, goal)
    if here == 0:
        run.note("no_move", f"{unit.name} is already at {run.ctx.source_name}'s location: the pull moves it nowhere.",
                 unit=unit.id)
        return None
    nearer = [loc for loc in _one_steps(run, unit, how) if manhattan(loc.square, goal) < here]
    if not nearer:
        run.note("no_step", f"{unit.name} has no step that brings it nearer to {run.ctx.source_name}.", unit=unit.id)
        return None
    to = run.ctx.choose("step", [Obj("location", loc) for loc in nearer], why=f"choose {unit.name}'s step",
                        also="destination")[0].key
    return D.Move(do="move", unit=unit.id, how=how, path=(_place(to),), **fields)


def _one_steps(run: Run, unit: Any, how: str) -> list[Location]:
    """The locations one step (of ``how``) could take the unit to, legally."""
    from codex.engine.forced import step_check
    from codex.engine.movement import candidate_steps
    check = step_check(how)
    return [loc for loc in candidate_steps(unit.location)
            if run.state.location_exists(loc) and check(run.state, unit, unit.location, loc) is None]


def _by_steps(run: Run, act: A.Move, clause: A.Clause, unit: Any, how: str, fields: dict[str, Any]) -> D.Move | None:
    """A number of steps with no place named: in a direction (the card's, or one the player
    chooses), or (one step, or "up to N") the step(s) the player chooses."""
    steps = int(act.steps) if isinstance(act.steps, int) else 1
    direction = _direction(run, act, clause)
    if direction is not None:
        return D.Move(do="move", unit=unit.id, how=how, direction=direction, steps=steps, **fields)
    if how == "pull" and steps == 1 and not act.up_to:
        return _pulled_in(run, unit, how, fields)
    if how in ("push", "pull", "drag") and steps > 1:
        chosen = run.ctx.choose("direction", DIRECTIONS, why=f"choose the direction {unit.name} is moved")[0]
        return D.Move(do="move", unit=unit.id, how=how, direction=chosen, steps=steps, **fields)
    if act.up_to or steps > 1:
        given = run.ctx.answer("path")
        if given is None and not _one_steps(run, unit, how):
            # it cannot take a first step (Immobile, hemmed in): no path to ask for (blind round 27)
            run.note("no_step", f"{unit.name} cannot take a step, so it does not move.", unit=unit.id)
            return None
        if given is None and run.ctx.answer("destination") is not None:
            given = _path_to_destination(run, unit, how, steps)
        if given is None:
            from codex.engine.errors import AmbiguousAction
            key = f"{run.ctx.key}.path"
            raise AmbiguousAction(f"{run.ctx.source_name}: say the path {unit.name} takes (up to {steps} steps, its "
                                  "squares in order; an empty list for none)", key, [], f"/choices/{key}")
        path = given if isinstance(given, list) else [given]
        if not path:
            run.note("no_move", f"{unit.name} takes no step.", unit=unit.id)
            return None
        if len(path) > steps:
            from codex.engine.errors import AmbiguousAction
            raise AmbiguousAction(f"{run.ctx.source_name}: at most {steps} steps", f"{run.ctx.key}.path", [],
                                  f"/choices/{run.ctx.key}.path")
        return D.Move(do="move", unit=unit.id, how=how, path=tuple(_parse(p) for p in path), **fields)
    options = _inside(run, _one_steps(run, unit, how))
    if not options:
        run.note("no_step", f"{unit.name} cannot take a step" + (" that stays within that place."
                 if run.ctx.lookup("within") else "."), unit=unit.id)
        return None
    # one step: where it ends is that step, so a `destination` answers it too
    to = run.ctx.choose("step", [Obj("location", loc) for loc in options], why=f"choose {unit.name}'s step",
                        also="destination")[0].key
    return D.Move(do="move", unit=unit.id, how=how, path=(_place(to),), **fields)


def _parse(value: Any) -> Any:
    text = str(value)
    if ":" in text:
        sq, region = text.split(":", 1)
        return [int(sq), region]
    return int(text)


def _direction(run: Run, act: A.Move, clause: A.Clause) -> str | None:
    """The cardinal direction a move goes in: named by the card, or ("in a cardinal direction")
    the player's choice."""
    d = act.direction
    if isinstance(d, str) and d.lower() in DIRECTIONS:
        return d.lower()
    if d is not None or any(a in clause.adverbs for a in ("in_cardinal_direction", "in_a_cardinal_direction")):
        return str(run.ctx.choose("direction", DIRECTIONS, why="choose a cardinal direction")[0])
    return None


# ----------------------------------------------------------------------------- force

def _force_problems(act: A.Force) -> Iterator[str]:
    from codex.engine.effects.check import clause_problems
    if not isinstance(act.action, A.Clause):
        yield "forcing something other than an action"
        return
    yield from clause_problems(act.action)


@executes(A.Force, roles=("patient",), problems=_force_problems)
def _force(run: Run, act: A.Force, clause: A.Clause) -> list[Obj]:
    """"Force target enemy to take a step toward ...": the forced unit does the action itself (its
    own step: an Immobile unit does not move; Codex "Forced Movement")."""
    patients = select(run.state, run.ctx, act.patient, "target")
    outer = run.ctx
    done: list[Obj] = []
    for obj in patients:
        run.ctx = outer.bind("forced", [obj])
        done += run_clause(run, act.action)
    run.ctx = outer
    return done


__all__ = ["NotExecutable", "Direction"]


# ----------------------------------------------------------------------------- swapping places

def _swapped(act: A.Swap) -> tuple[Any, Any] | None:
    """The two things a swap exchanges the places of: "the location of X with Y", or "X and Y"."""
    patient = act.patient
    if isinstance(patient, A.Selector) and patient.noun == "location" and act.instrument is not None:
        of = [f.what for f in patient.filters if isinstance(f, A.Of)]
        if len(of) == 1 and len(patient.filters) == 1:
            return of[0], act.instrument
        return None
    if isinstance(patient, A.Group) and len(patient.items) == 2 and act.instrument is None:
        return patient.items[0], patient.items[1]
    agent = act.agent
    if isinstance(patient, A.Selector) and singular(patient.noun).lower() == "place" and not patient.filters \
            and act.instrument is None and isinstance(agent, A.Group) and agent.conj == "and" and len(agent.items) == 2:
        return agent.items[0], agent.items[1]     # "X and Y swap places": the two named as the subject
    return None


def _two_of(act: A.Swap) -> Any:
    """"Two of your minions swap (trade) places", "Swap two of your minions": the one set both swapped
    units are chosen from (the Partitive's set), or None for any other swap."""
    patient, agent = act.patient, act.agent
    if act.instrument is not None:
        return None
    if isinstance(patient, A.Selector) and singular(patient.noun).lower() == "place" and not patient.filters:
        patient, agent = agent, None
    if agent is None and isinstance(patient, A.Selector) and singular(patient.noun).lower() in ("position", "location") \
            and patient.det in (None, "the") and len(patient.filters) == 1 and isinstance(patient.filters[0], A.Of) \
            and isinstance(patient.filters[0].what, A.Selector) and patient.filters[0].what.count == 2:
        patient = patient.filters[0].what       # "Exchange the positions of two target sites"
    if agent is None and isinstance(patient, A.Partitive) and patient.count == 2 and isinstance(patient.of, A.Selector):
        return patient.of
    if agent is None and isinstance(patient, A.Selector) and patient.count == 2 and patient.quant is None:
        # "Two target minions (at different sites) trade places": the pair the count names, picked as
        # "two of" them is (the count's own relation among them kept by the pick, `select`)
        return patient
    return None


def life_totals(act: A.Swap) -> Any:
    """"Exchange life totals with an opponent": the words of the other player, or None."""
    patient = act.patient
    if isinstance(patient, A.Selector) and patient.noun.lower() in ("life total", "life totals") \
            and patient.det in (None, "your") and not patient.mods and not patient.filters \
            and act.instrument is not None and act.agent is None:
        return act.instrument
    return None


def _swap_problems(act: A.Swap) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    other = life_totals(act)
    if other is not None:
        if not (isinstance(other, A.Selector) and other.noun.lower().removesuffix("s") in ("opponent", "player")):
            yield "exchanging life totals with something other than a player"
        else:
            yield from sel_problems(other)
        return
    pair = _swapped(act)
    among = _two_of(act)
    if pair is None and among is not None:
        pair = (among, among)
    elif pair is None or (act.agent is not None and pair != tuple(getattr(act.agent, "items", ()))):
        yield "swapping something other than the places of two units or artifacts"
        return
    items = [item for words in pair for item in (words.items if isinstance(words, A.Group) else (words,))]
    if items and all(isinstance(i, A.Selector) and singular(i.noun).lower() == "site" for i in items):
        for item in items:        # two sites exchanging places with what is on them (`site_swap.py`)
            yield from sel_problems(item)
        return
    for item in items:
        if not isinstance(item, A.Selector) or item.noun.rstrip("s") not in ("minion", "artifact", "unit"):
            yield "swapping the places of something other than units or artifacts"
        else:
            yield from sel_problems(item)


def _exchange_life(run: Run, act: A.Swap) -> list[Obj]:
    """"Exchange life totals with an opponent": each player's life becomes the other's, at once
    (each as setting life: never above its maximum, 0 is death's door, Codex "Life"). A player at
    death's door keeps 0 ("your life total cannot change", Codex "Death's Door") while the other's
    still becomes 0: read so, the ruling saying that an all-or-nothing exchange would change nothing."""
    from codex.engine.events import Note
    others = [o for o in select(run.state, run.ctx, life_totals(act), "target") if o.kind == "player"]
    me = run.ctx.controller
    others = [o for o in others if o.key != me][:1]
    if not others:
        run.note("nothing_fits", f"{run.ctx.source_name}: there is no other player to exchange life totals with.")
        return []
    them = str(others[0].key)
    mine, theirs = run.state.player(me).life, run.state.player(them).life
    run.note("exchange_life", f"{run.ctx.source_name}: {me} ({mine} life) and {them} ({theirs} life) exchange "
             "life totals: each player's life is set to the other's.", ("healing.set-life",), players=[me, them])
    stuck = [p for p in (me, them) if run.state.player(p).at_deaths_door]
    if stuck:
        run.emit(Note("ruling_variant", f"{' and '.join(stuck)} at death's door: their life total cannot change, so "
                      "it stays 0 while the other becomes what it was. Read as an exchange that must happen whole, "
                      "nothing would change.", {"players": stuck, "reading": "each set", "other": "none"},
                      rules=("healing.set-life", "deaths-door")))
    run.act(D.SetLife(do="set_life", player=me, life=theirs))
    run.act(D.SetLife(do="set_life", player=them, life=mine))
    return [Obj("player", me), Obj("player", them)]


def _where_is(run: Run, obj: Obj) -> Location | None:
    if obj.kind == "unit":
        unit = run.state.unit(str(obj.key))
        return unit.location if unit is not None else None
    art = run.state.artifact(str(obj.key))
    return run.state.artifact_location(art) if art is not None else None


@executes(A.Swap, problems=_swap_problems)
def _swap(run: Run, act: A.Swap, clause: A.Clause) -> list[Obj]:
    """"Swap the location of target minion or artifact with another target minion or artifact": each
    goes to where the other was (a unit teleports there, entering it; an artifact lies there)."""
    from codex.engine.effects.select import select_all
    if life_totals(act) is not None:
        return _exchange_life(run, act)
    among = _two_of(act)
    if among is not None:
        return _swap_two_of(run, among)
    pair = _swapped(act)
    if pair is None:
        raise NotExecutable("this swap")
    kinds = ("site",) if _of_sites(pair[0]) else ("unit", "artifact")
    first = [o for o in select(run.state, run.ctx, pair[0], "target") if o.kind in kinds][:1]
    if not first:
        return []
    others = [o for o in select_all(run.state, run.ctx, pair[1]) if o.kind in kinds and o != first[0]]
    declared = run.ctx.declared(others)
    second = declared[:1] if declared is not None else \
        run.ctx.choose("other", others, why="choose what it swaps places with")[:1]
    if not second:
        return []
    return _exchange_places(run, first[0], second[0])


def _swap_two_of(run: Run, among: Any) -> list[Obj]:
    """"Two of your minions trade places": the player picks the two (declared, or the choice
    `swapped`, two of them); with fewer than two to pick nothing happens."""
    from codex.engine.effects.select import select_all
    kinds = ("site",) if _of_sites(among) else ("unit", "artifact")
    if isinstance(among, A.Selector) and among.count == 2:
        # "two target minions at different sites": picked as the words pick them (declared targets, the
        # relation among them checked)
        two = [o for o in select(run.state, run.ctx, among, "target") if o.kind in kinds][:2]
    else:
        options = [o for o in select_all(run.state, run.ctx, among) if o.kind in kinds]
        declared = run.ctx.declared(options)
        two = declared[:2] if declared is not None and len(declared) >= 2 else \
            run.ctx.choose("swapped", options, count=2, why="choose the two that swap places")[:2]
    if len(two) < 2:
        run.note("nothing_fits", f"{run.ctx.source_name}: there are not two to swap places.")
        return []
    return _exchange_places(run, two[0], two[1])


def _of_sites(words: Any) -> bool:
    """Whether the words of a swap name sites ("two target sites you control")."""
    items = words.items if isinstance(words, A.Group) else (words,)
    return all(isinstance(i, A.Selector) and singular(i.noun).lower() == "site" for i in items)


def _exchange_places(run: Run, a: Obj, b: Obj) -> list[Obj]:
    """Each of ``a`` and ``b`` goes to where the other was (a unit teleports there, an artifact lies there;
    two sites exchange squares with what is on them, `site_swap.py`)."""
    from dataclasses import replace as dc_replace
    if a.kind == "site" and b.kind == "site":
        from codex.engine.effects.site_swap import exchange_sites
        return exchange_sites(run, a, b)
    at_a, at_b = _where_is(run, a), _where_is(run, b)
    if at_a is None or at_b is None:
        return []
    run.note("swap", f"{run.ctx.source_name}: the two swap places ({at_a} and {at_b}).", ("teleport",))
    for obj, to in ((a, at_b), (b, at_a)):
        if obj.kind == "unit":
            run.act(D.Move(do="move", unit=str(obj.key), how="teleport", to=_place(to), **effect_fields(run, True)))
        else:
            art = run.state.artifact(str(obj.key))
            if art is not None:
                run.state = run.state.with_artifact(dc_replace(art, bearer=None, location=to))
                run.note("move_artifact", f"{art.name} is moved to the {to}.", ("carrying-artifacts",),
                         artifact=art.id)
    return [a, b]
