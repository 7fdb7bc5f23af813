"""The blind ruling scenarios (tests/scenarios_blind/): situations a judge is asked about,
written from the rules text by someone who never ran the engine on them, so they measure how
the engine generalises rather than what each piece was built for.

Every case must rule without an error, quote its rules verbatim, and carry a verbatim
``basis`` (the rule text its expectation was derived from). A case the engine gets wrong is
listed in ``known_misses.yaml`` with the reason found when it was triaged: it runs as an
expected failure (and passes the day the engine learns it, which pytest reports). The share
right is printed by ``arbiter rule tests/scenarios_blind/round1.json``.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from codex.engine import rule
from codex.engine.expect import check

BLIND_DIR = Path(__file__).parent / "scenarios_blind"
KNOWN_MISSES: dict[str, str] = yaml.safe_load(
    (BLIND_DIR / "known_misses.yaml").read_text("utf-8")) or {}


def _cases() -> list[tuple[str, dict]]:
    out = []
    for path in sorted(BLIND_DIR.rglob("*.json")):      # Sorcery's rounds, then each game's folder
        doc = json.loads(path.read_text("utf-8"))
        stem = path.relative_to(BLIND_DIR).with_suffix("").as_posix()    # "round1", "contracts/round1"
        out += [(f"{stem}: {case['name']}", case) for case in doc["cases"]]
    return out


CASES = _cases()


def test_blind_set_is_there() -> None:
    assert len(CASES) >= 40
    names = [n for n, _ in CASES]
    assert len(names) == len(set(names)), "case names must be unique"
    assert set(KNOWN_MISSES) <= set(names), set(KNOWN_MISSES) - set(names)


@pytest.mark.parametrize("name,case", CASES, ids=[n for n, _ in CASES])
def test_blind_case(name: str, case: dict) -> None:
    ruling = rule(case["scenario"]).to_dict()
    assert ruling["summary"] and ruling["steps"], "a ruling always explains itself"
    failures = check(ruling, case["expect"])
    if name in KNOWN_MISSES:
        if failures:
            pytest.xfail(f"known miss ({KNOWN_MISSES[name]}): {failures[0]}")
        pytest.fail("listed as a known miss but now right: remove it from known_misses.yaml")
    assert not failures, "\n".join(failures)


def test_every_basis_is_verbatim(corpus) -> None:
    """Each case's basis quotes the Codex or the rulebook word for word (its quoted part)."""
    texts: dict[str, list[str]] = {}
    checked, bad = 0, []
    for name, case in CASES:
        game = case["scenario"].get("game", "sorcery")
        if game not in texts:
            texts[game] = [r["text"] for r in corpus.query(
                "select text from records where game = ?", (game,))]
        for quote in _quoted(case["basis"]):
            checked += 1
            if not any(quote in t for t in texts[game]):
                bad.append(f"{name}: {quote[:70]!r}")
    assert checked >= len(CASES) * 0.9, "most cases quote their basis"
    assert not bad, "\n".join(bad)


def test_every_citation_is_verbatim(corpus) -> None:
    checked, bad = 0, []
    for name, case in CASES:
        for step in rule(case["scenario"]).to_dict()["steps"]:
            for c in step["citations"]:
                if c["source"] == "card":
                    continue
                checked += 1
                if c["quote"] not in (corpus.record_text(c["source"], c["id"]) or ""):
                    bad.append(f"{name}: {c['source']}:{c['id']}: {c['quote'][:60]!r}")
    assert checked >= len(CASES)
    assert not bad, "\n".join(bad)


def _quoted(basis: str) -> list[str]:
    """The parts of a basis in double quotes (straight or curly), longer than a few words."""
    return [q for q in re.findall(r'["“]([^"”]+)["”]', basis) if len(q.split()) >= 4]
