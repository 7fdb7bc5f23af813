"""The root of every error Arbiter raises on purpose.

Callers (the service, the CLI) catch ``ArbiterError`` and turn it into a clear message or a 4xx
answer; any other exception is a bug in Arbiter and must surface as one (a 500, a traceback in
tests), never be mistaken for bad input.
"""
from __future__ import annotations


class ArbiterError(Exception):
    """Base of every error Arbiter raises on purpose."""
