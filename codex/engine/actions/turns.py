"""The turn's phases, and sequences of actions."""
from __future__ import annotations

from dataclasses import replace

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles, run
from codex.engine.actions.zones import draw_choice
from codex.engine.events import Note
from codex.engine.phases import end_phase, main_phase, proceed, start_phase
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.zones import draw, draw_unknown


@handles(D.EndTurn, Verdict.RESOLVED, Verdict.ILLEGAL)
def end_turn(res: Resolution, a: D.EndTurn, ptr: str) -> Outcome:
    if res.state.over:
        raise res.illegal((Reason.GAME_OVER, "winning-the-game"), "the turn cannot end", ptr)
    pid = res.state.turn.active
    res.apply(end_phase(res.state))
    return res.done(Verdict.RESOLVED, f"{pid}'s turn ends; it is now {res.state.turn.active}'s turn "
                    f"{res.state.turn.number}.")


def _close_opening(res: Resolution) -> None:
    """Starting the first turn ends the opening: a player who made no mulligan keeps their hand."""
    undecided = [p for p in res.state.players if p.opening is None]
    for p in undecided:
        res.state = res.state.with_player(replace(p, opening="kept"))
    if undecided:
        res.emit(Note("mulligan", f"{' and '.join(p.id for p in undecided)} keep{'s' if len(undecided) == 1 else ''} "
                      "their opening hand.", {"players": [p.id for p in undecided]},
                      rules=("setup.mulligan", "setup.mulligan-second")))


@handles(D.StartTurn, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.AMBIGUOUS, Verdict.ILLEGAL)
def start_turn(res: Resolution, a: D.StartTurn, ptr: str) -> Outcome:
    """The start phase in its steps, the draw last (none on the first player's first turn), then
    the main phase begins."""
    if res.state.over:
        raise res.illegal((Reason.GAME_OVER, "winning-the-game"), "no turn can start", ptr)
    if res.state.turn.phase == "setup":
        _close_opening(res)
    pid = res.state.turn.active
    first_turn = res.state.turn.number == 1
    if first_turn and a.draw is not None:
        raise res.illegal((Reason.FIRST_TURN_NO_DRAW, "start-phase.first-turn"), f"{pid} cannot draw",
                          ptr + "/draw")
    res.apply(start_phase(res.state))
    rules = ("start-phase", "start-phase.draw")
    if first_turn:
        res.emit(Note("no_draw", f"{pid} took the first turn of the game, so they do not draw a card in this start "
                      "phase.", {"player": pid}, rules=("start-phase.first-turn", "first-turn.no-draw")))
    elif a.draw is not None:
        res.apply(draw(res.state, pid, {a.draw: 1}, rules + ("card.draw",)))
    else:
        counts = draw_choice(res, pid, 1, None, None, ptr + "/draw")
        res.apply(draw(res.state, pid, counts, rules) if counts is not None else draw_unknown(res.state, pid, 1, rules))
    if res.state.over:
        return res.done(Verdict.GAME_OVER, f"{pid} cannot draw: {res.state.winner} wins.")
    res.apply(main_phase(res.state))
    return res.done(Verdict.RESOLVED, f"{pid}'s start phase: cards untap, {pid} has {res.state.player(pid).mana} "
                    f"mana{'' if first_turn else ' and draws a card'}; the main phase begins.")


@handles(D.Sequence, *Verdict)
def sequence(res: Resolution, a: D.Sequence, ptr: str) -> Outcome:
    """Each action in turn on the state the previous one left; stops at the first that is illegal,
    needs a choice, answers no, or ends the game. The verdict is the last action's."""
    summaries = []
    last: Outcome | None = None
    for i, sub in enumerate(a.actions):
        res.emit(Note("action", f"Action {i + 1}: {sub.do}.", {"index": i}))
        # between actions the storyline is empty: every unit is at rest again (Codex "At Rest")
        last = run(res.state.evolve(restless=frozenset()), sub, f"{ptr}/actions/{i}")
        res.state = last.state
        res.events.extend(last.events)
        summaries.append(last.summary)
        if res.state.proceed_to is not None:     # "Proceed to the end phase": once that action is over
            res.state, moved_on = proceed(res.state)
            res.events.extend(moved_on)
        if last.verdict in (Verdict.NO, Verdict.GAME_OVER, Verdict.ILLEGAL, Verdict.AMBIGUOUS):
            break
    assert last is not None
    return Outcome(last.verdict, " ".join(summaries), res.state, tuple(res.events), last.reason, last.answer,
                   last.extra)
