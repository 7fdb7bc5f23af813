"""Tool pages: the card-text validator and the rulings workbench (shown in ``extra_nav``)."""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from flask import current_app, render_template, request

from codex.inputs import InputError, check_text, load_json
from codex.paths import PROJECT_ROOT
from service.api import tools as api_tools
from service.api.schemas import MAX_CARD_TEXT
from service.limits import WorkTimeout, work_deadline
from service.board import board
from service.contracts_board import board as contracts_board
from service.urls import entry_url
from service.web import web

SCENARIO_DIR = PROJECT_ROOT / "tests" / "scenarios"
MAX_FORM_TEXT = 64 * 1024

_nav: list[dict[str, str]] = []


@web.app_context_processor
def _extra_nav() -> dict[str, Any]:
    from flask import url_for

    return {"extra_nav": [{"label": label, "url": url_for(endpoint)} for label, endpoint in _nav]}


_nav.append(("Validate", "web.validate"))


@web.route("/validate", methods=["GET", "POST"])
def validate() -> tuple[str, int] | str:
    """Card text in, AST tree and errors (with caret excerpts) out."""
    text = (request.form.get("text") or request.args.get("text") or "")[:MAX_CARD_TEXT]
    name = (request.form.get("name") or request.args.get("name") or "")[:200]
    result, problem = None, None
    if text.strip():
        try:
            check_text(text, "the card text", MAX_CARD_TEXT)
            check_text(name, "the card name", 200)
            with work_deadline(current_app.config["ARBITER_WORK_SECONDS"]):
                result = api_tools.validate_text(text, name)
        except (InputError, WorkTimeout) as exc:
            problem = str(exc)
    page = render_template("validate.html", text=text, name=name, result=result,
                           problem=problem)
    return (page, 422) if problem else page


@lru_cache(maxsize=1)
def examples() -> list[dict[str, Any]]:
    """Example scenarios from ``tests/scenarios/*.json`` (``{"cases": [{name, scenario}]}``)."""
    out: list[dict[str, Any]] = []
    folders = [(SCENARIO_DIR, "", ""), (SCENARIO_DIR / "contracts", "contracts/", "Contracts · ")]
    for folder, prefix, label in folders:
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            try:
                data = json.loads(path.read_text())
            except (OSError, ValueError):
                continue
            for i, case in enumerate(data.get("cases") or []):
                if isinstance(case, dict) and isinstance(case.get("scenario"), dict):
                    out.append({"key": f"{prefix}{path.stem}/{i}", "area": label + (data.get("area") or path.stem),
                                "name": case.get("name") or f"case {i}",
                                "scenario": json.dumps(case["scenario"], indent=2)})
    return out


_nav.append(("Rulings", "web.rulings"))


@web.route("/rulings", methods=["GET", "POST"])
def rulings() -> tuple[str, int] | str:
    """Scenario editor; POST (or ``?example=``) shows the board and the ruling."""
    ex = examples()
    text = request.form.get("scenario", "")[:MAX_FORM_TEXT]
    chosen = request.args.get("example", "")
    if not text and chosen:
        text = next((e["scenario"] for e in ex if e["key"] == chosen), "")
    if not text and request.method == "GET":
        text = ex[0]["scenario"] if ex else ""
        if not chosen:  # plain GET: editor only
            return render_template("rulings.html", examples=ex, text=text, chosen=chosen,
                                   ruling=None, problems=None, board=None)
    ruling, problems, drawn = None, None, None
    try:
        scenario = load_json(text, source="the scenario")
    except InputError as exc:
        problems = [{"pointer": exc.where, "problem": exc.problem, "fix": exc.fix}]
    else:
        if not isinstance(scenario, dict):
            problems = [{"pointer": "", "problem": "a scenario is a JSON object",
                         "fix": "wrap it in { }"}]
        else:
            try:
                with work_deadline(current_app.config["ARBITER_WORK_SECONDS"]):
                    result = api_tools.adjudicate(scenario)
            except WorkTimeout as exc:
                result = {"problems": [{"pointer": "", "problem": f"scenario too complex: {exc}",
                                        "fix": "adjudicate a smaller scenario"}]}
            if "problems" in result:
                problems = result["problems"]
            else:
                ruling = result
                after = result.get("state_after")
                drawn = contracts_board(after) if isinstance(after, dict) and after.get("game") == "contracts" \
                    else board(after)
    status = 422 if problems else 200
    return render_template("rulings.html", examples=ex, text=text, chosen=chosen,
                           ruling=ruling, problems=problems, board=drawn,
                           cite_url=_cite_url), status


def _cite_url(citation: dict[str, Any]) -> str | None:
    cid = citation.get("id")
    if not cid:
        return None
    if citation.get("source") == "contracts":
        return _contracts_url(str(cid))
    if citation.get("source", "codex") == "codex":
        return entry_url(cid)
    from service.urls import rulebook_url

    return rulebook_url(cid, None, None)




def _contracts_url(record: str) -> str | None:
    """A Contracts record's page (GAMES.md: /contracts/keywords/<slug>, /contracts/sections/<slug>),
    linked only when the service has such a page (the pages of other games come with issue #13)."""
    from flask import current_app
    from werkzeug.exceptions import HTTPException

    if record.startswith("keyword:"):
        path, fragment = f"/contracts/keywords/{record.split(':', 1)[1]}", ""
    else:
        section, _, item = record.partition("#")
        path, fragment = f"/contracts/sections/{section}", (f"#{item}" if item else "")
    try:
        current_app.url_map.bind("localhost").match(path, method="GET")
    except HTTPException:
        return None
    return path + fragment
