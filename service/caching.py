"""HTTP caching for corpus-derived responses.

A built corpus is immutable, so any successful GET is a pure function of the URL, the build and
the card catalog: a strong ETag over the body lets clients and proxies revalidate for free (304).
A web page is ``no-cache``: the browser keeps it but asks before showing it again (a 304 of a
few hundred bytes, answered by the response cache), because a running server picks up a new
build or card import and a judge must not be shown the old one for minutes. JSON keeps a short
``max-age``, which spares API clients a round trip for what they have just read.
"""
from __future__ import annotations

from flask import Response, request

MAX_AGE = 300


def add_cache_headers(response: Response) -> Response:
    """Give a successful GET/HEAD an ETag and Cache-Control, answering 304 when it matches."""
    if request.method not in ("GET", "HEAD") or response.status_code != 200:
        return response
    if response.direct_passthrough or response.is_streamed:
        return response
    if "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = "public, no-cache" \
            if response.mimetype == "text/html" else f"public, max-age={MAX_AGE}"
    response.add_etag()
    response.vary.add("Accept-Encoding")
    return response.make_conditional(request)
