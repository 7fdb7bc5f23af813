"""Blind ruling scenarios with real cards (tests/scenarios_blind_cards/): situations a judge meets
with real cards on the table, written from the cards' text and the rules by someone who never ran
the engine on them. The cases name cards of the snapshot (``../shared/cards/sorcery-cards.json``),
imported into a temporary catalog at test time; no card text is committed, and the tests skip with
a message without the snapshot.

A case the engine gets wrong is listed with the reason found at triage in the folder's
``known_misses.yaml`` and runs as an expected failure (which fails the day the engine learns it).
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from codex.engine import rule
from codex.engine.expect import check

from conftest import SHARED_CARDS, named_cards

BLIND_DIR = Path(__file__).parent / "scenarios_blind_cards"
_MISSES_FILE = BLIND_DIR / "known_misses.yaml"
KNOWN_MISSES: dict[str, str] = (yaml.safe_load(_MISSES_FILE.read_text("utf-8")) or {}) if _MISSES_FILE.exists() else {}
pytestmark = pytest.mark.skipif(not SHARED_CARDS.exists(),
                                reason=f"the card snapshot is not at {SHARED_CARDS}: the blind real-card rounds "
                                       "name its cards (their text is never committed)")


def _cases() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(BLIND_DIR.glob("*.json")):
        doc = json.loads(path.read_text("utf-8"))
        out += [(f"{path.stem}: {case['name']}", case) for case in doc["cases"]]
    return out


CASES = _cases()


def test_the_rounds_are_there_and_name_real_cards(cards: Any) -> None:
    assert len(CASES) >= 40
    names = [n for n, _ in CASES]
    assert len(names) == len(set(names)), "case names must be unique"
    assert set(KNOWN_MISSES) <= set(names), set(KNOWN_MISSES) - set(names)
    for name, case in CASES:
        named = named_cards(case["scenario"])
        assert named, f"{name}: names no card"
        unknown = [n for n in named if cards.card(n) is None]
        assert not unknown, f"{name}: not in the catalog: {unknown}"


@pytest.mark.parametrize("name,case", CASES, ids=[n for n, _ in CASES])
def test_blind_real_card_case(name: str, case: dict[str, Any], cards: Any) -> None:
    ruling = rule(case["scenario"], cards=cards).to_dict()
    assert ruling["summary"] and ruling["steps"], "a ruling always explains itself"
    failures = check(ruling, case["expect"])
    if name in KNOWN_MISSES:
        if failures:
            pytest.xfail(f"known miss ({KNOWN_MISSES[name]}): {failures[0]}")
        pytest.fail("listed as a known miss but now right: remove it from known_misses.yaml")
    assert not failures, "\n".join(failures)


def test_every_quote_is_verbatim(cards: Any, corpus: Any) -> None:
    """Each card sentence a ruling quotes is in that card's catalog text; each rule quote in its
    record; each case's basis quotes the Codex or the rulebook word for word."""
    from codex.cardtext.normalize import normalize
    records = corpus.query("select title, text from records where game = 'sorcery'")
    rules = [r["text"] for r in records]
    titles = {r["title"] for r in records}
    checked, bad = 0, []
    for name, case in CASES:
        for quote in [q for q in re.findall(r'["“]([^"”]+)["”]', case["basis"]) if len(q.split()) >= 4]:
            if quote not in titles and not any(quote in t for t in rules):     # an entry's name, or its words
                bad.append(f"{name}: basis {quote[:60]!r}")
        for step in rule(case["scenario"], cards=cards).to_dict()["steps"]:
            for c in step["citations"]:
                checked += 1
                if c["source"] == "card":
                    card = cards.card(c["id"])
                    if card is None or c["quote"] not in normalize(card.text).text:
                        bad.append(f"{name}: {c['id']}: {c['quote'][:60]!r} is not in its text")
                elif c["quote"] not in (corpus.record_text(c["source"], c["id"]) or ""):
                    bad.append(f"{name}: {c['source']}:{c['id']}: {c['quote'][:60]!r}")
    assert checked >= len(CASES)
    assert not bad, "\n".join(sorted(set(bad))[:20])


def test_no_card_text_is_committed() -> None:
    """The scenario files name cards and paraphrase them: no run of 40 characters of a card's text is
    in them (a whole sentence, or a description that copies most of one)."""
    snapshot = json.loads(SHARED_CARDS.read_text("utf-8"))
    lines = {s.strip() for c in snapshot for s in ((c.get("guardian") or {}).get("rulesText") or "").split("\n")
             if len(s.strip()) >= 40}
    runs = {line[i:i + 40] for line in lines for i in range(0, len(line) - 39, 5)}
    for path in sorted(BLIND_DIR.glob("*")):
        if path.is_file():
            text = path.read_text("utf-8")
            found = [r for r in runs if r in text]
            assert not found, f"{path.name} holds card text: {found[:2]}"
