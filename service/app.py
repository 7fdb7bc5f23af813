"""The application factory: one app per corpus build, API and web blueprints, one error path."""
from __future__ import annotations

import logging
import os
from typing import Any

from apiflask import APIFlask, HTTPError
from flask import Request, Response, render_template, request
from werkzeug.exceptions import HTTPException

from codex.corpus import CorpusError
from codex.errors import ArbiterError
from codex.inputs import InputError
from codex.paths import BuildPaths
from service import limits, problems
from service.caching import add_cache_headers
from service.resources import EXTENSION_KEY, LiveResources, release_resources
from service.respcache import READ_PARAMS, ReadTrackingArgs

log = logging.getLogger(__name__)

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 64 * 1024,    # bodies: scenarios and card texts are small
    "MAX_QUERY_STRING": 2048,           # bytes of ?query; longer answers 414
    "ARBITER_WORK_SECONDS": 1.0,        # deadline of one ruling or card-text parse (0: none)
    "JSON_SORT_KEYS": False,
    "VALIDATION_ERROR_STATUS_CODE": 422,
    "HTTP_ERROR_SCHEMA": None,           # replaced below by the problem schema
    "INFO": {"description": "Rules adjudication for Sorcery: Contested Realm, over the Codex."},
    "AUTO_404_RESPONSE": False,
    "RESPONSE_CACHE_BYTES": 32 * 1024 * 1024,   # 0 turns the WSGI response cache off
}


RESPONSE_CACHE_KEY = "arbiter.response_cache"   # app.extensions: the ResponseCache, if on


class ArbiterRequest(Request):
    """Flask's request, with query and form parameters that record which names were read
    (the response cache keys on those only)."""

    parameter_storage_class = ReadTrackingArgs


def create_app(build: BuildPaths | None = None, config: dict[str, Any] | None = None) -> APIFlask:
    """Create the Arbiter app over the corpus in ``build`` (default: ``BuildPaths.at()``).

    The corpus must already be built: building is the CLI's job (``arbiter serve`` does it),
    so that an app never writes while serving. ``config={"ARBITER_WARM_SEARCH": True}`` (what
    ``arbiter serve`` passes) warms the search index before the app is returned; the card-text
    parser and the engine are always warmed (once per process).
    """
    from service.api.schemas import Problem

    app = APIFlask("service", title="Arbiter", version="1.0",
                   spec_path="/api/openapi.json", docs_path=None)
    app.request_class = ArbiterRequest
    app.config.update(DEFAULTS)
    app.config["HTTP_ERROR_SCHEMA"] = Problem
    app.config["VALIDATION_ERROR_SCHEMA"] = Problem
    if os.environ.get("ARBITER_WORK_SECONDS"):   # an operator's setting for `arbiter serve`
        app.config["ARBITER_WORK_SECONDS"] = float(os.environ["ARBITER_WORK_SECONDS"])
    app.config.update(config or {})
    app.json.sort_keys = False
    app.jinja_env.autoescape = True  # all templates, not only *.html

    if not isinstance(build, BuildPaths):
        build = BuildPaths.at(build)  # None (env / default) or a folder path
    live = LiveResources(build, warm_search=bool(app.config.get("ARBITER_WARM_SEARCH")))
    app.extensions[EXTENSION_KEY] = live

    from service.api import api
    from service.openapi import document_limits
    from service.web import web

    app.register_blueprint(api)
    app.register_blueprint(web)
    from service.api.tools import warm

    warm()      # once per process: no request builds the grammar or meets the deadline for it
    app.before_request(_check_request)
    app.after_request(_after)
    app.teardown_request(release_resources)
    app.error_processor(_error_processor)
    app.register_error_handler(Exception, _unexpected)
    app.spec_processor(document_limits)
    if app.config["RESPONSE_CACHE_BYTES"]:
        from service.respcache import ResponseCache

        cache = ResponseCache(app.wsgi_app, app.config["RESPONSE_CACHE_BYTES"],
                              generation=lambda: live.version)
        app.extensions[RESPONSE_CACHE_KEY] = app.wsgi_app = cache
    app.wsgi_app = limits.BoundedBody(app.wsgi_app, app.config["MAX_CONTENT_LENGTH"])
    return app


def _check_request() -> Response | None:
    """Request-level bounds, before any view or schema: body size, query size, JSON shape."""
    from flask import current_app

    env = request.environ
    if env.get(limits.TOO_LARGE):
        return _error(413, f"The request body is larger than the limit of "
                           f"{current_app.config['MAX_CONTENT_LENGTH']:,} bytes.")
    if env.get(limits.BAD_LENGTH):
        return _error(400, "The Content-Length header is not a number.")
    if env.get(limits.BAD_BODY):
        return _error(400, "The request body could not be read (a broken chunked encoding?).")
    if len(request.query_string) > current_app.config["MAX_QUERY_STRING"]:
        return _error(414, f"The query string is longer than the limit of "
                           f"{current_app.config['MAX_QUERY_STRING']:,} bytes.")
    if request.method in limits.BODY_METHODS and request.is_json and request.content_length:
        try:
            env[limits.JSON_BODY] = limits.check_json_body(request.get_data(cache=True))
        except InputError as exc:
            return _error(400, str(exc), "Unreadable request body", errors=[exc.to_dict()])
    return None


def _after(response: Response) -> Response:
    if "args" in request.__dict__:      # which query parameters the view read (response cache)
        request.environ[READ_PARAMS] = frozenset(request.args.read)
    else:
        request.environ[READ_PARAMS] = frozenset()
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
    414: "The query string is too long.",
    405: "{method} is not allowed here.",
    413: "The request body is larger than the limit.",
    415: "Send the body as application/json.",
}


def _unexpected(exc: Exception) -> Response:
    """Only Arbiter's own errors are the client's problem; anything else is a bug: a logged
    500 problem, never a stack trace to the client."""
    if isinstance(exc, HTTPException):  # routed here only when no other handler claimed it
        return _error(exc.code or 500, exc.description)
    if isinstance(exc, CorpusError):    # the corpus on disk, not the request
        log.error("corpus unavailable on %s %s: %s", request.method, request.path, exc)
        return _error(503, "The corpus is being rebuilt or is unusable; try again shortly.",
                      headers={"Retry-After": "5"})
    if isinstance(exc, limits.WorkTimeout):
        return _error(422, f"The request is too complex: {exc}.", "Too complex")
    if isinstance(exc, ArbiterError):
        return _error(422, str(exc), "Unprocessable request")
    log.exception("unhandled error on %s %s", request.method, request.path)
    return _error(500, "An internal error occurred; it has been logged.")
