"""Costs of activated abilities (Codex "Activated Ability", "Sacrifice", "Tap"): tap this card (or
its bearer, or another ally), pay mana, sacrifice a card, discard cards, lose life. All costs are
paid before the effect goes onto the storyline; a cost that cannot be paid makes the activation
illegal.

`COSTS` says which cost kinds the engine pays and what of a cost it cannot (for `check.py`);
`pay` pays them for `actions/activate.py`. A threshold written before an ability (``(F)(F)(F) —``)
is a condition: the ability works only while its controller has that threshold.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.select import NotExecutable, select

if TYPE_CHECKING:
    from codex.engine.actions.base import Resolution


def _tap_problems(cost: A.Cost) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    if cost.arg is not None and not (isinstance(cost.arg, A.Ref) and cost.arg.word == "SELF"):
        yield from sel_problems(cost.arg)


def _mana_problems(cost: A.Cost) -> Iterator[str]:
    arg = cost.arg
    symbols = arg.symbols if isinstance(arg, A.Mana) else ((arg,) if isinstance(arg, str) else ())
    if not symbols or not all(s.strip("()").isdecimal() or s.strip("()").upper() == "X" for s in symbols):
        yield "a cost of elemental mana"


def _card_problems(cost: A.Cost) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    arg = cost.arg
    if arg is None or (isinstance(arg, A.Ref) and arg.word == "SELF"):
        return
    if cost.kind == "discard":
        if not (isinstance(arg, A.Selector) and arg.noun in ("card", "spell", "site")):
            yield "discarding particular cards as a cost"
        return
    yield from sel_problems(arg)


def _life_problems(cost: A.Cost) -> Iterator[str]:
    if not isinstance(cost.arg, int):
        yield "a cost of life given otherwise than as a number"


def _banish_problems(cost: A.Cost) -> Iterator[str]:
    """"Banish all your dead fire minions →": cards in a zone the words name (a cemetery), banished."""
    from codex.engine.effects.check import sel_problems
    arg = cost.arg
    if not isinstance(arg, A.Selector) or arg.noun == "SELF":
        yield "banishing something other than named cards as a cost"
        return
    if zone_scope_of(arg) is None:
        yield "banishing cards from no zone named as a cost"
    yield from sel_problems(arg)


def zone_scope_of(sel: A.Selector) -> Any:
    """The zones a card selector names ("your dead minions": your cemetery), without a board."""
    from codex.engine.effects.select import died_zones, zone_of
    if any(m.lower() == "dead" for m in sel.mods):
        return [(sel.det, "cemetery")]
    found = died_zones(sel)
    if found:
        return found
    return next((zone_of(f.of) for f in sel.filters if isinstance(f, A.Where) and zone_of(f.of)), None)


COSTS: dict[str, Callable[[A.Cost], Iterator[str]]] = {
    "tap": _tap_problems, "mana": _mana_problems, "sacrifice": _card_problems, "discard": _card_problems,
    "life": _life_problems, "banish": _banish_problems,
}


def threshold_problems(threshold: tuple[str, ...]) -> Iterator[str]:
    from codex.engine.keywords import parse_threshold
    try:
        parse_threshold("".join(threshold))
    except Exception:
        yield "a threshold the engine cannot read"


def has_threshold(state: Any, player: str, threshold: tuple[str, ...]) -> bool:
    """Whether ``player`` has the threshold written before an ability (Codex "Threshold")."""
    from codex.engine.keywords import parse_threshold
    from codex.engine.ongoing import player_affinity
    from codex.engine.state import Affinity
    if not threshold:
        return True
    need = Affinity.of(parse_threshold("".join(threshold)))
    return not player_affinity(state, player).covers(need)


def can_pay_life(player: Any, life: int) -> bool:
    """Whether ``player`` can pay ``life`` as a cost: the rulebook lists "paying life" among the
    costs of abilities, and a cost is paid in full or not at all, so they need that much life, and
    at death's door (0 life, which life loss no longer lowers) none can be paid. The same test as an
    effect's "pay N life" (`purpose._pay`)."""
    return life <= 0 or player.life >= life and not player.at_deaths_door


def mana_of(cost: A.Cost) -> int:
    arg = cost.arg
    symbols = arg.symbols if isinstance(arg, A.Mana) else ((arg,) if isinstance(arg, str) else ())
    return sum(int(s.strip("()")) for s in symbols if s.strip("()").isdecimal())


def pay(res: "Resolution", ctx: Ctx, costs: tuple[A.Cost, ...], pointer: str) -> Ctx:
    """Pay every cost (taps and mana are checked by the caller first); returns the context with
    what was sacrificed or discarded bound ("the discarded card's mana cost")."""
    from codex.engine import document as D
    from codex.engine.actions.base import run
    from codex.engine.reasons import Reason
    from codex.engine.ruling import Verdict
    for i, cost in enumerate(costs):
        if cost.kind == "tap" and cost.arg is not None and not (isinstance(cost.arg, A.Ref)
                                                                   and cost.arg.word == "SELF"):
            tapped = _chosen(res, ctx, cost.arg, f"cost.{i}")
            parts = cost.arg.items if isinstance(cost.arg, A.Group) and cost.arg.conj == "and" else (cost.arg,)
            if len(set(tapped)) < max(1, sum(1 for p in parts if not getattr(p, "plural", False))):
                # "Tap bearer and another ally here": each card the cost names is one more card to tap,
                # so with the bearer alone there the cost cannot be paid (found by blind real-card round 11)
                # "Tap an allied Faerie here → ...": with none there, the cost cannot be paid, so the
                # ability cannot be activated (Codex "Activated Ability": "If you pay the cost, the effect
                # occurs"; found by blind real-card round 9, where it was used for free)
                raise res.illegal((Reason.NOTHING_TO_TAP, "activated-ability"), f"the cost of {ctx.source_name}", pointer)
            for obj in tapped:
                if obj.kind == "site":      # "Tap this site", "Tap an untapped site you control" (`site_taps.py`)
                    _tap_site_for_cost(res, ctx, int(obj.key), pointer)
                    continue
                out = run(res.state, D.Tap(do="tap", unit=str(obj.key), cost=True), f"{pointer}/costs/{i}")
                if out.verdict is Verdict.ILLEGAL:
                    raise res.illegal((Reason(out.reason) if out.reason else Reason.TAPPED, "activated-ability"),
                                      f"the cost of {ctx.source_name}", pointer)
                res.state = out.state
                res.emit(*out.events)
            ctx = ctx.bind("tapped_for_cost", tapped)
        elif cost.kind == "sacrifice":
            objs = [ctx.source] if cost.arg is None or (isinstance(cost.arg, A.Ref) and cost.arg.word == "SELF") \
                else _chosen(res, ctx, cost.arg, f"cost.{i}")
            if ctx.source in objs and ctx.source.kind == "artifact":
                # its bearer as it was: "Sacrifice Mix Aer → ... bearer's next Air spell" (the effect follows)
                art = res.state.artifact(str(ctx.source.key))
                if art is not None and art.bearer:
                    ctx = ctx.bind("bearer", [Obj("unit", art.bearer)])
            if not objs:
                raise res.illegal((Reason.NO_SUCH_ABILITY, "sacrifice"), f"nothing to sacrifice for {ctx.source_name}",
                                  pointer)
            if ctx.source in objs:      # sacrificing itself: its "here" stays where it was (Codex "Sacrifice")
                from codex.engine.effects.select import locations_of
                ctx = ctx.bind("was_at", [Obj("location", loc) for loc in locations_of(res.state, ctx.source)])
            res.apply(_sacrifice(res, ctx, objs))
            ctx = ctx.bind("sacrificed", objs)
            saved = unsacrificed(res.state, objs)
            if saved:       # a replacement saved it: the cost was not paid (`actions/activate.py` stops there)
                ctx = ctx.bind("unsacrificed", saved)
        elif cost.kind == "discard":
            ctx = _discard(res, ctx, cost, i, pointer)
        elif cost.kind == "banish":
            ctx = _banish(res, ctx, cost, i)
        elif cost.kind == "life":
            from codex.engine.combat import lose_life
            res.apply(lose_life(res.state, ctx.controller, int(cost.arg), f"the cost of {ctx.source_name}",
                                ("activated-ability",)))
    return ctx


def unsacrificed(state: Any, objs: list[Obj]) -> list[Obj]:
    """The minions among ``objs`` sacrificed as a cost that did not die (a replacement, "return it to
    its owner's hand instead", saved them): not sacrificed, so the cost was not paid (Codex "Sacrifice",
    as `purpose._sacrificed` for "sacrifice ... to ..."). Avatars are never sacrificed this way."""
    out = []
    for obj in objs:
        if obj.kind != "unit":
            continue
        died = any(r.id == str(obj.key) and r.fate == "died" for r in state.removed)
        unit = state.unit(str(obj.key))
        if not died and (unit is None or not unit.is_avatar):
            out.append(obj)
    return out


def _tap_site_for_cost(res: "Resolution", ctx: Ctx, square: int, pointer: str) -> None:
    """A site tapped to pay a cost: only an untapped one can be (Codex "Tap"), else the cost cannot
    be paid and the ability is not activated."""
    from codex.engine.site_taps import site_tap_reason, tap_site
    site = res.state.site_at(square)
    found = site_tap_reason(site) if site is not None else None
    if site is None or found is not None:
        from codex.engine.reasons import Reason
        raise res.illegal(found or (Reason.NOTHING_TO_TAP, "activated-ability"),
                          f"{site.name if site else f'square {square}'} is tapped: it cannot pay the cost of "
                          f"{ctx.source_name}", pointer)
    res.state, events = tap_site(res.state, square, cost=True)
    res.emit(*events)


def _chosen(res: "Resolution", ctx: Ctx, node: Any, role: str) -> list[Obj]:
    try:
        return select(res.state, ctx, node, role)
    except NotExecutable as e:
        from codex.engine.errors import Problem, ScenarioError
        raise ScenarioError([Problem("/action/ability", f"this engine cannot pay the cost: {e.what}",
                                     "use an ability whose costs it pays")]) from None


def _sacrifice(res: "Resolution", ctx: Ctx, objs: list[Obj]) -> tuple[Any, list[Any]]:
    """Sacrifice as a cost (Codex "Sacrifice": its controller destroys it; it cannot be prevented):
    minions are marked for death and go to the cemetery once the story settles; artifacts and sites
    are destroyed."""
    from codex.engine import document as D
    from codex.engine.actions.base import run
    from codex.engine.storyline import mark_for_death, settle
    state = res.state
    batch: list[Any] = []
    for obj in objs:
        if obj.kind == "unit" and (u := state.unit(obj.key)) is not None and not u.is_avatar:
            state, marked = mark_for_death(state, u.id, f"sacrificed to pay for {ctx.source_name}",
                                           ("sacrifice", "activated-ability"))
            batch += marked
        elif obj.kind == "artifact":
            out = run(state, D.Destroy(do="destroy", target=D.ArtifactRef(artifact=str(obj.key)), player=ctx.controller),
                      "/action")
            state = out.state
            batch += list(out.events)
        elif obj.kind == "site":
            out = run(state, D.DestroySite(do="destroy_site", square=int(obj.key)), "/action")
            state = out.state
            batch += list(out.events)
        from codex.engine.events import Note
        batch.append(Note("sacrifice", f"{ctx.source_name if obj == ctx.source else obj.key} is sacrificed: its "
                          "controller destroys it, and nothing can prevent it.", {"card": str(obj.key)},
                          rules=("sacrifice",)))
    after, more = settle(state, batch)
    return after, batch + more


def _banish(res: "Resolution", ctx: Ctx, cost: A.Cost, i: int) -> Ctx:
    """Banish cards from a zone as a cost ("Banish all your dead fire minions"): the cards the
    words name (all of them, or those the player picks, ``cost.<n>``) go to the banished area; what
    was banished is what "they" and "their" mean in the effect."""
    from codex.engine.events import Note
    from codex.engine.zones import move
    objs = [o for o in _chosen(res, ctx, cost.arg, f"cost.{i}") if o.kind == "card"]
    for obj in objs:
        zc = obj.key
        from codex.engine.effects.cards import take_card
        got = take_card(res.state, zc)
        if got is None:
            continue
        res.state, item = got
        res.apply(move(res.state, zc.owner, [item], zc.zone, "banished", f"banished to pay for {ctx.source_name}",
                       ("banished", "activated-ability")))
    if not objs:
        res.emit(Note("cost", f"{ctx.source_name}: there is nothing to banish, so its cost banishes nothing.",
                      {"card": ctx.source_name}, rules=("activated-ability",)))
    return ctx.bind("banished", objs).bind("they", objs)


def _discard(res: "Resolution", ctx: Ctx, cost: A.Cost, i: int, pointer: str) -> Ctx:
    """Discard cards from the controller's hand as a cost: which ones is the player's choice
    (``cost.<n>``: card names, or "spell"/"site" for unnamed ones)."""
    from codex.engine.actions.zones import take_from_hand
    from codex.engine.errors import AmbiguousAction
    from codex.engine.zones import move
    arg = cost.arg
    count = int(arg.count) if isinstance(arg, A.Selector) and isinstance(arg.count, int) else 1
    noun = arg.noun if isinstance(arg, A.Selector) else "card"
    hand = res.state.player(ctx.controller).hand
    key = f"{ctx.key}.cost.{i}"
    given = ctx.answer(f"cost.{i}")
    if given is None:
        options = [c.name for c in hand.named if noun == "card" or c.kind == noun] + [
            k for k in ("spell", "site") if noun in ("card", k) and (getattr(hand, k + "s") is None
                                                                   or getattr(hand, k + "s") > 0)]
        if not options:       # no such card in the hand: the cost cannot be paid (found by blind ruling round 21)
            from codex.engine.reasons import Reason
            raise res.illegal((Reason.NOT_IN_HAND, "activated-ability"),
                              f"{ctx.source_name}'s cost: {ctx.controller} has no {noun} in hand to discard", pointer)
        if len(options) == 1 and count == 1 and options[0] not in ("spell", "site"):
            given = options[0]
        else:
            raise AmbiguousAction(f"{ctx.source_name}: choose the {noun} to discard to pay its cost", key, options,
                                  f"/choices/{key}")
    picks = [str(x) for x in (given if isinstance(given, list) else [given])]
    names = tuple(p for p in picks if p not in ("spell", "site"))
    if noun in ("spell", "site"):          # "Discard a spell": a site does not pay it
        from codex.engine.reasons import Reason
        kinds = {c.name.casefold(): c.kind for c in hand.named}
        wrong = [n for n in names if kinds.get(n.casefold()) not in (noun, None)] + [
            p for p in picks if p in ("spell", "site") and p != noun]
        if wrong:
            raise res.illegal((Reason.NOT_IN_HAND, "activated-ability"), f"{wrong[0]} is not a {noun} to discard",
                              pointer)
    items = take_from_hand(res, ctx.controller, names, picks.count("spell"), picks.count("site"), pointer)
    res.apply(move(res.state, ctx.controller, items, "hand", "cemetery", "discarded to pay a cost", ("cemetery",)))
    from codex.engine.effects.context import ZoneCard
    return ctx.bind("discarded", [Obj("card", ZoneCard(ctx.controller, "cemetery", item, 0)) for item in items])


__all__ = ["COSTS", "pay", "threshold_problems", "has_threshold", "mana_of", "replace"]
