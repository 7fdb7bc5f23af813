#!/usr/bin/env python3
"""Benchmark `arbiter ingest`: median of several full builds, against a naive baseline.

The baseline in the same run is just reading and csv-parsing the Codex plus reading the
rulebook (the unavoidable I/O), so the ratio shows what the pipeline itself costs on this
machine, whatever its speed today. Each build is timed for the four-game corpus and for
Sorcery alone (the manifest reduced to Sorcery's sources), side by side.

    python scripts/bench_ingest.py [--runs 7]
"""
from __future__ import annotations

import argparse
import csv
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from codex.corpus import ingest  # noqa: E402
from codex.paths import SOURCES_DIR, BuildPaths  # noqa: E402
from codex.pipeline import build_all  # noqa: E402
from codex.search import build_index  # noqa: E402
from _sorcery_alone import sorcery_only_sources  # noqa: E402  (beside this script)


def timed(fn, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def baseline() -> None:
    with (SOURCES_DIR / "sorcery-codex.csv").open(encoding="utf-8", newline="") as fh:
        list(csv.reader(fh))
    (SOURCES_DIR / "sorcery-rulebook-2025-12.txt").read_text(encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        build = BuildPaths(Path(tmp) / "four")
        alone = BuildPaths(Path(tmp) / "alone")
        sorcery = sorcery_only_sources(Path(tmp) / "sorcery")

        def alone_all() -> None:
            ingest(alone, sources_dir=sorcery)
            build_index(alone.db, Path(tmp) / "alone-index")

        rows = [("baseline: read + csv-parse sources", timed(baseline, args.runs)),
                ("corpus only, Sorcery alone", timed(lambda: ingest(alone, sources_dir=sorcery),
                                                     args.runs)),
                ("corpus only, four games (ingest)", timed(lambda: ingest(build), args.runs)),
                ("corpus + index, Sorcery alone", timed(alone_all, args.runs)),
                ("corpus + index, four games (arbiter ingest)",
                 timed(lambda: build_all(build), args.runs))]
    base = statistics.median(rows[0][1])
    print(f"{'step':46} {'median ms':>10} {'min ms':>8} {'max ms':>8} {'x baseline':>11}")
    for name, times in rows:
        med = statistics.median(times)
        print(f"{name:46} {med * 1e3:10.1f} {min(times) * 1e3:8.1f} {max(times) * 1e3:8.1f} "
              f"{med / base:11.1f}")
    print(f"({args.runs} runs each)")


if __name__ == "__main__":
    main()
