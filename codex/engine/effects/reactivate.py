"""Reactivate: an effect triggers a card's Genesis again ("Reactivate the Genesis abilities of your
nearby Deserts", "you may trigger the Genesis of a nearby River", "reactivate his Genesis ability").

Genesis is "a triggered ability with the text: When this card enters the realm, ... Do whatever is
stated" (Codex "Genesis"); reactivated, each Genesis ability of each card named goes onto the
storyline as if the card had just entered (`storyline._reactivated_genesis`), and resolves with its
own words (its own choices: ``<card>.<ability index>.<role>``). A card with no Genesis has nothing
to reactivate.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.abilities import AbilityKind
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable, name_of, select, singular
from codex.engine.events import Event, GenesisReactivated

_OWN = ("his", "her", "its", "this", "their")


def genesis_of(node: Any) -> Any:
    """The cards whose Genesis the words name: "the Genesis abilities of your nearby Deserts", "the
    Genesis of a nearby River" (the words after "of"), "his Genesis ability" (the card itself, as
    SELF); None when the words name another ability."""
    if not isinstance(node, A.Selector):
        return None
    noun = singular(node.noun.lower())
    if not (noun == "genesis" or noun == "ability" and "genesis" in {m.lower() for m in node.mods}):
        return None
    of = next((f.what for f in node.filters if isinstance(f, A.Of)), None)
    if of is not None:
        return of
    return A.Ref("SELF") if node.det in _OWN else None


def _reactivate_problems(act: A.Reactivate) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    cards = genesis_of(act.patient)
    if cards is None:
        yield "reactivating an ability other than Genesis"
    elif act.agent is not None and not (isinstance(act.agent, A.Ref) and act.agent.word == "you"):
        yield "reactivating by someone named"
    elif not isinstance(cards, A.Ref):
        yield from sel_problems(cards)


def _has_genesis(run: Run, obj: Obj) -> bool:
    from codex.engine.storyline import _card_in_realm
    card = _card_in_realm(run.state, obj)
    return card is not None and any(a.kind is AbilityKind.GENESIS for a in card.abilities.abilities)


@executes(A.Reactivate, problems=_reactivate_problems)
def _reactivate(run: Run, act: A.Reactivate, clause: A.Clause) -> list[Obj]:
    """Each card named (chosen when the words say "a", "target") has its Genesis triggered again."""
    cards = genesis_of(act.patient)
    if cards is None:
        raise NotExecutable("reactivating an ability other than Genesis")
    objs = [run.ctx.source] if isinstance(cards, A.Ref) and cards.word == "SELF" else select(
        run.state, run.ctx, cards, "target")
    batch: list[Event] = [GenesisReactivated(f"{o.kind}:{o.key}", name_of(run.state, o), rules=("genesis",))
                          for o in objs if o.kind in ("site", "unit", "artifact", "aura") and _has_genesis(run, o)]
    if not batch:
        run.note("no_genesis", f"{run.ctx.source_name}: no card named has a Genesis ability to trigger again.")
        return []
    run.settle(batch)
    return objs
