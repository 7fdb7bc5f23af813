"""Arbiter's HTTP service: a Flask (apiflask) app over the read-only corpus.

The ``codex`` library never imports this package; only ``arbiter serve`` and the tests do.
"""
from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def create_app(build: Any = None, config: Any = None):  # noqa: ANN201 - lazy re-export
    """See :func:`service.app.create_app` (imported lazily so ``import service`` stays light)."""
    from service.app import create_app as factory

    return factory(build, config)
