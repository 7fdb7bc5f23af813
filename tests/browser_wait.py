"""Waiting in a page whose Content-Security-Policy forbids eval.

Playwright's ``wait_for_function`` polls its predicate inside the page with ``eval``, which
the service's CSP (``script-src 'self'``) refuses as soon as the first check is false; a
predicate true at once passes, so tests using it fail only when the page is slow. This polls
from Python with ``page.evaluate`` (run through the DevTools protocol, outside the CSP)."""
from __future__ import annotations

import time
from typing import Any


def wait_until(page: Any, predicate: str, timeout: float = 10.0, every: float = 0.05) -> None:
    """Return once the JavaScript expression ``predicate`` is truthy in ``page``; fail after
    ``timeout`` seconds saying which expression never held."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(predicate):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout} s: {predicate}")
        time.sleep(every)
