"""Primitives on the board: damage, healing, life, mana, tapping, removal, grants and states,
strikes and fights, choices and targets, burrowing and submerging (playing sites: `site_play`).

Each is carried out by the engine's own actions or resolution functions, so a card's damage or
kill obeys every rule a scenario's does (Ward, reductions, death's door, the storyline).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine import document as D
from codex.engine.effects.amounts import amount, amount_problems, measures_it
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable, describe, locations_of, name_of, select, singular
from codex.engine.events import Event, Note
from codex.engine.keywords import Keywords
from codex.engine.state import Lasting


def _bound(run: Run, obj: Obj) -> Run:
    """The same run, reading "it"/"its" as ``obj`` (an amount about the object acted on); what the
    amount says (a half rounded) is told in the run's own events."""
    bound = Run(run.state, run.ctx.bind("it", [obj]))
    bound.events = run.events
    return bound


def players(run: Run, node: Any) -> list[str]:
    """The players a role names (default: the effect's controller). A choice among them ("target
    player", "a player") is answered under the documented role ``target`` (docs/scenarios.md
    "Choices"; it was an undocumented ``player``, found by blind ruling round 9)."""
    if node is None:
        return [run.ctx.controller]
    out = []
    for o in select(run.state, run.ctx, node, "target"):
        if o.kind == "player":
            out.append(str(o.key))
        elif o.kind == "unit" and (u := run.state.unit(o.key)) is not None:
            out.append(u.controller)
        else:
            raise NotExecutable("a player named by something that is not a player")
    return list(dict.fromkeys(out))


def source_unit(run: Run) -> str | None:
    """The unit responsible for the effect: the card itself, a spell's caster, an artifact's bearer."""
    src = run.ctx.source
    if src.kind == "unit":
        return str(src.key)
    if src.kind == "spell":
        return run.ctx.caster
    if src.kind == "artifact":
        art = run.state.artifact(str(src.key))
        return art.bearer if art else None
    return None


def effect_fields(run: Run, targeted: bool = False) -> dict[str, Any]:
    spell = run.ctx.source_name if run.ctx.source.kind == "spell" else None
    return {"source": source_unit(run), "spell": spell, "player": run.ctx.controller, "targeted": targeted}


def targeted(node: Any) -> bool:
    return isinstance(node, A.Selector) and node.det == "target"


def patients_or_self(run: Run, node: Any, role: str = "target") -> list[Obj]:
    return select(run.state, run.ctx, node, role) if node is not None else [run.ctx.source]


# ----------------------------------------------------------------------------- damage

def _damage_problems(act: A.Damage) -> Iterator[str]:
    if act.amount is None and not isinstance(act.patient, A.Selector):
        yield "the amount None"
    elif act.amount is not None:
        yield from amount_problems(act.amount)
    if act.patient is None and not (isinstance(act.agent, A.Ref) and act.agent.word.lower() in ("it", "each")) \
            and not names_the_projectile(act.agent):
        yield "damage to nothing named"
    if act.divided:     # "5 damage divided among X": split among them, which the executor does not do
        yield "damage divided among several"


def names_the_projectile(node: Any) -> bool:
    """"That projectile deals 2 damage", "The projectile deals 1 damage": the projectile the sentence
    before shot, as "It deals 2 damage" names it after a shot (its damage goes to what it hit, as
    `shoot.projectile_damage` reads it; `select` finds the projectile bound as "it"). Only the bare
    singular noun: "each projectile", "a piercing projectile" name something else."""
    return (isinstance(node, A.Selector) and node.noun.lower() == "projectile" and not node.plural
            and isinstance(node.det, str) and node.det.lower() in ("that", "the") and node.count is None
            and node.quant is None and not node.mods and not node.filters)


@executes(A.Damage, roles=("patient", "agent"), problems=_damage_problems, adjuncts=("on",))
def _damage(run: Run, act: A.Damage, clause: A.Clause) -> list[Obj]:
    """Damage to every unit named at once (one event of the storyline), then to sites and players.
    The damage is dealt by the card, by a unit the words name (``target minion deals damage equal
    to its power to ...``), or by a projectile (`shoot.py`)."""
    from codex.engine.actions.effects import EffectSource, opposing
    from codex.engine.combat import deal_damage
    from codex.engine.effects.shoot import projectile_damage
    agents = _agents(run, act.agent)
    if agents and all(o.kind == "projectile" for o in agents):
        return projectile_damage(run, act, clause, agents)
    from codex.engine.effects.antecedents import damaged
    # "throws an artifact ... at target unit. It takes damage ...": "it" is the unit hit (`antecedents.py`)
    # "Target ally deals damage ... to each enemy at its location": "it" is the dealer the words named,
    # as for a strike (`_strike`); a patient that is itself a pronoun keeps its own antecedent
    inner = act.agent is not None and bool(agents) and all(o.kind == "unit" for o in agents) \
        and not isinstance(act.patient, A.Ref)
    ctx = run.ctx.bind("it", agents) if inner else run.ctx
    patients = damaged(run, act.patient, select(run.state, ctx, act.patient, "target"))
    if any(o.kind in ("artifact", "aura") for o in patients):
        # only units, sites and players take damage: words that still seem to damage an artifact are not
        # read rather than silently doing nothing (found by blind real-card round 2)
        raise NotExecutable("damage to an artifact or aura (only units, sites and players take damage: "
                            "the words' pronoun may mean another thing they named)")
    if act.amount is None:
        from codex.engine.effects.areas import area_amounts
        amounts = area_amounts(run, patients)
    else:
        own = measures_it(act.amount)
        if own and act.agent is not None:
            # "This minion deals damage equal to its power to target minion": "its" is the dealer's,
            # the subject the possessive follows, not each unit hit (found by blind round 28)
            dealer_obj = agents[0] if agents else run.ctx.source
            each = amount(_bound(run, dealer_obj), act.amount, "damage")
            amounts = {o: each for o in patients}
        else:
            amounts = {o: amount(_bound(run, o) if own else run, act.amount, "damage") for o in patients}
    dealer_id = str(agents[0].key) if agents and agents[0].kind == "unit" else (
        str(run.ctx.source.key) if run.ctx.source.kind == "unit" else None)
    dealer = run.state.unit(dealer_id) if dealer_id else None
    spell = run.ctx.source_name if run.ctx.source.kind == "spell" else None
    src = EffectSource(run.ctx.controller, run.state.unit(source_unit(run) or "") if source_unit(run) else None,
                       spell, False)
    batch: list[Event] = []
    origin = effect_origin(run, dealer)
    for obj in patients:
        if obj.kind == "unit" and (unit := run.state.unit(obj.key)) is not None and obj in amounts:
            run.state, dealt = deal_damage(run.state, unit.id, amounts[obj], dealer, "damage", opposing(src, unit),
                                           origin)
            batch += [_from_effect(e, run.ctx.source_name, dealer is None, grid=act.amount is None) for e in dealt]
    if batch:
        run.settle(batch)
    for obj in patients:
        if obj.kind == "site" and obj in amounts:
            run.act(D.Damage(do="damage", target=D.SiteRef(site=obj.key), amount=amounts[obj],
                             source=source_unit(run), spell=spell, player=run.ctx.controller))
        elif obj.kind == "player" and obj in amounts:
            run.act(D.LoseLife(do="lose_life", player=str(obj.key), amount=amounts[obj]))
    if patients:
        run.ctx = run.ctx.bind("damage", [Obj("amount", sum(amounts.values()))])
    return patients


def effect_origin(run: Run, dealer: Any) -> Any:
    """Where an effect's damage comes from (`damage_sources.Origin`): the unit dealing it, the spell
    (its card), or the site, aura or artifact whose ability it is."""
    from codex.engine.effects.damage_sources import Origin, origin_of
    if dealer is not None:
        return Origin(Obj("unit", dealer.id), "effect")
    if run.ctx.source.kind == "spell":
        return origin_of(run.state, None, "effect", spell=run.ctx.spell_card or run.ctx.source_name)
    return Origin(run.ctx.source, "effect")


def _agents(run: Run, node: Any) -> list[Obj]:
    if node is None or (isinstance(node, A.Ref) and node.word == "SELF"):
        return []
    return select(run.state, run.ctx, node, "dealer")


def _from_effect(event: Event, card: str, named: bool, grid: bool = False) -> Event:
    """Damage an effect dealt: the card's name as its source (no unit dealt it) and the Codex's
    rule that effects deal damage (and, for a damage grid, the rule of what a grid affects)."""
    from codex.engine.events import Damaged
    if isinstance(event, Damaged):
        return replace(event, source_name=card if named else event.source_name,
                       rules=event.rules + ("damage.effect",) + (("damage-grid", "damage-grid.orientation") if grid else ()))
    return event


# ----------------------------------------------------------------------------- tapping

@executes(A.Tap, roles=("patient",))
def _tap(run: Run, act: A.Tap, clause: A.Clause) -> list[Obj]:
    from codex.engine.events import UntappedByEffect
    patients = patients_or_self(run, act.patient)
    for obj in patients:
        if obj.kind == "site":          # "untap target site", "tap target site" (`site_taps.py`)
            from codex.engine.site_taps import tap_site, untap_site
            site = run.state.site_at(int(obj.key))
            done: list[Event]
            if act.untap:
                run.state, untapped = untap_site(run.state, int(obj.key))
                done = list(untapped)
            else:
                run.state, tapped = tap_site(run.state, int(obj.key), cost=False)
                done = list(tapped)
            for event in done:
                run.emit(event)
            if site is not None and not done:
                was = "untapped" if act.untap else "tapped"
                run.note(f"already_{was}", f"{site.name} is already {was}: nothing changes.", ("untap" if act.untap
                                                                                            else "tap",),
                         square=site.square)
            continue
        if obj.kind != "unit":
            continue
        if act.untap:
            unit = run.state.unit(obj.key)
            if unit is not None and unit.tapped and (run.state.statics or run.state.lasting):
                from codex.engine.untapping import held_tapped
                run.state, why = held_tapped(run.state, unit)
                if why is not None:          # "can't untap", "doesn't untap the next time it would"
                    run.events.append(why)
                    continue
            if unit is not None and unit.tapped:
                run.state = run.state.with_unit(replace(unit, tapped=False))
                run.emit(UntappedByEffect(unit.id, unit.name, rules=("untap",)))
            elif unit is not None:
                run.note("already_untapped", f"{unit.name} is already untapped: nothing changes.", ("untap",),
                         unit=unit.id)
        else:
            run.act(D.Tap(do="tap", unit=str(obj.key), cost=False))
    return patients


# ----------------------------------------------------------------------------- leaving the realm

REMOVALS = ("kill", "destroy", "banish", "sacrifice", "dispel", "break")
#: How a ruling says a removal was done to something ("cannot be sacrificed").
REMOVED_AS = {"kill": "killed", "destroy": "destroyed", "banish": "banished", "sacrifice": "sacrificed",
              "dispel": "dispelled", "break": "broken"}


def _remove_problems(act: A.Remove) -> Iterator[str]:
    if act.kind not in REMOVALS:
        yield f"removing by '{act.kind}'"


@executes(A.Remove, roles=("patient",), problems=_remove_problems, adjuncts=("including",))
def _remove(run: Run, act: A.Remove, clause: A.Clause) -> list[Obj]:
    patients = patients_or_self(run, act.patient)
    for adj in clause.adjuncts:          # "destroy ... everything here, including Year of the Blaze"
        if adj.prep == "including":
            patients += [o for o in patients_or_self(run, adj.what) if o not in patients]
    done = remove(run, patients, act.kind, killer=_killer(run, act.agent))
    if patients and not done:
        run.did = False      # Codex "Sacrifice": a card that does not die was not sacrificed ("If you do")
    return patients


def _die_problems(act: A.Die) -> Iterator[str]:
    if act.source is not None:
        yield "dying from something ('dies from damage taken this way')"


@executes(A.Die, roles=("patient",), problems=_die_problems)
def _die(run: Run, act: A.Die, clause: A.Clause) -> list[Obj]:
    """"At the end of the turn, it dies": the unit is destroyed (Codex "Die": "'Dies' is synonymous
    with 'destroyed' and 'killed'"), by no one (no kill credit)."""
    patients = patients_or_self(run, act.patient)
    remove(run, patients, "destroy")
    return patients


def _killer(run: Run, node: Any) -> tuple[str, ...]:
    if node is None:
        return (str(run.ctx.source.key),) if run.ctx.source.kind == "unit" else ()
    return tuple(str(o.key) for o in select(run.state, run.ctx, node, "killer") if o.kind == "unit")


def _ward_breaks_instead(run: Run, square: int, kind: str) -> bool:
    """A warded site an opponent's spell or ability would destroy keeps standing: its Ward breaks
    instead (rulebook "Ward": "If a warded site or unit would be damaged, destroyed, or targeted by
    an opponent's spell or special ability, the Ward breaks instead"). True when it broke."""
    site = run.state.site_at(square)
    if site is None or not site.ward or kind != "destroy" or site.controller in (None, run.ctx.controller):
        return False
    from codex.engine.events import WardBroke
    run.state = run.state.with_site(replace(site, ward=False))
    run.emit(WardBroke(f"site:{square}", site.name, f"destroyed by {run.ctx.source_name}",
                       rules=("ward", "replacement-effect")))
    return True


def _banish_site(run: Run, square: int) -> None:
    """The site leaves the game and its square is a void; the units there are settled as in the void
    (`site_banish.py`)."""
    from codex.engine.entering import ground_notes
    from codex.engine.site_banish import CannotBanishSite, banish_site
    before = run.state
    try:
        run.state, events = banish_site(run.state, square)
    except CannotBanishSite as e:
        raise NotExecutable(str(e)) from e
    run.settle(events + ground_notes(before, run.state))


def remove(run: Run, patients: list[Obj], kind: str, killer: tuple[str, ...] = ()) -> list[Obj]:
    """Kill, destroy, sacrifice, banish or dispel what the words named: minions are marked for death
    together (one batch: their Deathrites, then the burial); artifacts break, sites leave Rubble,
    auras are dispelled. An Avatar is unaffected unless the effect names Avatars (the ruling says
    so). Returns what it removed or marked, so "If you do" knows whether it was done."""
    from codex.engine.storyline import mark_for_death
    if kind not in REMOVALS:
        raise NotExecutable(f"removing by '{kind}'")
    batch: list[Event] = []
    done: list[Obj] = []
    for obj in patients:
        if obj.kind == "unit":
            unit = run.state.unit(obj.key)
            if unit is None:
                continue
            if unit.is_avatar:
                run.note("fails", f"{unit.name} is an Avatar, which cannot be {REMOVED_AS.get(kind, kind)} unless "
                         f"the effect names Avatars: {run.ctx.source_name}'s {kind} does nothing to it.",
                         ("avatar.immune",), unit=unit.id)
                continue
            done.append(obj)
            if kind == "banish":
                run.act(D.Banish(do="banish", unit=unit.id))
                continue
            rules = {"kill": ("kill", "die"), "destroy": ("die",), "sacrifice": ("sacrifice", "die")}.get(kind, ("die",))
            if unit.marked:
                done.remove(obj)
                run.note("fails", f"{unit.name} is already marked for death: {run.ctx.source_name}'s {kind} fails.",
                         ("die.already-marked",), unit=unit.id)
                continue
            credit = tuple(k for k in killer if k != unit.id and run.state.unit(k) is not None) if kind == "kill" else ()
            run.state, marked = mark_for_death(run.state, unit.id, f"{run.ctx.source_name} {kind}s it", rules, credit)
            batch += marked
        elif obj.kind == "artifact" and kind == "banish":
            art = run.state.artifact(str(obj.key))
            if art is not None:
                from codex.engine.events import CardsMoved
                at = run.state.artifact_location(art)
                run.state = run.state.remove_artifact(art.id, "banished")
                run.emit(CardsMoved(art.owner, (art.name,), 0, None, "banished", f"banished from the {at}",
                                    rules=("banished", "banished.never-returns")))
        elif obj.kind == "artifact":
            run.act(D.Destroy(do="destroy", target=D.ArtifactRef(artifact=str(obj.key)), **effect_fields(run)))
        elif obj.kind == "site" and kind == "banish":
            # a banished site is removed from the game (Codex "Banished"), leaving a void, not the Rubble
            # a destroyed one leaves (found by blind real-card round 9, where it was destroyed instead)
            _banish_site(run, int(obj.key))
        elif obj.kind == "site":
            if not _ward_breaks_instead(run, int(obj.key), kind):
                run.act(D.DestroySite(do="destroy_site", square=int(obj.key)))
        elif obj.kind == "aura":
            aura = next((a for a in run.state.auras if a.id == obj.key), None)
            if aura is not None:
                from codex.engine.events import AuraDispelled
                run.state = run.state.evolve(auras=tuple(a for a in run.state.auras if a.id != obj.key))
                run.emit(AuraDispelled(aura.id, aura.name, rules=("dispel",)))
        elif obj.kind == "card":
            from codex.engine.effects.cards import move_cards
            move_cards(run, [obj], "banished" if kind == "banish" else "cemetery", why=f"{kind}ed")
    if batch:
        run.settle(batch)
    return done + [o for o in patients if o.kind != "unit"]


# ----------------------------------------------------------------------------- life, healing, mana

def _heal_problems(act: A.Heal) -> Iterator[str]:
    if act.agent is not None or act.source is not None:
        yield "healing by the damage something dealt"
    if act.amount is not None:
        yield from amount_problems(act.amount)


@executes(A.Heal, roles=("patient",), problems=_heal_problems, adverbs=("fully",))
def _heal(run: Run, act: A.Heal, clause: A.Clause) -> list[Obj]:
    """Heal a minion (damage removed), an Avatar or a player (life gained, up to the maximum)."""
    patients = select(run.state, run.ctx, act.patient, "target") if act.patient is not None else \
        [Obj("player", run.ctx.controller)]
    for obj in patients:
        measure = _each_ones_own(run, act, obj)
        if obj.kind == "unit":
            unit = run.state.unit(obj.key)
            if unit is None:
                continue
            if unit.is_avatar:
                player = run.state.player(unit.controller)
                n = amount(measure, act.amount, "heal") if act.amount is not None else player.max_life - player.life
                run.act(D.Heal(do="heal", player=unit.controller, amount=n))
            else:
                n = amount(measure, act.amount, "heal") if act.amount is not None else max(unit.damage, 0)
                run.act(D.Heal(do="heal", unit=unit.id, amount=n))
        elif obj.kind == "player":
            player = run.state.player(str(obj.key))
            n = amount(measure, act.amount, "heal") if act.amount is not None else player.max_life - player.life
            run.act(D.Heal(do="heal", player=str(obj.key), amount=n))
    return patients


def _each_ones_own(run: Run, act: A.Heal, obj: Obj) -> Run:
    """"All allied minions heal as much as the sites in their body of water" (a paraphrase): with a
    distributive patient, "its" in the amount is each one's own (English distribution; a spell has
    no body of water), so the amount is measured (never acted on) in a run with ``each_one`` naming
    the patient at hand. Found
    by blind real-card round 6, where the caster's body of water was measured for every ally."""
    if not (isinstance(act.patient, A.Selector) and isinstance(act.patient.det, str)
            and act.patient.det.lower() in ("each", "all", "every") and act.amount is not None
            and any(isinstance(n, A.Selector) and isinstance(n.det, str) and n.det.lower() in ("its", "their")
                    for n in A.walk(act.amount))):
        return run
    return Run(run.state, run.ctx.bind("each_one", [obj]))


def _life_amounts(run: Run, act: A.GainLife | A.LoseLife) -> list[tuple[str, int]]:
    """Each player the clause names and the amount of life they gain or lose: computed once, or
    for each of them when it measures "their" own ("Each player loses half their life")."""
    pids = players(run, act.agent)
    if act.agent is not None and any(isinstance(n, A.Ref) and n.word.lower() in ("they", "their")
                                     for n in A.walk(act.amount)):
        out = []
        for pid in pids:
            each = Run(run.state, run.ctx.bind("they", [Obj("player", pid)]))
            each.events = run.events
            out.append((pid, amount(each, act.amount, "life")))
        return out
    n = amount(run, act.amount, "life")
    return [(pid, n) for pid in pids]


@executes(A.GainLife, roles=("agent",), problems=lambda act: iter(amount_problems(act.amount)), adverbs=("also",))
def _gain_life(run: Run, act: A.GainLife, clause: A.Clause) -> list[Obj]:
    for pid, n in _life_amounts(run, act):
        run.act(D.Heal(do="heal", player=pid, amount=n))
    return []


@executes(A.LoseLife, roles=("agent",), problems=lambda act: iter(amount_problems(act.amount)), adverbs=("also",))
def _lose_life(run: Run, act: A.LoseLife, clause: A.Clause) -> list[Obj]:
    for pid, n in _life_amounts(run, act):
        run.act(D.LoseLife(do="lose_life", player=pid, amount=n))
    return []


def _mana_options(mana: Any) -> list[A.Mana] | None:
    """The mana a GainMana offers: one amount, or a choice among several ("Gain (A), (E), (F), or
    (W)"); None for any other words."""
    if isinstance(mana, A.Mana):
        return [mana]
    if isinstance(mana, A.Group) and mana.conj == "or" and all(isinstance(i, A.Mana) for i in mana.items):
        return list(mana.items)
    return None


def _gained(mana: A.Mana) -> tuple[int, dict[str, int]] | None:
    """(generic mana, threshold by element) of gained symbols, ``(1)`` mana and ``(F)`` fire
    threshold; None when a symbol is neither."""
    from codex.engine.keywords import mana_symbols_value
    value = mana_symbols_value(mana.symbols)
    return None if isinstance(value, str) else value


def _mana_problems(act: A.GainMana) -> Iterator[str]:
    options = _mana_options(act.mana)
    if options is None or any(_gained(m) is None or m.extra for m in options):
        yield "gaining mana or threshold in a way the engine does not read"


def _mana_clause_problems(clause: A.Clause) -> Iterator[str]:
    """Threshold gained lasts as long as the words say: the engine reads "this turn" (it ends with
    the turn, as unspent mana is lost then, Codex "Mana"); gained with no time stated, it is not
    guessed."""
    options = _mana_options(getattr(clause.action, "mana", None)) or []
    if any((_gained(m) or (0, {}))[1] for m in options) and (
            clause.duration is None or clause.duration.kind != "this_turn"):
        yield "gaining threshold for a time other than this turn"


def _mana_choice(run: Run, labels: list[str]) -> list[str]:
    """Which of "(A), (E), (F), or (W)" is gained: ``<key>.mana`` names the symbols; the options are
    also words joined by "or", so ``<key>.which`` may give the option's number ("1" for the first), as
    it does for any "or" (docs/scenarios.md "Choices"; found by blind real-card round 8)."""
    which = run.ctx.answer("which") if run.ctx.answer("mana") is None else None
    number = str(which).split(":")[0].strip() if isinstance(which, (str, int)) and not isinstance(which, bool) else ""
    if number.isdigit() and 1 <= int(number) <= len(labels):
        return [labels[int(number) - 1]]
    return run.ctx.choose("mana", labels, why="its controller chooses which to gain")



@executes(A.GainMana, roles=("agent",), problems=_mana_problems, clause_problems=_mana_clause_problems)
def _gain_mana(run: Run, act: A.GainMana, clause: A.Clause) -> list[Obj]:
    """Gain mana ("Gain (1)"), or threshold this turn ("Gain (F) this turn"): affinity of that element
    until the turn ends (`Player.gained_affinity`, counted by `ongoing.player_affinity`, cleared by the
    end phase); among several ("Gain (A), (E), (F), or (W) this turn"), its controller chooses one
    (choice ``<key>.mana``)."""
    from codex.engine.events import ManaGained
    from codex.engine.state import Affinity
    options = _mana_options(act.mana)
    if options is None:
        raise NotExecutable("gaining mana or threshold in a way the engine does not read")
    labels = {"".join(m.symbols): m for m in options}
    [label] = _mana_choice(run, list(labels)) if len(labels) > 1 else [next(iter(labels))]
    gained = _gained(labels[label])
    if gained is None:
        raise NotExecutable(f"gaining {label}")
    n, elements = gained
    if len(labels) > 1:
        run.note("choice", f"{run.ctx.source_name}: {label} is chosen among {', '.join(labels)}.", chosen=label)
    for pid in players(run, act.agent):
        player = run.state.player(pid)
        gain = n
        if gain and pid != run.state.turn.active:
            # Codex "Mana": "You may not generate mana on your opponent's turn." (found by blind ruling
            # round 11: a death trigger on the opponent's turn had given mana)
            run.emit(Note("mana_not_gained", f"{run.ctx.source_name} would give {pid} {gain} mana, but it is not "
                          f"{pid}'s turn: no mana is generated on the opponent's turn.", {"player": pid},
                          rules=("mana.own-turn",)))
            gain = 0
        if gain:
            run.state = run.state.with_player(replace(player, mana=player.mana + gain))
            # a card adds to the pool for this turn (rulebook "Mana"), lost at its end as unspent mana is
            run.emit(ManaGained(pid, gain, player.mana + gain, f"{run.ctx.source_name} gives {pid} {gain} mana",
                                rules=("mana.card", "mana.lost")))
            player = run.state.player(pid)
        if elements:
            now = player.gained_affinity + Affinity.of(elements)
            run.state = run.state.with_player(replace(player, gained_affinity=now))
            told = ", ".join(f"{k} {e}" for e, k in elements.items())
            run.emit(Note("threshold_gained", f"{run.ctx.source_name} gives {pid} {told} affinity this turn, "
                          "counted toward thresholds like a site's until the turn ends.",
                          {"player": pid, "affinity": elements}, rules=("threshold", "threshold.not-spent")))
    return []


def _skip_problems(act: A.Skip) -> Iterator[str]:
    turn = act.patient
    if not (isinstance(turn, A.Selector) and turn.noun.lower() == "turn" and turn.mods == ("next",)
            and turn.det in ("their", "your") and turn.count is None and not turn.filters):
        yield "skipping something other than a player's next turn"


@executes(A.Skip, roles=("agent",), problems=_skip_problems)
def _skip(run: Run, act: A.Skip, clause: A.Clause) -> list[Obj]:
    """"They skip their next turn": the player (a unit named: its controller) does not take their
    next turn; the turn passes on to the player after them (`phases.end_turn`, `Player.skip_turns`)."""
    for pid in players(run, act.agent):
        player = run.state.player(pid)
        run.state = run.state.with_player(replace(player, skip_turns=player.skip_turns + 1))
        run.emit(Note("skip_turn", f"{run.ctx.source_name}: {pid} will skip their next turn.",
                      {"player": pid}, rules=("ongoing-effect",)))
    return []


# ----------------------------------------------------------------------------- lasting effects

def lasting(run: Run, clause: A.Clause, objs: list[Obj], **what: Any) -> None:
    """An effect that lasts: this turn, until a next turn, while its card is in the realm (no
    duration), until an event (a unit takes damage), or permanently."""
    from codex.engine.effects.durations import leaving_source, until_of
    from codex.engine.events import EffectBegan
    until, ends_on = until_of(run, clause)
    if ends_on == "again":              # "until you do so again": doing so again ends the one before
        from codex.engine.effects.durations import done_again, end_lasting
        run.state, ended = end_lasting(run.state, done_again(run.state, run.ctx.key), ("ongoing-effect",))
        run.emit(*ended)
    area = while_area(run, clause)
    if area is not None:        # "units are Immobile while atop target site": whoever is there, while there
        ident = f"{run.ctx.key}#{len(run.state.lasting)}"
        patient = getattr(clause.action, "patient", None)
        effect = Lasting(ident, run.ctx.source_name, run.ctx.controller, until, (), ends_on=ends_on,  # type: ignore[arg-type]
                         area=area, who=patient, end=run.ctx.key if ends_on == "again" else None, **what)
        run.state = run.state.evolve(lasting=run.state.lasting + (effect,))
        where = ", ".join(str(loc) for loc in area) or "nowhere"
        run.emit(EffectBegan(run.ctx.source_name, until, (f"whoever is at {where}",), effect.describe(),
                             rules=("ongoing-effect",)))
        return
    units = tuple(str(o.key) for o in objs if o.kind == "unit")
    if not units:
        return
    ident = f"{run.ctx.key}#{len(run.state.lasting)}"
    source = (leaving_source(run, clause) or f"{run.ctx.source.kind}:{run.ctx.source.key}") if until == "source" \
        else None
    end = clause.duration.event if ends_on == "condition" and clause.duration is not None else (
        run.ctx.key if ends_on == "again" else None)
    effect = Lasting(ident, run.ctx.source_name, run.ctx.controller, until, units, source=source,  # type: ignore[arg-type]
                     ends_on=ends_on, end=end, **what)
    run.state = run.state.evolve(lasting=run.state.lasting + (effect,))
    names = tuple(name_of(run.state, o) for o in objs if o.kind == "unit")
    run.emit(EffectBegan(run.ctx.source_name, until if not ends_on else f"until {ends_on}", names, effect.describe(),
                         rules=("ongoing-effect",)))
    if effect.base_power is not None or effect.power < 0:
        # a minion whose power is set or lowered to its damage or below dies (Codex "Damage"; Codex "Apply All
        # Ongoing Effects Before Checking For Minions Dying"): the at-rest checks run now (found SILENT by blind
        # round 29: a wounded minion set to 0 power lived)
        run.settle([])


def while_area(run: Run, clause: A.Clause) -> tuple[Any, ...] | None:
    """The locations a "while they are atop / occupy X" condition names (chosen now), for an effect
    that covers whoever is there for its duration; None when the clause has no such condition."""
    from codex.engine.geometry import Region
    from codex.engine.effects.select import places
    whiles = [c for c in clause.conditions if isinstance(c, A.Condition) and c.kind == "while"]
    if not whiles:
        return None
    cond = whiles[0].clause
    act = cond.action if isinstance(cond, A.Clause) else None
    if isinstance(act, A.Located) and isinstance(act.where, A.Where):
        locs = places(run.state, run.ctx, act.where)
        if act.where.rel == "atop":
            locs = [loc for loc in locs if loc.region is Region.SURFACE]
        return tuple(dict.fromkeys(locs))
    if isinstance(act, A.Occupy):
        objs = select(run.state, run.ctx, act.patient, "target")
        return tuple(dict.fromkeys(loc for o in objs for loc in locations_of(run.state, o)))
    raise NotExecutable("an effect lasting while something else holds")


def _grant_problems(act: A.Grant) -> Iterator[str]:
    from codex.engine.abilities import keyword_changes
    for g in act.grants:
        if isinstance(g, A.Keyword):
            if keyword_changes(g) is None:
                yield f"granting the keyword {g.name}"
        elif isinstance(g, A.PowerMod) and not isinstance(g.amount, int):
            from codex.engine.effects.amounts import amount_problems
            if not isinstance(g.amount, A.Quantity) or g.amount.kind != "power":
                yield "granting a computed power bonus ('gains its power', '+X power')"
            else:       # "gains its power": the power of the unit named, computed as it resolves
                yield from amount_problems(g.amount)
        elif isinstance(g, A.RangeMod) and not isinstance(g.amount, int):
            yield "granting a computed range bonus ('+X range')"
        elif not isinstance(g, (A.PowerMod, A.RangeMod)):
            yield f"granting {type(g).__name__}"


@executes(A.Grant, roles=("patient",), problems=_grant_problems)
def _grant(run: Run, act: A.Grant, clause: A.Clause) -> list[Obj]:
    from codex.engine.effects.statics import Unsupported, grants_of
    computed = [g for g in act.grants if isinstance(g, A.PowerMod) and isinstance(g.amount, A.Quantity)]
    try:
        kw, power = grants_of(tuple(g for g in act.grants if g not in computed))
    except Unsupported as e:
        raise NotExecutable(str(e)) from None
    for g in computed:
        power += _computed_power(run, g.amount)
    patients = modifiable(run, patients_or_self(run, act.patient), "gain or change anything")
    _gains_refused(run, patients, kw)
    lasting(run, clause, patients, keywords=kw, power=power)
    return patients


def _gains_refused(run: Run, patients: list[Obj], kw: Keywords) -> None:
    """Say which of the keywords given do not take, and why (the keywords are recomputed without
    them, `ongoing.own_keywords`, so they stop nothing if the ban ends): a Ward given to an evil
    minion (rulebook "Evil"), a keyword an effect says it can't gain (Codex "Can vs. Can't")."""
    from codex.engine.effects.statics import applied_to
    from codex.engine.events import CardQuote
    from codex.engine.ongoing import is_evil
    for obj in patients:
        unit = run.state.unit(str(obj.key)) if obj.kind == "unit" else None
        if unit is None:
            continue
        if kw.ward and is_evil(unit) and not unit.keywords.ward:
            run.note("not_gained", f"{unit.name} is evil ({', '.join(unit.subtypes)}): it can't be warded, so it "
                     "gains no Ward.", ("ward.evil",), unit=unit.id)
        applied = applied_to(run.state, unit)
        banned = [n for n in kw.names() if n in applied.cant_gain.names() and n not in unit.keywords.names()]
        if banned:
            quote: CardQuote | None = applied.cant_gain_by[0] if applied.cant_gain_by else None
            run.emit(Note("not_gained", f"{unit.name} can't gain {', '.join(banned)}"
                          + (f" ({quote.card})" if quote else "") + ": the 'can't' takes precedence, so it does not "
                          "have it.", {"unit": unit.id}, rules=("can-vs-cant",), from_card=quote))


def _computed_power(run: Run, value: A.Quantity) -> int:
    """"gains its power": the power of the unit the words name, as it is now (a minion that is dying
    is still in the realm while its death triggers are heard, Codex "Die"); the ruling says what it
    came to. A unit already gone has no power to give: not executed rather than a guess."""
    from codex.engine.effects.amounts import amount
    named = select(run.state, run.ctx, value.of, "power.of") if value.of is not None else []
    if not named or any(o.kind != "unit" or run.state.unit(str(o.key)) is None for o in named):
        raise NotExecutable("the power of a unit no longer in the realm")
    n = amount(run, value, "power")
    run.note("power", f"{run.ctx.source_name}: {describe(run.state, named)} has power {n} now.", ("power",))
    return n


def modifiable(run: Run, patients: list[Obj], what: str) -> list[Obj]:
    """The units among ``patients`` an effect may modify: one that can't be modified (Codex "Can't be
    Modified") is left out, and the ruling says so, quoting its own words."""
    from codex.engine.events import CardQuote
    from codex.engine.unmodifiable import unmodifiable_ability
    out = []
    for obj in patients:
        unit = run.state.unit(str(obj.key)) if obj.kind == "unit" else None
        ability = unmodifiable_ability(unit.abilities) if unit is not None else None
        if unit is None or ability is None:
            out.append(obj)
            continue
        run.emit(Note("unmodified", f"{unit.name} can't be modified: it does not {what}.", {"unit": unit.id},
                      rules=("cant-be-modified",), from_card=CardQuote(unit.name, ability.text)))
    return out


def _lose_problems(act: A.LoseGrant) -> Iterator[str]:
    from codex.engine.effects.type_changes import removes_types
    from codex.engine.lost_abilities import is_this_ability
    if removes_types(act):
        return          # "loses all minion types": the type layer, for the clause's duration (`type_changes.py`)
    from codex.engine.effects.statics import names_abilities
    if names_abilities(act.abilities, ("all", "its", "their")) and not act.grants:
        return          # "loses all abilities": silenced for the clause's duration (Codex "Silenced")
    if act.abilities is not None and is_this_ability(act.abilities) and not act.grants:
        return          # "lose this ability": the ability resolving takes itself away (`lost_abilities.py`)
    if act.abilities is None and act.grants and all(isinstance(g, A.GrantedAbility) for g in act.grants):
        return          # 'loses "Tap → ..."': an ability named by its words (`lost_abilities.py`)
    if act.abilities is not None or not act.grants:
        yield "losing abilities other than keywords"
    else:
        yield from _grant_problems(A.Grant(grants=act.grants))


def _lose_this_ability(run: Run, clause: A.Clause, patients: list[Obj]) -> list[Obj]:
    """"... move there and lose this ability" (a settler's site-playing ability): the units named lose the ability being
    resolved, as a lasting effect (never its printed text: `lost_abilities.py`)."""
    owner = run.ctx.source
    if any(o != owner and o.kind != "player" for o in patients):
        raise NotExecutable("a card losing an ability of another card ('this ability' is its own card's)")
    if owner.kind != "unit":
        raise NotExecutable("a card other than a unit losing an ability")
    # "you gain 1 life and lose this ability": the ability is its card's, so its card loses it,
    # whoever the sentence's subject is (a player has no abilities)
    losers = modifiable(run, [owner], "lose anything")     # one that can't be modified keeps it
    lasting(run, clause, losers, lost_abilities=(run.ctx.ability.text,))
    return losers


def _lose_named(run: Run, clause: A.Clause, act: A.LoseGrant) -> list[Obj]:
    """'Target minion loses "Tap → Draw a card."': the units named lose the ability those words are
    (matched by the grammar's canonical words of each, `lost_abilities.canonical`), as a lasting effect."""
    from codex.engine.lost_abilities import canonical
    words = tuple(w for g in act.grants if isinstance(g, A.GrantedAbility) for ab in g.abilities
                  if (w := canonical(ab)) is not None)
    if not words:
        raise NotExecutable("losing an ability whose words cannot be printed back")
    patients = patients_or_self(run, act.patient)
    if any(o.kind != "unit" for o in patients):
        raise NotExecutable("a card other than a unit losing an ability")
    patients = modifiable(run, patients, "lose anything")
    lasting(run, clause, patients, lost_abilities=words)
    return patients


@executes(A.LoseGrant, roles=("patient",), problems=_lose_problems)
def _lose(run: Run, act: A.LoseGrant, clause: A.Clause) -> list[Obj]:
    from codex.engine.effects.statics import Unsupported, grants_of
    from codex.engine.lost_abilities import is_this_ability
    if act.abilities is not None and is_this_ability(act.abilities) and not act.grants:
        return _lose_this_ability(run, clause, patients_or_self(run, act.patient))
    if act.abilities is None and act.grants and all(isinstance(g, A.GrantedAbility) for g in act.grants):
        return _lose_named(run, clause, act)
    from codex.engine.effects.type_changes import removes_types
    if removes_types(act):
        # "Target minion loses all minion types until end of turn": no minion types while it lasts
        losers = modifiable(run, patients_or_self(run, act.patient), "lose anything")
        lasting(run, clause, [o for o in losers if o.kind == "unit"], subtypes=())
        return losers
    from codex.engine.effects.statics import names_abilities
    if names_abilities(act.abilities, ("all", "its", "their")) and not act.grants:
        # "Target minion loses all abilities until end of turn": what silencing does (Codex "Silenced":
        # "loses all its special abilities"), so it is silenced for the clause's duration
        silenced = modifiable(run, patients_or_self(run, act.patient), "lose its abilities")
        lasting(run, clause, silenced, states=frozenset({"silenced"}))
        return silenced
    try:
        kw, _ = grants_of(act.grants)
    except Unsupported as e:
        raise NotExecutable(str(e)) from None
    patients = modifiable(run, patients_or_self(run, act.patient), "lose anything")
    lasting(run, clause, patients, lost=kw)
    return patients


STATES = ("silenced", "disabled", "asleep")


def _set_state_problems(act: A.SetState) -> Iterator[str]:
    if act.state not in STATES + ("flooded",):
        yield f"making something {act.state}"


@executes(A.SetState, roles=("patient",), problems=_set_state_problems)
def _set_state(run: Run, act: A.SetState, clause: A.Clause) -> list[Obj]:
    """Silence, disable, put to sleep (disabled until it takes damage: Codex "Asleep"), or flood a site."""
    patients = patients_or_self(run, act.patient)
    if act.state == "flooded":
        from codex.engine.effects.durations import until_again
        if until_again(clause.duration):      # "Flood a site ... until you do so again"
            return _flood_again(run, patients)
        for obj in patients:
            if obj.kind == "site":
                this_turn = clause.duration is not None and clause.duration.kind == "this_turn"
                if clause.duration is not None and not this_turn and clause.duration.kind != "permanently":
                    raise NotExecutable(f"a flood lasting '{clause.duration.kind}'")
                run.act(D.Flood(do="flood", square=int(obj.key), this_turn=this_turn))
        return patients
    if act.state not in STATES:
        raise NotExecutable(f"making something {act.state}")
    if act.state == "silenced":
        patients = modifiable(run, patients, "lose its abilities")
    if act.state in ("disabled", "asleep"):         # asleep is disabled until hurt (Codex "Asleep")
        patients = _disablable(run, patients)
    if act.state == "asleep" and clause.duration is None:     # asleep until it is hurt
        clause = A.replace(clause, duration=A.Duration(kind="until", event=A.Clause(action=A.Damage(
            patient=A.Ref(word="it")))))
    lasting(run, clause, patients, states=frozenset({act.state}))
    return patients


def _disablable(run: Run, patients: list[Obj]) -> list[Obj]:
    """The units among ``patients`` an effect may disable: one whose own words say it can't be
    disabled is left out (Codex "Can vs. Can't": the "can't" wins), and the ruling says so."""
    from codex.engine.events import CardQuote
    from codex.engine.unmodifiable import undisablable
    out = []
    for obj in patients:
        unit = run.state.unit(str(obj.key)) if obj.kind == "unit" else None
        ability = undisablable(unit) if unit is not None else None
        if unit is None or ability is None:
            out.append(obj)
            continue
        run.emit(Note("not_disabled", f"{unit.name} can't be disabled: {run.ctx.source_name} does not disable it.",
                      {"unit": unit.id}, rules=("the-silver-rule", "can-vs-cant"),
                      from_card=CardQuote(unit.name, ability.text)))
    return out


def _flood_again(run: Run, patients: list[Obj]) -> list[Obj]:
    """A flood "until you do so again": the site is flooded, and the sites this ability flooded
    before are no longer (`terrain.flood_again`; the site is chosen while those still are)."""
    from codex.engine.entering import ground_notes
    from codex.engine.terrain import flood_again
    for obj in patients:
        if obj.kind != "site":
            continue
        before = run.state
        run.state, events = flood_again(run.state, int(obj.key), run.ctx.key)
        run.settle(events + ground_notes(before, run.state))
    return patients


# ----------------------------------------------------------------------------- strikes and fights

def _keeps_stealth(clause: A.Clause) -> bool:
    """"... without losing Stealth"."""
    return any(adj.prep == "without" and isinstance(adj.what, A.Clause) and isinstance(adj.what.action, A.LoseGrant)
               and [g.name for g in adj.what.action.grants if isinstance(g, A.Keyword)] == ["stealth"]
               for adj in clause.adjuncts)


def _strike_problems(act: A.Strike) -> Iterator[str]:
    return iter(())


def _strike_clause_problems(clause: A.Clause) -> Iterator[str]:
    if "first" in clause.adverbs and (getattr(clause.action, "patient", None) is not None or clause.adjuncts
                                      or len(clause.adverbs) > 1):
        yield "striking something first"


def _strikes_first(run: Run, act: A.Strike, clause: A.Clause) -> list[Obj]:
    """"Allies strike first this turn": first strike (Codex "First Strike") given for the
    clause's duration to the units named now, as any keyword an effect gives (`lasting`)."""
    from codex.engine.keywords import Keywords
    patients = modifiable(run, patients_or_self(run, act.agent), "gain or change anything")
    lasting(run, A.replace(clause, adverbs=()), patients, keywords=Keywords(first_strike=True))
    return patients


@executes(A.Strike, roles=("agent", "patient"), adverbs=("afterwards", "first"), adjuncts=("without",),
          problems=_strike_problems, clause_problems=_strike_clause_problems)
def _strike(run: Run, act: A.Strike, clause: A.Clause) -> list[Obj]:
    if "first" in clause.adverbs:
        return _strikes_first(run, act, clause)
    if any(adj.prep == "without" for adj in clause.adjuncts) and not _keeps_stealth(clause):
        raise NotExecutable("striking 'without' something other than losing Stealth")
    if "afterwards" in clause.adverbs and run.state.attacking is not None:
        # "he strikes that enemy afterwards": once the attack being resolved is over
        later = A.replace(clause, adverbs=tuple(a for a in clause.adverbs if a != "afterwards"))
        run.state = run.state.evolve(afterwards=run.state.afterwards + ((run.ctx, later),))
        run.note("afterwards", f"{run.ctx.source_name}'s strike waits until the attack is over.", ("storyline",))
        return []
    agents = patients_or_self(run, act.agent, "striker")
    inner = act.agent is not None and not isinstance(act.patient, A.Ref)
    patients = select(run.state, run.ctx.bind("it", agents) if inner else run.ctx, act.patient, "target")       # "An ally strikes each enemy at its location": "it" is the ally
    keep = _keeps_stealth(clause)
    reflexive = _names_itself(act.patient)     # "strike themselves or another target adjacent unit"
    for a in agents:
        for p in patients:
            if a.kind == p.kind == "unit" and (a != p or reflexive) and run.state.unit(str(p.key)) is not None:
                before = run.state.unit(str(a.key))
                had = before is not None and before.keywords.stealth
                run.act(D.StrikeAction(do="strike", unit=str(a.key), target=str(p.key), anywhere=True,
                                       **effect_fields(run, targeted(act.patient))))
                after = run.state.unit(str(a.key))
                if keep and had and after is not None and not after.keywords.stealth:
                    from codex.engine.events import StealthLost
                    run.state = run.state.with_unit(replace(after, keywords=replace(after.keywords, stealth=True)))
                    run.events = [e for e in run.events if not (isinstance(e, StealthLost) and e.unit == after.id)]
                    run.note("stealth", f"{after.name} strikes without losing Stealth.", ("stealth",), unit=after.id)
    return patients


@executes(A.Hit, roles=("agent", "patient"), problems=_strike_problems)
def _hit(run: Run, act: A.Hit, clause: A.Clause) -> list[Obj]:
    """"It hits an enemy minion": as an effect (not a projectile's event, which conditions and
    triggers read), a unit hitting another is plain English for striking it (Codex "Strike": a unit
    deals damage equal to its power), so it runs as the strike does."""
    return _strike(run, A.Strike(agent=act.agent, patient=act.patient), clause)


def _names_itself(node: Any) -> bool:
    """Whether the words name the actor itself ("themselves", "itself"): a unit strikes itself only
    when they do (not when "each unit here" happens to include it)."""
    return any(isinstance(n, A.Ref) and n.word.lower() in ("itself", "themselves", "himself", "herself")
               for n in A.walk(node))


def run_afterwards(state: Any) -> tuple[Any, list[Event]]:
    """The effects that waited for the attack to be over ("he strikes that enemy afterwards")."""
    from codex.engine.effects.execute import run_clause
    waiting, state = state.afterwards, state.evolve(afterwards=())
    events: list[Event] = []
    for ctx, clause in waiting:
        run = Run(state, ctx)
        try:
            run_clause(run, clause)
        except NotExecutable:
            continue
        state = run.state
        events += run.events
    return state, events


def _fight_problems(act: A.Fight) -> Iterator[str]:
    """"fight each other" names no one new: the fighters are the subject's two."""
    from codex.engine.effects.check import sel_problems
    if not (isinstance(act.patient, A.Ref) and act.patient.word.lower() == "each other"):
        yield from sel_problems(act.patient)


@executes(A.Fight, roles=("agent",), problems=_fight_problems)
def _fight(run: Run, act: A.Fight, clause: A.Clause) -> list[Obj]:
    """"An ally fights target enemy that is adjacent to it": the units fight wherever the words found them (a
    fight an effect names ignores attack restrictions, Codex "Phrases with Subtle Meanings"); "they
    fight", with no object, is the two named fighting each other."""
    agents = patients_or_self(run, act.agent, "fighter")
    mutual = isinstance(act.patient, A.Ref) and act.patient.word.lower() == "each other"
    if (act.patient is None or mutual) and act.agent is not None:     # "they fight (each other)"
        pair = [a for a in agents if a.kind == "unit"]
        if len(pair) != 2:
            raise NotExecutable("units fighting each other other than two")
        run.act(D.Fight(do="fight", unit=str(pair[0].key), other=str(pair[1].key), anywhere=True,
                        **effect_fields(run, False)))
        return pair
    inner = act.agent is not None and not isinstance(act.patient, A.Ref)
    patients = select(run.state, run.ctx.bind("it", agents) if inner else run.ctx, act.patient, "target")       # "an ally fights a targeted enemy adjacent to it": "it" is the ally
    for a in agents:
        for p in patients:
            if a.kind == p.kind == "unit" and a != p:
                run.act(D.Fight(do="fight", unit=str(a.key), other=str(p.key), anywhere=True,
                                **effect_fields(run, targeted(act.patient))))
    return patients


# ----------------------------------------------------------------------------- choosing, targeting

def _other_choosers(agent: Any) -> bool:
    """"Each player chooses", "An opponent chooses": players who choose, other than (or besides)
    the effect's controller."""
    return isinstance(agent, A.Selector) and agent.noun.lower().removesuffix("s") in ("player", "opponent") \
        and agent.det in ("each", "a", "an", "target", "the", "your", None) and not agent.mods and not agent.filters


def _choose_problems(act: A.Choose) -> Iterator[str]:
    if act.kind not in ("choose", "target") or act.action is not None:
        yield f"choosing by '{act.kind}'"
    from codex.engine.effects.ally_acts import unit_chooser
    if act.kind == "target" and unit_chooser(act.agent):     # "An ally targets ...": `ally_acts`
        return
    if act.agent is not None and not (isinstance(act.agent, A.Ref) and act.agent.word in ("you", "SELF")) \
            and not (_other_choosers(act.agent) and act.kind == "choose"):
        yield "a choice another player makes"


def direction_problems(node: A.Selector) -> Iterator[str]:
    """"a direction from the caster", "a cardinal direction", "two different cardinal directions":
    the cardinal directions (Codex "Cardinal Directions"), from the caster or a unit named."""
    from codex.engine.effects.check import sel_problems
    if {m.lower() for m in node.mods} - {"cardinal", "different"}:
        yield "a direction of a kind the engine does not read"
    if not (node.count in (None, 1, 2) and node.det in (None, "a") and node.quant is None):
        yield "choosing some number of directions the engine does not read"
    for f in node.filters:
        if not (isinstance(f, A.Where) and f.rel == "from" and f.of is not None):
            yield "a direction from something the engine does not read"
        elif not (isinstance(f.of, A.Ref) and f.of.word == "SELF"):
            yield from sel_problems(f.of)


def _directions(run: Run, sel: A.Selector) -> list[Obj]:
    """The cardinal directions the controller chooses (choice ``direction``: "north", or a list for
    two), from the unit the words name (default: the caster, else the card); bound as
    ``direction`` (and its origin as ``direction_from``) for the damage grid that follows
    (`areas.area_locations`)."""
    from codex.engine.geometry import Direction
    count = int(sel.count) if isinstance(sel.count, int) else 1
    options = [Obj("direction", d.value) for d in Direction]
    chosen = run.ctx.choose("direction", options, count=count,
                            why=f"choose {'a' if count == 1 else count} cardinal direction{'s' if count > 1 else ''}")
    frm = next((f.of for f in sel.filters if isinstance(f, A.Where) and f.rel == "from"), None)
    if frm is None or isinstance(frm, A.Selector) and frm.noun.lower() == "caster":
        origin = [Obj("unit", run.ctx.caster)] if run.ctx.caster else [run.ctx.source]
    else:
        origin = patients_or_self(run, frm if not (isinstance(frm, A.Ref) and frm.word == "SELF") else None)
    run.ctx = run.ctx.bind("direction", chosen).bind("direction_from", origin[:1])
    run.emit(Note("chosen", f"{run.ctx.source_name}: {run.ctx.controller} chooses "
                  f"{' and '.join(str(o.key) for o in chosen)} from {describe(run.state, origin[:1])}.",
                  {"chosen": [str(o.key) for o in chosen]}, rules=("cardinal-directions",)))
    return chosen


def _choose_clause_problems(clause: A.Clause) -> Iterator[str]:
    """A unit's targeting reads its participles ("..., destroying X and then striking them"); any
    other choice has none."""
    from codex.engine.effects.ally_acts import problems, unit_chooser
    act = clause.action
    if act.kind == "target" and unit_chooser(act.agent):
        yield from problems(act, clause)
    elif any(adj.prep == "while" for adj in clause.adjuncts):
        yield "the adjunct 'while ...' on Choose"


@executes(A.Choose, roles=("patient",), problems=_choose_problems, adjuncts=("while",),
          clause_problems=_choose_clause_problems)
def _choose(run: Run, act: A.Choose, clause: A.Clause) -> list[Obj]:
    """"Target a location up to three steps away", "Choose two sites": the chosen objects are what
    the next sentences call "it", "there", "those"."""
    from codex.engine.effects.ally_acts import run_targets, unit_chooser
    if act.kind == "target" and unit_chooser(act.agent):     # "An ally targets an adjacent enemy, ..."
        return run_targets(run, act, clause)
    patient = act.patient
    if isinstance(patient, A.Selector) and patient.noun.lower().rstrip("s") == "direction":
        return _directions(run, patient)
    if act.kind == "target" and isinstance(patient, A.Selector) and patient.det in (None, "a", "an"):
        patient = A.replace(patient, det="target")
    if act.agent is not None and _other_choosers(act.agent):
        return _others_choose(run, act, patient)
    chosen = select(run.state, run.ctx, patient, "chosen" if _targets_inside(patient) else "target")
    run.emit(Note("chosen", f"{run.ctx.source_name}: {run.ctx.controller} chooses {describe(run.state, chosen)}.",
                  {"chosen": [str(o.key) for o in chosen]}, rules=("target",) if act.kind == "target" else ()))
    _remember(run, chosen)
    from codex.engine.effects.select import CHOSEN_BEFORE
    run.ctx = run.ctx.bind(CHOSEN_BEFORE, chosen)     # "the chosen site" later in this effect
    return chosen


def _targets_inside(node: Any) -> bool:
    """"Choose any number of enemies at target location": the pick is not targeted but a place inside
    its words is, and that place is the `target` choice; the objects picked there are `chosen`, so the
    two choices do not share one key (found by blind real-card round 12)."""
    if not isinstance(node, A.Selector) or node.det == "target" or "target" in node.mods:
        return False
    return any(isinstance(f, A.Where) and isinstance(f.of, A.Selector) and
               (f.of.det == "target" or "target" in f.of.mods) for f in node.filters)


def _theirs(node: Any) -> bool:
    """"one of their minions": words naming the chooser's own (read with the chooser as "your")."""
    if isinstance(node, A.Partitive):
        return _theirs(node.of)
    return isinstance(node, A.Selector) and (node.det == "their" or any(_they_control(f) for f in node.filters))


def _they_control(f: Any) -> bool:
    """"(a minion) they control": a relative clause whose doer is the chooser, named "they"."""
    clause = f.clause if isinstance(f, A.Relative) else None
    act = clause.action if isinstance(clause, A.Clause) else None
    return isinstance(act, (A.Control, A.Own)) and isinstance(act.agent, A.Ref) and act.agent.word == "they" \
        and not act.agent.filters and isinstance(clause, A.Clause) and not clause.negated


def _as_chooser(node: Any) -> Any:
    """The words as the choosing player reads them: "one of their minions", "a minion they control"
    are the chooser's own ("your", "you control")."""
    if isinstance(node, A.Partitive):
        return A.replace(node, of=_as_chooser(node.of))
    if isinstance(node, A.Selector) and node.det == "their":
        node = A.replace(node, det="your")
    if isinstance(node, A.Selector) and any(_they_control(f) for f in node.filters):
        node = A.replace(node, filters=tuple(
            A.replace(f, clause=A.replace(f.clause, action=A.replace(f.clause.action, agent=A.Ref("you"))))
            if _they_control(f) else f for f in node.filters))
    return node


def _others_choose(run: Run, act: A.Choose, patient: Any) -> list[Obj]:
    """"each player picks one minion of theirs", "an opponent picks a site": each player the
    words name chooses, the active player first (choice ``target.<player>``); "their" is the
    chooser's, any other word keeps the card's point of view ("An opponent chooses one of your
    minions": the card's controller's); what they chose is "it", and what they could have chosen
    but did not is "the rest"."""
    from dataclasses import replace
    from codex.engine.effects.select import select_all
    players = [str(o.key) for o in select(run.state, run.ctx, act.agent, "chooser") if o.kind == "player"]
    active = run.state.turn.active
    players = [p for p in players if p == active] + [p for p in players if p != active]
    chosen: list[Obj] = []
    rest: list[Obj] = []
    words = _as_chooser(patient)
    pool_words = words.of if isinstance(words, A.Partitive) and words.of is not None else words
    for player in players:
        ctx = replace(run.ctx, controller=player) if _theirs(patient) else run.ctx
        pool = select_all(run.state, ctx, pool_words)
        mine = select(run.state, ctx, words, f"target.{player}")
        chosen += mine
        rest += [o for o in pool if o not in mine and o not in rest]
        run.emit(Note("chosen", f"{run.ctx.source_name}: {player} chooses {describe(run.state, mine)}.",
                      {"player": player, "chosen": [str(o.key) for o in mine]}, from_card=run.ctx.quote))
    rest = [o for o in rest if o not in chosen]
    run.ctx = run.ctx.bind("rest", rest).bind("chosen", chosen)
    _remember(run, chosen)
    return chosen


def _remember(run: Run, chosen: list[Obj]) -> None:
    """A unit's ability had a player choose: the unit remembers it, for "that site" in its other
    abilities ("when the card enters the site chosen before"), until one of its abilities chooses again."""
    from dataclasses import replace
    unit = run.state.unit(str(run.ctx.source.key)) if run.ctx.source.kind == "unit" else None
    if unit is not None and chosen:
        run.state = run.state.with_unit(replace(unit, chosen=tuple(chosen)))


# ----------------------------------------------------------------------------- burrow, submerge

RELOCATIONS = ("burrow", "submerge", "surface", "unburrow")


def _relocate_problems(act: A.Relocate) -> Iterator[str]:
    if act.kind not in RELOCATIONS:
        yield f"relocating by '{act.kind}'"


@executes(A.Relocate, roles=("patient",), problems=_relocate_problems)
def _relocate(run: Run, act: A.Relocate, clause: A.Clause) -> list[Obj]:
    """Burrow, submerge, surface: a unit or artifact moves between its site's surface and
    subsurface (Codex "Burrowing", "Submerge"); a minion without the ability dies there like any
    other."""
    from codex.engine.geometry import Location, Region
    from codex.engine.ongoing import site_is_water
    kind = act.kind
    patients = patients_or_self(run, act.patient)
    moved = []
    for obj in patients:
        where = locations_of(run.state, obj)
        if obj.kind not in ("unit", "artifact") or not where:
            continue
        loc = where[0]
        site = run.state.site_at(loc.square)
        if site is None:
            continue
        water = site_is_water(run.state, site)
        if kind in ("burrow", "submerge"):
            if (kind == "burrow") == water or loc.region is not Region.SURFACE:
                run.note("cannot", f"{name_of(run.state, obj)} cannot {kind} here: "
                         f"{site.name} is a {'water' if water else 'land'} site.", unit=str(obj.key))
                continue
            to = Location(site.square, Region.UNDERWATER if water else Region.UNDERGROUND)
        elif kind in ("surface", "unburrow"):
            if loc.region is Region.SURFACE:
                continue
            to = Location(site.square, Region.SURFACE)
        else:
            raise NotExecutable(f"relocating by '{kind}'")
        if obj.kind == "artifact":
            art = run.state.artifact(str(obj.key))
            if art is not None and art.bearer is None:
                from codex.engine.events import Teleported
                run.state = run.state.with_artifact(replace(art, location=to))
                run.note("move_artifact", f"{art.name} moves to the {to}.", artifact=art.id)
                moved.append(obj)
            continue
        place: Any = [to.square, to.region.value]
        if run.act(D.Move(do="move", unit=str(obj.key), how="teleport", to=place,
                          **effect_fields(run, targeted(act.patient)))):
            moved.append(obj)
    return moved


# ----------------------------------------------------------------------------- control

def _control_problems(act: A.GainControl | A.Control) -> Iterator[str]:
    if act.agent is not None and not (isinstance(act.agent, A.Ref) and act.agent.word == "you"):
        yield "control gained by someone other than the effect's controller"


@executes(A.Control, roles=("patient",), problems=_control_problems)
def _control(run: Run, act: A.Control, clause: A.Clause) -> list[Obj]:
    """"You control that minion until it no longer has Stealth": said by an effect, controlling is gaining
    control for the clause's duration (as "gain control of it until ..."); a static "You control
    every Beast" is not this (the control layer, `static_control.py`)."""
    return _gain_control(run, A.GainControl(patient=act.patient, agent=act.agent), clause)


@executes(A.GainControl, roles=("patient",), problems=_control_problems)
def _gain_control(run: Run, act: A.GainControl, clause: A.Clause) -> list[Obj]:
    """Gain control of minions or sites (Codex "Ownership and Control"): for good, or for the
    clause's duration, after which control returns to whoever had it."""
    from codex.engine.effects.durations import leaving_source, until_of
    patients = patients_or_self(run, act.patient)
    who = run.ctx.controller
    back: list[tuple[str, str]] = []
    for obj in patients:
        if obj.kind == "unit" and (u := run.state.unit(obj.key)) is not None and u.is_minion:
            if u.controller != who:
                run.act(D.GainControl(do="gain_control", player=who, unit=u.id))
                now = run.state.unit(u.id)
                if now is not None and now.controller == who:     # not refused by a ban (`control_refused`)
                    back.append((u.id, u.controller))
            else:
                run.note("control_kept", f"{who} already controls {u.name}: nothing changes.", ("control.change",), unit=u.id)
        elif obj.kind == "site" and (site := run.state.site_at(int(obj.key))) is not None:
            if site.controller != who:
                run.act(D.GainControl(do="gain_control", player=who, site=site.square))
                if clause.duration is not None and clause.duration.kind != "permanently":
                    raise NotExecutable("control of a site for a while")
            else:
                run.note("control_kept", f"{who} already controls the site at square {site.square}: nothing changes.",
                         ("control.change",), site=site.square)
    if back and clause.duration is not None and clause.duration.kind != "permanently":
        until, ends_on = until_of(run, clause)
        source = (leaving_source(run, clause) or f"{run.ctx.source.kind}:{run.ctx.source.key}") \
            if until == "source" else None
        end = clause.duration.event if ends_on == "condition" else None
        effect = Lasting(f"{run.ctx.key}#{len(run.state.lasting)}", run.ctx.source_name, who, until,  # type: ignore[arg-type]
                         tuple(uid for uid, _ in back), source=source, ends_on=ends_on, end=end,
                         control_from=tuple(back))
        run.state = run.state.evolve(lasting=run.state.lasting + (effect,))
        from codex.engine.effects.durations import end_lasting, ended
        over = [e for e in ended(run.state, []) if e.id == effect.id]
        if over:    # "until it no longer has Stealth" and it already has none (taken as control changed)
            run.state, done = end_lasting(run.state, over, ("ongoing-effect",))
            run.emit(*done)
    return patients
