#!/usr/bin/env python
"""Search benchmark: build time, latency percentiles and quality against a naive baseline.

Builds a fresh corpus and index in a temporary folder, then runs both judge query sets
(tests/search_queries.yaml and the held-out tests/search_queries_heldout.yaml) in-process
on one ``Searcher`` (``warm()`` called, then one pass of every query) with the result
cache off: plain (no typo correction) and with
correction, the two modes interleaved round by round so that a burst of load on the machine
hits both alike; then repeated queries (cache on) and a naive baseline that scans every
record with ``in``. One row shows the first search of each query on a freshly opened
searcher without ``warm()`` (cold: score tables and word indexes built on first use).

Latency is reported twice: wall clock (what a caller waits, including time the process is
descheduled on a busy machine) and CPU time of the searching thread (what the search itself
costs). The machine's load average is printed before and after, with the goal check
(p99 ≤ 5 ms plain, ≤ 10 ms with correction, warm, in-process).

    .venv/bin/python scripts/bench_search.py [--rounds 30] [--json out.json]
"""
from __future__ import annotations

import argparse
import gc
import json
import os
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

SETS = {name: yaml.safe_load((ROOT / "tests" / f).read_text())["queries"]
        for name, f in (("judge", "search_queries.yaml"),
                        ("held-out", "search_queries_heldout.yaml"))
        if (ROOT / "tests" / f).exists()}
QUERIES = [case for cases in SETS.values() for case in cases]
GOALS = {"plain": 5.0, "corrected": 10.0}    # p99 ms, warm, in-process


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


class GcTimer:
    """Counts garbage collections and their total pause while installed."""

    def __init__(self) -> None:
        self.count, self.ms, self.worst, self._t = 0, 0.0, 0.0, 0.0

    def __call__(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._t = time.perf_counter()
        else:
            pause = (time.perf_counter() - self._t) * 1000
            self.count += 1
            self.ms += pause
            self.worst = max(self.worst, pause)

    def __enter__(self) -> "GcTimer":
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self)


def percentiles(times: list[float]) -> tuple[float, float, float]:
    q = statistics.quantiles(times, n=100, method="inclusive")
    return q[49], q[94], q[98]


def quality(fn: Callable[[str], list[str]], cases: list[dict]) -> tuple[float, float]:
    ranks = []
    for case in cases:
        keys = fn(case["q"])
        ranks.append(keys.index(case["expect"]) + 1 if case["expect"] in keys else 99)
    return (sum(r == 1 for r in ranks) / len(ranks), sum(r <= 3 for r in ranks) / len(ranks))


def timed(fns: dict[str, Callable[[str], list[str]]], rounds: int
          ) -> dict[str, tuple[list[float], list[float]]]:
    """Wall and CPU latencies (ms) per function over ``rounds`` interleaved passes."""
    for fn in fns.values():                       # warm-up pass
        for case in QUERIES:
            fn(case["q"])
    out: dict[str, tuple[list[float], list[float]]] = {n: ([], []) for n in fns}
    for _r in range(rounds):
        for name, fn in fns.items():
            wall, cpu = out[name]
            for case in QUERIES:
                c, t = time.thread_time(), time.perf_counter()
                fn(case["q"])
                wall.append((time.perf_counter() - t) * 1000)
                cpu.append((time.thread_time() - c) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--gc-freeze", action="store_true",
                        help="gc.freeze() after opening (objects of the open index are then "
                             "never scanned by the garbage collector)")
    args = parser.parse_args()
    load_before = os.getloadavg()
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
        warm_s = searcher.warm() if hasattr(searcher, "warm") else 0.0
        cached = Searcher.open(build.index)
        cold_searcher = Searcher.open(build.index, cache_size=0)
        cold: tuple[list[float], list[float]] = ([], [])
        for case in QUERIES:        # once each on a fresh searcher: tables read on first use
            c, t = time.thread_time(), time.perf_counter()
            cold_searcher.search(case["q"])
            cold[0].append((time.perf_counter() - t) * 1000)
            cold[1].append((time.thread_time() - c) * 1000)
        cold_searcher.close()
        corpus = Corpus.open(build.db)
        naive = NaiveSearch(corpus)
        if args.gc_freeze:
            gc.collect()
            gc.freeze()
        fns = {
            "index, plain (no correction)":
                lambda q: [h.key for h in searcher.search(q, correct=False).hits],
            "index, with typo correction":
                lambda q: [h.key for h in searcher.search(q).hits],
        }
        with GcTimer() as gct:
            times = timed(fns, args.rounds)
        times["first search after open (cold)"] = cold
        times.update(timed({"index, repeated (LRU cache)":
                            lambda q: [h.key for h in cached.search(q).hits]}, args.rounds))
        times.update(timed({"naive baseline (scan with `in`)": naive.search},
                           max(1, args.rounds // 3)))
        all_fns = dict(fns)
        all_fns["first search after open (cold)"] = all_fns["index, with typo correction"]
        all_fns["index, repeated (LRU cache)"] = lambda q: [h.key for h in cached.search(q).hits]
        all_fns["naive baseline (scan with `in`)"] = naive.search
        quality_of = {name: {s: quality(fn, cases) for s, cases in SETS.items()}
                      for name, fn in all_fns.items()}
        searcher.close()
        cached.close()
        corpus.close()
    load_after = os.getloadavg()

    print(f"corpus: {stats['documents']} documents, vocabulary {stats['vocabulary']} words; "
          f"{len(QUERIES)} queries ({', '.join(f'{n} {len(c)}' for n, c in SETS.items())}) "
          f"x {args.rounds} rounds, warm, in-process; {os.cpu_count()} CPUs")
    print(f"load average (1/5/15 min): before {'/'.join(f'{x:.2f}' for x in load_before)}, "
          f"after {'/'.join(f'{x:.2f}' for x in load_after)}")
    print(f"build: ingest+index {ingest_s:.2f} s, index alone {index_s:.2f} s, "
          f"searcher open {open_s * 1000:.0f} ms, warm() {warm_s * 1000:.0f} ms")
    print(f"garbage collection during the timed searches: {gct.count} collections, "
          f"{gct.ms:.1f} ms in all, longest {gct.worst:.2f} ms"
          f"{' (gc.freeze() after opening)' if args.gc_freeze else ''}")
    set_names = list(SETS)
    head = "".join(f" {'hit@1 ' + s:>14} {'hit@3 ' + s:>14}" for s in set_names)
    print(f"{'':33} {'wall ms p50':>11} {'p95':>6} {'p99':>6} {'max':>7} "
          f"{'cpu ms p50':>10} {'p95':>6} {'p99':>6}{head}")
    figures = {}
    for name, (wall, cpu) in times.items():
        w, c = percentiles(wall), percentiles(cpu)
        qual = "".join(f" {h1:14.1%} {h3:14.1%}" for h1, h3 in
                       (quality_of[name][s] for s in set_names))
        print(f"{name:33} {w[0]:11.2f} {w[1]:6.2f} {w[2]:6.2f} {max(wall):7.2f} "
              f"{c[0]:10.2f} {c[1]:6.2f} {c[2]:6.2f}{qual}")
        figures[name] = {"wall": w, "wall_max": max(wall), "cpu": c, "quality": quality_of[name]}
    print("goals (p99, warm, in-process):")
    for mode, name in (("plain", "index, plain (no correction)"),
                       ("corrected", "index, with typo correction")):
        wall, cpu = figures[name]["wall"][2], figures[name]["cpu"][2]
        verdict = ("MET" if wall <= GOALS[mode] else
                   "NOT MET on wall clock, met in CPU time (the machine is busy: load "
                   f"{load_after[0]:.2f} on {os.cpu_count()} CPUs)" if cpu <= GOALS[mode]
                   else "NOT MET")
        print(f"  {mode:9} p99 ≤ {GOALS[mode]:.0f} ms: wall {wall:.2f} ms, cpu {cpu:.2f} ms "
              f"-> {verdict}")
    base = figures["naive baseline (scan with `in`)"]["wall"][0]
    corr = figures["index, with typo correction"]["wall"][0]
    print(f"ratio with correction / baseline (p50 wall): {corr / base:.1f}x")
    if args.json:
        args.json.write_text(json.dumps({"load_before": load_before, "load_after": load_after,
                                         "rounds": args.rounds, "figures": figures}, indent=1))


if __name__ == "__main__":
    main()
