#!/usr/bin/env python
"""Search benchmark: build time, latency percentiles and quality against a naive baseline.

Builds a fresh corpus and index in a temporary folder, then runs the judge query set
(tests/search_queries.yaml) in-process on one warm ``Searcher`` with the result cache off:
plain (no typo correction), with correction, and repeated (cache on). The same queries go
through a naive baseline that scans every record with ``in``, so the ratio is visible.

    .venv/bin/python scripts/bench_search.py [--rounds 5]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codex.corpus import Corpus  # noqa: E402
from codex.paths import BuildPaths  # noqa: E402
from codex.pipeline import build_all  # noqa: E402
from codex.search import Searcher, build_index, parse_query  # noqa: E402

QUERIES = yaml.safe_load((ROOT / "tests" / "search_queries.yaml").read_text())["queries"]


class NaiveSearch:
    """Baseline: every record, a point for each query word ``in`` its title or text."""

    def __init__(self, corpus: Corpus) -> None:
        self.records = [(f"{r['source']}:{r['id']}", (r["title"] or "").lower(),
                         (r["text"] or "").lower()) for r in corpus.records()]

    def search(self, q: str) -> list[str]:
        parsed = parse_query(q)
        words = parsed.all_words()
        scored = []
        for key, title, text in self.records:
            score = sum(3 * (w in title) + (w in text) for w in words)
            if score:
                scored.append((-score, key))
        scored.sort()
        return [k for _s, k in scored[:10]]


def percentiles(times: list[float]) -> tuple[float, float, float]:
    q = statistics.quantiles(times, n=100, method="inclusive")
    return q[49], q[94], q[98]


def run(fn: Callable[[str], list[str]], rounds: int) -> tuple[list[float], float, float]:
    """Latencies (ms) over ``rounds`` passes after one warm-up pass, and hit@1 / hit@3."""
    for case in QUERIES:
        fn(case["q"])
    times, ranks = [], []
    for r in range(rounds):
        for case in QUERIES:
            t = time.perf_counter()
            keys = fn(case["q"])
            times.append((time.perf_counter() - t) * 1000)
            if r == 0:
                ranks.append(keys.index(case["expect"]) + 1 if case["expect"] in keys else 99)
    return (times, sum(r == 1 for r in ranks) / len(ranks),
            sum(r <= 3 for r in ranks) / len(ranks))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        build = BuildPaths(Path(tmp))
        t = time.perf_counter()
        build_all(build)
        ingest_s = time.perf_counter() - t
        t = time.perf_counter()
        stats = build_index(build.db, build.index)
        index_s = time.perf_counter() - t
        t = time.perf_counter()
        searcher = Searcher.open(build.index, cache_size=0)
        open_s = time.perf_counter() - t
        cached = Searcher.open(build.index)
        corpus = Corpus.open(build.db)
        naive = NaiveSearch(corpus)
        rows = [
            ("index, plain (no correction)",
             run(lambda q: [h.key for h in searcher.search(q, correct=False).hits], args.rounds)),
            ("index, with typo correction",
             run(lambda q: [h.key for h in searcher.search(q).hits], args.rounds)),
            ("index, repeated (LRU cache)",
             run(lambda q: [h.key for h in cached.search(q).hits], args.rounds)),
            ("naive baseline (scan with `in`)", run(naive.search, args.rounds)),
        ]
        searcher.close()
        cached.close()
        corpus.close()
    print(f"corpus: {stats['documents']} documents, vocabulary {stats['vocabulary']} words; "
          f"{len(QUERIES)} judge queries x {args.rounds} rounds, warm, in-process")
    print(f"build: ingest+index {ingest_s:.2f} s, index alone {index_s:.2f} s, "
          f"searcher open {open_s * 1000:.0f} ms")
    print(f"{'':34} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'hit@1':>7} {'hit@3':>7}")
    base = percentiles(rows[-1][1][0])
    for name, (times, h1, h3) in rows:
        p50, p95, p99 = percentiles(times)
        print(f"{name:34} {p50:8.2f} {p95:8.2f} {p99:8.2f} {h1:7.1%} {h3:7.1%}")
    plain = percentiles(rows[1][1][0])
    print(f"ratio with correction / baseline (p50): {plain[0] / base[0]:.1f}x")


if __name__ == "__main__":
    main()
