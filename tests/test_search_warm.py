"""``warm()`` precomputes what the first search of a query needs; it must change nothing
but the time: the same positions, the same results, the same snippets."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from codex.paths import BuildPaths
from codex.search import Searcher
from codex.search.index import DOCSTEMS_FILE

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def lazy(build_paths: BuildPaths) -> Searcher:
    s = Searcher.open(build_paths.index, cache_size=0)
    yield s
    s.close()


@pytest.fixture(scope="module")
def warmed(build_paths: BuildPaths) -> Searcher:
    s = Searcher.open(build_paths.index, cache_size=0)
    s.warm()
    yield s
    s.close()


def test_body_index_equals_the_per_stem_patterns(build_paths: BuildPaths, lazy: Searcher,
                                                 warmed: Searcher) -> None:
    """Every record and every stem it holds (and a few it does not): the one-pass index of
    ``warm`` finds exactly the matches of the stem's regular expression."""
    docstems = json.loads((build_paths.index / DOCSTEMS_FILE).read_text())
    absent = ["airborn", "intercept", "zzz"]
    checked = 0
    for key, doc_stems in docstems.items():
        docnum = lazy._docnum_of[key]
        for stem in doc_stems + absent:
            assert warmed._stem_found(docnum, stem) == lazy._stem_found(docnum, stem), (key, stem)
            checked += 1
    assert checked > 15_000


def test_warm_changes_no_result(lazy: Searcher, warmed: Searcher) -> None:
    queries = [q["q"] for f in ("search_queries.yaml", "search_queries_players.yaml")
               for q in yaml.safe_load((HERE / f).read_text())["queries"]]
    for q in queries:
        a, b = lazy.search(q).to_dict(), warmed.search(q).to_dict()
        a.pop("took_ms"), b.pop("took_ms")
        assert a == b, q
