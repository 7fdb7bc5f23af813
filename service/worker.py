"""The gunicorn worker ``arbiter serve`` runs: gevent, plus Arbiter's own error shape.

Why gevent. A thread-per-request worker (gunicorn's ``gthread``) hands a connection to a thread
before its request has arrived, so eight clients that send their headers a byte at a time hold
all 2 × 4 threads and nobody else is answered. gunicorn's documentation says as much: its
synchronous and threaded workers need a buffering proxy in front, and its async workers are the
ones built to face clients directly. In a gevent worker each connection is a greenlet that costs
a few kilobytes while it waits, so slow clients wait without holding anything the fast ones
need; reading the headers of a request is bounded by the keep-alive timeout, and
:class:`ArbiterWorker` bounds the rest of a request's input and output too
(:data:`CLIENT_SECONDS`). Computation still runs one request at a time per worker process (as
it did: the GIL), and every request's computation is bounded (``service.limits``).

Why a subclass. gunicorn answers a request it cannot parse (a URL over its 4 KB request-line
limit, too many headers, a broken chunked body) with its own HTML page. This worker answers
those in the API's RFC 9457 problem shape instead, with the right status (414, 431, 400, 501).
"""
from __future__ import annotations

import json
import socket

import gevent
from gevent.socket import wait_read
from gunicorn.http import errors as http
from gunicorn.workers.ggevent import GeventWorker

from service.problems import problem_body

CLIENT_SECONDS = 30     # a request's body in and response out must not take longer than this

_STATUS: list[tuple[type[BaseException], int, str]] = [
    (http.LimitRequestLine, 414, "The request line (method, URL and version) is longer than "
                                 "the server accepts; send a shorter URL."),
    (http.LimitRequestHeaders, 431, "The request has too many or too large header fields."),
    (http.UnsupportedTransferCoding, 501, "This transfer coding is not supported; send the "
                                          "body with Content-Length or chunked."),
    (http.ForbiddenProxyRequest, 403, "Proxy requests are not accepted from this address."),
    (http.ParseException, 400, "The request is not valid HTTP."),
    (http.NoMoreData, 400, "The request ended before its body did."),
]
_REASONS = {400: "Bad Request", 403: "Forbidden", 414: "URI Too Long",
            431: "Request Header Fields Too Large", 500: "Internal Server Error",
            501: "Not Implemented"}


class SlowClient(BaseException):
    """A client took longer than :data:`CLIENT_SECONDS` over one request (BaseException: the
    app must not catch it and answer; the connection is simply closed)."""


class ArbiterWorker(GeventWorker):
    """gunicorn's gevent worker with a time bound on each request and problem-shaped errors."""

    def handle_request(self, listener_name, req, sock, addr):  # noqa: ANN001, ANN201
        timer = gevent.Timeout(CLIENT_SECONDS, SlowClient)
        timer.start()
        try:
            keep_alive = super().handle_request(listener_name, req, sock, addr)
        except SlowClient:
            self.log.info("closing a connection from %s: slower than %d s", addr, CLIENT_SECONDS)
            raise StopIteration from None   # the caller closes the connection
        finally:
            timer.close()
        # Take turns. A keep-alive client whose next request is already buffered would be
        # served again at once, without yielding, while connections that waited for the event
        # loop wait on: under load, seconds. Waiting for the socket like everyone else queues
        # this connection behind those already ready (one round: each ready one once).
        try:
            wait_read(sock.fileno(), timeout=self.cfg.keepalive)
        except socket.timeout:
            raise StopIteration from None   # idle past the keep-alive time: close
        return keep_alive

    def handle_error(self, req, client, addr, exc):  # noqa: ANN001, ANN201
        """Answer what gunicorn could not parse as a problem document, then close."""
        status, detail = error_status(exc)
        if status >= 500:
            self.log.exception("error handling a request: %s", exc)
        else:
            self.log.info("invalid request from %s: %s", addr, exc)
        body = json.dumps(problem_body(status, detail)).encode()
        head = (f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}\r\n"
                "Connection: close\r\nContent-Type: application/problem+json\r\n"
                f"Content-Length: {len(body)}\r\nCache-Control: no-store\r\n"
                "X-Content-Type-Options: nosniff\r\n\r\n").encode("latin-1")
        try:
            client.sendall(head + body)
        except OSError:
            pass


def error_status(exc: BaseException) -> tuple[int, str]:
    """The status and the sentence for an error gunicorn raised while reading a request."""
    for cls, status, detail in _STATUS:
        if isinstance(exc, cls):
            return status, detail
    return 500, "An internal error occurred; it has been logged."
