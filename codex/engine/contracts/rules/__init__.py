"""The Contracts engine's rules as data (one YAML file per area), each quoting its record of the
Contracts rulebook (``contracts: <record id>``, ids of the corpus's `contracts` source). Loaded with
the shared loader of `codex.engine.rules`; ids are the Contracts engine's own."""
from __future__ import annotations

from codex.engine.rules import Rule, load_folder

RULES: dict[str, Rule] = load_folder(__name__)


def get(rule_id: str) -> Rule:
    """The Contracts rule with this id (KeyError names it if a module cites a missing one)."""
    return RULES[rule_id]
