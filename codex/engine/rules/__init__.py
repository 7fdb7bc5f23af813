"""The registry of rules the engine applies, each with its verbatim source quote.

Every step of a ruling cites one or more of these. The rules are data, one YAML file per area of
play in this folder: ``id`` (what the engine cites), the record it quotes, named by its source as
the key (``codex: <entry id>``, ``rulebook: <section or glossary id>``, or another game's source
such as ``contracts: <record id>``), the record's ``title``, the ``quote`` (a verbatim substring of
the record's normalised text, which the test suite checks against the corpus, so a citation can
never drift from its source) and ``statement`` (what the engine does, in a sentence).

Each game's engine has its own folder of rules (`load_folder`): Sorcery's is this one (`RULES`),
the Contracts engine's is ``codex/engine/contracts/rules`` — so ids never collide across games.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from codex import yamlio

Source = Literal["codex", "rulebook", "contracts"]
#: The corpus sources a rule may quote, as the key that names its record (first match wins).
SOURCES: tuple[Source, ...] = ("codex", "rulebook", "contracts")


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
    source = next((s for s in SOURCES if s in item), None)
    if source is None:
        raise ValueError(f"rule {item.get('id')!r} in {area}.yaml names no record: add one of {list(SOURCES)}")
    return Rule(str(item["id"]), source, str(item[source]), str(item["title"]), str(item["quote"]),
                str(item["statement"]), area)


@lru_cache(maxsize=1)
def load_rules() -> dict[str, Rule]:
    """Every rule of every area file of Sorcery's folder, by id."""
    return load_folder(__name__)


def load_folder(package: str) -> dict[str, Rule]:
    """Every rule of every ``*.yaml`` area file of ``package``'s folder, by id (an id defined
    twice is an error in the data)."""
    out: dict[str, Rule] = {}
    folder = resources.files(package)
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".yaml"):
            continue
        area = entry.name.removesuffix(".yaml")
        for item in yamlio.load(entry.read_text("utf-8")) or []:
            rule = _rule(item, area)
            if rule.id in out:
                raise ValueError(f"rule {rule.id!r} is defined in {out[rule.id].area}.yaml and {area}.yaml")
            out[rule.id] = rule
    return out


RULES: dict[str, Rule] = load_rules()


def get(rule_id: str) -> Rule:
    """The registered rule with this id (KeyError names it if a module cites a missing one)."""
    return RULES[rule_id]
