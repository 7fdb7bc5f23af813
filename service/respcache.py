"""A WSGI response cache in front of Flask for corpus-derived GETs.

The corpus is immutable while the app runs, so a successful GET with a public Cache-Control
is a pure function of its URL: serving the stored bytes skips routing, validation and
serialisation entirely (the bulk of a request's cost on a 2-core machine). Bounded by count
and by body size; errors, POSTs and anything marked ``no-store`` are never stored.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

WSGIApp = Callable[[dict, Callable], Iterable[bytes]]


class ResponseCache:
    """LRU of ``(path, query) → (status, headers, body, etag)``."""

    def __init__(self, app: WSGIApp, max_entries: int = 4096,
                 max_body: int = 256 * 1024) -> None:
        self.app = app
        self.max_entries = max_entries
        self.max_body = max_body
        self._store: OrderedDict[tuple[str, str], tuple[str, list, bytes, str | None]] = \
            OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        method = environ.get("REQUEST_METHOD", "GET")
        if method not in ("GET", "HEAD"):
            return self.app(environ, start_response)
        key = (environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", ""))
        with self._lock:
            cached = self._store.get(key)
            if cached is not None:
                self._store.move_to_end(key)
                self.hits += 1
        if cached is not None:
            status, headers, body, etag = cached
            if etag and etag in environ.get("HTTP_IF_NONE_MATCH", ""):
                keep = [(k, v) for k, v in headers if k.lower() in ("etag", "cache-control",
                                                                     "vary")]
                start_response("304 Not Modified", keep)
                return [b""]
            start_response(status, list(headers))
            return [b""] if method == "HEAD" else [body]
        self.misses += 1
        if method == "HEAD" or environ.get("HTTP_IF_NONE_MATCH"):
            return self.app(environ, start_response)  # do not store partial/conditional answers
        return self._fill(key, environ, start_response)

    def _fill(self, key: tuple[str, str], environ: dict,
              start_response: Callable) -> Iterable[bytes]:
        captured: dict[str, Any] = {}

        def capture(status: str, headers: list, exc_info: Any = None) -> Callable:
            captured["status"], captured["headers"] = status, headers
            return start_response(status, headers, exc_info) if exc_info else \
                start_response(status, headers)

        result = self.app(environ, capture)
        try:
            body = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close:
                close()
        status, headers = captured.get("status", ""), captured.get("headers", [])
        cache_control = next((v for k, v in headers if k.lower() == "cache-control"), "")
        if status.startswith("200") and "public" in cache_control and \
                len(body) <= self.max_body:
            etag = next((v for k, v in headers if k.lower() == "etag"), None)
            with self._lock:
                self._store[key] = (status, list(headers), body, etag)
                if len(self._store) > self.max_entries:
                    self._store.popitem(last=False)
        return [body]
