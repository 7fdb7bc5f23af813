"""Drawing, fetching, an effect in the rulebook's words, and Fade."""
from __future__ import annotations

from dataclasses import replace

from codex.engine.contracts import document as D
from codex.engine.contracts import field as F
from codex.engine.contracts.actions.base import handles, not_over
from codex.engine.contracts.cardtext import parse
from codex.engine.contracts.deck import draw, fetch
from codex.engine.contracts.effects import Ctx, execute, settle
from codex.engine.contracts.events import PhaseBegan
from codex.engine.contracts.reasons import ContractsReason as R
from codex.engine.contracts.resolution import Outcome, Resolution
from codex.engine.events import Note
from codex.engine.ruling import Verdict

_V = (Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL, Verdict.AMBIGUOUS)


def turn_draw(res: Resolution, pid: str, count: int, keep: tuple[str, ...], special: bool, ptr: str) -> None:
    """A draw, checked: the special draw only at the start of the turn and once per game. The
    start-of-turn draw opens the rest of the turn."""
    state = res.state
    start = state.turn.phase == "draw" and pid == state.turn.active
    if pid == state.turn.active and state.turn.phase == "start":
        raise res.illegal((R.START_FIRST, "start-turn"), f"{pid} draws", ptr)
    if special:
        if not start:
            raise res.illegal((R.NOT_START_OF_TURN, "special-draw"), f"{pid} uses the special draw", ptr + "/special")
        if state.player(pid).special_draw_used:
            raise res.illegal((R.SPECIAL_DRAW_USED, "special-draw"), f"{pid} uses the special draw", ptr + "/special")
    low, high = (2, 4) if special else (1, 3)
    if not low <= count <= high:
        raise res.illegal((R.DRAW_COUNT, "special-draw.how" if special else "draw"),
                          f"{pid} chooses {count}", ptr + "/count")
    draw(res, pid, count, keep, special=special, rules=("turn.draw",) if start else (), pointer=ptr)
    if start:
        res.state = replace(res.state, turn=replace(res.state.turn, phase="main"))
        res.emit(PhaseBegan(pid, "main", rules=("turn.main",)))


@handles(D.DrawAction, *_V)
def draw_action(res: Resolution, a: D.DrawAction, ptr: str) -> Outcome:
    not_over(res)
    pid = a.player or res.state.turn.active
    turn_draw(res, pid, a.count, a.keep, a.special, ptr)
    return res.done(res.result_verdict(), f"{pid} draws.")


@handles(D.FetchAction, *_V)
def fetch_action(res: Resolution, a: D.FetchAction, ptr: str) -> Outcome:
    not_over(res)
    pid = a.player or res.state.turn.active
    fetch(res, pid, a.count, ("fetch",))
    return res.done(res.result_verdict(), f"{pid} fetches {a.count} contract{'s' if a.count > 1 else ''}.")


@handles(D.Effect, *_V)
def effect(res: Resolution, a: D.Effect, ptr: str) -> Outcome:
    not_over(res)
    text = parse(a.text, a.source)
    effects = tuple(e for p in text.plain for e in p.effects)
    others = [t.text for t in text.triggered] + [t.text for t in text.activations]
    if text.unreadable or others or not effects:
        words = list(text.unreadable) + others
        res.emit(Note("not_executed", "Not executed: " + ("; ".join(f"\u201c{w}\u201d" for w in words) if words
                                                        else "the text has no effect to take place") + ".",
                      {"text": a.text}))
    execute(res, Ctx(a.player, None, a.source, a.spell, ("spell",) if a.spell else ()), effects)
    return res.done(res.result_verdict(), f"{a.source} takes effect.")


@handles(D.FadeAction, *_V)
def fade_action(res: Resolution, a: D.FadeAction, ptr: str) -> Outcome:
    not_over(res)
    if res.state.creature(a.target) is None and not res.state.has_player(a.target):
        raise res.illegal((R.NOT_A_LEGAL_TARGET, "fade"), f"{a.target} (only a Creature or a player can Fade)",
                          ptr + "/target")
    creature = res.state.creature(a.target)
    name = creature.name if creature is not None else a.target
    res.apply(F.fade(res.state, a.target, ("fade",)))
    settle(res)
    return res.done(res.result_verdict(), f"{name} Fades.")
