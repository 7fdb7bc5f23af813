"""Bounded work per request: body size, JSON shape, and a deadline on computation.

Three guards, outermost first:

1. :class:`BoundedBody` (WSGI, before Flask) reads at most ``MAX_CONTENT_LENGTH`` bytes of any
   body. A declared length over the limit is refused without reading; a chunked body is read
   up to the limit and refused if it goes on (Werkzeug would silently cut it, and the cut JSON
   then failed as "invalid", a 400 instead of a 413).
2. :func:`check_json_body` (``before_request``) parses a JSON body with
   :func:`codex.inputs.load_json` before any view or schema sees it: nesting depth, number
   size, string length and valid Unicode are checked, and a failure is a 400 problem that says
   what and where.
3. :func:`work_deadline` stops computation on user-supplied input (a ruling, a card-text parse)
   that runs past ``ARBITER_WORK_SECONDS``. Under ``arbiter serve`` a request runs on the
   worker's main thread (gevent workers: one OS thread, requests are greenlets), so a
   ``SIGALRM`` timer can interrupt pure-Python work; the engine's own budget (a clearer
   message, earlier) normally answers first, and this is the backstop. Elsewhere (a threaded
   server) the deadline cannot interrupt a thread and is not armed; gunicorn's worker timeout
   is then the last resort.
"""
from __future__ import annotations

import contextlib
import io
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from codex.errors import ArbiterError
from codex.inputs import DEFAULT as JSON_LIMITS, InputError, load_json

WSGIApp = Callable[[dict, Callable], Iterable[bytes]]
TOO_LARGE = "arbiter.body_too_large"
BAD_LENGTH = "arbiter.bad_content_length"
BAD_BODY = "arbiter.bad_body"
JSON_BODY = "arbiter.json_body"
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class BoundedBody:
    """Read no more than ``max_bytes`` of a request body, whatever the client declares or sends.

    Over the limit, the body is dropped and the environ is flagged; the app answers 413 in its
    own error shape (see ``service.app``).
    """

    def __init__(self, app: WSGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        declared = environ.get("CONTENT_LENGTH") or ""
        if declared:
            if not (declared.isascii() and declared.isdecimal() and len(declared) <= 18):
                environ[BAD_LENGTH] = True
                self._empty(environ)
            elif int(declared) > self.max_bytes:
                environ[TOO_LARGE] = True
                self._empty(environ)
        elif environ.get("REQUEST_METHOD") in BODY_METHODS and _has_body(environ):
            try:
                body = _read_at_most(environ["wsgi.input"], self.max_bytes + 1)
            except OSError:    # a broken chunked encoding, or the client went away
                environ[BAD_BODY] = True
                body = b""
            if len(body) > self.max_bytes:
                environ[TOO_LARGE] = True
                body = b""
            environ["wsgi.input"] = io.BytesIO(body)     # now a plain body of known length
            environ["CONTENT_LENGTH"] = str(len(body))
            environ["wsgi.input_terminated"] = True
            environ.pop("HTTP_TRANSFER_ENCODING", None)
        return self.app(environ, start_response)

    @staticmethod
    def _empty(environ: dict) -> None:
        environ["wsgi.input"] = io.BytesIO(b"")
        environ["CONTENT_LENGTH"] = "0"


def _has_body(environ: dict) -> bool:
    """A body without a length: chunked, or read to the end of the stream."""
    return bool(environ.get("wsgi.input_terminated")) or \
        "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()


def _read_at_most(stream: Any, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        chunk = stream.read(min(65536, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def check_json_body(body: bytes, source: str = "the request body") -> Any:
    """The parsed JSON body, or :class:`InputError` (what and where) if it breaks a bound."""
    return load_json(body, JSON_LIMITS, source)


# -- the deadline -------------------------------------------------------------------------
class WorkTimeout(ArbiterError):
    """Computation on one request's input ran past its deadline and was stopped."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(f"stopped after {seconds:g} s of work (limit: {seconds:g} s per request)")


_owner: int | None = None
_owner_seconds = 0.0


def _alarm(_signum: int, _frame: Any) -> None:
    if _owner is None:
        return
    # Again in 50 ms, until the block has ended: code that catches every exception (a library
    # retrying a failed cache load, say) must not be able to swallow the deadline for good.
    signal.setitimer(signal.ITIMER_REAL, 0.05)
    if threading.get_ident() != _owner:      # another greenlet is running: look again then
        return
    raise WorkTimeout(_owner_seconds)


@contextlib.contextmanager
def work_deadline(seconds: float | None) -> Iterator[bool]:
    """Raise :class:`WorkTimeout` in the block once it has run ``seconds`` (wall clock).

    Yields whether the deadline is armed: only on the process's main thread (where signal
    handlers run), never nested, and not when ``seconds`` is falsy.
    """
    global _owner, _owner_seconds
    if not seconds or _owner is not None:
        yield False
        return
    try:
        previous = signal.signal(signal.SIGALRM, _alarm)
    except ValueError:          # not the main thread: a thread cannot be interrupted
        yield False
        return
    _owner, _owner_seconds = threading.get_ident(), float(seconds)
    try:
        signal.setitimer(signal.ITIMER_REAL, float(seconds))   # may fire at once: in the try
        yield True
    finally:
        _owner = None            # first: an alarm arriving now is ignored
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


__all__ = ["BoundedBody", "InputError", "WorkTimeout", "check_json_body", "work_deadline",
           "JSON_BODY", "TOO_LARGE", "BAD_LENGTH", "BAD_BODY"]
