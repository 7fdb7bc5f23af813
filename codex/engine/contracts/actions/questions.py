"""Questions that change nothing (who may see a zone), and a sequence of actions."""
from __future__ import annotations

from codex.engine.contracts import document as D
from codex.engine.contracts.actions.base import handles, run
from codex.engine.contracts.resolution import Outcome, Resolution
from codex.engine.events import Note
from codex.engine.ruling import Verdict


@handles(D.CanSee, Verdict.YES, Verdict.NO, checks_health=False)
def can_see(res: Resolution, a: D.CanSee, ptr: str) -> Outcome:
    owner = a.owner or a.player
    if a.zone == "discard":
        res.emit(Note("answer", f"{a.player} may check {owner}'s discard pile whenever they want.", {},
                      rules=("discard.public",)))
        return res.done(Verdict.YES, "Yes: discard piles are open to both players.")
    if a.zone == "hand" and owner == a.player:
        res.emit(Note("answer", f"{a.player} sees their own hand.", {}, rules=("draw.hidden",)))
        return res.done(Verdict.YES, "Yes: it is their own hand.")
    what = "hand" if a.zone == "hand" else "deck"
    res.emit(Note("answer", f"{a.player} may not look at {owner}'s {what}: contracts are drawn without showing "
                  "them to the opponent.", {}, rules=("draw.hidden",)))
    return res.done(Verdict.NO, f"No: {owner}'s {what} is hidden.", reason="hidden")


@handles(D.Sequence, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL, Verdict.AMBIGUOUS, Verdict.YES,
         Verdict.NO, Verdict.ANSWERED, checks_health=False)
def sequence(res: Resolution, a: D.Sequence, ptr: str) -> Outcome:
    """Each action in turn (the players' health checked after each, as a player could then act);
    stops at the first that is illegal, ambiguous, answers no, or ends the game."""
    out: Outcome | None = None
    for i, sub in enumerate(a.actions):
        res.emit(Note("action", f"Action {i + 1}: {D.action_name(type(sub)).replace('_', ' ')}.",
                      {"index": i, "do": D.action_name(type(sub))}))
        out = run(res.state, sub, f"{ptr}/actions/{i}")
        res.state = out.state
        res.emit(*out.events)
        if out.verdict in (Verdict.ILLEGAL, Verdict.AMBIGUOUS, Verdict.NO, Verdict.GAME_OVER) or res.state.over:
            break
    assert out is not None
    return res.done(Verdict.GAME_OVER if res.state.over else out.verdict, out.summary, reason=out.reason,
                    answer=out.answer, **out.extra)
