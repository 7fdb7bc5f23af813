"""What every Contracts action handler shares: the registry, and `run`, which resolves one action
and then checks the players' health (only now: "You only check if a player's health reached 0
when it is possible for a player to do something").

The same pattern as Sorcery's `codex.engine.actions.base` (a handler per typed record, registered
with the verdicts it can give; illegal and ambiguous actions become outcomes that keep the state
and events reached), over the Contracts state and `Resolution`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, TypeVar

from codex.engine.budget import spend
from codex.engine.contracts import document as D
from codex.engine.contracts.events import Paid
from codex.engine.contracts.health import check
from codex.engine.contracts.mana import ELEMENTS, Colours, Payment, default_payment, pay, payment_problem
from codex.engine.contracts.model import State
from codex.engine.contracts.reasons import ContractsReason
from codex.engine.contracts.resolution import Answers, Outcome, Resolution
from codex.engine.errors import AmbiguousAction, IllegalAction
from codex.engine.events import Note
from codex.engine.ruling import Verdict

R = TypeVar("R", bound=D.Action)
Handler = Callable[[Resolution, Any, str], Outcome]


@dataclass(frozen=True)
class ActionSpec:
    do: str
    record: type[D.Action]
    handler: Handler
    verdicts: tuple[Verdict, ...]
    checks_health: bool


REGISTRY: dict[type[D.Action], ActionSpec] = {}


def handles(record: type[R], *verdicts: Verdict, checks_health: bool = True) -> Callable[
        [Callable[[Resolution, R, str], Outcome]], Callable[[Resolution, R, str], Outcome]]:
    """Register a handler for an action record, with the verdicts it can give (questions change
    nothing, so they do not check health: ``checks_health=False``)."""
    def register(fn: Callable[[Resolution, R, str], Outcome]) -> Callable[[Resolution, R, str], Outcome]:
        REGISTRY[record] = ActionSpec(D.action_name(record), record, fn, tuple(verdicts), checks_health)
        return fn
    return register


def answers_of(action: D.Action, pointer: str) -> Answers:
    if isinstance(action, D.Choices):
        draws = tuple((d.count, d.keep) for d in action.draws)
        return Answers(action.targets, action.optional, draws, pointer)
    return Answers(pointer=pointer)


def run(state: State, action: D.Action, pointer: str = "/action") -> Outcome:
    """Resolve one action (an illegal or ambiguous one is an outcome, not an exception), then check
    the players' health: the game ends now if one is at 0 or lower."""
    spend(1, "actions")
    res = Resolution(state, answers_of(action, pointer))
    spec = REGISTRY[type(action)]
    try:
        out = spec.handler(res, action, pointer)
    except IllegalAction as e:
        res.emit(Note("illegal", e.message[0].upper() + e.message[1:] + ".",
                      {"reason": e.reason.value, "pointer": e.pointer},
                      rules=(e.rule_id,) if e.rule_id else ()))
        # an illegal action changes nothing: the state is the one before it, not the one the
        # handler had reached when it found the action illegal (a contract played without the
        # mana to pay it had left the hand; found by blind Contracts round 5)
        return Outcome(Verdict.ILLEGAL, f"Illegal: {e.message}.", state, tuple(res.events),
                       e.reason.value, None, {"pointer": e.pointer})
    except AmbiguousAction as e:
        res.emit(Note("ambiguous", f"A choice is needed: {e.message}.",
                      {"choice": e.choice, "options": e.options, "pointer": e.pointer}))
        return Outcome(Verdict.AMBIGUOUS, f"Ambiguous: {e.message}; choose with {e.pointer}.", res.state,
                       tuple(res.events), answer={"choice": e.choice, "options": e.options},
                       extra={"pointer": e.pointer})
    if spec.checks_health and not isinstance(action, D.Sequence) and not state.over and \
            check(res, f"after {spec.do.replace('_', ' ')} has completely resolved"):
        winner = res.state.winner
        summary = out.summary + (f" {winner} wins." if winner else " The match is a draw.")
        return Outcome(Verdict.GAME_OVER, summary, res.state, tuple(res.events), out.reason, out.answer, out.extra)
    return out


def not_over(res: Resolution) -> None:
    if res.state.over:
        raise res.illegal((ContractsReason.GAME_OVER, "victory"), "the action")


def plan_payment(res: Resolution, pid: str, cost: Colours, declared: D.PayDoc | None, what: str,
                 pointer: str) -> Payment:
    """The extractors and tanks that pay ``cost``: as declared (``pay``), or the default payment
    (`mana.default_payment`); illegal when they cannot."""
    p = res.state.player(pid)
    rule = "cost.colour" if any(cost.get(c) for c in ELEMENTS) else "cost.grey" if cost.get("grey") else "cost"
    if declared is not None:
        payment = Payment(Colours.of(declared.extractors), Colours.of(declared.tanks))
        problem = payment_problem(p.mana, payment, cost)
        if problem:
            raise IllegalAction(ContractsReason.BAD_PAYMENT, f"{pid}: {problem}", rule, pointer + "/pay", res.state)
        return payment
    found = default_payment(p.mana, cost)
    if found is None:
        raise IllegalAction(ContractsReason.NOT_ENOUGH_MANA, f"{pid} cannot pay {cost.text()} for {what} "
                            f"(full: {p.mana.extractors_full.text()} in extractors, {p.mana.tanks_full.text()} in "
                            "tanks)", rule, pointer, res.state)
    return found


def pay_cost(res: Resolution, pid: str, cost: Colours, payment: Payment, what: str) -> None:
    """Empty the extractors and tanks of a planned payment."""
    if cost.total == 0:
        res.emit(Note("cost", f"{what} costs nothing.", {}, rules=("cost",)))
        return
    rules = ("cost",) + (("cost.colour",) if any(cost.get(c) for c in ELEMENTS) else ()) + \
        (("cost.grey",) if cost.get("grey") else ())
    p = res.state.player(pid)
    res.state = res.state.with_player(replace(p, mana=pay(p.mana, payment)))
    res.emit(Paid(pid, cost.text(), payment.text(), what, rules=rules))
