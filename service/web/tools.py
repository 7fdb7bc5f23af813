"""Tool pages: the card-text validator and the rulings workbench (shown in ``extra_nav``)."""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from flask import render_template, request

from codex.paths import PROJECT_ROOT
from service.api import tools as api_tools
from service.urls import entry_url
from service.problemtext import plain_problem
from service.web import web

SCENARIO_DIR = PROJECT_ROOT / "tests" / "scenarios"
MAX_FORM_TEXT = 60_000

_nav: list[dict[str, str]] = []


@web.app_context_processor
def _extra_nav() -> dict[str, Any]:
    from flask import url_for

    return {"extra_nav": [{"label": label, "url": url_for(endpoint)} for label, endpoint in _nav]}


_nav.append(("Validate", "web.validate"))


@web.route("/validate", methods=["GET", "POST"])
def validate() -> str:
    """Card text in, AST tree and errors (with caret excerpts) out."""
    text = (request.form.get("text") or request.args.get("text") or "")[:4000]
    name = (request.form.get("name") or request.args.get("name") or "")[:200]
    result = api_tools.validate_text(text, name) if text.strip() else None
    return render_template("validate.html", text=text, name=name, result=result)


@lru_cache(maxsize=1)
def examples() -> list[dict[str, Any]]:
    """Example scenarios from ``tests/scenarios/*.json`` (``{"cases": [{name, scenario}]}``)."""
    out: list[dict[str, Any]] = []
    for path in sorted(SCENARIO_DIR.glob("*.json")) if SCENARIO_DIR.is_dir() else []:
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        for i, case in enumerate(data.get("cases") or []):
            if isinstance(case, dict) and isinstance(case.get("scenario"), dict):
                out.append({"key": f"{path.stem}/{i}", "area": data.get("area") or path.stem,
                            "name": case.get("name") or f"case {i}",
                            "scenario": json.dumps(case["scenario"], indent=2)})
    return out


_nav.append(("Rulings", "web.rulings"))


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
    from service.rulings import rule_with_boards, store

    ex = examples()
    text = request.form.get("scenario", "")[:MAX_FORM_TEXT]
    chosen = request.args.get("example", "")[:200]
    source = request.args.get("from", "")[:40]
    if request.method == "GET":
        if chosen:
            text = next((e["scenario"] for e in ex if e["key"] == chosen), "")
        elif source:
            stored = store(current_app).get(source)
            text = json.dumps(stored, indent=2) if stored is not None else ""
        if not chosen:          # the editor only (empty, or a copy of a shared ruling)
            return render_template("rulings.html", examples=ex, text=text, chosen=chosen,
                                   source=source, result=None, problems=None,
                                   cite_url=_cite_url)
    problems, result = None, None
    try:
        scenario = json.loads(text)
    except ValueError as exc:
        problems = [{"pointer": "", "problem": f"not valid JSON: {exc}",
                     "fix": "check commas, quotes and brackets"}]
    else:
        if not isinstance(scenario, dict):
            problems = [{"pointer": "", "problem": "a scenario is a JSON object",
                         "fix": "wrap it in { }"}]
        else:
            result = rule_with_boards(scenario)
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
    from service.rulings import rule_with_boards, store
    from service.web.pages import _not_found

    scenario = store(current_app).get(key) if is_key(key) else None
    if scenario is None:
        return _not_found(f"No shared ruling has the key “{key[:40]}”. A link is a 16-digit "
                          "key made when a ruling is shared.")
    result = rule_with_boards(scenario)
    problems = [plain_problem(p, scenario) for p in result.get("problems", [])] or None
    return render_template("ruling.html", key=key, text=json.dumps(scenario, indent=2),
                           result=None if problems else result, problems=problems,
                           cite_url=_cite_url)


def _cite_url(citation: dict[str, Any]) -> str | None:
    cid = citation.get("id")
    if not cid:
        return None
    if citation.get("source", "codex") == "codex":
        return entry_url(cid)
    from service.urls import rulebook_url

    return rulebook_url(cid, None, None)


