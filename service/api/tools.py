"""Tool endpoints over the library: card-text validation and rulings.

The functions behind them (``validate_text``, ``adjudicate``) are shared with the web pages so
the page and the API can never disagree.
"""
from __future__ import annotations

from typing import Any

from apiflask import HTTPError
from flask import current_app

from codex import cardtext, engine
from service.api import api
from service.api.schemas import Problem, RulingOut, ScenarioIn, ValidateIn, ValidateOut
from service.limits import WorkTimeout, work_deadline

_422 = {422: {"description": "Invalid request", "content": {
    "application/problem+json": {"schema": Problem}}}}

@api.post("/cards/validate")
@api.input(ValidateIn, arg_name="body")
@api.output(ValidateOut)
@api.doc(summary="Parse card text against the card-text grammar: AST and errors",
         responses=_422)
def validate_card(body: dict[str, Any]) -> dict[str, Any]:
    """200 whether or not the text parses: a failing parse is the answer, not an error."""
    try:
        with work_deadline(current_app.config["ARBITER_WORK_SECONDS"]):
            return validate_text(body["text"], body.get("name"))
    except WorkTimeout as exc:
        raise HTTPError(422, "Card text too complex", detail=f"card text too complex: {exc}")


WARM_SCENARIO = {"format": "arbiter.scenario/1", "turn": {"active": "p1"},
                 "players": [{"id": "p1"}, {"id": "p2"}],
                 "units": [{"id": "m", "controller": "p1", "at": 13, "power": 1,
                            "text": "Airborne. Movement +1"}],
                 "action": {"do": "range_of_motion", "unit": "m"}}


def warm() -> None:
    """Build the card-text parser and the engine's tables now, before the first request.

    The first parse in a process builds the grammar (about a second, far more without lark's
    cache): no user's request should pay that, and none should meet the work deadline for it.
    """
    cardtext.validate("Airborne. Genesis → Deal 2 damage to each enemy nearby.")
    engine.rule(WARM_SCENARIO)


def validate_text(text: str, name: str | None = None) -> dict[str, Any]:
    """Shared with the web page."""
    return cardtext.validate(text, name=name or None).to_dict()


@api.post("/rulings")
@api.input(ScenarioIn, arg_name="scenario")
@api.output(RulingOut)
@api.doc(summary="Adjudicate a scenario (arbiter.scenario/1): verdict, steps, citations",
         responses=_422)
def post_ruling(scenario: dict[str, Any]) -> dict[str, Any]:
    try:
        with work_deadline(current_app.config["ARBITER_WORK_SECONDS"]):
            result = adjudicate(scenario)
    except WorkTimeout as exc:
        raise HTTPError(422, "Scenario too complex", detail=f"scenario too complex: {exc}")
    if "problems" in result:
        raise HTTPError(422, "Invalid scenario", detail=result["detail"],
                        extra_data={"errors": result["problems"]})
    return result


def adjudicate(scenario: dict[str, Any]) -> dict[str, Any]:
    """A ruling dict, or ``{"detail", "problems"}`` when the scenario cannot be adjudicated (shared).

    Only the engine's own errors are the client's problem (a bad scenario, one too complex to rule
    on); any other exception is a bug in Arbiter and propagates as a 500."""
    from service.resources import resources

    try:
        return engine.rule(scenario, cards=resources().cards).to_dict()
    except engine.ScenarioError as exc:
        problems = [p.to_dict() for p in exc.problems]
        return {"detail": "; ".join(f"{p['pointer'] or '/'}: {p['problem']}" for p in problems),
                "problems": problems}
    except engine.TooComplex as exc:
        return {"detail": str(exc), "problems": exc.to_dict()["problems"]}
