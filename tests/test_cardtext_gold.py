"""Faithfulness on real cards: the parser's AST of each card in tests/cardtext_gold.yaml equals the AST
written there by hand (before the parser ever ran on those cards; see the file's header).

The card text is read from the card snapshot at test time (the project never stores it); the test skips
when the snapshot is absent. A card is faithful when its whole AST equals the gold one (spans are not
compared; neither are fields added after the gold file was written, listed in its header).
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from codex.cardtext import ast as A
from codex.cardtext.coverage import catalog_names
from codex.cardtext.parser import names_added, parse_card_text
from codex.cardtext.sexpr import from_sexpr

GOLD = Path(__file__).parent / "cardtext_gold.yaml"
SNAPSHOT = Path(os.environ.get("ARBITER_CARDS_JSON", Path(__file__).parents[2] / "shared/cards/sorcery-cards.json"))
#: The issue's target (0.95); measured 0.968 (the cards below it are listed by the assertion).
FLOOR = 0.95


def _without_later_fields(node: Any) -> Any:
    def strip(n: Any) -> Any:
        if isinstance(n, A.Selector) and n.plural:
            return A.replace(n, plural=False)
        if isinstance(n, A.Clause) and n.voice is not None:
            return A.replace(n, voice=None)
        return n

    return A.transform(node, strip)


def test_gold_file_is_well_formed() -> None:
    gold = yaml.safe_load(GOLD.read_text(encoding="utf-8"))
    assert len(gold) >= 150 and len({g["card"] for g in gold}) == len(gold)
    for g in gold:
        lines = from_sexpr(g["lines"])  # raises on an unknown node or field
        assert isinstance(lines, tuple) and all(isinstance(line, tuple) for line in lines), g["card"]


@pytest.mark.skipif(not SNAPSHOT.exists(), reason=f"card snapshot not found at {SNAPSHOT} (set ARBITER_CARDS_JSON)")
def test_parser_is_faithful_to_the_hand_written_gold() -> None:
    cards = {c["name"]: c for c in json.loads(SNAPSHOT.read_text(encoding="utf-8"))}
    gold = yaml.safe_load(GOLD.read_text(encoding="utf-8"))
    unfaithful = []
    with names_added(*catalog_names(cards.values())):
        for g in gold:
            text = cards[g["card"]]["guardian"]["rulesText"] or ""
            got = _without_later_fields(parse_card_text(text, g["card"]).lines)
            if got != from_sexpr(g["lines"]):
                unfaithful.append(g["card"])
    share = 1 - len(unfaithful) / len(gold)
    assert share >= FLOOR, f"faithful {share:.3f}; unfaithful: {unfaithful}"

