"""Ranking quality on the query sets, every query within its bound.

Judge sets (keyword style): ``search_queries.yaml`` (the set the ranking was developed on)
and ``search_queries_heldout.yaml`` (40 queries written later, before they were first run).
Players' sets (issue #19: typos, card names, other games' vocabulary, full questions,
rulebook topics): ``search_queries_players.yaml`` and ``search_queries_players_heldout.yaml``
(blind in round 1, development data since; the blind sets of rounds 2 and 3,
``search_queries_players_blind.yaml`` and ``…_blind3.yaml``, are only measured by
scripts/bench_search.py). The
floors are the figures measured (docs/search.md), and per class hit@3 ≥ 85 %.

These are Sorcery's queries, searched in Sorcery (``game="sorcery"``, as from Sorcery's
pages) and with no game given (every game searched, the default): an every-game search must
keep Sorcery's figures (each game is its own collection, and Sorcery leads unless the query
uses another book's own words: ``codex/search/federate.py``).
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from codex.search import Searcher

HERE = Path(__file__).parent
SETS = {name: yaml.safe_load((HERE / f).read_text())["queries"]
        for name, f in (("judge", "search_queries.yaml"),
                        ("held-out", "search_queries_heldout.yaml"),
                        ("players", "search_queries_players.yaml"),
                        ("players-held-out", "search_queries_players_heldout.yaml"))}
QUERIES = SETS["judge"]
# (hit@1, hit@3), measured (round 3; without the card catalog: judge 93.9 %, 95.1 % with it;
# held-out 100 %), in Sorcery and across every game alike
THRESHOLDS = {"judge": (0.93, 1.0), "held-out": (0.97, 1.0), "players": (0.93, 0.97),
              "players-held-out": (0.87, 0.93)}
CLASS_HIT3 = 0.85


@pytest.fixture(scope="module")
def searcher(build_paths) -> Searcher:
    s = Searcher.open(build_paths.index)
    yield s
    s.close()


def _rank(searcher: Searcher, query: str, expect: str | list[str],
          game: str | None = "sorcery") -> int | None:
    keys = [h.key for h in searcher.search(query, limit=10, game=game).hits]
    wanted = expect if isinstance(expect, list) else [expect]
    return min((keys.index(e) + 1 for e in wanted if e in keys), default=None)


def test_query_sets_are_big_enough() -> None:
    assert len(SETS["judge"]) >= 60
    assert sum(1 for q in SETS["judge"] if q["top"] == 1) >= 40
    assert len(SETS["held-out"]) >= 40
    judge = {q["q"] for q in SETS["judge"]}
    assert not judge & {q["q"] for q in SETS["held-out"]}, "held-out queries must be new"
    classes = {q["class"] for q in SETS["players"]}
    assert classes == {"typo", "card", "vocab", "question", "rulebook"}
    assert all(sum(q["class"] == c for q in SETS["players"]) >= 14 for c in classes)


@pytest.mark.parametrize("game", ["sorcery", None], ids=["in-sorcery", "every-game"])
@pytest.mark.parametrize("name", list(SETS))
def test_hit_at_1_and_3(searcher: Searcher, name: str, game: str | None) -> None:
    cases = SETS[name]
    ranks = [_rank(searcher, q["q"], q["expect"], game) for q in cases]
    hit1 = sum(r == 1 for r in ranks) / len(ranks)
    hit3 = sum(r is not None and r <= 3 for r in ranks) / len(ranks)
    print(f"\n{name} query set ({game or 'every game'}): n={len(ranks)} hit@1={hit1:.1%} "
          f"hit@3={hit3:.1%}")
    min1, min3 = THRESHOLDS[name]
    assert hit1 >= min1, f"{name} hit@1 {hit1:.1%}"
    assert hit3 >= min3, f"{name} hit@3 {hit3:.1%}"
    for cls in {q.get("class") for q in cases} - {None}:
        in_class = [r for r, q in zip(ranks, cases) if q["class"] == cls]
        share = sum(r is not None and r <= 3 for r in in_class) / len(in_class)
        assert share >= CLASS_HIT3, f"{name}/{cls} hit@3 {share:.1%}"


@pytest.mark.parametrize("case", [dict(c, set=n) for n, cases in SETS.items() for c in cases],
                         ids=[f"{n}:{c['q']}" for n, cases in SETS.items() for c in cases])
def test_each_query_within_bound(searcher: Searcher, case: dict) -> None:
    result = searcher.search(case["q"], game="sorcery")
    for word in case.get("unchanged", []):        # real words typo correction must keep
        assert word in result.searched.split(), result.searched
    rank = _rank(searcher, case["q"], case["expect"])
    if case.get("known_miss") and (rank is None or rank > case["top"]):
        pytest.xfail(f"known miss ({case['known_miss']}): {case['expect']} at {rank}")
    if case["top"] == 1 and rank is not None and 1 < rank <= 3:
        pytest.xfail(f"{case['expect']} at {rank}, expected first (counted in hit@1)")
    assert rank is not None and rank <= case["top"], f"{case['expect']} at {rank}"
