"""HTTP caching for corpus-derived responses.

A built corpus is immutable, so any successful GET is a pure function of the URL and the build:
a strong ETag over the body lets clients and proxies revalidate for free (304), and a short
``max-age`` keeps a judge's phone from refetching an entry it has just seen.
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
        response.headers["Cache-Control"] = f"public, max-age={MAX_AGE}"
    response.add_etag()
    response.vary.add("Accept-Encoding")
    return response.make_conditional(request)
