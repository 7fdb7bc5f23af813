"""A time written inside an effect: "Genesis → At the end of this turn, return this minion to its
owner's hand", "Tap → At the start of your next turn, you gain 3 life", a magic's "When your next turn
begins, deal 2 damage to each enemy minion" after another sentence.

The grammar keeps the time as the sentence's ``delay`` (docs/cardtext.md). Resolving the effect does
not do the sentence: it leaves a delayed triggered ability behind (`state.DelayedTrigger`, as a
magic's own "At the start of your next turn, ..." is), which listens for that moment of a turn, fires
once and is gone. Its words keep what they named when the effect resolved ("it", "that card", the
targets declared as the spell was cast): the effect's context is kept whole.

When it fires, it goes on the storyline like any triggered ability of its source: a card's ability
whose card has left the realm by then is ignored (Codex "Source is No Longer in the Realm"); a magic
never was in the realm, so its delayed sentence always resolves (`storyline._source_in_realm`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from codex.cardtext import ast as A
from codex.engine.effects.execute import Run

#: The phases a delayed time may name (`triggers._PHASES`): one moment, so it fires once.
_PHASES = ("start", "end")
#: Whose turn it may be: this turn, the next turn of a player (the controller's or an opponent's).
#: "At the start of each turn" inside an effect may mean every turn from now on: named as not executed.
_WHOSE = (None, "the", "your", "opponent", "their")
#: A word bound in the delayed ability's context, so the storyline knows its source may have left.
DELAYED = "(delayed)"


def delay_problems(sentence: A.Sentence) -> Iterator[str]:
    """What keeps the engine from leaving this sentence's delayed trigger behind."""
    from codex.engine.effects.check import sentence_problems
    delay = sentence.delay
    if delay is None:
        return
    if delay.kind != "at" or delay.phase not in _PHASES or delay.turn is None:
        yield "a delayed time other than the start or end of a turn"
        return
    if delay.turn.whose not in _WHOSE or delay.turn.which not in (None, "this", "next"):
        yield "a delayed time in a turn the engine cannot tell"
        return
    yield from sentence_problems((A.replace(sentence, delay=None),))


def _triggered(sentence: A.Sentence) -> A.Triggered:
    """The triggered ability the sentence stands for: its time, its effect the sentence without it."""
    assert sentence.delay is not None
    return A.Triggered(trigger=sentence.delay, body=(A.replace(sentence, delay=None),))


def _lasts(delay: A.Trigger) -> str:
    """"this turn" (or "the turn"): gone with the turn if it has not fired; any other turn: it waits."""
    turn = delay.turn
    this = turn is not None and (turn.which == "this" or turn.whose in (None, "the") and turn.which is None)
    return "end_of_turn" if this else "fired"


def leave_delayed(run: Run, sentence: A.Sentence) -> None:
    """The sentence waits for its time: a delayed triggered ability, in the effect's context (its
    source, controller, choice keys and what its words named), listening from now on."""
    from codex.engine.abilities import Ability, AbilityKind
    from codex.engine.state import DelayedTrigger
    delay = sentence.delay
    assert delay is not None
    ability = Ability(AbilityKind.TRIGGERED, run.ctx.ability.text, _triggered(sentence), executed=True)
    ctx = replace(run.ctx, ability=ability, event=None).bind(DELAYED, ())
    # "next" names a turn after this one: "at the end of your next turn" said on your turn skips its end
    not_before = run.state.turn.number + 1 if delay.turn is not None and delay.turn.which == "next" else 0
    lasts = _lasts(delay)
    run.state = run.state.evolve(delayed=run.state.delayed + (DelayedTrigger(ability, ctx, lasts,  # type: ignore[arg-type]
                                                                             not_before),))
    when = f"the {delay.phase} of " + _turn_words(delay.turn)
    run.note("listens", f"{run.ctx.source_name}: this part of its effect waits for {when}, then happens once.",
             ("triggered-ability",), card=run.ctx.source_name, delayed_until=when)


def _turn_words(turn: A.Turn | None) -> str:
    if turn is None or turn.which == "this" or turn.whose in (None, "the") and turn.which is None:
        return "this turn"
    whose = {"your": "its controller's", "opponent": "an opponent's", "their": "their"}.get(str(turn.whose), "a")
    return f"{whose} {'next ' if turn.which == 'next' else ''}turn"


def ignored_delayed_note(ctx: object) -> list[object]:
    """A delayed trigger of a card's ability whose card left the realm before it fired: ignored
    (Codex "Source is No Longer in the Realm", read literally). The other reading, that a delayed
    trigger once made stands apart from the card that made it (as a magic's does), is named."""
    from codex.engine.events import Note
    lookup = getattr(ctx, "lookup", None)
    if lookup is None or lookup(DELAYED) is None:
        return []
    name = getattr(ctx, "source_name", "the card")
    return [Note("ruling_variant", f"{name} had left the realm before the delayed part of its ability fired, so "
                 f"that part is ignored, as an event whose source left the realm is. The words do not settle "
                 f"whether a delayed trigger, once made, still depends on the card that made it: read as standing "
                 f"apart from it (as a magic's delayed trigger does), its effect would happen.",
                 {"card": name, "reading": "ignored", "other": "resolves"},
                 rules=("storyline.source-gone", "triggered-ability"))]


__all__ = ["DELAYED", "delay_problems", "ignored_delayed_note", "leave_delayed"]
