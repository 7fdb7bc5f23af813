"""Scenarios with real cards: every case of tests/scenarios_cards names cards of the card snapshot
(``../shared/cards/sorcery-cards.json``), imported into a temporary catalog at test time, and is
adjudicated against its expectation; every card sentence a ruling quotes is checked verbatim
against that card's text in the catalog. No card text is committed: the scenario files name cards,
and the test skips with a message when the snapshot is absent."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from codex.engine import rule
from codex.engine.expect import check

from conftest import SHARED_CARDS, named_cards

SCENARIO_DIR = Path(__file__).parent / "scenarios_cards"
pytestmark = pytest.mark.skipif(not SHARED_CARDS.exists(),
                                reason=f"the card snapshot is not at {SHARED_CARDS}: the real-card scenarios need it "
                                       "(they name cards; their text is never committed)")


def _cases() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(SCENARIO_DIR.glob("*.json")):
        doc = json.loads(path.read_text("utf-8"))
        for case in doc["cases"]:
            out.append((f"{path.stem}: {case['name']}", case))
    return out


CASES = _cases()


def test_there_are_enough_real_card_scenarios() -> None:
    assert len(CASES) >= 150
    names = [n for n, _ in CASES]
    assert len(names) == len(set(names)), "scenario names must be unique"


def test_every_case_names_real_cards() -> None:
    for name, case in CASES:
        assert named_cards(case["scenario"]), f"{name}: names no card of the catalog"


@pytest.mark.parametrize("name,case", CASES, ids=[n for n, _ in CASES])
def test_real_card_scenario(name: str, case: dict[str, Any], cards: Any) -> None:
    ruling = rule(case["scenario"], cards=cards).to_dict()
    failures = check(ruling, case["expect"])
    assert not failures, "\n".join(failures)
    assert ruling["summary"] and ruling["steps"], "a ruling always explains itself"


def test_every_card_quote_is_verbatim_in_the_card(cards: Any, corpus: Any) -> None:
    """Each card sentence a ruling quotes is in that card's catalog text (normalised as the engine
    reads it), or in a text the scenario itself gives; each rule quote is in its corpus record."""
    from codex.cardtext.normalize import normalize
    from test_engine_scenarios import scenario_texts
    checked, bad = 0, []
    for name, case in CASES:
        ruling = rule(case["scenario"], cards=cards).to_dict()
        own = scenario_texts(case["scenario"])
        for step in ruling["steps"]:
            for c in step["citations"]:
                checked += 1
                if c["source"] == "card":
                    card = cards.card(c["id"])
                    texts = own + ([normalize(card.text).text] if card is not None else [])
                    if not any(c["quote"] in t for t in texts):
                        bad.append(f"{name}: {c['id']}: {c['quote'][:60]!r} is not in its text")
                    continue
                text = corpus.record_text(c["source"], c["id"])
                if text is None or c["quote"] not in text:
                    bad.append(f"{name}: {c['source']}:{c['id']}: {c['quote'][:60]!r}")
    assert checked > 500
    assert not bad, "\n".join(sorted(set(bad))[:20])


def test_no_card_text_is_committed() -> None:
    """The scenario files name cards; no sentence of a card's text (beyond a few words) is in them."""
    snapshot = json.loads(SHARED_CARDS.read_text("utf-8"))
    sentences = {s.strip() for c in snapshot for s in re.split(r"[.\n]", (c.get("guardian") or {}).get("rulesText") or "")
                 if len(s.strip()) >= 40}
    for path in sorted(SCENARIO_DIR.glob("*.json")):
        text = path.read_text("utf-8")
        found = [s for s in sentences if s in text]
        assert not found, f"{path.name} holds card text: {found[:2]}"
