"""Search quality on each new game's players' queries (issue #13), searched in that game.

``search_queries_<game>.yaml`` were written from each rulebook before the search was tuned
for it, and the work was developed against them; ``search_queries_<game>_heldout.yaml``
were written at the same time and are only measured (scripts/bench_search.py reports
them; their first blind run is in docs/search.md), never asserted here, so that nothing is
tuned on them. The issue's goal is hit@1 ≥ 90 % and hit@3 ≥ 98 % per game; the floors
below are what is met (docs/search.md says which goals are not, and why).
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from codex.search import Searcher

HERE = Path(__file__).parent
GAMES = ("contracts", "sorcerer", "archmajesty")
SETS = {g: yaml.safe_load((HERE / f"search_queries_{g}.yaml").read_text()) for g in GAMES}
HELD_OUT = {g: yaml.safe_load((HERE / f"search_queries_{g}_heldout.yaml").read_text())
            for g in GAMES}
# (hit@1, hit@3) floors: what is measured (rounds 5 and 8; the goal is 0.90, 0.98)
FLOORS = {"contracts": (0.91, 1.0), "sorcerer": (0.97, 1.0), "archmajesty": (0.91, 1.0)}


@pytest.fixture(scope="module")
def searcher(build_paths) -> Searcher:  # noqa: ANN001
    s = Searcher.open(build_paths.index)
    yield s
    s.close()


def _rank(searcher: Searcher, game: str, query: str, expect: str | list[str]) -> int | None:
    keys = [h.key for h in searcher.search(query, limit=10, game=game).hits]
    wanted = expect if isinstance(expect, list) else [expect]
    return min((keys.index(e) + 1 for e in wanted if e in keys), default=None)


@pytest.mark.parametrize("game", GAMES)
def test_sets_are_big_enough_and_held_out_apart(game: str) -> None:
    dev, held = SETS[game], HELD_OUT[game]
    assert dev["game"] == held["game"] == game
    assert len(dev["queries"]) >= 25 and len(held["queries"]) >= 15
    assert not {q["q"] for q in dev["queries"]} & {q["q"] for q in held["queries"]}
    classes = {q["class"] for q in dev["queries"]}
    assert {"typo", "keyword", "question", "rules", "vocab"} <= classes
    assert all(str(e).startswith(f"{game}:") for q in dev["queries"] + held["queries"]
               for e in (q["expect"] if isinstance(q["expect"], list) else [q["expect"]]))


@pytest.mark.parametrize("game", GAMES)
def test_hit_at_1_and_3(searcher: Searcher, game: str) -> None:
    cases = SETS[game]["queries"]
    ranks = [_rank(searcher, game, q["q"], q["expect"]) for q in cases]
    hit1 = sum(r == 1 for r in ranks) / len(ranks)
    hit3 = sum(r is not None and r <= 3 for r in ranks) / len(ranks)
    print(f"\n{game} query set: n={len(ranks)} hit@1={hit1:.1%} hit@3={hit3:.1%}")
    min1, min3 = FLOORS[game]
    assert hit1 >= min1, f"{game} hit@1 {hit1:.1%}"
    assert hit3 >= min3, f"{game} hit@3 {hit3:.1%}"


CASES = [dict(c, game=g) for g in GAMES for c in SETS[g]["queries"]]


@pytest.mark.parametrize("case", CASES, ids=[f"{c['game']}:{c['q']}" for c in CASES])
def test_each_query_within_bound(searcher: Searcher, case: dict) -> None:
    rank = _rank(searcher, case["game"], case["q"], case["expect"])
    if case.get("known_miss") and (rank is None or rank > case["top"]):
        pytest.xfail(f"known miss ({case['known_miss']}): {case['expect']} at {rank}")
    if case["top"] == 1 and rank is not None and 1 < rank <= 3:
        pytest.xfail(f"{case['expect']} at {rank}, expected first (counted in hit@1)")
    assert rank is not None and rank <= case["top"], f"{case['expect']} at {rank}"
