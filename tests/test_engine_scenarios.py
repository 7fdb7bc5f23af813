"""Data-driven: every scenario file in tests/scenarios adjudicated against its expectation,
and every citation of every ruling checked verbatim against the built corpus."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from codex.engine import rule
from codex.engine.expect import check

SCENARIO_DIR = Path(__file__).parent / "scenarios"


def _cases() -> list[tuple[str, dict]]:
    out = []
    for path in sorted(SCENARIO_DIR.glob("*.json")):
        doc = json.loads(path.read_text("utf-8"))
        for case in doc["cases"]:
            out.append((f"{path.stem}: {case['name']}", case))
    return out


CASES = _cases()


def test_suite_is_large_enough() -> None:
    assert len(CASES) >= 150
    names = [n for n, _ in CASES]
    assert len(names) == len(set(names)), "scenario names must be unique"


@pytest.mark.parametrize("name,case", CASES, ids=[n for n, _ in CASES])
def test_scenario(name: str, case: dict) -> None:
    ruling = rule(case["scenario"]).to_dict()
    failures = check(ruling, case["expect"])
    assert not failures, "\n".join(failures)
    assert ruling["summary"] and ruling["steps"], "a ruling always explains itself"


def scenario_texts(scenario: dict) -> list[str]:
    """Every card text a scenario gives (units, sites, auras, spells), normalised as the engine reads it."""
    from codex.cardtext.normalize import normalize
    out: list[str] = []

    def walk(x: object) -> None:
        if isinstance(x, dict):
            if isinstance(x.get("text"), str):
                out.append(normalize(x["text"]).text)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(scenario)
    return out


def loaded_texts(scenario: dict) -> list[str]:
    """The card texts of the board as the engine loaded it (shorthand fields become text)."""
    from codex.engine import load
    state, _ = load(scenario)
    return [x.text for x in (*state.units, *state.sites, *state.auras, *state.artifacts) if x.text]


def test_every_quote_is_verbatim_in_its_record(corpus) -> None:
    """For EVERY ruling of the suite: each citation's record exists and contains its quote."""
    checked = 0
    bad = []
    for name, case in CASES:
        ruling = rule(case["scenario"]).to_dict()
        card_texts = scenario_texts(case["scenario"]) + loaded_texts(case["scenario"])
        for step in ruling["steps"]:
            for c in step["citations"]:
                if c["source"] == "card":   # a card's own sentence: verbatim in that card's text
                    checked += 1
                    if not any(c["quote"] in t for t in card_texts):
                        bad.append(f"{name}: card quote not in the scenario's card texts: {c['quote'][:60]!r}")
                    continue
                text = corpus.record_text(c["source"], c["id"])
                checked += 1
                if text is None:
                    bad.append(f"{name}: no record {c['source']}:{c['id']}")
                elif c["quote"] not in text:
                    bad.append(f"{name}: quote not in {c['source']}:{c['id']}: {c['quote'][:60]!r}")
                assert c["anchor"] == c["id"]
    assert checked > 500
    assert not bad, "\n".join(sorted(set(bad))[:20])


def test_every_registered_rule_quote_is_verbatim(corpus) -> None:
    from codex.engine.rules import RULES
    bad = [r.id for r in RULES.values() if r.quote not in (corpus.record_text(r.source, r.record) or "")]
    assert not bad


def test_ruling_json_shape() -> None:
    ruling = rule(CASES[0][1]["scenario"]).to_dict()
    assert set(ruling) == {"verdict", "summary", "steps", "state_after"}
    step = ruling["steps"][0]
    assert {"event", "rule", "citations"} <= set(step)
    assert set(step["citations"][0]) == {"id", "source", "title", "anchor", "quote"}
    board = ruling["state_after"]
    assert {"squares", "sites", "voids", "units", "players", "paths", "outcome"} <= set(board)
    json.dumps(ruling)


def test_scenarios_are_not_mutated_by_rule() -> None:
    case = CASES[0][1]
    before = json.dumps(case["scenario"], sort_keys=True)
    rule(case["scenario"])
    assert json.dumps(case["scenario"], sort_keys=True) == before


#: The share of top-level Codex entries the suite must cite (raised as the engine learns the game).
COVERAGE_FLOOR = 0.90


def test_codex_coverage_of_the_suite(corpus) -> None:
    from codex.engine.coverage import coverage

    entries = [r["id"] for r in corpus.query("select id from codex_entries where parent_id is null")]
    report = coverage(entries, ((n, c["scenario"]) for n, c in CASES))
    assert not report.failed
    assert report.share >= COVERAGE_FLOOR, report.missing
