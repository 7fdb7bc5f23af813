"""Benchmark rulings over the scenario suite: rulings/s, median and p99 per ruling.

Baseline in the same run: the cost of only parsing + validating each scenario (schema and
semantic checks, state built), so the ratio of adjudication to loading is visible.
Usage: .venv/bin/python scripts/bench_rulings.py [--rounds N]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codex.engine import load, rule  # noqa: E402


def scenarios() -> list[dict]:
    out = []
    for path in sorted((ROOT / "tests" / "scenarios").glob("*.json")):
        out += [c["scenario"] for c in json.loads(path.read_text("utf-8"))["cases"]]
    return out


def measure(fn, docs: list[dict], rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        for doc in docs:
            t0 = time.perf_counter()
            fn(doc)
            times.append(time.perf_counter() - t0)
    return times


def report(label: str, times: list[float]) -> dict:
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    out = {"label": label, "n": len(times), "per_second": len(times) / sum(times),
           "median_ms": statistics.median(times) * 1000, "p99_ms": p99 * 1000}
    print(f"{label:<28} n={out['n']:<6} {out['per_second']:>9.0f}/s  median {out['median_ms']:.3f} ms  p99 {out['p99_ms']:.3f} ms")
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    docs = scenarios()
    measure(rule, docs, 1)  # warm caches
    base = report("baseline: parse+validate", measure(load, docs, args.rounds))
    full = report("rule(): full ruling", measure(rule, docs, args.rounds))
    dicts = report("rule().to_dict()", measure(lambda d: rule(d).to_dict(), docs, args.rounds))
    print(f"ruling/baseline median ratio: {full['median_ms'] / base['median_ms']:.2f}x over {len(docs)} scenarios")
    if args.json:
        print(json.dumps({"baseline": base, "rule": full, "to_dict": dicts}, indent=2))


if __name__ == "__main__":
    main()
