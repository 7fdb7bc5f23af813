"""Ranking quality on the judge query sets: hit@1 ≥ 90 %, hit@3 ≥ 98 %, every query within its bound.

Two sets: ``search_queries.yaml`` (the set the ranking was developed on) and
``search_queries_heldout.yaml`` (40 queries written later, before they were first run; see
docs/search.md for the figures of that first run). Both must pass the same thresholds.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from codex.search import Searcher

HERE = Path(__file__).parent
SETS = {name: yaml.safe_load((HERE / f).read_text())["queries"]
        for name, f in (("judge", "search_queries.yaml"),
                        ("held-out", "search_queries_heldout.yaml"))}
QUERIES = SETS["judge"]
THRESHOLDS = {"judge": (0.90, 0.98), "held-out": (0.90, 0.98)}


@pytest.fixture(scope="module")
def searcher(build_paths) -> Searcher:
    s = Searcher.open(build_paths.index)
    yield s
    s.close()


def _rank(searcher: Searcher, query: str, expect: str) -> int | None:
    keys = [h.key for h in searcher.search(query, limit=10).hits]
    return keys.index(expect) + 1 if expect in keys else None


def test_query_sets_are_big_enough() -> None:
    assert len(SETS["judge"]) >= 60
    assert sum(1 for q in SETS["judge"] if q["top"] == 1) >= 40
    assert len(SETS["held-out"]) >= 40
    judge = {q["q"] for q in SETS["judge"]}
    assert not judge & {q["q"] for q in SETS["held-out"]}, "held-out queries must be new"


@pytest.mark.parametrize("name", list(SETS))
def test_hit_at_1_and_3(searcher: Searcher, name: str) -> None:
    cases = SETS[name]
    ranks = [_rank(searcher, q["q"], q["expect"]) for q in cases]
    hit1 = sum(r == 1 for r in ranks) / len(ranks)
    hit3 = sum(r is not None and r <= 3 for r in ranks) / len(ranks)
    print(f"\n{name} query set: n={len(ranks)} hit@1={hit1:.1%} hit@3={hit3:.1%}")
    min1, min3 = THRESHOLDS[name]
    assert hit1 >= min1, f"{name} hit@1 {hit1:.1%}"
    assert hit3 >= min3, f"{name} hit@3 {hit3:.1%}"


@pytest.mark.parametrize("case", [dict(c, set=n) for n, cases in SETS.items() for c in cases],
                         ids=[f"{n}:{c['q']}" for n, cases in SETS.items() for c in cases])
def test_each_query_within_bound(searcher: Searcher, case: dict) -> None:
    rank = _rank(searcher, case["q"], case["expect"])
    if case["top"] == 1 and rank is not None and 1 < rank <= 3:
        pytest.xfail(f"{case['expect']} at {rank}, expected first (counted in hit@1)")
    assert rank is not None and rank <= case["top"], f"{case['expect']} at {rank}"
