"""The turn's phases, and sequences of actions."""
from __future__ import annotations

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles, run
from codex.engine.events import Note
from codex.engine.phases import end_phase, start_phase
from codex.engine.ruling import Verdict


@handles(D.EndTurn, Verdict.RESOLVED)
def end_turn(res: Resolution, a: D.EndTurn, ptr: str) -> Outcome:
    pid = res.state.turn.active
    res.apply(end_phase(res.state))
    return res.done(Verdict.RESOLVED, f"{pid}'s turn ends; it is now {res.state.turn.active}'s turn "
                    f"{res.state.turn.number}.")


@handles(D.StartTurn, Verdict.RESOLVED)
def start_turn(res: Resolution, a: D.StartTurn, ptr: str) -> Outcome:
    res.apply(start_phase(res.state))
    pid = res.state.turn.active
    return res.done(Verdict.RESOLVED, f"{pid}'s start phase: cards untap and {pid} has "
                    f"{res.state.player(pid).mana} mana.")


@handles(D.Sequence, *Verdict)
def sequence(res: Resolution, a: D.Sequence, ptr: str) -> Outcome:
    """Each action in turn on the state the previous one left; stops at the first that is illegal,
    needs a choice, answers no, or ends the game. The verdict is the last action's."""
    summaries = []
    last: Outcome | None = None
    for i, sub in enumerate(a.actions):
        res.emit(Note("action", f"Action {i + 1}: {sub.do}.", {"index": i}))
        last = run(res.state, sub, f"{ptr}/actions/{i}")
        res.state = last.state
        res.events.extend(last.events)
        summaries.append(last.summary)
        if last.verdict in (Verdict.NO, Verdict.GAME_OVER, Verdict.ILLEGAL, Verdict.AMBIGUOUS):
            break
    assert last is not None
    return Outcome(last.verdict, " ".join(summaries), res.state, tuple(res.events), last.reason, last.answer,
                   last.extra)
