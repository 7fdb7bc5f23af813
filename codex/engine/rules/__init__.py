"""The registry of rules the engine applies, each with its verbatim source quote.

Every step of a ruling cites one or more of these. The rules are data, one YAML file per area of
play in this folder: ``id`` (what the engine cites), the record it quotes (``codex: <entry id>``
or ``rulebook: <section or glossary id>``), the record's ``title``, the ``quote`` (a verbatim
substring of the record's normalised text, which the test suite checks against the corpus, so a
citation can never drift from its source) and ``statement`` (what the engine does, in a sentence).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

import yaml

Source = Literal["codex", "rulebook"]


@dataclass(frozen=True)
class Rule:
    """One applied rule: what the engine does, and the words of the source that say so."""

    id: str
    source: Source
    record: str
    title: str
    quote: str
    statement: str
    area: str = ""

    @property
    def anchor(self) -> str:
        return self.record

    def citation(self) -> dict[str, str]:
        return {"id": self.record, "source": self.source, "title": self.title,
                "anchor": self.anchor, "quote": self.quote}


def _rule(item: dict[str, Any], area: str) -> Rule:
    source: Source = "codex" if "codex" in item else "rulebook"
    return Rule(str(item["id"]), source, str(item[source]), str(item["title"]), str(item["quote"]),
                str(item["statement"]), area)


@lru_cache(maxsize=1)
def load_rules() -> dict[str, Rule]:
    """Every rule of every area file, by id (an id defined twice is an error in the data)."""
    out: dict[str, Rule] = {}
    folder = resources.files(__name__)
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".yaml"):
            continue
        area = entry.name.removesuffix(".yaml")
        for item in yaml.safe_load(entry.read_text("utf-8")) or []:
            rule = _rule(item, area)
            if rule.id in out:
                raise ValueError(f"rule {rule.id!r} is defined in {out[rule.id].area}.yaml and {area}.yaml")
            out[rule.id] = rule
    return out


RULES: dict[str, Rule] = load_rules()


def get(rule_id: str) -> Rule:
    """The registered rule with this id (KeyError names it if a module cites a missing one)."""
    return RULES[rule_id]
