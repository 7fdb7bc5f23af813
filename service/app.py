"""The application factory: one app per corpus build, API and web blueprints, one error path."""
from __future__ import annotations

import logging
from typing import Any

from apiflask import APIFlask, HTTPError
from flask import Response, render_template, request
from werkzeug.exceptions import HTTPException

from codex.paths import BuildPaths
from service import problems
from service.caching import add_cache_headers
from service.resources import EXTENSION_KEY, Resources

log = logging.getLogger(__name__)

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 64 * 1024,    # bodies: scenarios and card texts are small
    "MAX_QUERY_STRING": 2048,           # bytes of ?query; longer answers 414
    "JSON_SORT_KEYS": False,
    "VALIDATION_ERROR_STATUS_CODE": 422,
    "HTTP_ERROR_SCHEMA": None,           # replaced below by the problem schema
    "INFO": {"description": "Rules adjudication for Sorcery: Contested Realm, over the Codex."},
    "AUTO_404_RESPONSE": False,
    "RESPONSE_CACHE_ENTRIES": 4096,     # 0 turns the WSGI response cache off
}


def create_app(build: BuildPaths | None = None, config: dict[str, Any] | None = None) -> APIFlask:
    """Create the Arbiter app over the corpus in ``build`` (default: ``BuildPaths.at()``).

    The corpus must already be built: building is the CLI's job (``arbiter serve`` does it),
    so that an app never writes while serving. ``config={"ARBITER_WARM_SEARCH": True}`` (what
    ``arbiter serve`` passes) warms the search index before the app is returned.
    """
    from service.api.schemas import Problem

    app = APIFlask("service", title="Arbiter", version="1.0",
                   spec_path="/api/openapi.json", docs_path=None)
    app.config.update(DEFAULTS)
    app.config["HTTP_ERROR_SCHEMA"] = Problem
    app.config["VALIDATION_ERROR_SCHEMA"] = Problem
    app.config.update(config or {})
    app.json.sort_keys = False
    app.jinja_env.autoescape = True  # all templates, not only *.html

    if not isinstance(build, BuildPaths):
        build = BuildPaths.at(build)  # None (env / default) or a folder path
    app.extensions[EXTENSION_KEY] = Resources.open(
        build, warm_search=bool(app.config.get("ARBITER_WARM_SEARCH")))

    from service.api import api
    from service.web import web

    app.register_blueprint(api)
    app.register_blueprint(web)
    app.before_request(_limit_query_string)
    app.after_request(_after)
    app.error_processor(_error_processor)
    app.register_error_handler(Exception, _unexpected)
    app.spec_processor(_spec_processor)
    if app.config["RESPONSE_CACHE_ENTRIES"]:
        from service.respcache import ResponseCache

        app.wsgi_app = ResponseCache(app.wsgi_app, app.config["RESPONSE_CACHE_ENTRIES"])
    return app


def _limit_query_string() -> Response | None:
    from flask import current_app

    if len(request.query_string) > current_app.config["MAX_QUERY_STRING"]:
        return _error(414, "The query string is too long.")
    return None


def _after(response: Response) -> Response:
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    if response.mimetype == "text/html":
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "frame-ancestors 'none'")
    return add_cache_headers(response)


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def _error(status: int, detail: str | None = None, title: str | None = None,
           headers: dict[str, str] | None = None, **extra: Any) -> Response:
    """A problem document on the API, an HTML page elsewhere."""
    if _wants_json():
        return problems.problem_response(status, detail, title, headers, **extra)
    html = render_template("error.html", status=status, title=title or problems._phrase(status),
                           detail=detail, suggestions=extra.get("suggestions") or [])
    resp = Response(html, status=status, mimetype="text/html")
    for key, value in (headers or {}).items():
        if key.lower() != "content-type":
            resp.headers[key] = value
    resp.headers["Cache-Control"] = "no-store"
    return resp


def _error_processor(error: HTTPError) -> Response:
    status = error.status_code
    extra = dict(error.extra_data or {})
    if isinstance(error.detail, dict) and error.detail:  # request validation (webargs)
        detail, errors = problems.validation_detail(error.detail)
        extra.setdefault("errors", errors)
        return _error(status, detail, "Invalid request", error.headers, **extra)
    detail = error.detail if isinstance(error.detail, str) and error.detail else None
    title = error.message if error.message and error.message != problems._phrase(status) \
        else None
    if detail is None:
        detail = _DEFAULT_DETAIL.get(status, "").format(method=request.method,
                                                        path=request.path) or None
    return _error(status, detail, title, error.headers, **extra)


_DEFAULT_DETAIL = {
    400: "The request could not be read (is the body valid JSON?).",
    404: "Nothing is at {path}.",
    405: "{method} is not allowed here.",
    413: "The request body is larger than the limit.",
    415: "Send the body as application/json.",
}


def _unexpected(exc: Exception) -> Response:
    """Last resort: a bug becomes a logged 500 problem, never a stack trace to the client."""
    if isinstance(exc, HTTPException):  # routed here only when no other handler claimed it
        return _error(exc.code or 500, exc.description)
    log.exception("unhandled error on %s %s", request.method, request.path)
    return _error(500, "An internal error occurred; it has been logged.")


def _spec_processor(spec: dict[str, Any]) -> dict[str, Any]:
    """Error responses are ``application/problem+json``, as the server sends them."""
    for path in spec.get("paths", {}).values():
        for op in path.values():
            for code, response in op.get("responses", {}).items():
                content = response.get("content", {})
                if code != "200" and "application/json" in content:
                    content["application/problem+json"] = content.pop("application/json")
    return spec
