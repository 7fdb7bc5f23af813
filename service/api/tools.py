"""Tool endpoints over the library: card-text validation and rulings.

The functions behind them (``validate_text``, ``adjudicate``) are shared with the web pages so
the page and the API can never disagree.
"""
from __future__ import annotations

import logging
from typing import Any

from apiflask import HTTPError
from flask import current_app

from service.api import api
from service.api.schemas import (Problem, RulingOut, ScenarioIn, ValidateIn, ValidateOut)
from service.limits import WorkTimeout, work_deadline

log = logging.getLogger(__name__)

from codex import cardtext, engine

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
    """A ruling dict, or ``{"detail", "problems"}`` when the scenario is not valid (shared)."""
    try:
        return engine.rule(scenario).to_dict()
    except engine.ScenarioError as exc:
        problems = [p.to_dict() for p in exc.problems]
        return {"detail": "; ".join(f"{p['pointer'] or '/'}: {p['problem']}" for p in problems),
                "problems": problems}
    except (engine.IllegalAction, engine.AmbiguousAction) as exc:  # normally inside a ruling
        return {"detail": str(exc), "problems": [{"pointer": "/action", "problem": str(exc),
                                                  "fix": "change the action"}]}
    except (ValueError, KeyError, TypeError, IndexError, RecursionError) as exc:
        # The schema check should stop these; if one slips through it is still the input's
        # shape that the engine could not use, so the client gets a 422 and we get a log line.
        log.warning("engine rejected a scenario: %r", exc)
        return {"detail": f"The scenario could not be adjudicated: {exc}",
                "problems": [{"pointer": "", "problem": str(exc), "fix": ""}]}

