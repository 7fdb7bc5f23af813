"""Tool pages: the card-text validator and the rulings workbench (shown in ``extra_nav``)."""
from __future__ import annotations

import json
from difflib import get_close_matches
from functools import lru_cache
from typing import Any

from flask import current_app, render_template, request

from codex.inputs import InputError, check_text, load_json
from codex.paths import PROJECT_ROOT
from service.api import tools as api_tools
from service.api.schemas import MAX_CARD_TEXT
from service.limits import WorkTimeout, work_deadline
from service.urls import entry_url
from service.problemtext import plain_problem
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


def _no_example(chosen: str, ex: list[dict[str, Any]]) -> dict[str, str]:
    """The problem of an ``?example=`` no example has: a hand-edited or old link. The fix
    names the nearest keys (a suite's first case for its bare name: "at_rest" → "at_rest/0")."""
    keys = [e["key"] for e in ex]
    near = [k for k in keys if k.startswith(chosen + "/")][:1] or \
        get_close_matches(chosen, keys, n=3, cutoff=0.6)
    fix = "choose one from the list" + (f", e.g. {', '.join(near)}" if near else "")
    return {"pointer": "", "problem": f"there is no example scenario named “{chosen}”",
            "fix": fix}


@web.route("/rulings", methods=["GET", "POST"])
def rulings() -> Any:
    """The rulings workbench: a board editor (JS), the action picker and the JSON view.

    ``?example=`` loads an example and shows its ruling; ``?from=<key>`` loads a shared ruling
    to edit a copy. A POST rules on the scenario: a ruling is stored under its content hash and
    the browser is sent to its stable URL (``/rulings/<key>``), so the address bar always holds
    a link that reproduces it; a scenario with problems comes back to the editor, with them.
    """
    from flask import current_app, redirect, url_for

    from codex.rulings_store import StoreError
    from service.rulings import store

    ex = examples()
    text = request.form.get("scenario", "")[:MAX_FORM_TEXT]
    chosen = request.args.get("example", "")[:200]
    source = request.args.get("from", "")[:40]
    if request.method == "GET":
        if chosen:
            text = next((e["scenario"] for e in ex if e["key"] == chosen), "")
            if not text:
                return render_template("rulings.html", examples=ex, text="", chosen="",
                                       source="", result=None, cite_url=_cite_url,
                                       problems=[_no_example(chosen, ex)]), 404
        elif source:
            stored = store(current_app).get(source)
            if stored is None:
                return render_template("rulings.html", examples=ex, text="", chosen="",
                                       source="", result=None, cite_url=_cite_url,
                                       problems=[{"pointer": "", "problem":
                                                  f"there is no shared ruling “{source}”",
                                                  "fix": "check the link, or build the "
                                                         "scenario again below"}]), 404
            text = json.dumps(stored, indent=2)
        if not chosen:          # the editor only (empty, or a copy of a shared ruling)
            return render_template("rulings.html", examples=ex, text=text, chosen=chosen,
                                   source=source, result=None, problems=None,
                                   cite_url=_cite_url)
    problems, result = None, None
    try:
        scenario = load_json(text, source="the scenario")
    except InputError as exc:
        problems = [{"pointer": exc.where, "problem": exc.problem, "fix": exc.fix}]
    else:
        if not isinstance(scenario, dict):
            problems = [{"pointer": "", "problem": "a scenario is a JSON object",
                         "fix": "wrap it in { }"}]
        else:
            result = _ruled(scenario)
            if "problems" in result:
                problems, result = [plain_problem(p, scenario) for p in result["problems"]], None
            elif request.method == "POST":
                try:
                    key = store(current_app).put(scenario)
                except StoreError as exc:
                    problems = [{"pointer": "", "problem": str(exc), "fix": ""}]
                else:
                    return redirect(url_for("web.shared_ruling", key=key), code=303)
    status = 422 if problems else 200
    return render_template("rulings.html", examples=ex, text=text, chosen=chosen, source="",
                           result=result, problems=problems, cite_url=_cite_url), status


@web.get("/rulings/<key>")
def shared_ruling(key: str) -> Any:
    """A shared ruling, read-only: the stored scenario ruled on again by this engine."""
    from flask import current_app

    from codex.rulings_store import is_key
    from service.rulings import store
    from service.web.pages import _not_found

    scenario = store(current_app).get(key) if is_key(key) else None
    if scenario is None:
        return _not_found(f"No shared ruling has the key “{key[:40]}”. A link is a 16-digit "
                          "key made when a ruling is shared.")
    result = _ruled(scenario)
    problems = [plain_problem(p, scenario) for p in result.get("problems", [])] or None
    return render_template("ruling.html", key=key, text=json.dumps(scenario, indent=2),
                           result=None if problems else result, problems=problems,
                           cite_url=_cite_url)


def _ruled(scenario: dict[str, Any]) -> dict[str, Any]:
    """The ruling with its boards, within the work deadline of one request."""
    from service.rulings import rule_with_boards

    try:
        with work_deadline(current_app.config["ARBITER_WORK_SECONDS"]):
            return rule_with_boards(scenario)
    except WorkTimeout as exc:
        return {"problems": [{"pointer": "", "problem": f"scenario too complex: {exc}",
                              "fix": "adjudicate a smaller scenario"}]}


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
