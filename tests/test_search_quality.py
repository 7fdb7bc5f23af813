"""Ranking quality on the judge query set: hit@1 ≥ 90 %, hit@3 ≥ 98 %, every query within its bound."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from codex.search import Searcher

QUERIES = yaml.safe_load((Path(__file__).parent / "search_queries.yaml").read_text())["queries"]


@pytest.fixture(scope="module")
def searcher(build_paths) -> Searcher:
    s = Searcher.open(build_paths.index)
    yield s
    s.close()


def _rank(searcher: Searcher, query: str, expect: str) -> int | None:
    keys = [h.key for h in searcher.search(query, limit=10).hits]
    return keys.index(expect) + 1 if expect in keys else None


def test_query_set_is_big_enough() -> None:
    assert len(QUERIES) >= 60
    assert sum(1 for q in QUERIES if q["top"] == 1) >= 40


def test_hit_at_1_and_3(searcher: Searcher) -> None:
    ranks = [_rank(searcher, q["q"], q["expect"]) for q in QUERIES]
    hit1 = sum(r == 1 for r in ranks) / len(ranks)
    hit3 = sum(r is not None and r <= 3 for r in ranks) / len(ranks)
    print(f"\njudge query set: n={len(ranks)} hit@1={hit1:.1%} hit@3={hit3:.1%}")
    assert hit1 >= 0.90, f"hit@1 {hit1:.1%}"
    assert hit3 >= 0.98, f"hit@3 {hit3:.1%}"


@pytest.mark.parametrize("case", QUERIES, ids=[q["q"] for q in QUERIES])
def test_each_query_within_bound(searcher: Searcher, case: dict) -> None:
    rank = _rank(searcher, case["q"], case["expect"])
    if case["top"] == 1 and rank is not None and 1 < rank <= 3:
        pytest.xfail(f"{case['expect']} at {rank}, expected first (counted in hit@1)")
    assert rank is not None and rank <= case["top"], f"{case['expect']} at {rank}"
