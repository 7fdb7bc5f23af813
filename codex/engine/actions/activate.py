"""Activated abilities of cards ("Tap → Deal 2 damage to ...", "(1) → ..."): Codex "Activated
Ability". Who may use one and when, paying its costs, then its effect from the storyline."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from codex.cardtext import ast as A
from codex.engine import document as D
from codex.engine.abilities import Ability, AbilityKind
from codex.engine.actions.base import Outcome, Resolution, handles
from codex.engine.activation import tap_reason
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.costs import can_pay_life, mana_of, pay
from codex.engine.effects.execute import execute
from codex.engine.events import AbilityNotExecuted, AbilityResolved, Activated, ManaPaid, Note, Tapped, Targeted
from codex.engine.ongoing import player_affinity
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.state import Affinity, GameState
from codex.engine.keywords import parse_threshold


def _card(res: Resolution, a: D.Activate, ptr: str) -> tuple[Obj, str, str | None, Any]:
    """The card whose ability is used: (object, name, controller, its abilities)."""
    given = [f for f in ("unit", "artifact", "site") if getattr(a, f) is not None]
    if len(given) != 1:
        from codex.engine.errors import Problem, ScenarioError
        raise ScenarioError([Problem(ptr, "activate names exactly one of \"unit\", \"artifact\" and \"site\"",
                                     "name the card whose ability is used")])
    if a.unit is not None:
        u = res.unit(a.unit, ptr + "/unit")
        return Obj("unit", u.id), u.name, u.controller, u.abilities
    if a.artifact is not None:
        art = next((x for x in res.state.artifacts if x.id == a.artifact), None)
        if art is None:
            raise res.illegal((Reason.UNIT_GONE, "artifact"), f"artifact {a.artifact}", ptr + "/artifact")
        bearer = res.state.unit(art.bearer) if art.bearer else None
        return Obj("artifact", art.id), art.name, bearer.controller if bearer else art.controller, art.abilities
    site = res.state.site_at(int(a.site or 0))
    if site is None:
        raise res.illegal((Reason.NO_SITE_THERE, "void"), f"square {a.site}", ptr + "/site")
    return Obj("site", site.square), site.name, site.controller, site.abilities


def _which(abilities: Any, choice: int | str, granted: list[tuple[Ability, Ctx]] = []
           ) -> tuple[int, Ability] | None:
    """The card's activated ability by index among its activated abilities (its own, then those
    other cards grant it), or by its words."""
    own = list(abilities.abilities) + [ab for ab, _ in granted]
    activated = [(i, ab) for i, ab in enumerate(own) if ab.kind is AbilityKind.ACTIVATED]
    if isinstance(choice, int):
        return activated[choice] if choice < len(activated) else None
    words = " ".join(choice.split()).casefold()
    found = [(i, ab) for i, ab in activated if words in " ".join(ab.text.split()).casefold()]
    return found[0] if len(found) == 1 else None


def _check_has_abilities(res: Resolution, unit: Any, name: str, ptr: str) -> None:
    """A disabled minion has no abilities and a silenced one no special abilities (Codex "Disabled",
    "Silenced"), so neither uses one, whatever its cost: a tap cost asks it too (`tap_reason`), but an
    ability with no tap ("Once on your turn, ... may untap target allied minion") was used by a disabled
    minion (found by blind real-card round 18)."""
    from codex.engine.ongoing import disabled_by, silenced_at
    cause = disabled_by(res.state, unit)
    if cause:
        raise res.illegal((Reason.DISABLED, cause), f"{name} cannot use its ability", ptr + "/unit")
    if silenced_at(res.state, unit, unit.location):
        raise res.illegal((Reason.ABILITY_LOST, "silenced"), f"{name}'s ability ({name} is silenced)",
                          ptr + "/unit")


@handles(D.Activate, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL, Verdict.AMBIGUOUS)
def activate(res: Resolution, a: D.Activate, ptr: str) -> Outcome:
    """Activated abilities may only be used on your turn, in your main phase, with no events pending
    on the storyline, by the card's controller; pay the costs, then the effect resolves."""
    obj, name, controller, abilities = _card(res, a, ptr)
    from codex.engine.effects.statics import abilities_granted
    granted = abilities_granted(res.state, obj)
    found = _which(abilities, a.ability, granted)
    if found is None:
        raise res.illegal((Reason.NO_SUCH_ABILITY, "activated-ability"), f"{name}: ability {a.ability!r}",
                          ptr + "/ability")
    index, ability = found
    state = res.state
    if obj.kind == "unit":     # "..., then lose this ability": an ability taken away (`lost_abilities.py`)
        from codex.engine.lost_abilities import losing
        unit_now = state.unit(str(obj.key))
        took = losing(state, unit_now, ability) if unit_now is not None else None
        if took is not None:
            raise res.illegal((Reason.ABILITY_LOST, "lose"), f"{name} has lost \u201c{ability.text}\u201d "
                              f"({took.name}'s effect)", ptr + "/ability")
        if unit_now is not None:
            _check_has_abilities(res, unit_now, name, ptr)
    if state.over:
        raise res.illegal((Reason.GAME_OVER, "death-blow"), f"{name} cannot use its ability", ptr)
    from codex.engine.effects.statics import forbids
    ban = forbids(state, "use_abilities", obj)
    if ban is not None:        # "Minions here can't use abilities": the 'can't' wins (Codex "Can vs. Can't")
        raise res.illegal((Reason.FORBIDDEN, "can-vs-cant"), f"{name} can't use abilities "
                          f"({ban.ctx.source_name}: \u201c{ban.quote.quote}\u201d)", ptr + "/ability")
    if controller is None:      # an artifact nobody carries: nobody may use it (Codex "Uncontrolled")
        rule = "uncontrolled.artifact" if obj.kind == "artifact" else "uncontrolled"
        raise res.illegal((Reason.NOT_CONTROLLER, rule), f"{name}'s ability (no one controls {name})", ptr)
    user = a.player or state.turn.active
    if not any(p.id == user for p in state.players):
        from codex.engine.errors import Problem, ScenarioError
        raise ScenarioError([Problem(ptr + "/player", f"no player {user!r}", "name a player of the scenario")])
    if controller != user:
        raise res.illegal((Reason.NOT_CONTROLLER, "activated-ability.controller"), f"{name}'s ability", ptr)
    if user != state.turn.active:       # its controller, on another player's turn
        raise res.illegal((Reason.NOT_ACTIVE_PLAYER, "activated-ability"),
                          f"{name}'s ability ({user} is not the active player)", ptr + "/player")
    if state.turn.phase != "main":
        raise res.illegal((Reason.NOT_MAIN_PHASE, "activated-ability"), f"{name}'s ability", ptr)
    pid = controller
    node = ability.node
    used_key = f"{obj.kind}:{obj.key}:{index}"
    limit = _limit(node)
    from codex.engine.use_limits import allowed_uses, spent, with_use
    if limit is not None and spent(state.used_abilities, used_key, allowed_uses(limit)):
        raise res.illegal((Reason.ALREADY_USED, "activated-ability.limit"), f"{name}'s ability", ptr + "/ability")
    need = Affinity.of(parse_threshold("".join(getattr(node, "threshold", ()))))
    if player_affinity(state, pid).covers(need):
        raise res.illegal((Reason.NOT_ENOUGH_THRESHOLD, "threshold"), f"{name}'s ability", ptr)
    costs = getattr(node, "costs", ())
    mana = sum(mana_of(c) for c in costs if c.kind == "mana")
    if state.player(pid).mana < mana:
        raise res.illegal((Reason.NOT_ENOUGH_MANA, "activated-ability"), f"{name}'s ability", ptr)
    life = sum(c.arg for c in costs if c.kind == "life" and isinstance(c.arg, int))
    if life and not can_pay_life(state.player(pid), life):
        raise res.illegal((Reason.NOT_ENOUGH_LIFE, "life.cost"), f"{name}'s ability", ptr)
    taps = [c for c in costs if c.kind == "tap" and (c.arg is None or (isinstance(c.arg, A.Ref)
                                                                           and c.arg.word == "SELF"))]
    if taps and obj.kind == "unit":
        unit = state.unit(str(obj.key))
        assert unit is not None
        found_tap = tap_reason(state, unit)
        if found_tap:
            raise res.illegal(found_tap, f"{name} cannot tap to pay for its ability", ptr + "/unit")
        res.state = state.with_unit(replace(unit, tapped=True))
        res.emit(Tapped(unit.id, unit.name))
    elif taps and obj.kind == "artifact":
        # cards in the realm tap to pay costs, and only untapped ones (rulebook "Tapping a Card":
        # "Players can only tap untapped cards"; found by blind ruling round 19)
        artifact = next(x for x in state.artifacts if x.id == obj.key)
        if artifact.tapped:
            raise res.illegal((Reason.TAPPED, "tap"), f"{name} is tapped: it cannot tap to pay for its "
                              "ability", ptr + "/artifact")
        res.state = state.evolve(artifacts=tuple(replace(x, tapped=True) if x.id == artifact.id else x
                                                 for x in state.artifacts))
    elif taps and obj.kind == "site":      # a site is a card in the realm: it taps too (`site_taps.py`)
        from codex.engine.site_taps import site_tap_reason, tap_site
        site_now = state.site_at(int(obj.key))
        assert site_now is not None
        found_tap = site_tap_reason(site_now)
        if found_tap:
            raise res.illegal(found_tap, f"{name} is tapped: it cannot tap to pay for its ability", ptr + "/site")
        res.state, tapped_site = tap_site(state, site_now.square, cost=True)
        res.emit(*tapped_site)
    res.emit(Activated(str(obj.key), name, ability.text, next(iter(_where(res.state, obj)), _nowhere()),
                       detail=f"use \u201c{ability.text}\u201d", taps=bool(taps) and obj.kind in ("unit", "artifact", "site"),
                       rules=("activated-ability", "storyline")))
    if mana:
        player = res.state.player(pid)
        res.state = res.state.with_player(replace(player, mana=player.mana - mana))
        res.emit(ManaPaid(pid, mana, player.mana - mana, rules=("activated-ability",)))
    if limit is not None:
        res.state = res.state.evolve(used_abilities=with_use(res.state.used_abilities, used_key))
    ctx = Ctx(obj, name, pid, ability, f"{'site' if obj.kind == 'site' else ''}{obj.key}.{index}")
    if index >= len(abilities.abilities):          # granted by another card: "this" is that card
        grantor = granted[index - len(abilities.abilities)][1]
        ctx = replace(ctx, grantor=grantor.source, grantor_name=grantor.source_name)
        from codex.engine.effects.context import read_also_as
        read_also_as(f"{obj.key}.granted{index - len(abilities.abilities)}", ctx.key)
    ctx = pay(res, ctx, tuple(c for c in costs if c.kind != "mana" and c not in taps), ptr)
    saved = ctx.lookup("unsacrificed")
    if saved:
        # a minion sacrificed to pay for it that a replacement saved was not sacrificed: the cost was not
        # paid, so the ability does not happen (Codex "Sacrifice"; exec31)
        shown = ", ".join(str(next((r.name for r in reversed(res.state.removed) if r.id == str(o.key)), None)
                              or getattr(res.state.unit(str(o.key)), "name", str(o.key))) for o in saved)
        res.emit(Note("sacrifice", f"{shown} did not die, so it was not sacrificed: {name}'s cost was not paid "
                      "and its ability does not happen.", {"cards": [str(o.key) for o in saved]},
                      rules=("sacrifice.not-died",)))
        return res.done(res.result_verdict(), f"{name}'s cost was not paid (nothing sacrificed died): its ability "
                        "does not happen.")
    rest: AbilityNotExecuted | None = None
    if not ability.executed:
        from codex.engine.effects.check import missing
        why = "; ".join(missing(ability)[:2]) or "this engine version does not execute it yet"
        if ability.head is None:
            res.emit(AbilityNotExecuted(str(obj.key), name, ability.describe(), f"not executed yet: {why}",
                                        rules=("storyline",), from_card=ctx.quote))
            return res.done(Verdict.RESOLVED, f"{name}'s ability is used; its effect is not executed by this "
                            "engine version.")
        # "Tap → Draw a spell. Then <unread>.": the steps before it resolve (`abilities.then_split`)
        rest = AbilityNotExecuted(str(obj.key), name, f"the later step \u201c{ability.rest}\u201d of its activated "
                                  "ability", f"not executed yet: {why}", rules=("storyline",), from_card=ctx.quote)
        ctx = replace(ctx, ability=ability.head)
    _declare_targets(res, obj, name, ctx)
    res.emit(AbilityResolved(str(obj.key), name, ctx.ability.text, rules=("storyline",), from_card=ctx.quote))
    told = len(res.events)
    with _used_is_chosen(ctx):
        res.apply(execute(res.state, ctx))
    if rest is not None:
        res.emit(rest)
    from codex.engine.effects.stay import keeps_stealth
    if obj.kind == "unit" and res.state.unit(str(obj.key)) is not None \
            and not keeps_stealth(res.events[told:], str(obj.key)):   # "..., and stay Stealthed"
        # a unit that activates a special ability (its own or one a card grants it) has interacted
        # with the realm: its Stealth is lost once the ability has resolved (Codex "Stealth")
        from codex.engine.combat import interact
        res.apply(interact(res.state, str(obj.key), "activated a special ability", ("stealth.after-ability",)))
    return res.done(res.result_verdict(), f"{name} uses \u201c{ability.text}\u201d.")


def _used_is_chosen(ctx: Ctx) -> Any:
    """An ability that opens with what its card "may" do ("Once on your turn, Coy Nixie may force
    target nearby enemy to ..."): using it is choosing to, so its first "may" is answered yes unless
    the scenario answers it (found by blind real-card round 5, which had been asked again)."""
    from contextlib import nullcontext
    from codex.engine.effects.context import choice, choosing
    body = getattr(ctx.ability.node, "body", ())
    first = body[0] if body and isinstance(body[0], A.Sentence) and body[0].clauses else None
    key = f"{ctx.key}.may"
    if first is None or first.clauses[0].modal != "may" or choice(key) is not None:
        return nullcontext()
    return choosing(key, True)


def _declare_targets(res: Resolution, obj: Obj, name: str, ctx: Ctx) -> None:
    """A unit's ability that targets declares its targets as it is used, before it resolves (Codex
    "Target"), which "Whenever Sir Kay targets ..." hears: the units the scenario's choice
    ``<key>.target`` names (without it, the effect asks as it resolves, and nothing is heard)."""
    if obj.kind != "unit" or "target" not in ctx.ability.text.lower():
        return
    given = ctx.answer("target")
    ids = [str(x) for x in (given if isinstance(given, list) else [given] if given is not None else [])]
    units = [u for u in (res.state.unit(i) for i in ids) if u is not None]
    if not units:
        return
    res.settle([Targeted(str(obj.key), name, tuple(u.id for u in units), tuple(u.name for u in units),
                         rules=("target.declared",))])


def _limit(node: Any) -> Any:
    """The ability's limit ("Once on your turn", "three times per turn"), if it has one."""
    body = getattr(node, "body", ())
    first = body[0] if body else None
    return getattr(first, "limit", None)


def _where(state: GameState, obj: Obj) -> list[Any]:
    from codex.engine.effects.select import locations_of
    return locations_of(state, obj)


def _nowhere() -> Any:
    from codex.engine.geometry import Location, Region
    return Location(1, Region.VOID)
