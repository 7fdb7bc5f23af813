"""Readings of "of <whose> choice" the grammar attaches where English does not mean it.

* "Your opponent discards a spell of their choice.": a player discarding from hand chooses the card
  (Codex "Discard" leaves it to them), so "of their choice" says what a discard says anyway; the
  filter is dropped from a Discard whose doer is named (`cards._discard`, which asks the discarding
  player, ``discard.<player>`` when it is not the effect's controller).
* "Deal 1 damage to each minion of your choice nearby.": the place words after "choice" are the
  minions' own (a choice is nowhere), and "each ... of your choice" is any number of them the
  controller picks, none targeted (Codex "Target": without the word "target" nothing is targeted,
  so Stealth does not shelter): the selector becomes "any number of minions nearby".
"""
from __future__ import annotations

from typing import Any

from codex.cardtext import ast as A


def _choice_of(f: Any, whose: tuple[str, ...]) -> bool:
    what = getattr(f, "what", None)
    return isinstance(f, A.Of) and isinstance(what, A.Selector) and what.noun.lower() == "choice" \
        and what.det in whose and not what.mods


def their_choice_discard(node: Any) -> Any:
    """A Discard of "a spell of their choice" by a named player as a plain discard (see above)."""
    def rewrite(n: Any) -> Any:
        if not (isinstance(n, A.Discard) and n.agent is not None and isinstance(n.patient, A.Selector)):
            return n
        sel = n.patient
        if not any(_choice_of(f, ("their",)) and not f.what.filters for f in sel.filters):
            return n
        return A.replace(n, patient=A.replace(sel, filters=tuple(f for f in sel.filters
                                                                 if not _choice_of(f, ("their",)))))
    if not any(isinstance(n, A.Discard) for n in A.walk(node)):
        return node
    return A.transform(node, rewrite)


def each_of_your_choice(node: Any) -> Any:
    """"each minion of your choice nearby" as "any number of minions nearby", chosen, not targeted."""
    def rewrite(n: Any) -> Any:
        if not (isinstance(n, A.Selector) and n.det in ("each", "every") and n.count is None and n.quant is None
                and "target" not in n.mods):
            return n
        picks = [f for f in n.filters if _choice_of(f, ("your",))]
        if len(picks) != 1:
            return n
        rest = tuple(f for f in n.filters if f is not picks[0]) + tuple(picks[0].what.filters)
        return A.replace(n, det=None, quant="any_number", filters=rest, plural=True)
    if not any(isinstance(n, A.Selector) and n.noun.lower() == "choice" for n in A.walk(node)):
        return node
    return A.transform(node, rewrite)
