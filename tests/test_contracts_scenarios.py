"""Data-driven: every Contracts scenario file (tests/scenarios/contracts) adjudicated against its
expectation; every rule and keyword of the rulebook covered; every quote checked verbatim against
the rulebook's source file and, once the corpus has them, against the Contracts records."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from codex.engine import rule
from codex.engine.contracts.rules import RULES
from codex.engine.expect import check
from contracts_source import records as source_records

SCENARIO_DIR = Path(__file__).parent / "scenarios" / "contracts"


def _cases() -> list[tuple[str, dict]]:
    out = []
    for path in sorted(SCENARIO_DIR.glob("*.json")):
        doc = json.loads(path.read_text("utf-8"))
        for case in doc["cases"]:
            out.append((f"{path.stem}: {case['name']}", case))
    return out


CASES = _cases()


@pytest.fixture(scope="module")
def rulings() -> dict[str, dict]:
    return {name: rule(case["scenario"]).to_dict() for name, case in CASES}


def test_suite_is_large_enough() -> None:
    assert len(CASES) >= 100
    names = [case["name"] for _, case in CASES]
    assert len(names) == len(set(names)), "scenario names must be unique"
    assert all(case["scenario"].get("game") == "contracts" for _, case in CASES)


@pytest.mark.parametrize("name,case", CASES, ids=[n for n, _ in CASES])
def test_scenario(name: str, case: dict) -> None:
    ruling = rule(case["scenario"]).to_dict()
    failures = check(ruling, case["expect"])
    assert not failures, "\n".join(failures)
    assert ruling["summary"] and ruling["steps"], "a ruling always explains itself"


def _cited(rulings: dict[str, dict]) -> set[str]:
    return {r for ruling in rulings.values() for s in ruling["steps"] for r in s["rule_ids"]}


def test_every_rule_is_decided_by_some_scenario(rulings: dict[str, dict]) -> None:
    """Each rule the engine knows (every sentence it applies) is cited by at least one scenario."""
    assert sorted(set(RULES) - _cited(rulings)) == []


def test_every_keyword_section_and_advanced_interaction_is_covered(rulings: dict[str, dict]) -> None:
    """Every keyword, every section with rules and every bullet of "Advanced interactions" of the
    rulebook is cited by a scenario's ruling."""
    records = {c["id"] for ruling in rulings.values() for s in ruling["steps"] for c in s["citations"]}
    wanted = {k for k in source_records() if k.startswith("keyword:") or k.startswith("advanced-interactions#")}
    wanted |= {"setup", "drawing-and-fetching", "starting-the-game", "turn-structure", "playing-contracts", "spells",
               "runes", "creatures", "players-in-combat", "orbs", "discard-pile", "victory", "included-material"}
    assert len([k for k in wanted if k.startswith("advanced-interactions#")]) == 8
    assert sorted(wanted - records) == []


def test_every_quote_is_verbatim_in_the_rulebook_source() -> None:
    """The quotes against the source file itself, read by the small normaliser of contracts_source."""
    recs = source_records()
    bad = [f"{r.id}: {r.record}" for r in RULES.values()
           if r.source != "contracts" or r.quote not in recs.get(r.record, "")]
    assert not bad


def test_every_ruling_quote_is_in_its_source_record(rulings: dict[str, dict]) -> None:
    recs = source_records()
    bad = {f"{c['id']}: {c['quote'][:50]}" for ruling in rulings.values() for s in ruling["steps"]
           for c in s["citations"] if c["source"] != "contracts" or c["quote"] not in recs.get(c["id"], "")}
    assert not bad


def test_every_quote_is_verbatim_in_the_corpus(corpus) -> None:
    """Against the built corpus's Contracts records (issue #13 ingests them under GAMES.md's ids)."""
    if not corpus.records("contracts"):
        pytest.skip("the corpus has no Contracts records yet (issue #13 ingests contracts-rules.md); the quotes "
                    "are checked against the source file meanwhile")
    bad = []
    for r in RULES.values():
        text = corpus.record_text("contracts", r.record)
        if text is None:
            bad.append(f"{r.id}: no record contracts:{r.record}")
        elif r.quote not in text:
            bad.append(f"{r.id}: quote not in contracts:{r.record}: {r.quote[:60]!r}")
    assert not bad, "\n".join(bad)
