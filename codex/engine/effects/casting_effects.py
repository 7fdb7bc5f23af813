"""Effects on casting that a resolved ability leaves behind (Codex "Cost", "Threshold", "Ongoing
Effect"): "This turn, bearer's next Air spell requires no threshold and costs (3) less to cast",
"This turn, the next Beast cast to this site costs (1) less, ignoring threshold".

A static ability changes what spells cost while its card is in the realm (`statics.py`,
`casting_rules.py`); the same words in a Genesis, a triggered or an activated ability change it
for the effect's duration instead. The executors here read the words into the same `Static`
records the static abilities make (kind ``cost`` or ``no_threshold``) and keep them in a
`state.Lasting`, so `casting_rules` applies both alike. Whose spell it is ("bearer's next Air
spell", "your next spell") is decided as the effect resolves: the artifact is sacrificed by then,
so its bearer is the one it had when its cost was paid. "next" makes the effect apply to one spell:
it ends as soon as a spell it fits is cast (whether or not it changed anything there). "On your
opponent's next turn, their spells cost (1) more" waits for that turn (`Lasting.during`).

"You may cast that spell once this turn, ignoring threshold" is a permission of the same kind
(``cast_card``): its controller may cast those very cards from where they are, another player's
zone included, once each with "once".
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable, describe, select_all
from codex.engine.events import EffectBegan, EffectEnded, Event
from codex.engine.state import GameState, Lasting


def _owner(patient: Any) -> Any:
    """The owner of "bearer's next spell" (a selector), "your" or "their" (a word), or None."""
    det = getattr(patient, "det", None)
    if isinstance(det, A.Possessive):
        return det.owner
    return det if det in ("your", "their") else None


def during_turn(duration: Any) -> str | None:
    """"On your opponent's next turn": whose turn (``opponent``) the effect waits for; "on their next
    turn" (``their``): the player the words named before ("Curse target Avatar, ...: their spells
    cost more on their next turn", `turn_player`); None for any other duration."""
    if isinstance(duration, A.Duration) and duration.kind == "during" and duration.turn is not None \
            and duration.turn.whose in ("opponent", "their") and duration.turn.which == "next" \
            and duration.phase is None:
        return str(duration.turn.whose)
    return None


def _players_named(run: Run) -> list[Obj]:
    """The players "they"/"their" name: those the words named before, an Avatar or another unit
    standing for its controller (Codex "Avatar": "Your Avatar represents you")."""
    try:
        named = select_all(run.state, run.ctx, A.Ref("they"))
    except NotExecutable:
        return []
    out: list[Obj] = []
    for o in named:
        unit = run.state.unit(str(o.key)) if o.kind == "unit" else None
        player = Obj("player", unit.controller) if unit is not None else o if o.kind == "player" else None
        if player is not None and player not in out:
            out.append(player)
    return out


def turn_player(run: Run, duration: Any) -> str:
    """The player whose next turn the effect waits for (`during_turn`): the controller's opponent, or
    the one player the words named before ("their next turn"); NotExecutable when they name none,
    several, or the effect's own controller (whose next turn would end it as it begins)."""
    if during_turn(duration) == "opponent":
        players = [Obj("player", p.id) for p in run.state.players if p.id != run.ctx.controller]
    else:
        players = _players_named(run)
    if len(players) != 1 or players[0].key == run.ctx.controller:
        raise NotExecutable("'their next turn' naming no one opponent")
    return str(players[0].key)


def casting_words_problems(patient: Any) -> Iterator[str]:
    """What of the words naming the spells an effect on casting changes the engine cannot read."""
    from codex.engine.effects.check import sel_problems
    from codex.engine.effects.statics import Unsupported, _check_card_words
    if patient is None:
        return
    owner = _owner(patient)
    det = getattr(patient, "det", None)
    from codex.engine.abilities import names_this_card
    if isinstance(det, str) and det not in ("the", "a", "your", "their", None) \
            and not names_this_card(patient):     # "This spell costs (2) less": the card itself
        yield f"the spells of '{det}'"
        return
    try:
        _check_card_words(A.replace(patient, det=None) if isinstance(patient, A.Selector) else patient)
    except Unsupported as e:
        yield str(e)
    if owner is not None and not isinstance(owner, str):
        yield from sel_problems(owner)


def _ignoring_threshold(clause: A.Clause) -> bool:
    """", ignoring threshold": the clause's adjunct that waives threshold for the same spells."""
    return any(a.prep == "while" and isinstance(a.what, A.Clause) and isinstance(a.what.action, A.NoThreshold)
               and a.what.action.patient is None for a in clause.adjuncts)


def own_purpose(clause: A.Clause) -> bool:
    """"costs (3) less to cast": the purpose is the casting itself (read by the cost change)."""
    p = clause.purpose
    return isinstance(clause.action, A.CostChange) and isinstance(p, A.Clause) and isinstance(p.action, A.Cast) \
        and p.action.patient is None and not p.conditions and p.purpose is None


def _cost_problems(act: A.CostChange) -> Iterator[str]:
    if act.direction not in ("more", "less"):
        yield f"a cost changed '{act.direction}'"
    if not _fixed(act.amount):
        yield f"a cost change of {act.amount!r}"
    yield from casting_words_problems(act.patient)


def _threshold_problems(act: A.NoThreshold) -> Iterator[str]:
    if act.patient is None:
        yield "no threshold for no spell named"
    yield from casting_words_problems(act.patient)


def clause_problems(clause: A.Clause) -> Iterator[str]:
    """What the clause adds to its primitive's problems: an adjunct other than "ignoring threshold",
    a purpose other than casting the spell."""
    from codex.engine.effects.check import sel_problems
    patient = getattr(clause.action, "patient", None)
    if getattr(patient, "det", None) == "their" and during_turn(clause.duration) is None:
        yield "'their' spells with no player named"
    for adj in clause.adjuncts:
        if not (adj.prep == "while" and _ignoring_threshold(A.replace(clause, adjuncts=(adj,)))):
            yield f"the adjunct '{adj.prep} ...' on {type(clause.action).__name__}"
    if clause.purpose is not None:
        if not own_purpose(clause):
            yield "a cost change for something other than casting"
        else:
            yield from sel_problems(clause.purpose.action.dest)
            yield from sel_problems(clause.purpose.action.agent)


def _fixed(value: Any) -> bool:
    return isinstance(value, int) or isinstance(value, A.Mana) and all(
        s.strip("()").isdecimal() for s in value.symbols)


def _mana(value: Any) -> int:
    return value if isinstance(value, int) else sum(int(s.strip("()")) for s in value.symbols)


def _whose(run: Run, patient: Any, clause: A.Clause) -> tuple[Ctx, str]:
    """The effect's context with the spells' owner fixed now ("bearer's": the unit bearing the
    artifact when the ability was used), and the words for it."""
    owner = _owner(patient)
    if owner is None:
        return run.ctx, ""
    if owner == "your":
        objs = [Obj("player", run.ctx.controller)]
    elif owner == "their":         # "On your opponent's next turn, their spells": that opponent's
        if during_turn(clause.duration) is None:
            raise NotExecutable("'their' spells with no player named")
        objs = [Obj("player", turn_player(run, clause.duration))]
    elif isinstance(owner, A.Selector) and owner.noun == "bearer" and run.ctx.lookup("bearer") is not None:
        objs = list(run.ctx.lookup("bearer") or ())
    else:
        objs = select_all(run.state, run.ctx, owner)
    if not objs:
        raise NotExecutable("the spells of no one")
    return run.ctx.bind("cast_by", objs), f" cast by {describe(run.state, objs)}"


def _spells(patient: Any, by: str) -> str:
    """"the next air spell cast by Merlin": the spells the effect is on, in words."""
    if not isinstance(patient, A.Selector):
        return "spells" + by
    nxt = any(m.lower() == "next" for m in patient.mods)
    noun = patient.noun + ("s" if patient.plural and not nxt and not patient.noun.endswith("s") else "")
    return f"{'the ' if nxt else ''}{' '.join([*patient.mods, noun])}{by}"


def _leave(run: Run, clause: A.Clause, patient: Any, statics: list[Any], who: str, what: str) -> None:
    """The effect lasts (this turn, until a next turn, while its card is in the realm, or
    permanently for a magic) as a `Lasting` of casting effects."""
    from codex.engine.effects.durations import until_of
    during = None
    if during_turn(clause.duration) is not None:    # from now until its controller's next turn, on the opponent's
        until, ends_on = "next_turn", None
        during = turn_player(run, clause.duration)
    else:
        until, ends_on = until_of(run, clause)
    if ends_on is not None:
        raise NotExecutable("an effect on casting lasting until an event")
    once = isinstance(patient, A.Selector) and any(m.lower() == "next" for m in patient.mods)
    source = f"{run.ctx.source.kind}:{run.ctx.source.key}" if until == "source" else None
    effect = Lasting(f"{run.ctx.key}#{len(run.state.lasting)}", run.ctx.source_name, run.ctx.controller,
                     until, source=source, casting=tuple(statics), once=once, told=f"{who}: {what}",  # type: ignore[arg-type]
                     during=during)
    run.state = run.state.evolve(lasting=run.state.lasting + (effect,))
    run.emit(EffectBegan(run.ctx.source_name, f"during {during}'s next turn" if during else until, (who,), what,
                         rules=("ongoing-effect", "cost")))


@executes(A.CostChange, problems=_cost_problems, adjuncts=("while",), clause_problems=clause_problems,
          own_purpose=own_purpose)
def _cost_change(run: Run, act: A.CostChange, clause: A.Clause) -> list[Obj]:
    """"This turn, its next magic costs (3) less": the spells cost more or less for a while."""
    from codex.engine.effects.statics import Static
    ctx, by = _whose(run, act.patient, clause)
    amount = _mana(act.amount)
    delta = amount if act.direction == "more" else -amount
    purpose = clause.purpose if own_purpose(clause) else None
    statics = [Static("cost", ctx, act.patient, (delta, purpose), (), -1)]
    what = f"a cost ({amount}) {act.direction}"
    if _ignoring_threshold(clause):
        statics.append(Static("no_threshold", ctx, act.patient, purpose or A.Clause(action=A.Cast()), (), -1))
        what += " and no threshold to cast"
    _leave(run, clause, act.patient, statics, _spells(act.patient, by), what)
    return []


@executes(A.NoThreshold, problems=_threshold_problems, clause_problems=clause_problems)
def _no_threshold(run: Run, act: A.NoThreshold, clause: A.Clause) -> list[Obj]:
    """"This turn, bearer's next Air spell requires no threshold": cast without threshold."""
    from codex.engine.effects.statics import Static
    ctx, by = _whose(run, act.patient, clause)
    static = Static("no_threshold", ctx, act.patient, A.Clause(action=A.Cast()), (), -1)
    _leave(run, clause, act.patient, [static], _spells(act.patient, by), "no threshold to cast")
    return []


def once_this_turn(limit: Any) -> bool:
    """"once this turn": the limit of a permission to cast a card."""
    return limit is not None and limit.count == 1 and limit.turn is not None and limit.turn.which == "this"


def limited_permission(sentence: Any) -> bool:
    """"You may cast that spell once this turn, ...": a sentence of permissions to cast with that limit."""
    return once_this_turn(getattr(sentence, "limit", None)) and all(
        isinstance(c, A.Clause) and isinstance(c.action, A.Cast) for c in sentence.clauses)


def _named_cards(node: Any) -> bool:
    """"that spell", "those spells", "each of those spells": cards the effect named before."""
    if isinstance(node, A.Partitive):
        return node.count in ("each", "all", None) and _named_cards(node.of)
    return isinstance(node, A.Selector) and node.det in ("that", "those") and singular_card(node.noun) \
        and not node.mods and not node.filters


def singular_card(noun: str) -> bool:
    from codex.engine.effects.select import CARD_NOUNS, singular
    return singular(noun).lower() in CARD_NOUNS


def _cast_problems(act: A.Cast) -> Iterator[str]:
    if not _named_cards(act.patient):
        yield "a permission to cast cards not named before"
    if act.dest is not None or act.source is not None:
        yield "a permission to cast somewhere or from somewhere"
    if act.agent is not None and not (isinstance(act.agent, A.Ref) and act.agent.word == "you"):
        yield "a permission to cast for someone other than you"


def _cast_clause_problems(clause: A.Clause) -> Iterator[str]:
    if clause.modal != "may":
        yield "casting a spell as an effect"
    if clause.duration is None:
        yield "a permission to cast for no stated time"
    elif clause.duration.kind != "this_turn":
        yield f"a permission to cast lasting '{clause.duration.kind}'"
    yield from clause_problems(clause)


@executes(A.Cast, problems=_cast_problems, adjuncts=("while",), clause_problems=_cast_clause_problems,
          permission=True)
def _cast_permission(run: Run, act: A.Cast, clause: A.Clause) -> list[Obj]:
    """"You may cast that spell once this turn, ignoring threshold": its controller may cast those
    very cards from where they are, this turn (once each, with "once"), without threshold with
    "ignoring threshold"; nothing is cast now (Codex "May and Can": the player chooses, later)."""
    from codex.engine.effects.select import select
    from codex.engine.effects.statics import Static
    until = "end_of_turn" if (clause.duration is not None and clause.duration.kind == "this_turn") \
        or once_this_turn(run.limit) else None
    if until is None:
        raise NotExecutable("a permission to cast for no stated time")
    cards = [o for o in select(run.state, run.ctx, act.patient, "patient", choose=False) if o.kind == "card"]
    once = once_this_turn(run.limit)
    for card in cards:
        ctx = run.ctx.bind("that", [card])
        statics = [Static("cast_card", ctx, A.Ref("that"), (run.ctx.controller,), (), -1)]
        what = f"permission to cast {card.key.name} (in {card.key.owner}'s {card.key.zone}){' once' if once else ''}"
        if _ignoring_threshold(clause):
            statics.append(Static("no_threshold", ctx, A.Ref("that"), A.Clause(action=A.Cast()), (), -1))
            what += ", ignoring threshold,"
        who = run.ctx.controller
        effect = Lasting(f"{run.ctx.key}#{len(run.state.lasting)}", run.ctx.source_name, run.ctx.controller,
                         "end_of_turn", casting=tuple(statics), once=once, told=f"{who}: {what}")
        run.state = run.state.evolve(lasting=run.state.lasting + (effect,))
        run.emit(EffectBegan(run.ctx.source_name, "end_of_turn", (who,), what,
                             rules=("ongoing-effect", "may-and-can.optional")))
    if not cards:
        run.note("permission", f"{run.ctx.source_name}: there is no such card to cast.")
    return []


def lasting_statics(state: GameState, kind: str) -> Iterator[Any]:
    """The casting effects of kind ``kind`` that resolved abilities left (they apply whether or
    not their card is still in the realm: an effect is not its source)."""
    for effect in state.lasting:
        if effect.during is not None and state.turn.active != effect.during:
            continue          # "on your opponent's next turn": not yet (or no longer)
        for s in effect.casting:
            if s.kind == kind:
                yield s


def use_up(state: GameState, effects: list[Lasting]) -> tuple[GameState, list[Event]]:
    """Effects on "the next" spell end once a spell they fit is cast."""
    if not effects:
        return state, []
    ids = {e.id for e in effects}
    state = state.evolve(lasting=tuple(e for e in state.lasting if e.id not in ids))
    return state, [EffectEnded(e.name, "used", (), rules=("ongoing-effect",), from_card=e.casting[0].quote)
                   for e in effects]


def by_whom(ctx: Ctx, caster: str, player: str) -> bool:
    """Whether the spell's caster (or its player) is whose spells the effect is on."""
    who = ctx.lookup("cast_by")
    return who is None or Obj("unit", caster) in who or Obj("player", player) in who


__all__ = ["own_purpose", "casting_words_problems", "clause_problems", "lasting_statics", "use_up", "by_whom",
           "during_turn", "limited_permission", "once_this_turn"]
