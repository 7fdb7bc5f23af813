"""Cards per second parsed by the card-text grammar over a card JSON file, reported honestly:

- cold: every cache emptied before the pass (every distinct sentence goes through the LALR parser);
  best and median of 15 such passes, each from empty caches (the best filters out load from other
  processes and virtual machines on the host, the median shows how large that load was);
- warm: the same cards again (repeated sentences are served from the sentence cache), best of 3;
- source: the cold best again with the compiled modules switched off (``ARBITER_PURE_PYTHON=1``), in a
  subprocess, to show what the compiled hot path is worth;
- for scale, in the same run: a naive regex sentence split, and a fixed pure-Python reference loop
  whose time says how fast the machine is running right now (it varies by more than 1.5x on shared hosts).

Usage: python scripts/bench_grammar.py [FILE.json] [--cold-only]
"""
from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from codex.cardtext import compiled  # noqa: E402
from codex.cardtext.parser import grammar, parse_card_text, parse_sentence  # noqa: E402
from codex.paths import PROJECT_ROOT  # noqa: E402

GOAL_CARDS_PER_S = 10_000
COLD_PASSES = 15


def _rate(cards: list[tuple[str, str]]) -> float:
    t0 = time.perf_counter()
    for name, text in cards:
        parse_card_text(text, name)
    return len(cards) / (time.perf_counter() - t0)


def _cold_rates(cards: list[tuple[str, str]]) -> list[float]:
    rates = []
    for _ in range(COLD_PASSES):
        parse_sentence.cache_clear()
        rates.append(_rate(cards))
    return rates


def _reference_loop_ms() -> float:
    """Best of 5 runs of a fixed loop of one million additions (a machine-speed probe, not a parse)."""
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        total = 0
        for i in range(1_000_000):
            total += i
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def _source_cold_best(path: Path) -> float | None:
    env = dict(os.environ, **{compiled.PURE_ENV: "1"})
    out = subprocess.run([sys.executable, __file__, str(path), "--cold-only"], env=env, capture_output=True,
                         text=True)
    return float(out.stdout) if out.returncode == 0 else None


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    default = os.environ.get("ARBITER_CARDS_JSON", str(PROJECT_ROOT.parent / "shared" / "cards" / "sorcery-cards.json"))
    path = Path(args[0] if args else default)
    if not path.exists():
        print(f"card file not found: {path}", file=sys.stderr)
        return 2
    cards = [(c["name"], c["guardian"].get("rulesText") or "") for c in json.loads(path.read_text(encoding="utf-8"))]
    t0 = time.perf_counter()
    grammar()  # build the LALR tables once, outside the parse timings
    build_s = time.perf_counter() - t0
    if "--cold-only" in argv:
        print(max(_cold_rates(cards)))
        return 0
    impl = sorted(set(compiled.implementation().values()))
    reference_before = _reference_loop_ms()
    cold = _cold_rates(cards)
    reference_after = _reference_loop_ms()
    warm = max(_rate(cards) for _ in range(3))
    splitter = re.compile(r"(?<=[.!])\s+|\n+")
    t0 = time.perf_counter()
    for _, text in cards:
        splitter.split(text)
    naive = len(cards) / (time.perf_counter() - t0)
    source = _source_cold_best(path) if impl == ["compiled"] else None
    best = max(cold)
    print(f"cards: {len(cards)}; grammar build: {build_s:.2f}s (once per process); hot path: {'/'.join(impl)}")
    print(f"cold (empty sentence cache): best {best:,.0f} cards/s, median {statistics.median(cold):,.0f}"
          f" over {COLD_PASSES} passes")
    print(f"warm (sentence cache filled): {warm:,.0f} cards/s")
    if source is not None:
        print(f"cold with the source modules (ARBITER_PURE_PYTHON=1): best {source:,.0f} cards/s "
              f"(compiled is {best / source:.2f}x)")
    print(f"naive regex sentence split: {naive:,.0f} cards/s (cold grammar is {naive / best:,.0f}x slower)")
    print(f"reference loop (1M additions): {reference_before:.1f} ms before, {reference_after:.1f} ms after "
          f"the cold passes (lower is a faster machine right now)")
    for label, rate in (("cold", best), ("warm", warm)):
        print(f"goal {GOAL_CARDS_PER_S:,} cards/s {label}: {'met' if rate >= GOAL_CARDS_PER_S else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
