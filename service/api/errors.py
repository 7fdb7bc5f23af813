"""Raising problems from API views."""
from __future__ import annotations

from typing import Any, NoReturn

from apiflask import HTTPError


def not_found(detail: str, suggestions: list[str] | None = None) -> NoReturn:
    """404 with "did you mean" suggestions (an empty list says: nothing close)."""
    raise HTTPError(404, "Not Found", detail=detail,
                    extra_data={"suggestions": suggestions or []})


def fail(status: int, detail: str, **extra: Any) -> NoReturn:
    raise HTTPError(status, None, detail=detail, extra_data=extra)
