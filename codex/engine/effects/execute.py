"""Executing card text: an ability's sentences, clause by clause, over the engine's own actions.

A card effect is the card-text AST run against the board. Each clause names a primitive (deal
damage, draw, tap, kill, give a keyword, summon a token, move...) and its roles (who, what, how
much, where); the roles are evaluated by `select`, and the primitive is carried out by the same
engine code a scenario's own action would use (`actions/`), so a card's damage obeys every rule a
scenario's damage does (reductions, Ward, death's door, deaths through the storyline). Every event
an effect causes carries the card's own sentence (`CardQuote`), so the ruling quotes the card
beside the Codex rule that applied it.

Scope rules of the AST: a sentence's conditions guard all its clauses; ``may`` asks the player (the
scenario's ``choices``); ``it``/``they`` refer to what the previous clause acted on (else the
triggering event's unit); a duration makes the effect last (`state.Lasting`) until it ends. What
the engine cannot do raises `NotExecutable`: the ability is then named as not executed.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from codex.cardtext import ast as A
from codex.engine import document as D
from codex.engine.abilities import Ability, AbilityKind
from codex.engine.effects.conditions import holds
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.select import NotExecutable, describe, locations_of, name_of, select, select_all
from codex.engine.events import AbilityNotExecuted, CardQuote, Event, Note
from codex.engine.keywords import Keywords
from codex.engine.state import GameState, Lasting
from codex.engine.tokens import token_kind

Resolved = tuple[GameState, list[Event]]


class Run:
    """A card effect being resolved: the state reached and the events so far."""

    def __init__(self, state: GameState, ctx: Ctx):
        self.state = state
        self.ctx = ctx
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        quote = self.ctx.quote
        self.events += [e if e.from_card is not None else replace(e, from_card=quote) for e in events]

    def act(self, record: D.Action) -> bool:
        """Carry out an engine action for the effect; False when the rules stopped it (said why)."""
        from codex.engine.actions.base import run
        from codex.engine.ruling import Verdict
        out = run(self.state, record, f"/effect/{self.ctx.key}")
        if out.verdict is Verdict.AMBIGUOUS:
            from codex.engine.errors import AmbiguousAction
            answer = out.answer or {}
            raise AmbiguousAction(out.summary, str(answer.get("choice", "choice")), list(answer.get("options", [])),
                                  str(out.extra.get("pointer", "")))
        self.state = out.state
        self.emit(*out.events)
        return out.verdict is not Verdict.ILLEGAL

    def settle(self, batch: list[Event]) -> None:
        from codex.engine.storyline import settle
        self.emit(*batch)
        self.state, rest = settle(self.state, batch)
        self.emit(*rest)


# ----------------------------------------------------------------------------- amounts

def _amount(run: Run, value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise NotExecutable(f"the amount {value!r}")
    if isinstance(value, int):
        return int(value)
    if isinstance(value, A.Quantity) and value.kind == "power" and value.of is not None:
        from codex.engine.effects.statics import power_of
        objs = select(run.state, run.ctx, value.of, f"{what}.of")
        units = [run.state.unit(o.key) for o in objs if o.kind == "unit"]
        return sum((power_of(run.state, u)[0] + power_of(run.state, u)[1]) // 2 for u in units if u)
    if isinstance(value, str) and value.upper() == "X":
        chosen = run.ctx.choose(f"{what}.x", list(range(0, 21)), why="choose the value of X")
        return int(chosen[0])
    raise NotExecutable(f"the amount {value!r}")


def _bound(run: Run, obj: Obj) -> Run:
    """The same run, reading "it"/"its" as ``obj`` (an amount about the object acted on)."""
    view = Run(run.state, run.ctx.bind("it", [obj]))
    return view


def _players(run: Run, node: Any) -> list[str]:
    """The players a role names (default: the effect's controller)."""
    if node is None:
        return [run.ctx.controller]
    out = []
    for o in select(run.state, run.ctx, node, "player"):
        if o.kind == "player":
            out.append(str(o.key))
        elif o.kind == "unit" and (u := run.state.unit(o.key)) is not None and u.is_avatar:
            out.append(u.controller)
        else:
            raise NotExecutable("a player named by something that is not a player")
    return out


def _source_unit(run: Run) -> str | None:
    """The unit responsible for the effect: the card itself, a spell's caster, an artifact's bearer."""
    src = run.ctx.source
    if src.kind == "unit":
        return str(src.key)
    if src.kind == "spell":
        return run.ctx.caster
    if src.kind == "artifact":
        art = next((a for a in run.state.artifacts if a.id == src.key), None)
        return art.bearer if art else None
    return None


def _effect_fields(run: Run, targeted: bool = False) -> dict[str, Any]:
    spell = run.ctx.source_name if run.ctx.source.kind == "spell" else None
    return {"source": _source_unit(run), "spell": spell, "player": run.ctx.controller, "targeted": targeted}


def _targeted(node: Any) -> bool:
    return isinstance(node, A.Selector) and node.det == "target"


# ----------------------------------------------------------------------------- primitives

Executor = Callable[[Run, Any, A.Clause], list[Obj]]
EXECUTORS: dict[type, Executor] = {}


def executes(node_type: type) -> Callable[[Executor], Executor]:
    def register(fn: Executor) -> Executor:
        EXECUTORS[node_type] = fn
        return fn
    return register


@executes(A.Damage)
def _damage(run: Run, act: A.Damage, clause: A.Clause) -> list[Obj]:
    """Damage to every unit named at once (one event of the storyline), then to sites."""
    from codex.engine.actions.effects import opposing, EffectSource
    from codex.engine.combat import deal_damage
    if act.agent is not None and not (isinstance(act.agent, A.Ref) and act.agent.word == "SELF"):
        raise NotExecutable("damage dealt by something other than the card")
    patients = select(run.state, run.ctx, act.patient, "target")
    amounts = {o: _amount(_bound(run, o), act.amount, "damage") for o in patients}   # "its power": the patient's
    source_id = _source_unit(run)
    source = run.state.unit(source_id) if source_id else None
    spell = run.ctx.source_name if run.ctx.source.kind == "spell" else None
    src = EffectSource(run.ctx.controller, source, spell, False)
    dealer = source if run.ctx.source.kind == "unit" else None
    batch: list[Event] = []
    for obj in patients:
        if obj.kind == "unit" and (unit := run.state.unit(obj.key)) is not None:
            run.state, dealt = deal_damage(run.state, unit.id, amounts[obj], dealer, "damage", opposing(src, unit))
            batch += [_from_effect(e, run.ctx.source_name, dealer is None) for e in dealt]
    if batch:
        run.settle(batch)
    for obj in patients:
        if obj.kind == "site":
            run.act(D.Damage(do="damage", target=D.SiteRef(site=obj.key), amount=amounts[obj], source=source_id,
                             spell=spell, player=run.ctx.controller))
        elif obj.kind == "player":
            run.act(D.LoseLife(do="lose_life", player=str(obj.key), amount=amounts[obj]))
    return patients


def _from_effect(event: Event, card: str, named: bool) -> Event:
    """Damage an effect dealt: the card's name as its source (no unit dealt it) and the Codex's
    rule that effects deal damage."""
    from codex.engine.events import Damaged
    if isinstance(event, Damaged):
        return replace(event, source_name=card if named else event.source_name,
                       rules=event.rules + ("damage.effect",))
    return event


@executes(A.Draw)
def _draw(run: Run, act: A.Draw, clause: A.Clause) -> list[Obj]:
    sel = act.patient
    count = 1
    deck: str | None = None
    if isinstance(sel, A.Selector):
        count = int(sel.count) if isinstance(sel.count, int) else 1
        noun = sel.noun.lower()
        deck = {"spell": "spellbook", "site": "atlas"}.get(noun)
        if deck is None and noun != "card":
            raise NotExecutable(f"drawing a {sel.noun}")
    elif sel is not None:
        raise NotExecutable("drawing something other than cards")
    for pid in _players(run, act.agent):
        record = D.Draw(do="draw", player=pid, count=None if deck else count,
                        spellbook=count if deck == "spellbook" else None, atlas=count if deck == "atlas" else None)
        run.act(record)
    return []


@executes(A.Tap)
def _tap(run: Run, act: A.Tap, clause: A.Clause) -> list[Obj]:
    from codex.engine.events import UntappedByEffect
    patients = select(run.state, run.ctx, act.patient, "target")
    for obj in patients:
        if obj.kind != "unit":
            continue
        if act.untap:
            unit = run.state.unit(obj.key)
            if unit is not None and unit.tapped:
                run.state = run.state.with_unit(replace(unit, tapped=False))
                run.emit(UntappedByEffect(unit.id, unit.name, rules=("untap",)))
        else:
            run.act(D.Tap(do="tap", unit=str(obj.key), cost=False))
    return patients


@executes(A.Remove)
def _remove(run: Run, act: A.Remove, clause: A.Clause) -> list[Obj]:
    from codex.engine.storyline import mark_for_death
    patients = select(run.state, run.ctx, act.patient, "target")
    kind = act.kind
    if kind not in ("kill", "destroy", "banish", "sacrifice", "dispel"):
        raise NotExecutable(f"removing by '{kind}'")
    batch: list[Event] = []
    for obj in patients:
        if obj.kind == "unit":
            unit = run.state.unit(obj.key)
            if unit is None or unit.is_avatar:
                continue
            if kind == "banish":
                run.act(D.Banish(do="banish", unit=unit.id))
                continue
            rules = {"kill": ("kill", "die"), "destroy": ("die",), "sacrifice": ("sacrifice", "die")}.get(kind, ("die",))
            if unit.marked:
                run.emit(Note("fails", f"{unit.name} is already marked for death: {run.ctx.source_name}'s "
                              f"{kind} fails.", {"unit": unit.id}, rules=("die.already-marked",)))
                continue
            run.state, marked = mark_for_death(run.state, unit.id, f"{run.ctx.source_name} {kind}s it", rules)
            batch += marked
        elif obj.kind == "artifact":
            run.act(D.Destroy(do="destroy", target=D.ArtifactRef(artifact=str(obj.key)), **_effect_fields(run)))
        elif obj.kind == "site":
            run.act(D.DestroySite(do="destroy_site", square=int(obj.key)))
        elif obj.kind == "aura":
            aura = next((a for a in run.state.auras if a.id == obj.key), None)
            if aura is not None:
                from codex.engine.events import AuraDispelled
                run.state = run.state.evolve(auras=tuple(a for a in run.state.auras if a.id != obj.key))
                run.emit(AuraDispelled(aura.id, aura.name, rules=("dispel",)))
    if batch:
        run.settle(batch)
    return patients


@executes(A.Heal)
def _heal(run: Run, act: A.Heal, clause: A.Clause) -> list[Obj]:
    if act.agent is not None or act.source is not None:
        raise NotExecutable("healing by the damage something dealt")
    patients = select(run.state, run.ctx, act.patient, "target") if act.patient is not None else \
        [Obj("player", run.ctx.controller)]
    for obj in patients:
        if obj.kind == "unit":
            unit = run.state.unit(obj.key)
            if unit is None:
                continue
            amount = _amount(run, act.amount, "heal") if act.amount is not None else max(unit.damage, 1)
            if unit.is_avatar:
                run.act(D.Heal(do="heal", player=unit.controller, amount=amount))
            else:
                run.act(D.Heal(do="heal", unit=unit.id, amount=amount))
        elif obj.kind == "player":
            if act.amount is None:
                raise NotExecutable("healing a player fully")
            run.act(D.Heal(do="heal", player=str(obj.key), amount=_amount(run, act.amount, "heal")))
    return patients


@executes(A.GainLife)
def _gain_life(run: Run, act: A.GainLife, clause: A.Clause) -> list[Obj]:
    amount = _amount(run, act.amount, "life")
    for pid in _players(run, act.agent):
        run.act(D.Heal(do="heal", player=pid, amount=amount))
    return []


@executes(A.LoseLife)
def _lose_life(run: Run, act: A.LoseLife, clause: A.Clause) -> list[Obj]:
    amount = _amount(run, act.amount, "life")
    for pid in _players(run, act.agent):
        run.act(D.LoseLife(do="lose_life", player=pid, amount=amount))
    return []


@executes(A.GainMana)
def _gain_mana(run: Run, act: A.GainMana, clause: A.Clause) -> list[Obj]:
    from codex.engine.events import ManaGained
    mana = act.mana
    if not isinstance(mana, A.Mana):
        raise NotExecutable("a choice of mana")
    amount = 0
    for sym in mana.symbols:
        inner = sym.strip("()")
        if not inner.isdigit():
            raise NotExecutable(f"gaining {sym}")
        amount += int(inner)
    for pid in _players(run, act.agent):
        player = run.state.player(pid)
        run.state = run.state.with_player(replace(player, mana=player.mana + amount))
        run.emit(ManaGained(pid, amount, player.mana + amount, f"{run.ctx.source_name} gives {pid} {amount} mana",
                            rules=("mana",)))
    return []


def _lasting(run: Run, clause: A.Clause, objs: list[Obj], **what: Any) -> None:
    """An effect that lasts: this turn, until a next turn, or (no duration) while its card is in the realm."""
    from codex.engine.events import EffectBegan
    until: Any = _until(run, clause)
    units = tuple(str(o.key) for o in objs if o.kind == "unit")
    if not units:
        return
    ident = f"{run.ctx.key}#{len(run.state.lasting)}"
    source = f"{run.ctx.source.kind}:{run.ctx.source.key}" if until == "source" else None
    effect = Lasting(ident, run.ctx.source_name, run.ctx.controller, until, units, source=source, **what)
    run.state = run.state.evolve(lasting=run.state.lasting + (effect,))
    names = tuple(name_of(run.state, o) for o in objs if o.kind == "unit")
    run.emit(EffectBegan(run.ctx.source_name, until, names, effect.describe(), rules=("ongoing-effect",)))


def _until(run: Run, clause: A.Clause) -> str:
    duration = clause.duration
    if duration is None:
        return "source"
    if duration.kind == "this_turn":
        return "end_of_turn"
    if duration.kind == "until" and duration.turn is not None and duration.turn.whose == "your" \
            and duration.turn.which == "next":
        return "next_turn"
    raise NotExecutable(f"the duration {duration.kind!r}")


@executes(A.Grant)
def _grant(run: Run, act: A.Grant, clause: A.Clause) -> list[Obj]:
    from codex.engine.effects.statics import Unsupported, _grants
    try:
        kw, power = _grants(act.grants)
    except Unsupported as e:
        raise NotExecutable(str(e)) from None
    patients = select(run.state, run.ctx, act.patient, "target") if act.patient is not None else [run.ctx.source]
    _lasting(run, clause, patients, keywords=kw, power=power)
    return patients


@executes(A.SetState)
def _set_state(run: Run, act: A.SetState, clause: A.Clause) -> list[Obj]:
    if act.state not in ("silenced", "disabled"):
        raise NotExecutable(f"making something {act.state}")
    patients = select(run.state, run.ctx, act.patient, "target") if act.patient is not None else [run.ctx.source]
    _lasting(run, clause, patients, states=frozenset({act.state}))
    return patients


@executes(A.Summon)
def _summon(run: Run, act: A.Summon, clause: A.Clause) -> list[Obj]:
    """Summon tokens the Codex defines ("Summon two Foot Soldier tokens here")."""
    sel = act.patient
    if not (isinstance(sel, A.Selector) and sel.noun.lower() == "token" and sel.mods):
        raise NotExecutable("summoning something other than a token")
    kind = token_kind(" ".join(sel.mods))
    if kind is None:
        raise NotExecutable(f"the token {' '.join(sel.mods)!r}")
    count = int(sel.count) if isinstance(sel.count, int) else 1
    dest = act.dest
    if dest is None:
        raise NotExecutable("a summon without a place")
    places = [loc for o in (select(run.state, run.ctx, dest, "location") if not isinstance(dest, A.Where)
                            else []) for loc in locations_of(run.state, o)]
    if isinstance(dest, A.Where):
        from codex.engine.effects.select import places as where_places
        places = where_places(run.state, run.ctx, dest)
    surface = [loc for loc in places if loc.region.value in ("surface", "void")]
    if not surface:
        return []
    at = run.ctx.choose("location", [Obj("location", loc) for loc in surface], why="choose where to summon")[0].key
    made: list[Obj] = []
    for n in range(count):
        uid = f"{kind.name.lower().replace(' ', '-')}-{run.ctx.key}-{n + 1}"
        record = D.Summon(do="summon", controller=run.ctx.controller,
                          minion=D.MinionDoc(name=kind.name, power=kind.power, text=kind.text, id=uid),
                          location=[at.square, at.region.value] if at.region.value != "surface" else at.square)
        if run.act(record):
            made.append(Obj("unit", uid))
    return made


@executes(A.Move)
def _move(run: Run, act: A.Move, clause: A.Clause) -> list[Obj]:
    how = {"teleport": "teleport", "push": "push", "pull": "pull", "move": "teleport", "drag": "drag"}.get(act.kind)
    if how is None or act.steps is not None or act.direction is not None or act.path is not None:
        raise NotExecutable(f"moving by '{act.kind}' with steps or a direction")
    patients = select(run.state, run.ctx, act.patient, "target") if act.patient is not None else [run.ctx.source]
    if act.dest is None:
        raise NotExecutable("a move without a destination")
    dests = select(run.state, run.ctx, act.dest, "destination")
    locs = [loc for o in dests for loc in locations_of(run.state, o)]
    if not locs:
        return []
    for obj in patients:
        unit = run.state.unit(obj.key) if obj.kind == "unit" else None
        if unit is None:
            continue
        to = next((loc for loc in locs if loc.region is unit.location.region), locs[0])
        place: Any = to.square if to.region.value == "surface" else [to.square, to.region.value]
        run.act(D.Move(do="move", unit=unit.id, how=how, to=place, **_effect_fields(run, _targeted(act.patient))))
    return patients


@executes(A.Put)
def _put(run: Run, act: A.Put, clause: A.Clause) -> list[Obj]:
    dest = act.dest
    if not (isinstance(dest, A.Selector) and dest.noun.lower() == "hand"):
        raise NotExecutable("putting cards anywhere but a hand")
    patients = select(run.state, run.ctx, act.patient, "target")
    for obj in patients:
        if obj.kind == "unit" and run.state.unit(obj.key) is not None:
            run.act(D.ReturnToHand(do="return_to_hand", unit=str(obj.key)))
        else:
            raise NotExecutable("returning to hand something that is not a unit")
    return patients


@executes(A.Strike)
def _strike(run: Run, act: A.Strike, clause: A.Clause) -> list[Obj]:
    agents = select(run.state, run.ctx, act.agent, "striker") if act.agent is not None else [run.ctx.source]
    patients = select(run.state, run.ctx, act.patient, "target")
    for a in agents:
        for p in patients:
            if a.kind == p.kind == "unit":
                run.act(D.StrikeAction(do="strike", unit=str(a.key), target=str(p.key),
                                       **_effect_fields(run, _targeted(act.patient))))
    return patients


@executes(A.Fight)
def _fight(run: Run, act: A.Fight, clause: A.Clause) -> list[Obj]:
    agents = select(run.state, run.ctx, act.agent, "fighter") if act.agent is not None else [run.ctx.source]
    patients = select(run.state, run.ctx, act.patient, "target")
    for a in agents:
        for p in patients:
            if a.kind == p.kind == "unit":
                run.act(D.Fight(do="fight", unit=str(a.key), other=str(p.key),
                                **_effect_fields(run, _targeted(act.patient))))
    return patients


@executes(A.Choose)
def _choose(run: Run, act: A.Choose, clause: A.Clause) -> list[Obj]:
    """"Target a location up to three steps away", "Choose two sites": the chosen objects are what
    the next sentences call "it", "there", "those"."""
    if act.kind not in ("choose", "target") or act.action is not None:
        raise NotExecutable(f"choosing by '{act.kind}'")
    if act.agent is not None and not (isinstance(act.agent, A.Ref) and act.agent.word in ("you", "SELF")):
        raise NotExecutable("a choice another player makes")
    patient = act.patient
    if act.kind == "target" and isinstance(patient, A.Selector) and patient.det in (None, "a", "an"):
        patient = A.replace(patient, det="target")
    chosen = select(run.state, run.ctx, patient, "target")
    run.emit(Note("chosen", f"{run.ctx.source_name}: {run.ctx.controller} chooses {describe(run.state, chosen)}.",
                  {"chosen": [str(o.key) for o in chosen]}, rules=("target",) if act.kind == "target" else ()))
    return chosen


@executes(A.Play)
def _play(run: Run, act: A.Play, clause: A.Clause) -> list[Obj]:
    """Play a site (the Avatar's "Play or draw a site", or an effect that plays one): to a legal
    square, from the player's hand."""
    from codex.engine.sites import legal_site_squares
    sel = act.patient
    if not (isinstance(sel, A.Selector) and sel.noun.lower() == "site" and sel.det in ("a", "an", None)
            and not sel.filters and not sel.mods):
        raise NotExecutable("playing something other than a site from hand")
    if act.dest is not None:
        raise NotExecutable("playing a site to a named place")
    pid = run.ctx.controller
    squares = legal_site_squares(run.state, pid)
    chosen = run.ctx.choose("square", [Obj("location", loc) for loc in _surfaces(squares)],
                            why="choose where to play the site")
    if not chosen:
        return []
    square = chosen[0].key.square
    run.act(D.PlaySite(do="play_site", square=square, by_effect=True))
    return [Obj("site", square)]


def _surfaces(squares: list[int]) -> list[Any]:
    from codex.engine.geometry import Location, Region
    return [Location(sq, Region.SURFACE) for sq in squares]


@executes(A.Relocate)
def _relocate(run: Run, act: A.Relocate, clause: A.Clause) -> list[Obj]:
    """Burrow, submerge, surface: a unit moves between its site's surface and subsurface (Codex
    "Burrowing", "Submerge"); a minion without the ability dies there like any other."""
    from codex.engine.geometry import Location, Region
    from codex.engine.ongoing import site_is_water
    kind = act.kind
    patients = select(run.state, run.ctx, act.patient, "target") if act.patient is not None else [run.ctx.source]
    moved = []
    for obj in patients:
        unit = run.state.unit(obj.key) if obj.kind == "unit" else None
        if unit is None:
            if obj.kind == "artifact":
                raise NotExecutable("burrowing or submerging an artifact")
            continue
        site = run.state.site_at(unit.location.square)
        if site is None:
            continue
        water = site_is_water(run.state, site)
        if kind in ("burrow", "submerge"):
            if (kind == "burrow") == water or unit.location.region is not Region.SURFACE:
                run.emit(Note("cannot", f"{unit.name} cannot {kind} here: "
                              f"{site.name} is a {'water' if water else 'land'} site.", {"unit": unit.id}))
                continue
            to = Location(site.square, Region.UNDERWATER if water else Region.UNDERGROUND)
        elif kind in ("surface", "unburrow"):
            if unit.location.region is Region.SURFACE:
                continue
            to = Location(site.square, Region.SURFACE)
        else:
            raise NotExecutable(f"relocating by '{kind}'")
        place: Any = [to.square, to.region.value]
        if run.act(D.Move(do="move", unit=unit.id, how="teleport", to=place,
                          **_effect_fields(run, _targeted(act.patient)))):
            moved.append(obj)
    return moved


@executes(A.Discard)
def _discard(run: Run, act: A.Discard, clause: A.Clause) -> list[Obj]:
    sel = act.patient
    if not isinstance(sel, A.Selector) or sel.filters or sel.mods:
        raise NotExecutable("discarding particular cards")
    count = int(sel.count) if isinstance(sel.count, int) else 1
    noun = sel.noun.lower()
    if noun == "card":
        noun = str(run.ctx.choose("discard", ["spell", "site"], why="choose whether a spell or a site is discarded")[0])
    if noun not in ("spell", "site"):
        raise NotExecutable(f"discarding a {sel.noun}")
    for pid in _players(run, act.agent):
        run.act(D.Discard(do="discard", player=pid, spells=count if noun == "spell" else 0,
                          sites=count if noun == "site" else 0))
    return []


# ----------------------------------------------------------------------------- clauses and sentences

def run_clause(run: Run, clause: A.Clause) -> list[Obj]:
    """One clause: its modality, conditions and "for each", then its primitive."""
    if clause.negated or clause.modal not in (None, "may", "must"):
        raise NotExecutable(f"a clause with '{clause.modal or 'not'}'" + (" (negated)" if clause.negated else ""))
    if clause.purpose is not None or clause.instead or clause.scope is not None:
        raise NotExecutable("a clause with a purpose, 'instead' or a scope")
    for cond in clause.conditions:
        if not holds(run.state, run.ctx, cond):
            run.emit(Note("condition", f"{run.ctx.source_name}: the condition is not met, so nothing happens.",
                          {"card": run.ctx.source_name}))
            return []
    act = clause.action
    executor = EXECUTORS.get(type(act))
    if executor is None:
        raise NotExecutable(f"the primitive {type(act).__name__}")
    if clause.per is not None:
        if type(act) not in _PER_AMOUNT:
            raise NotExecutable(f"'for each' on {type(act).__name__}")
        times = len(select_all(run.state, run.ctx, clause.per))
        run.emit(Note("count", f"{run.ctx.source_name}: {times} for each of them.", {"times": times}))
        act = _PER_AMOUNT[type(act)](act, times)
    if clause.modal == "may" and not run.ctx.may(_told(act)):
        run.emit(Note("declined", f"{run.ctx.controller} chooses not to: {run.ctx.source_name}'s "
                      f"\u201c{run.ctx.ability.text}\u201d does nothing.", {"card": run.ctx.source_name},
                      rules=("may-and-can",)))
        return []
    return executor(run, act, clause)


def _scaled(field: str) -> Callable[[Any, int], Any]:
    """"for each X": the clause's amount times the number of X."""
    def scale(act: Any, times: int) -> Any:
        value = getattr(act, field)
        if field == "mana":
            symbols = tuple(f"({int(s.strip('()')) * times})" if s.strip("()").isdigit() else s for s in value.symbols)
            return A.replace(act, mana=A.Mana(symbols))
        if field == "patient":   # draw: the count of cards
            return A.replace(act, patient=A.replace(value, count=(value.count if isinstance(value.count, int) else 1)
                                                                    * times))
        if not isinstance(value, int):
            raise NotExecutable(f"'for each' with the amount {value!r}")
        return A.replace(act, **{field: value * times})
    return scale


_PER_AMOUNT: dict[type, Callable[[Any, int], Any]] = {
    A.Damage: _scaled("amount"), A.GainLife: _scaled("amount"), A.LoseLife: _scaled("amount"),
    A.GainMana: _scaled("mana"), A.Draw: _scaled("patient"),
}


def _told(act: Any) -> str:
    return type(act).__name__.lower()


def _clauses_to_run(run: Run, sentence: A.Sentence) -> list[A.Clause]:
    """The sentence's clauses in order; clauses joined by "or" are one choice ("Play or draw a site")."""
    clauses = list(sentence.clauses)
    if "or" not in sentence.links:
        return clauses
    if set(sentence.links) != {"or"}:
        raise NotExecutable("clauses joined by both 'and' and 'or'")
    options = [f"{i + 1}:{type(c.action).__name__.lower()}" for i, c in enumerate(clauses)]
    picked = run.ctx.choose("which", options, why="choose which of its effects happens")[0]
    return [clauses[int(str(picked).split(":")[0]) - 1]]


def run_sentences(run: Run, sentences: tuple[Any, ...]) -> None:
    """Sentences in order; ``it`` carries from a clause to the next."""
    for sentence in sentences:
        if isinstance(sentence, A.Unparsed):
            raise NotExecutable(f"the unreadable sentence \u201c{sentence.text}\u201d")
        if sentence.per is not None or sentence.duration is not None:
            raise NotExecutable("a sentence with 'for each' or a duration")
        if not all(holds(run.state, run.ctx, c) for c in sentence.conditions):
            run.emit(Note("condition", f"{run.ctx.source_name}: the condition is not met, so nothing happens.",
                          {"card": run.ctx.source_name}))
            continue
        for clause in _clauses_to_run(run, sentence):
            acted = run_clause(run, clause)
            if acted:
                run.ctx = run.ctx.bind("it", acted)
                if any(o.kind in ("location", "site") for o in acted):
                    run.ctx = run.ctx.bind("there", acted)


def _body(ability: Ability) -> tuple[Any, ...]:
    node = ability.node
    body = getattr(node, "body", None)
    if body is None:
        raise NotExecutable(f"a {type(node).__name__} without a body")
    return body if isinstance(body, tuple) else (body,)


def execute(state: GameState, ctx: Ctx) -> Resolved:
    """Run an ability's effect. An ability the engine cannot run is named as not executed."""
    run = Run(state, ctx)
    try:
        run_sentences(run, _body(ctx.ability))
    except NotExecutable as e:
        return state, [AbilityNotExecuted(ctx.source.key if isinstance(ctx.source.key, str) else str(ctx.source.key),
                                          ctx.source_name, ctx.ability.describe(), f"not executed yet: {e.what}",
                                          rules=("storyline",), from_card=ctx.quote)]
    return run.state, run.events


@dataclass(frozen=True)
class Resolution:
    """What resolving an ability did (state and events), for callers outside the storyline."""

    state: GameState
    events: list[Event]


__all__ = ["execute", "EXECUTORS", "Run", "NotExecutable", "AbilityKind", "Keywords", "CardQuote", "describe",
           "select_all"]
