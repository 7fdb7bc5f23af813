"""Executing card effects (the AST of `cardtext`), and bringing the field to rest between them.

Every instance of damage (or any other change) is followed by `settle`: Creatures at 0 health are
destroyed, then every effect that set off (Recycling, Ambush) takes place, each completely, before
the effect goes on ("If an effect inflicts damage multiple times, every time damage is inflicted
all effects triggered by the damage take place before the next instance of damage is inflicted").
Players' health is not checked here: only once the whole action has resolved (`health.check`).

Choices: an effect that chooses ("a Creature", "a player") takes the next of the scenario's
``targets``; with none given, a single legal option is taken because an effect without "you can"
is mandatory, no option means nothing happens, and several options make the ruling ambiguous.
"""
from __future__ import annotations

from dataclasses import dataclass

from codex.engine.budget import spend
from codex.engine.contracts import ast as A
from codex.engine.contracts import field as F
from codex.engine.contracts.events import NoDamage, TokenSummoned, TriggerFired
from codex.engine.contracts.model import MAX_LINE, Buff, Creature, State
from codex.engine.contracts.ongoing import creature_view, magic_damage, player_view
from codex.engine.contracts.reasons import ContractsReason
from codex.engine.contracts.resolution import Pending, Resolution
from codex.engine.events import Event, Note


@dataclass(frozen=True)
class Ctx:
    """Whose effect it is, which card it comes from, and the rules that made it take place."""

    controller: str
    source_id: str | None      # the card on the field it comes from (None: a Spell, a card gone)
    source_name: str
    spell: bool                # Fog and Magic Damage +X concern Spells
    rules: tuple[str, ...]


# ------------------------------------------------------------------------------------ settling

def settle(res: Resolution) -> None:
    """Destroy what has 0 health, then let everything that set off take place, each completely
    (what it sets off in turn first), until the field is at rest."""
    res.apply(F.at_rest(res.state))
    while res.pending:
        batch, res.pending = res.pending, []
        for pending in batch:
            run_trigger(res, pending)
        res.apply(F.at_rest(res.state))


def run_trigger(res: Resolution, pending: Pending) -> None:
    spend(1, "triggered effects")
    words = pending.trigger.text.split(":", 1)[-1].strip()
    res.emit(TriggerFired(pending.card, pending.name, pending.keyword, words, rules=pending.rules))
    on_field = pending.card in res.state.ids()
    ctx = Ctx(pending.owner, pending.card if on_field else None, pending.name, False, pending.rules)
    execute(res, ctx, pending.trigger.effects)


def queue_and_settle(res: Resolution, pending: list[Pending]) -> None:
    res.pending += pending
    settle(res)


# ------------------------------------------------------------------------------------ targets

def _ids_in_order(state: State) -> list[str]:
    out: list[str] = []
    for p in state.players:
        out += [c.id for c in p.line]
    return out


def candidates(state: State, ctx: Ctx, t: A.Target) -> list[str]:
    """Everything on the field a target description can mean, in a stable order (players first,
    then the Creatures line by line, then Orbs and Runes)."""
    you = ctx.controller
    opp = state.opponent(you).id
    if t.fixed == "you":
        return [you]
    if t.fixed == "opponent":
        return [opp]
    if t.fixed == "self":
        return [ctx.source_id] if ctx.source_id is not None and ctx.source_id in state.ids() else []

    def side_ok(owner: str) -> bool:
        return t.side == "any" or (t.side == "allied") == (owner == you)

    out: list[str] = []
    if t.kind in ("player", "creature_or_player"):
        out += [p.id for p in state.players if side_ok(p.id)]
    if t.kind in ("creature", "creature_or_player"):
        for p in state.players:
            if not side_ok(p.id):
                continue
            line = p.line
            for i, c in enumerate(line):
                if t.other and c.id == ctx.source_id:
                    continue
                if t.adjacent:
                    j = next((k for k, x in enumerate(line) if x.id == ctx.source_id), None)
                    if j is None or abs(i - j) != 1:
                        continue
                out.append(c.id)
    if t.kind == "orb":
        out += [p.orb.id for p in state.players if p.orb is not None and side_ok(p.id)]
    if t.kind == "rune":
        out += [p.rune.id for p in state.players if p.rune is not None and side_ok(p.id)]
    return out


def has_fog(state: State, ref: str) -> bool:
    c = state.creature(ref)
    if c is not None:
        return "fog" in creature_view(state, c).keywords
    if state.has_player(ref):
        return "fog" in player_view(state, state.player(ref)).keywords
    return False


def _name(state: State, ref: str) -> str:
    thing = state.creature(ref) or state.orb(ref) or state.rune(ref)
    return thing.name if thing is not None else ref


def select(res: Resolution, ctx: Ctx, t: A.Target, what: str, again: bool = False,
           disarm: bool = False) -> list[str]:
    """The ids an effect acts on (see the module docstring for how choices are made)."""
    state = res.state
    found = candidates(state, ctx, t)
    if disarm and t.kind in ("player", "creature_or_player"):
        found = [x for x in found if state.has_player(x) and state.player(x).orb is not None]
    targeted = t.targeted
    if ctx.spell and not targeted and any(has_fog(state, x) for x in found):
        res.emit(Note("ambiguity", "The rulebook does not say whether an effect on every Creature or player "
                      "\u201ctargets\u201d them. This engine reads \u201ctargeted\u201d as chosen or named, so Fog "
                      f"does not protect from \u201c{what}\u201d, which acts on all of them.", {"effect": what},
                      rules=("fog",)))
    if ctx.spell and targeted:
        fogged = [x for x in found if has_fog(state, x)]
        if fogged and not t.choose:
            res.emit(Note("fog", f"{', '.join(_name(state, x) for x in fogged)} has Fog: the Spell cannot target it, "
                          f"so \u201c{what}\u201d does nothing to it.", {"targets": fogged}, rules=("fog",)),
                     Note("ambiguity", "The rulebook does not say whether a Spell whose words name a Creature or "
                          "player with Fog can be played at all. This engine reads it as played, its effect doing "
                          "nothing to what Fog protects (as a Spell with nothing to choose is played and does "
                          "nothing); the other reading refuses the Spell.", {"effect": what},
                          rules=("fog", "spell")))
        found = [x for x in found if x not in fogged] if not t.choose else found
    if not t.choose:
        return found
    legal = [x for x in found if not (ctx.spell and has_fog(state, x))]
    given = res.answers.target()
    if given is None and again and res.answers.last_target in legal:
        given = res.answers.last_target
    if given is not None:
        if given in legal:
            return [given]
        if given in found:
            raise res.illegal((ContractsReason.FOG, "fog"), f"{_name(state, given)} cannot be targeted by "
                              f"\u201c{what}\u201d", res.answers.pointer + "/targets")
        reason = ContractsReason.GONE if given not in state.ids() else ContractsReason.NOT_A_LEGAL_TARGET
        rule = ctx.rules[0] if ctx.rules else "spell"
        raise res.illegal((reason, "creature.destroyed" if reason is ContractsReason.GONE else rule),
                          f"{given} for \u201c{what}\u201d", res.answers.pointer + "/targets")
    if not legal:
        res.emit(Note("no_target", f"There is no {t.describe()} for \u201c{what}\u201d: nothing happens.",
                      {"effect": what}, rules=ctx.rules))
        return []
    if len(legal) == 1:
        orb = state.player(legal[0]).orb if state.has_player(legal[0]) else state.orb(legal[0])
        own = disarm and orb is not None and orb.owner == ctx.controller
        kind = t.describe().removeprefix("a ").removeprefix("an ")
        res.emit(Note("mandatory", f"{_name(state, legal[0])} is the only {kind} there is: \u201c{what}\u201d does "
                      "not say \u201cyou can\u201d, so it is mandatory and applies to it.", {"target": legal[0]},
                      rules=("adv.mandatory",) + (("adv.mandatory.disarm",) if own else ())))
        return legal
    raise res.ambiguous(f"{ctx.controller} chooses {t.describe()} for \u201c{what}\u201d", "targets", legal,
                        res.answers.pointer + "/targets")


# ------------------------------------------------------------------------------------ effects

def execute(res: Resolution, ctx: Ctx, effects: tuple[A.Effect, ...], sentence: str = "") -> None:
    for effect in effects:
        run_effect(res, ctx, effect, sentence or ctx.source_name)


def describe(effect: A.Effect) -> str:
    """The effect in words, for the ruling (and for the choices it asks)."""
    if isinstance(effect, A.YouCan):
        return "you can " + describe(effect.effect)
    if isinstance(effect, A.Damage):
        times = f" {effect.times} times" if effect.times > 1 else ""
        return f"deal {effect.amount} damage to {effect.target.describe()}{times}"
    if isinstance(effect, A.LoseHealth):
        return f"{effect.target.describe()} loses {effect.amount} health"
    if isinstance(effect, A.Modify):
        parts = [f"{effect.attack:+d} attack" if effect.attack else "", f"{effect.health:+d} health" if effect.health
                 else "", f"{effect.heal} health back" if effect.heal else "",
                 ", ".join(k.capitalize() for k in effect.keywords)]
        return f"give {' and '.join(p for p in parts if p)} to {effect.target.describe()}"
    if isinstance(effect, A.Fade):
        return f"make {effect.target.describe()} Fade"
    if isinstance(effect, A.Destroy):
        return f"destroy {effect.target.describe()}"
    if isinstance(effect, A.Disarm):
        return f"disarm {effect.target.describe()}"
    if isinstance(effect, A.Fetch):
        return f"fetch {effect.count} contract" + ("s" if effect.count > 1 else "")
    if isinstance(effect, A.Draw):
        return "draw" + (f" {effect.times} times" if effect.times > 1 else "")
    if isinstance(effect, A.Token):
        tokens = "token" + ("s" if effect.count > 1 else "")
        return f"summon {effect.count} {effect.attack}/{effect.health} Creature {tokens}"
    return f"discard {effect.count} contract" + ("s" if effect.count > 1 else "")


def run_effect(res: Resolution, ctx: Ctx, effect: A.Effect, sentence: str) -> None:
    spend(1, "effects")
    what = describe(effect)
    if isinstance(effect, A.YouCan):
        choice = res.answers.may()
        if choice is None:
            raise res.ambiguous(f"{ctx.controller} decides whether to {describe(effect.effect)} (the card says "
                                "\u201cyou can\u201d)", "optional", [True, False], res.answers.pointer + "/optional")
        if not choice:
            res.emit(Note("optional", f"{ctx.controller} chooses not to {describe(effect.effect)} (the card says "
                          "\u201cyou can\u201d).", {"effect": describe(effect.effect)}, rules=("adv.mandatory",)))
            return
        run_effect(res, ctx, effect.effect, sentence)
    elif isinstance(effect, A.Damage):
        _damage(res, ctx, effect, what)
    elif isinstance(effect, A.LoseHealth):
        for ref in select(res, ctx, effect.target, what):
            if res.state.has_player(ref):
                res.apply(F.lose_health(res.state, ref, effect.amount, f"{ctx.source_name}", ctx.rules))
            elif res.state.creature(ref) is not None:
                res.apply(F.damage_creature(res.state, ref, effect.amount, ctx.source_name, ctx.rules + ("damage",)))
        settle(res)
    elif isinstance(effect, A.Modify):
        _modify(res, ctx, effect, what)
    elif isinstance(effect, A.Fade):
        for ref in select(res, ctx, effect.target, what):
            if res.state.creature(ref) is not None or res.state.has_player(ref):
                res.apply(F.fade(res.state, ref, ctx.rules + ("fade",)))
        settle(res)
    elif isinstance(effect, A.Destroy):
        for ref in select(res, ctx, effect.target, what):
            kind = ("creature.destroyed",) if res.state.creature(ref) else ("orb.leaves",) if res.state.orb(ref) \
                else ("rune.replace",) if res.state.rune(ref) else ()
            if kind:
                res.apply(F.leave_field(res.state, ref, f"is destroyed by {ctx.source_name}", ctx.rules + kind +
                                        ("discard",)))
        settle(res)
    elif isinstance(effect, A.Disarm):
        for ref in select(res, ctx, effect.target, what, disarm=True):
            orb = res.state.player(ref).orb if res.state.has_player(ref) else res.state.orb(ref)
            if orb is not None:
                res.apply(F.leave_field(res.state, orb.id, f"is destroyed by {ctx.source_name} (Disarm)",
                                        ctx.rules + ("disarm", "orb.leaves")))
        settle(res)
    elif isinstance(effect, A.Fetch):
        from codex.engine.contracts.deck import fetch
        fetch(res, ctx.controller, effect.count, ctx.rules + ("fetch",))
    elif isinstance(effect, A.Draw):
        from codex.engine.contracts.deck import draw
        for _ in range(effect.times):
            answer = res.answers.draw()
            if answer is None:
                raise res.ambiguous(f"{ctx.controller} draws: how many contracts do they look at (1 to 3), and which "
                                    "do they keep?", "draws", [1, 2, 3], res.answers.pointer + "/draws")
            draw(res, ctx.controller, answer[0], answer[1], special=False, rules=ctx.rules)
    elif isinstance(effect, A.Token):
        _tokens(res, ctx, effect)
    else:
        _discard(res, ctx, effect)


def _damage(res: Resolution, ctx: Ctx, effect: A.Damage, what: str) -> None:
    bonus, givers = magic_damage(res.state, ctx.controller) if ctx.spell else (0, ())
    amount = effect.amount + bonus
    rules = ctx.rules + ("damage",)
    if bonus:
        rules += ("magic-damage",) + (("magic-damage.which",) if effect.times > 1 else ())
    if effect.times > 1:
        rules += ("adv.repeated-damage",)
    source = ctx.source_name + (f" (+{bonus} from Magic Damage of {', '.join(givers)})" if bonus else "")
    if ctx.spell:
        theirs, their_givers = magic_damage(res.state, res.state.opponent(ctx.controller).id)
        if theirs:
            res.emit(Note("ambiguity", f"{', '.join(their_givers)} of {res.state.opponent(ctx.controller).id} has "
                          "Magic Damage: \u201cSpells inflict X more damage\u201d does not say whose Spells. This "
                          "engine applies a player's Magic Damage to that player's Spells only.", {},
                          rules=("magic-damage",)))
    for n in range(effect.times):
        spend(1, "instances of damage")
        refs = select(res, ctx, effect.target, what, again=n > 0)
        batch: list[Event] = []
        for ref in refs:
            if res.state.creature(ref) is not None:
                state, evs = F.damage_creature(res.state, ref, amount, source, rules)
            elif res.state.has_player(ref):
                state, evs = F.damage_player(res.state, ref, amount, source, rules)
            else:
                continue
            if amount <= 0:
                evs = [NoDamage(source, _name(res.state, ref), "the damage is 0", rules=rules)]
                state = res.state
            res.state = state
            batch += evs
        res.emit(*batch)
        fired = len(res.events)
        settle(res)
        if n + 1 < effect.times and any(isinstance(e, TriggerFired) for e in res.events[fired:]):
            res.emit(Note("note", f"What instance {n + 1} of \u201c{what}\u201d set off has been solved; only now is "
                          f"the next instance inflicted.", {"instance": n + 1},
                          rules=("adv.repeated-damage", "adv.repeated-damage.example")))


def _modify(res: Resolution, ctx: Ctx, effect: A.Modify, what: str) -> None:
    for ref in select(res, ctx, effect.target, what):
        player = res.state.has_player(ref)
        if effect.attack or effect.health or effect.keywords:
            buff = Buff(effect.attack, effect.health, effect.keywords, ctx.source_name,
                        attack_value=player and bool(effect.attack))
            res.apply(F.apply_buff(res.state, ref, buff, ctx.rules))
        if effect.heal:
            res.apply(F.heal(res.state, ref, effect.heal, ctx.rules))
    settle(res)


def _tokens(res: Resolution, ctx: Ctx, effect: A.Token) -> None:
    for _ in range(effect.count):
        p = res.state.player(ctx.controller)
        if len(p.line) >= MAX_LINE:
            res.emit(Note("line_full", f"{p.id} already has {MAX_LINE} Creatures: the token is not summoned.",
                          {"player": p.id}, rules=("creature.limit", "material.tokens")))
            return
        n = 1
        taken = res.state.ids() | {g.id for g in res.state.left}
        while f"{p.id}-token-{n}" in taken:
            n += 1
        token = Creature(f"{p.id}-token-{n}", "Creature token", p.id, effect.attack, effect.health,
                         played_this_turn=True, token=True)
        state, _ = F.place_creature(res.state, token, len(p.line), ())
        res.state = state
        res.emit(TokenSummoned(p.id, token.id, effect.attack, effect.health, len(p.line),
                               rules=ctx.rules + ("material.tokens", "creature.line")))
        settle(res)


def _discard(res: Resolution, ctx: Ctx, effect: A.Discard) -> None:
    from codex.engine.contracts.deck import discard_from_hand
    discard_from_hand(res, ctx.controller, effect.count, ctx.rules + ("discard",))
