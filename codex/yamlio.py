"""YAML data files read with libyaml's parser when PyYAML was built with it (its wheels are).

The project's own data (the engine's rules, the players' vocabulary, the card-text lexicon) is read
at start-up by every process; libyaml reads the same documents about eight times faster than the
pure-Python parser, with the same safe subset of YAML. User input (deck lists) keeps PyYAML's
default loader, whose error messages the CLI quotes.
"""
from __future__ import annotations

from typing import Any

import yaml

#: The safe loader, libyaml's when available (a subclass may drop resolvers, as the lexicon's does).
SafeLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(text: str) -> Any:
    """The YAML document ``text`` (safe tags only)."""
    return yaml.load(text, Loader=SafeLoader)
