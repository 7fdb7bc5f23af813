"""Executing card text: an ability's sentences, clause by clause, over the engine's own actions.

A card effect is the card-text AST run against the board. Each clause names a primitive (deal
damage, draw, tap, kill, give a keyword, summon, move, look at cards...) and its roles (who, what,
how much, where); the roles are evaluated by `select`, and the primitive is carried out by the same
engine code a scenario's own action would use (`actions/`), so a card's damage obeys every rule a
scenario's damage does (reductions, Ward, death's door, deaths through the storyline). Every event
an effect causes carries the card's own sentence (`CardQuote`), so the ruling quotes the card
beside the Codex rule that applied it.

The primitives live by area (`board.py`: damage, life, tapping, removal, grants, fights;
`cards.py`: draw, look, search, put, shuffle, discard; `summon.py`: summon and conjure;
`motion.py`: moves, steps, pushes; `shoot.py`: projectiles). Each registers its executor here with
`executes`, together with the roles it reads and a function saying what of a node it cannot run:
`check.py` reads the same registry, so what the coverage counts is what the executor runs.

Scope rules of the AST: a sentence's conditions guard all its clauses; ``may`` asks the player (the
scenario's ``choices``); ``it``/``they`` refer to what the previous clause acted on (else the
triggering event's unit); a duration makes the effect last (`state.Lasting`) until it ends. What
the engine cannot do raises `NotExecutable`: the ability is then named as not executed.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator

from codex.cardtext import ast as A
from codex.cardtext.parser import DROPPED_REASON, dropped_words
from codex.cardtext.printer import PrintError, to_text
from codex.engine import document as D
from codex.engine.abilities import Ability, AbilityKind
from codex.engine.effects.antecedents import AIMED_AT, OTHER_IT
from codex.engine.effects.conditions import holds
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.select import NoLegalTarget, NotExecutable, count_all, describe, select_all
from codex.engine.events import AbilityNotExecuted, CardQuote, Event, Marked, Note
from codex.engine.keywords import Keywords
from codex.engine.state import GameState

Resolved = tuple[GameState, list[Event]]


class Run:
    """A card effect being resolved: the state reached and the events so far."""

    def __init__(self, state: GameState, ctx: Ctx):
        self.state = state
        self.start = state                           # the board as the effect began to resolve
        self.ctx = ctx
        self.events: list[Event] = []
        self.did: bool | None = None                 # whether the last optional clause was done ("If you do")
        self.rest: tuple[Any, ...] = ()              # the sentences after the one running
        self.stop = False                            # a clause ran the rest of the ability itself
        self.searched: tuple[str, str] | None = None  # (owner, deck) last searched or looked at ("Shuffle")
        self.mays = 0                                # "you may" asked so far (keys may, may.2, ...)
        self.arrived: bool | None = None             # the last move's units got where they were going
        self.limit: Any = None                       # the running sentence's limit ("once this turn")
        self.deaths: list[Marked] | None = None      # the units the last killing sentence marked ("if none die")
        self.held: bool | None = None                # whether the last sentence's condition held ("Otherwise")
        #: a cast's declared targets kept for a repetition's additional targets (`repeat.split_declared`)
        self.additional: tuple[str, ...] | None = None
        #: running the first effect of "X, or Y if it can't": an effect that cannot be done raises
        #: `attack_effect.CannotDo` instead of doing nothing (`_run_fallback`)
        self.or_else = False

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

    def apply(self, resolved: Resolved) -> None:
        self.state, events = resolved
        self.emit(*events)

    def settle(self, batch: list[Event]) -> None:
        from codex.engine.events import offered
        from codex.engine.storyline import settle
        self.emit(*offered(batch))
        self.state, rest = settle(self.state, batch)
        self.emit(*rest)

    def note(self, kind: str, sentence: str, rules: tuple[str, ...] = (), **details: Any) -> None:
        self.emit(Note(kind, sentence, details, rules=rules))


# ----------------------------------------------------------------------------- the registry

Executor = Callable[[Run, Any, A.Clause], list[Obj]]
Problems = Callable[[Any], Iterator[str]]


def _no_problems(act: Any) -> Iterator[str]:
    return iter(())


@dataclass(frozen=True)
class Primitive:
    """How the engine runs one AST primitive: the executor, the roles whose selectors it evaluates
    (so `check.py` checks their words), and what of a node it cannot run (`problems`)."""

    run: Executor
    roles: tuple[str, ...] = ()
    problems: Problems = field(default=_no_problems)
    adverbs: frozenset[str] = frozenset()        # the adverbs of its clause it reads ("tapped", "together")
    adjuncts: frozenset[str] = frozenset()       # the prepositions of its clause's adjuncts it reads
    clause_problems: Callable[[A.Clause], Iterator[str]] | None = None   # what of its clause it cannot run
    permission: bool = False                     # "You may cast that spell": its "may" is a permission, not asked now
    own_purpose: Callable[[A.Clause], bool] | None = None   # the clause's purpose is its own ("to cast")


#: Adverbs and adjuncts every clause may carry, read by `run_clause` itself: "repeating for each X".
CLAUSE_ADJUNCTS = frozenset({"while"})


EXECUTORS: dict[type, Primitive] = {}
#: The grammar's catch-all verb (`A.Action`) by lemma, for lemmas with an executor of their own
#: ("flow"); any other lemma goes to the `A.Action` executor.
LEMMAS: dict[str, Primitive] = {}


def executes(node_type: type, *, roles: tuple[str, ...] = (), problems: Problems | None = None,
             adverbs: tuple[str, ...] = (), adjuncts: tuple[str, ...] = (),
             clause_problems: Callable[[A.Clause], Iterator[str]] | None = None,
             own_purpose: Callable[[A.Clause], bool] | None = None,
             permission: bool = False, lemma: str | None = None) -> Callable[[Executor], Executor]:
    """Register the executor of ``node_type`` (with the roles it selects, its problems, and the
    adverbs and adjuncts of a clause it reads: `check.py` names any other as missing); with
    ``lemma``, of that lemma of the catch-all verb only."""
    def register(fn: Executor) -> Executor:
        primitive = Primitive(fn, roles, problems or _no_problems, frozenset(adverbs), frozenset(adjuncts),
                              clause_problems=clause_problems, own_purpose=own_purpose, permission=permission)
        if lemma is not None:
            LEMMAS[lemma] = primitive
        else:
            EXECUTORS[node_type] = primitive
        return fn
    return register


def primitive_of(act: Any) -> Primitive | None:
    """The executor of an action node: its lemma's for the catch-all verb, else its type's."""
    if isinstance(act, A.Action) and act.lemma in LEMMAS:
        return LEMMAS[act.lemma]
    return EXECUTORS.get(type(act))


def has_own_purpose(clause: A.Clause) -> bool:
    """Whether the clause's purpose is read by its primitive ("costs (3) less to cast")."""
    primitive = primitive_of(clause.action)
    return primitive is not None and primitive.own_purpose is not None and primitive.own_purpose(clause)


def repeats(clause: A.Clause) -> Any:
    """"..., repeating for each site in your hand": the words counted, or None."""
    for adj in clause.adjuncts:
        what = adj.what
        if adj.prep == "while" and isinstance(what, A.Clause) and isinstance(what.action, A.Action) \
                and what.action.lemma == "repeat" and what.per is not None:
            return what.per
    return None


# ----------------------------------------------------------------------------- clauses and sentences

def run_clause(run: Run, clause: A.Clause) -> list[Obj]:
    """One clause: its modality, conditions and "for each", then its primitive."""
    from codex.engine.effects.links import is_link, run_links
    if is_link(clause):          # "units can move between them as if they were adjacent": a permission that lasts
        return run_links(run, clause)
    from codex.engine.effects.durations import realm_while
    clause = realm_while(clause)     # "for as long as X remains in the realm": the effect's duration
    from codex.engine.untapping import hold_untapped, holds_untapped, skip_next_untap, skips_next_untap
    if skips_next_untap(clause):     # "It does not untap the next time it would"
        return skip_next_untap(run, clause)
    if holds_untapped(clause):       # "It can't untap until your next turn"
        return hold_untapped(run, clause)
    from codex.engine.restraints import restrain, restraint
    if restraint(clause) is not None:    # "It can't move until your next turn", "... can't attack this turn"
        return restrain(run, clause)
    from codex.engine.life_bans import ban_life_gain, life_ban
    if life_ban(clause) is not None:     # "This turn, your opponents can't gain life"
        return ban_life_gain(run, clause)
    from codex.engine.effects.whenever import leave_whenever, whenever_clause
    if whenever_clause(clause):      # "..., and whenever it kills a unit, you gain 1 life"
        return leave_whenever(run, clause)
    if clause.negated or clause.modal not in (None, "may", "must"):
        raise NotExecutable(f"a clause with '{clause.modal or 'not'}'" + (" (negated)" if clause.negated else ""))
    from codex.engine.effects.ally_acts import run_swap_steps, swap_steps
    if swap_steps(clause):           # "they both take a step to swap places"
        return run_swap_steps(run, clause)
    from codex.engine.effects.unless_offer import offer, run_offer
    if offer(clause) is not None:    # "... unless its controller pays (2)": the player's way out (`unless_offer`)
        return run_offer(run, clause)
    if (clause.purpose is not None and not has_own_purpose(clause)) or clause.instead or clause.scope is not None:
        from codex.engine.effects.purpose import run_with_purpose
        return run_with_purpose(run, clause)
    if clause.conditions and run.ctx.lookup("there") is None and _names_its_patient(clause):
        # "banish an adjacent site, unless there's an Avatar there": the condition is about what the
        # clause acts on, so that is chosen first
        from codex.engine.effects.select import select
        chosen = select(run.state, run.ctx, clause.action.patient, "target")
        run.ctx = run.ctx.bind("there", chosen)
    for cond in clause.conditions:
        if isinstance(cond, A.Condition) and cond.kind == "while" and isinstance(
                clause.action, (A.Grant, A.SetState, A.LoseGrant)):
            continue          # "while they are atop X": what the lasting effect covers (`board.while_area`)
        if not condition_holds(run, cond):
            run.note("condition", f"{run.ctx.source_name}: the condition is not met, so nothing happens.",
                     card=run.ctx.source_name)
            return []
    act = _disjoint_pronouns(run, clause.action)
    if act is not clause.action:
        clause = A.replace(clause, action=act)
    if isinstance(act, A.Group) and act.conj == "and" and all(isinstance(c, A.Clause) for c in act.items):
        acted: list[Obj] = []
        for item in act.items:
            done = run_clause(run, item)
            if done:    # "deal 4 damage to X and 2 to each other unit there": "other" than X too
                run.ctx = run.ctx.bind("other", list(run.ctx.lookup("other") or ()) + done)
            acted += done
        return acted
    if shared_actions(act):
        return _run_shared(run, clause, act)
    primitive = primitive_of(act)
    if primitive is None:
        raise NotExecutable(f"the primitive {type(act).__name__}")
    if clause.per is not None and _per_each_agent(run, clause):
        # "Enemy Avatars lose 1 life for each nearby site they control": counted for each of them
        from codex.engine.effects.select import select
        acted = []
        outer = run.ctx
        for agent in select(run.state, run.ctx, act.agent, "agent"):
            run.ctx = outer.bind("they", [agent]).bind("agent", [agent])
            acted += run_clause(run, A.replace(clause, action=A.replace(act, agent=A.Ref("agent"))))
        run.ctx = outer
        return acted
    if (again := repeats(clause)) is not None:
        # "Deal 1 damage to everything atop it, repeating for each site in your hand": the clause once
        # for each of them, each time a separate event
        times = len(count_all(run.state, run.ctx, again))
        run.note("count", f"{run.ctx.source_name}: repeated {times} time(s), once for each of them.", times=times)
        once = A.replace(clause, adjuncts=tuple(a for a in clause.adjuncts if a.prep != "while"))
        acted = []
        for _ in range(times):
            acted += run_clause(run, once)
        return acted
    if clause.per is not None and not isinstance(act, A.ModifyDamage):    # a damage change counts when it applies
        from codex.engine.effects.amounts import per_amount
        from codex.engine.effects.results import THIS_WAY, died_this_way, killed_by
        if died_this_way(clause.per):   # "..., then draw a spell for each minion destroyed this way": so far
            run.ctx = run.ctx.bind(THIS_WAY, killed_by(run.events, run.ctx.quote))
        times = len(count_all(run.state, run.ctx, clause.per))
        run.note("count", f"{run.ctx.source_name}: {times} for each of them.", times=times)
        act = per_amount(act, times)
    _its_controller_note(run, act)
    _your_body_note(run, act)
    from codex.engine.effects.each_player import each_players_may, run_each_players_may
    if each_players_may(clause) and not primitive.permission:     # "Each player may ...": each answers
        yours = A.replace(clause, action=A.replace(act, agent=A.Ref("you")))
        return run_each_players_may(run, clause, _may_words(yours, yours.action))
    if clause.modal == "may" and not primitive.permission:
        run.mays += 1
        run.did = run.ctx.may(_may_words(clause, act), "may" if run.mays == 1 else f"may.{run.mays}")
        if not run.did:
            run.emit(Note("declined", f"{run.ctx.controller} chooses not to {_may_words(clause, act)} "
                          f"({run.ctx.source_name}'s \u201c{run.ctx.ability.text}\u201d).", {"card": run.ctx.source_name},
                          rules=("may-and-can",)))
            return _chosen_mover(run, act)
    else:
        run.did = True
    before = len(run.events)
    pre = run.state
    from codex.engine.effects.amounts import rounding_of
    if (r := rounding_of(clause)) is not None or run.ctx.lookup("rounding"):   # read by `amounts.halve`
        run.ctx = run.ctx.bind("rounding", [Obj("rounding", r)] if r else [])
    acted = primitive.run(run, act, clause)
    if not acted and len(run.events) == before:
        _say_nothing_fits(run, act)
    _cite_words(run, act, before)
    _retyped(run, pre, act, acted)
    return acted


def _retyped(run: Run, pre: Any, act: Any, acted: list[Obj]) -> None:
    """The clause named a subtype and some unit it acted on has that subtype by an ongoing effect
    ("Nearby minions become Beasts"): the ruling says so, quoting the effect."""
    from codex.engine.effects.select import _selectors, is_subtype, singular
    from codex.engine.effects.statics import applied_to
    words = {singular(w).lower() for sel in _selectors(act, 0) for w in [sel.noun, *sel.mods] if is_subtype(w)}
    if not words:
        return
    for obj in acted:
        unit = pre.unit(str(obj.key)) if obj.kind == "unit" else None     # as it was when the words named it
        done = applied_to(pre, unit) if unit is not None else None
        if unit is None or done is None or not done.typed_by:
            continue
        now = ", ".join(tuple(done.subtypes if done.subtypes is not None else unit.subtypes) + done.also)
        run.emit(Note("subtypes_changed", f"{unit.name} is {now or 'of no subtype'} now, by an ongoing effect "
                      f"(printed: {', '.join(unit.subtypes) or 'none'}; 'become' gives a subtype instead of the printed "
                      f"ones, 'also' besides them).", {"unit": unit.id, "subtypes": now},
                      rules=("ongoing-effect", "subtypes"), from_card=done.typed_by[-1]))


def _cite_words(run: Run, act: Any, before: int) -> None:
    """The Codex entries that say what the clause's words mean, cited on its first event: a subtype
    the text names ("Kill a nearby Mortal", Codex "Subtypes") and royalty (Codex "Royalty")."""
    from codex.engine.effects.select import word_rules
    extra = word_rules(run.state, act)
    if not extra or len(run.events) <= before:
        return
    first = run.events[before]
    run.events[before] = replace(first, rules=first.rules + tuple(r for r in extra if r not in first.rules))


def _say_nothing_fits(run: Run, act: Any) -> None:
    """A clause whose words name nothing on the board ("Kill a nearby Monster" with none nearby)
    does nothing; the ruling says so rather than passing over it in silence."""
    named = getattr(act, "patient", None)
    if not (isinstance(named, A.Selector) or isinstance(named, A.Group)
            and all(isinstance(item, A.Selector) for item in named.items)):
        return
    try:
        words = to_text(named)
    except PrintError:
        words = " and ".join(item.noun for item in (named.items if isinstance(named, A.Group) else (named,)))
    run.note("nothing_fits", f"{run.ctx.source_name}: nothing fits \u201c{words}\u201d, so that part of "
             f"\u201c{run.ctx.ability.text}\u201d does nothing.", card=run.ctx.source_name)


def _disjoint_pronouns(run: Run, act: Any) -> Any:
    """"It teleports to that minion's location and kills it": an object pronoun is never its own
    verb's subject (that would be "itself"), so the object "it" is the other thing named before,
    the one the words called "that"; with no such thing the clause is not executed rather than
    read as the subject acting on itself."""
    agent, patient = getattr(act, "agent", None), getattr(act, "patient", None)
    if not (isinstance(agent, A.Ref) and isinstance(patient, A.Ref) and not patient.filters
            and agent.word.lower() == patient.word.lower() == "it"):
        return act
    other = run.ctx.lookup("that")
    doer = set(run.ctx.lookup("it") or ())
    if not other or set(other) <= doer:
        raise NotExecutable("'it' as both the subject and the object of one verb, with nothing else named")
    return A.replace(act, patient=A.Ref("that"))


def shared_actions(act: Any) -> bool:
    """"You may search your spellbook for X and summon it here": actions joined by "and" under one
    subject and modal (not whole clauses)."""
    return isinstance(act, A.Group) and act.conj == "and" and len(act.items) > 1 and all(
        not isinstance(c, (A.Clause, A.Group)) and type(c) in EXECUTORS for c in act.items)


def _run_shared(run: Run, clause: A.Clause, act: A.Group) -> list[Obj]:
    """Actions sharing a clause: "may" is asked once for all of them; each then runs in turn, "it"
    naming what the one before acted on ("search ... for a Beast and summon it")."""
    if clause.modal == "may":
        run.mays += 1
        run.did = run.ctx.may(_may_words(clause, act.items[0]), "may" if run.mays == 1 else f"may.{run.mays}")
        if not run.did:
            run.emit(Note("declined", f"{run.ctx.controller} chooses not to: {run.ctx.source_name}'s "
                          f"\u201c{run.ctx.ability.text}\u201d does nothing more.", {"card": run.ctx.source_name},
                          rules=("may-and-can",)))
            return []
    acted: list[Obj] = []
    for item in act.items:
        done = run_clause(run, A.Clause(action=item))
        if done:
            run.ctx = run.ctx.bind("it", done)
        acted += done
    return acted


def _its_controller_note(run: Run, act: Any) -> None:
    """"its controller" read as the other party's controller (`select.its_referent`): the ruling
    gives both readings, since the card's words allow both."""
    from codex.engine.effects.select import its_referent, name_of
    if not any(isinstance(n, A.Selector) and n.noun == "controller" and n.det == "its" for n in A.walk(act)):
        return
    other = its_referent(run.ctx)
    if not other or other == run.ctx.lookup("it"):
        return
    names = ", ".join(name_of(run.state, o) for o in other)
    run.note("ruling_variant", f"\u201cits controller\u201d is read as the controller of {names}: a card calls its "
             f"own controller \u201cyou\u201d. Read as {run.ctx.source_name}'s controller instead, "
             f"{run.ctx.controller} would be the one.", ("the-golden-rule",), reading="other party")


def _your_body_note(run: Run, act: Any) -> None:
    """"your body of water" read as the one your Avatar occupies (`select.your_body`): the ruling
    gives the other reading too (every body of water with a site you control), since the Codex
    defines only "its body of water", and says whether it would name other sites."""
    from codex.engine.effects.select import your_body, yours_by_control
    for n in A.walk(act):
        if not (isinstance(n, A.Selector) and n.noun in ("body of water", "span of land") and n.det == "your"):
            continue
        water = n.noun == "body of water"
        mine, other = your_body(run.state, run.ctx.controller, water), yours_by_control(run.state, run.ctx.controller,
                                                                                           water)
        told = ", ".join(map(str, mine)) or "none"
        run.note("ruling_variant", f"“your {n.noun}” is read as the {n.noun} {run.ctx.controller}'s Avatar "
                 f"occupies (squares {told}): a player occupies none, and “its {n.noun}” is the one its card "
                 f"occupies. Read as every "
                 f"{n.noun} with a site {run.ctx.controller} controls, it would be "
                 + (f"squares {', '.join(map(str, other)) or 'none'}." if other != mine else "the same squares."),
                 ("body-of-water", "body-of-water.its", "you.avatar"), reading="your avatar's", other=other)
        return


def _per_each_agent(run: Run, clause: A.Clause) -> bool:
    """Whether "for each X they ..." counts for each of several agents ("they": the agents)."""
    agent = getattr(clause.action, "agent", None)
    if agent is None or isinstance(agent, A.Ref) or run.ctx.lookup("they") is not None:
        return False
    return any(isinstance(n, A.Ref) and n.word == "they" for n in A.walk(clause.per))


def _names_its_patient(clause: A.Clause) -> bool:
    """Whether a clause's condition says "there" about the clause's own object (no place was
    named before it)."""
    if getattr(clause.action, "patient", None) is None:
        return False
    return any(isinstance(node, A.Where) and node.rel == "there" for cond in clause.conditions
               for node in A.walk(cond))


def condition_holds(run: Run, cond: Any) -> bool:
    """A sentence's or clause's condition; "If you do" reads whether the last optional clause was done."""
    if isinstance(cond, A.Condition) and cond.kind == "if_did":
        return bool(run.did)
    from codex.engine.effects.results import is_none_died
    if is_none_died(cond):       # "Dispel this if none die": what the killing sentence before did
        return _none_died(run)
    from codex.engine.effects.conditions import holds_in_run
    from codex.engine.effects.attacks import record_note
    note = record_note(run.state, cond)
    if note is not None:       # "if they haven't attacked this turn": what the record says, and why
        run.note("attacks_this_turn", note[0], note[1])
    return holds_in_run(run, cond)


def _none_died(run: Run) -> bool:
    """Whether the killing sentence before marked no unit for death; the ruling says what it did."""
    if run.deaths is None:
        raise NotExecutable("'none die' with no sentence before it that kills")
    names = ", ".join(e.name for e in run.deaths)
    run.note("result", f"{run.ctx.source_name}: " + (f"{names} died of the effect before, so it is not true that "
                                                     f"none died." if run.deaths else
                                                     "no unit died of the effect before: none died."),
             ("die",), died=[e.unit for e in run.deaths])
    return not run.deaths


def _chosen_mover(run: Run, act: Any) -> list[Obj]:
    """"A minion you control may take a step, then it strikes ..." (a paraphrase): declining the step
    does not un-choose the minion, whom the later "it" names (Codex "Immobile": a unit that "couldn't take any steps with Leap
    Attack ... could still strike"). Only a step or move whose subject the words pick ("an ally", "a
    minion") is so chosen; anything else declined acts on nothing. Found by blind real-card round 8."""
    if not (isinstance(act, A.Move) and act.voice is None and act.agent is None
            and isinstance(act.patient, A.Selector) and isinstance(act.patient.det, str)
            and act.patient.det.lower() in ("a", "an", "one", "target")):
        return []
    from codex.engine.effects.select import select
    return select(run.state, run.ctx, act.patient, "target")


def _told(act: Any) -> str:
    return type(act).__name__.lower()


def _may_words(clause: A.Clause, act: Any) -> str:
    """What a "may" lets the player do, in the card's words as the grammar prints them ("return a
    minion here to its owner's hand"), for the ambiguity a missing answer raises: the primitive's
    name alone ("put") did not tell a judge which "may" was asked."""
    try:
        words = to_text(A.replace(clause, modal=None)).rstrip(".")
    except PrintError:
        return _told(act)
    words = words[:1].lower() + words[1:]
    return words[4:] if words.startswith("you ") else words or _told(act)


def _option_label(number: int, clause: A.Clause) -> str:
    """One option of an "or" in the card's words as the grammar prints them ("2: Gain 3 life"): a
    judge reads the ambiguity's options; the number alone decides."""
    try:
        return f"{number}: {to_text(clause).rstrip('.')}"
    except PrintError:
        return f"{number}: {_told(clause.action)}"


def if_it_cant(clause: A.Clause) -> bool:
    """"..., or moves one step toward the nearest enemy if it can't": the clause's only condition is that
    the subject cannot do what the clause before says (a negated "can" with no verb of its own)."""
    conds = clause.conditions
    if len(conds) != 1 or getattr(conds[0], "kind", None) != "if":
        return False
    inner = getattr(conds[0], "clause", None)
    return isinstance(inner, A.Clause) and isinstance(inner.action, A.DoSo) and inner.modal == "can" \
        and inner.negated


def fallback(sentence: A.Sentence) -> bool:
    """"X, or Y if it can't": two clauses joined by "or", the second done only when the first cannot be."""
    return list(sentence.links) == ["or"] and len(sentence.clauses) == 2 and if_it_cant(sentence.clauses[1]) \
        and not sentence.clauses[0].conditions


def _run_fallback(run: Run, sentence: A.Sentence) -> None:
    """The first effect, or (when it cannot be done at all) the second: no one chooses between them."""
    from codex.engine.effects.attack_effect import CannotDo
    first, other = sentence.clauses
    before = run.or_else
    run.or_else = True
    try:
        acted = run_clause(run, first)
    except CannotDo as e:
        run.or_else = before
        run.note("cannot", f"{run.ctx.source_name}: {e}, so it does the other effect instead.")
        acted = run_clause(run, A.replace(other, conditions=()))
    finally:
        run.or_else = before
    if acted:
        run.ctx = run.ctx.bind("it", acted)


def _clauses_to_run(run: Run, sentence: A.Sentence) -> list[A.Clause]:
    """The sentence's clauses in order; clauses joined by "or" are one choice ("Play or draw a site")."""
    from codex.engine.effects.modes import modal_count, picked
    count = modal_count(sentence)
    if count is not None:         # "Choose two: A; B; or C.": the options its controller picked (`modes`)
        return picked(run, sentence, count)
    clauses = list(sentence.clauses)
    if "or" not in sentence.links:
        return clauses
    if set(sentence.links) != {"or"}:
        raise NotExecutable("clauses joined by both 'and' and 'or'")
    if _region_words(clauses):
        # up: either word brings any unit below the surface up (one pass); down: each word sinks
        # only the units on the sites it fits (burrow on land, submerge in water)
        return clauses[:1] if clauses[0].action.kind in ("surface", "unburrow") else clauses
    options = [_option_label(i + 1, c) for i, c in enumerate(clauses)]
    given = run.ctx.answer("which")
    number = str(given).split(":")[0].strip() if isinstance(given, (str, int)) and not isinstance(given, bool) else ""
    if number.isdigit() and 1 <= int(number) <= len(clauses):
        # the option's number decides ("2", "2:gainlife", "2:gain": a writer names the effect in the
        # card's words, not the engine's label; found by blind ruling round 21)
        return [clauses[int(number) - 1]]
    picked = run.ctx.choose("which", options, why="choose which of its effects happens")[0]
    return [clauses[int(str(picked).split(":")[0]) - 1]]


def _region_words(clauses: list[A.Clause]) -> bool:
    """Whether clauses joined by "or" are one movement named by the word that fits each unit's region
    ("surface or unburrow each minion there", Codex "Unburrow"): a unit underwater surfaces, one
    underground unburrows, so no one chooses; each clause moves only the units its word fits."""
    acts = [c.action for c in clauses]
    return all(isinstance(a, A.Relocate) for a in acts) and len({a.patient for a in acts}) == 1 \
        and len({a.kind in ("surface", "unburrow") for a in acts}) == 1 and not any(c.modal for c in clauses)


def run_sentence(run: Run, sentence: Any) -> None:
    """One sentence: its conditions, its duration and "for each", then its clauses in order;
    ``it`` carries from a clause to the next."""
    held, run.held = run.held, None      # the sentence before's condition, for "Otherwise" (`sequence`)
    if isinstance(sentence, A.Unparsed):
        if DROPPED_REASON in sentence.reason:     # a reading that lost words (the grammar's guard)
            raise NotExecutable(f"the sentence \u201c{sentence.text}\u201d ({DROPPED_REASON}: "
                                f"{dropped_words(sentence.reason)})")
        raise NotExecutable(f"the unreadable sentence \u201c{sentence.text}\u201d")
    if sentence.delay is not None:      # "At the end of this turn, ...": it waits for that time (`delayed`)
        from codex.engine.effects.delayed import leave_delayed
        leave_delayed(run, sentence)
        return
    if sentence.conditions:
        from codex.engine.effects.next_prevention import leave_prevention, next_prevention
        if next_prevention(sentence) is not None:    # "The next time X would take damage, prevent ...": lasts
            leave_prevention(run, sentence)
            return
    if sentence.per is not None:
        from codex.engine.effects.amounts import for_each_sentence
        for_each_sentence(run, sentence)
        return
    if run.ctx.lookup("it") is None and getattr(run.ctx.event, "unit", None) is None:
        named = _named_in(sentence.conditions)
        if named is not None:      # "if no enemy units occupy this site, gain control of it": "it" is that site
            from codex.engine.effects.select import select_all as every
            run.ctx = run.ctx.bind("it", every(run.state, run.ctx, named))
        else:
            from codex.engine.effects.occupied import occupied_place, occupied_referent
            occupy = occupied_place(sentence.conditions)
            if occupy is not None:     # "if you occupy an Air site, ... atop it": that site (`occupied.py`)
                run.ctx = run.ctx.bind("it", occupied_referent(run.state, run.ctx, occupy))
    from codex.engine.effects.motion import staying_within, within_squares
    within = within_squares(run, sentence)
    if within is not None:        # "Staying within <a place>, move ...": a limit on the move
        run.ctx = run.ctx.bind("within", within)
        sentence = A.replace(sentence, conditions=tuple(c for c in sentence.conditions if staying_within(c) is None))
    from codex.engine.effects.sequence import is_otherwise, otherwise_runs
    if is_otherwise(sentence):      # "Otherwise, ...": the else branch of the condition before (`sequence`)
        if not otherwise_runs(held):
            run.note("condition", f"{run.ctx.source_name}: the condition before held, so what happens "
                     "\u201cotherwise\u201d does not.", card=run.ctx.source_name)
            return
        run.note("condition", f"{run.ctx.source_name}: the condition before did not hold, so what happens "
                 "\u201cotherwise\u201d does.", card=run.ctx.source_name)
    if sentence.conditions:
        run.held = all(condition_holds(run, c) for c in sentence.conditions)
    if run.held is False:
        run.note("condition", f"{run.ctx.source_name}: the condition is not met, so nothing happens.",
                 card=run.ctx.source_name)
        return
    run.limit = sentence.limit
    _bind_shared_subject(run, sentence)
    hit = _hit_units(run, sentence.conditions)
    if hit:                       # "If it hits a unit, drag it here": "it" is now the unit hit
        run.ctx = run.ctx.bind("it", hit)
    if fallback(sentence):
        _run_fallback(run, sentence)
        return
    chosen: Any = None
    subject: Any = None
    mover = False
    for clause in _clauses_to_run(run, sentence):
        if sentence.duration is not None and clause.duration is None:
            clause = A.replace(clause, duration=sentence.duration)
        clause, chosen = _same_target(clause, chosen)
        clause = _same_subject(clause, subject, mover)
        subject, mover = _subject_words(clause), isinstance(getattr(clause, "action", None), A.Move)
        if getattr(clause, "pronoun", None):
            _other_pronoun_reading(run, clause)
        run.ctx = run.ctx.bind(AIMED_AT, ())
        acted = run_clause(run, clause)
        if run.stop:
            return
        if _names_no_object(clause, acted):
            pass       # "You may pay 2 life. If you do, deal 2 more damage to it.": life paid is no "it"
        elif acted or getattr(clause.action, "patient", None) is not None:   # even nothing: "it" is then nothing
            # and what the clause was aimed at, the pronoun's other possible antecedent (`antecedents.py`)
            run.ctx = run.ctx.bind("it", acted).bind(OTHER_IT, run.ctx.lookup(AIMED_AT) or ())
            if any(o.kind in ("location", "site") for o in acted):
                run.ctx = run.ctx.bind("there", acted)
            elif run.ctx.lookup("there") is None:
                from codex.engine.effects.referents import place_named
                where = place_named(run, clause, acted)
                if where:     # "... target minion at a site you control. Tap the rest ... there."
                    run.ctx = run.ctx.bind("there", where)
        from codex.engine.effects.referents import NAMED_PLAYERS, named_players
        players = named_players(run, clause)
        if players:          # "... to its owner's hand. That player draws a spell." (`referents`)
            run.ctx = run.ctx.bind(NAMED_PLAYERS, players)
    if within is not None:        # the limit is this sentence's only
        run.ctx = run.ctx.bind("within", ())


def _names_no_object(clause: Any, acted: list[Obj]) -> bool:
    """A payment of life or mana that acted on nothing: what it pays is an amount, not a thing a
    later "it" could mean, so "it" keeps what it meant before (found by blind round 34)."""
    act = getattr(clause, "action", None)
    paid = getattr(act, "patient", None)
    return isinstance(act, A.Pay) and not acted and isinstance(paid, (A.Selector, A.Mana)) and (
        isinstance(paid, A.Mana) or paid.noun in ("life", "mana"))


def _bind_shared_subject(run: Run, sentence: Any) -> None:
    """"They draw three cards and skip their next turn": clauses joined under one pronoun subject
    share it, so the later clauses' "they" is who the first one's was, not what the first clause
    acted on (the cards drawn)."""
    agents = [getattr(getattr(c, "action", None), "agent", None) for c in sentence.clauses]
    first = agents[0] if agents else None
    if len(agents) < 2 or not isinstance(first, A.Ref) or first.word.lower() not in ("they", "it", "he", "she") \
            or first.filters or any(a != first for a in agents) or run.ctx.lookup(first.word.lower()) is not None:
        return
    try:
        who = select_all(run.state, run.ctx, first)
    except NotExecutable:
        return
    run.ctx = run.ctx.bind(first.word.lower(), who)


def _same_target(clause: Any, before: Any) -> tuple[Any, Any]:
    """"Target minion gains Stealth and taps": the grammar gives each clause the shared
    subject; a target is chosen once (Codex "Target"), so a clause naming the very target of the
    clause before acts on what that one chose ("it"), even if the first clause changed what may be
    targeted. Returns the clause to run and its own target words (for the next clause)."""
    act = getattr(clause, "action", None)
    patient = getattr(act, "patient", None)
    if act is None or not (isinstance(patient, A.Selector) and patient.det == "target"):
        return clause, None
    if before is not None and patient == before:
        return A.replace(clause, action=A.replace(act, patient=A.Ref(word="it"))), patient
    return clause, patient


def _subject_words(clause: Any) -> Any:
    """The words of a clause's subject when it names one object to choose ("Target ally takes a
    step", "An ally may take up to two steps"): the mover of a step, else the doer; None otherwise."""
    act = getattr(clause, "action", None)
    words = act.patient if isinstance(act, A.Move) and act.agent is None else getattr(act, "agent", None)
    if isinstance(words, A.Selector) and words.det in ("target", "a", "an") and words.count in (None, 1):
        return words
    return None


def _same_subject(clause: Any, before: Any, moved: bool) -> Any:
    """"Target ally takes a step, then strikes each enemy ...": the grammar gives the later clause
    the shared subject's words; one subject is one object, so the later clause's doer is the one the
    clause before chose ("it"; after a move, the unit chosen to move, even if it took no step:
    ``to_move``), not a second choice."""
    act = getattr(clause, "action", None)
    if before is None or act is None or isinstance(act, A.Move) or getattr(act, "agent", None) != before:
        return clause
    return A.replace(clause, action=A.replace(act, agent=A.Ref(word="to_move" if moved else "it")))


def _hit_units(run: Run, conditions: tuple[Any, ...]) -> list[Obj]:
    """The units a projectile hit, when a sentence's condition is that it hit one."""
    for cond in conditions:
        clause = getattr(cond, "clause", None)
        if isinstance(clause, A.Clause) and isinstance(clause.action, A.Hit):
            shots = [o for o in (run.ctx.lookup("it") or ()) if o.kind == "projectile"]
            return [Obj("unit", h) for o in shots for h in o.key.hits]
    return []


def _named_in(conditions: tuple[Any, ...]) -> Any:
    """The object a sentence's condition names with "this"/"that", or by the card's own name (what
    a later "it" means: "If Idle Raider hasn't attacked ..., sacrifice it")."""
    for cond in conditions:
        for node in A.walk(cond):
            if isinstance(node, A.Selector) and node.det in ("this", "that"):
                return node
            if isinstance(node, A.Ref) and node.word == "SELF":
                return node
    for cond in conditions:          # "If you control a Mortal, ... to their location": that Mortal
        clause = getattr(cond, "clause", None)
        act = clause.action if isinstance(clause, A.Clause) else None
        if isinstance(clause, A.Clause) and isinstance(act, A.Control) and not clause.negated \
                and isinstance(act.agent, A.Ref) \
                and act.agent.word == "you" and isinstance(act.patient, A.Selector) and act.patient.det in ("a", "an"):
            return A.replace(act.patient, det=None, mods=act.patient.mods + ("allied",))
    return None


def _other_pronoun_reading(run: Run, clause: A.Clause) -> None:
    """A sentence opening with "It" read as the previous sentence's subject, the card itself
    (`meaning.it_as_previous_subject`, English's continuing topic): when the previous sentence's object,
    the reading the engine takes for any other pronoun, is a unit other than the card, that reading is
    live too and differs: a `ruling_variant` note names both (the ruling follows the subject)."""
    from codex.engine.effects.select import describe
    other = [o for o in (run.ctx.lookup("it") or ()) if o.kind == "unit" and o != run.ctx.source]
    if not other:
        return
    word = str(clause.pronoun)
    run.note("ruling_variant", f"“{word.capitalize()}” opening a sentence of {run.ctx.source_name}'s ability is "
             f"read as the previous sentence's subject, {run.ctx.source_name} itself (English continues the subject); "
             f"it could also be read as that sentence's object, {describe(run.state, other)}, which the card does not "
             "rule out.", ("storyline",), card=run.ctx.source_name, reading="subject",
             other=[str(o.key) for o in other])


def run_sentences(run: Run, sentences: tuple[Any, ...]) -> None:
    """Sentences in order (a clause may run the rest itself: a projectile's sentences, once per
    projectile)."""
    from codex.engine.effects.instead import is_alternative, plain, replaces, split_alternatives
    from codex.engine.effects.results import has_extreme, is_tie_break, kills
    sentences = split_alternatives(sentences)     # "X, or N instead if C" is "X. If C, ... instead."
    skip = -1
    for i, sentence in enumerate(sentences):
        run.rest = tuple(sentences[i + 1:])
        if i == skip:
            continue
        if i and is_tie_break(sentence) and has_extreme(sentences[i - 1]):
            continue        # "If tied, choose one": the sentence before left the tie to its chooser (`results`)
        following = sentences[i + 1] if i + 1 < len(sentences) else None
        from codex.engine.effects.modes import all_instead, every_option, is_modal
        if following is not None and all_instead(following) and is_modal(sentence):
            # "Choose one: A, or B. If C, choose both instead.": every option, or the choice (`modes`)
            skip = i + 1
            if condition_holds(run, following.conditions[0]):
                run.note("instead", f"{run.ctx.source_name}: the condition holds, so every one of its effects "
                         "happens instead of a choice.", ("replacement-effect",))
                sentence = every_option(sentence)
        elif following is not None and is_alternative(following):
            # "X. If C, Y instead.": one or the other (`instead.py`)
            skip = i + 1
            if replaces(run, sentence, following):
                run.note("instead", f"{run.ctx.source_name}: the condition holds, so its second effect happens "
                         "instead of the first.", ("replacement-effect",))
                sentence = plain(following)
        before = len(run.events)
        from codex.engine.effects.repeat import repeats_at, run_repeat
        if repeats_at(sentences, i, _usage_limited(run, sentences)):
            # "Any number of times, you may pay (1) to ...": as often as its player chose (`repeat.py`)
            run_repeat(run, sentence, sentences[i - 1] if i else None)
        else:
            run_sentence(run, sentence)
        if kills(sentence):
            run.deaths = [e for e in run.events[before:] if isinstance(e, Marked) and e.from_card == run.ctx.quote]
        from codex.engine.effects.results import THIS_WAY, killed_by
        run.ctx = run.ctx.bind(THIS_WAY, killed_by(run.events, run.ctx.quote))   # "for each minion that died this way"
        if run.stop:
            return


def _usage_limited(run: Run, sentences: tuple[Any, ...]) -> bool:
    """Whether ``sentences`` open the body of an ability whose first sentence's limit ("Once on your
    turn") is how often it may be used, not a repetition (`check.usage_limited`)."""
    from codex.engine.effects.check import usage_limited
    body = getattr(run.ctx.ability.node, "body", None)
    return usage_limited(run.ctx.ability) and isinstance(body, tuple) and bool(sentences) and bool(body) \
        and sentences[0] is body[0]


def _body(ability: Ability) -> tuple[Any, ...]:
    node = ability.node
    body = getattr(node, "body", None)
    if body is None:
        if isinstance(node, A.Clause):      # a bare statement on a keyword line
            return (A.Sentence(clauses=(node,)),)
        raise NotExecutable(f"a {type(node).__name__} without a body")
    return body if isinstance(body, tuple) else (body,)


def execute(state: GameState, ctx: Ctx) -> Resolved:
    """Run an ability's effect. An ability the engine cannot run is named as not executed."""
    run = execute_run(state, ctx)
    return run.state, run.events


def execute_run(state: GameState, ctx: Ctx) -> Run:
    """`execute`, keeping the run: what its words referred to at the end (a spell's delayed
    trigger keeps "it")."""
    run = Run(state, ctx)
    threshold = getattr(ctx.ability.node, "threshold", ())
    if threshold and ctx.ability.kind is not AbilityKind.ACTIVATED:
        from codex.engine.effects.costs import has_threshold
        if not has_threshold(state, ctx.controller, threshold):
            run.events = [Note("threshold", f"{ctx.controller} does not have the threshold {''.join(threshold)}: "
                               f"{ctx.source_name}'s ability does nothing.", {"card": ctx.source_name},
                               rules=("threshold",), from_card=ctx.quote)]
            return run
    from codex.engine.effects.select import PICKED, TARGETED
    token = TARGETED.set([])
    picks = PICKED.set([])
    try:
        body = _body(ctx.ability)
        from codex.engine.effects.repeat import split_declared
        from codex.engine.effects.check import usage_limited
        split_declared(run, body, usage_limited(ctx.ability))
        run_sentences(run, body)
        from codex.engine.effects.own_removal import own_removal_notes
        # a grant with no listed duration whose source this same ability removed: both readings named
        run.events += own_removal_notes(state, run.state, ctx.source.kind, ctx.source.key, ctx.source_name)
    except NoLegalTarget as e:
        run.state = state
        run.events = [Note("no_target", f"{ctx.source_name}'s \u201c{ctx.ability.text}\u201d is not used: {e.what}.",
                           {"card": ctx.source_name}, rules=("target.none",), from_card=ctx.quote)]
    except NotExecutable as e:
        run.state = state
        run.events = [AbilityNotExecuted(ctx.source.key if isinstance(ctx.source.key, str) else str(ctx.source.key),
                                         ctx.source_name, ctx.ability.describe(), f"not executed yet: {e.what}",
                                         rules=("storyline",), from_card=ctx.quote)]
    finally:
        TARGETED.reset(token)
        PICKED.reset(picks)
    return run


@dataclass(frozen=True)
class Resolution:
    """What resolving an ability did (state and events), for callers outside the storyline."""

    state: GameState
    events: list[Event]


# the primitives register themselves
from codex.engine.effects import animate, attack_effect, board, cards, carried, casting_effects, counters, flows, lasting_damage, motion, pool, power, provide, proceed, purpose, reactivate, replacements, shoot, site_play, stay, summon, transform  # noqa: E402,F401,E501

__all__ = ["execute", "EXECUTORS", "Primitive", "executes", "Run", "NotExecutable", "AbilityKind", "Keywords",
           "CardQuote", "describe", "select_all", "holds"]
