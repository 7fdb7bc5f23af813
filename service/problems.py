"""RFC 9457 problem details: the one error shape of the JSON API.

Every API error, whether raised by a view, by request validation or by Werkzeug's routing
(404/405), by the body-size limit (413) or by a bug (500), leaves as ``application/problem+json``
with ``type``, ``title``, ``status`` and ``detail``, so clients need a single error parser.
"""
from __future__ import annotations

from http import HTTPStatus
from typing import Any

from flask import Response, json

PROBLEM_MIMETYPE = "application/problem+json"
TYPE_BASE = "https://arbiter.invalid/problems/"  # stable identifiers, not fetched


def problem_type(status: int) -> str:
    """A stable ``type`` URI per status, so clients can switch on it without parsing text."""
    slug = _phrase(status).lower().replace(" ", "-").replace("'", "")
    return TYPE_BASE + slug


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def problem_body(status: int, detail: str | None = None, title: str | None = None,
                 **extra: Any) -> dict[str, Any]:
    """The JSON body of a problem; ``extra`` carries members like ``suggestions`` or ``errors``."""
    body: dict[str, Any] = {"type": problem_type(status), "title": title or _phrase(status),
                            "status": status, "detail": detail or _phrase(status)}
    body.update({k: v for k, v in extra.items() if v is not None})
    return body


def problem_response(status: int, detail: str | None = None, title: str | None = None,
                     headers: dict[str, str] | None = None, **extra: Any) -> Response:
    """A complete problem-details response (never cached: errors are cheap and may change)."""
    body = problem_body(status, detail, title, **extra)
    resp = Response(json.dumps(body), status=status, mimetype=PROBLEM_MIMETYPE)
    for key, value in (headers or {}).items():
        if key.lower() != "content-type":
            resp.headers[key] = value
    resp.headers["Cache-Control"] = "no-store"
    return resp


def validation_detail(detail: Any) -> tuple[str, list[dict[str, Any]]]:
    """Flatten apiflask's ``{location: {field: [messages]}}`` into a sentence and a list.

    The list (``errors``: location, field, message) is what a client shows next to a form field.
    """
    errors: list[dict[str, Any]] = []
    if isinstance(detail, dict):
        for location, fields in detail.items():
            if isinstance(fields, dict):
                for field, messages in fields.items():
                    for message in _messages(messages):
                        errors.append({"location": location, "field": str(field),
                                       "message": message})
            else:
                for message in _messages(fields):
                    errors.append({"location": location, "field": None, "message": message})
    text = "; ".join(f"{e['field'] or e['location']}: {e['message']}" for e in errors)
    return text or "The request is not valid.", errors


def _messages(value: Any) -> list[str]:
    if isinstance(value, (list, tuple)):
        out: list[str] = []
        for item in value:
            out.extend(_messages(item))
        return out
    if isinstance(value, dict):
        return [f"{k}: {m}" for k, v in value.items() for m in _messages(v)]
    return [str(value)]
