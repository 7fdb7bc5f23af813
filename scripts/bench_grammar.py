"""Card-text parser speed over a card JSON file (default: the development snapshot), as a user meets it:

- grammar build: the first ``grammar()`` of a process (lark reads its analysed tables from its cache);
- cold pass: every cache emptied, then every card parsed once (every distinct sentence goes through the
  parser); best and median of several passes, in seconds and cards per second. Goal: the whole snapshot
  in under 0.5 s (at least 1,300 cards/s);
- validate: ``validate(text, name)`` of one card with the caches emptied first (a designer's new text
  is never cached), timed per card over every card of the file; median, p99 and max. Goal: p99 <= 5 ms;
- warm: the same cards again with the sentence cache filled, for scale;
- reference loop: a fixed pure-Python loop of one million additions, run before and after, saying how
  fast this shared machine runs right now (it varies by 1.5x and more); CPU time (this process only) is
  printed next to wall time for the same reason.

Usage: python scripts/bench_grammar.py [FILE.json] [--passes N]
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from codex.cardtext import parse_card_text, validate  # noqa: E402
from codex.cardtext.parser import clear_caches, grammar  # noqa: E402
from codex.paths import PROJECT_ROOT  # noqa: E402

GOAL_COLD_S = 0.5
GOAL_VALIDATE_P99_MS = 5.0


def _pass_seconds(cards: list[tuple[str, str]]) -> tuple[float, float]:
    """Wall and CPU (this process) seconds of one pass."""
    t0, c0 = time.perf_counter(), time.process_time()
    for name, text in cards:
        parse_card_text(text, name)
    return time.perf_counter() - t0, time.process_time() - c0


def _cold_passes(cards: list[tuple[str, str]], passes: int) -> list[tuple[float, float]]:
    out = []
    for _ in range(passes):
        clear_caches()
        out.append(_pass_seconds(cards))
    return out


def _validate_ms(cards: list[tuple[str, str]]) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of validating each card cold, each list sorted."""
    wall, cpu = [], []
    for name, text in cards:
        clear_caches()
        t0, c0 = time.perf_counter(), time.process_time()
        validate(text, name)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return sorted(wall), sorted(cpu)


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


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    passes = int(argv[argv.index("--passes") + 1]) if "--passes" in argv else 9
    if "--passes" in argv:
        args.remove(str(passes))
    default = os.environ.get("ARBITER_CARDS_JSON", str(PROJECT_ROOT.parent / "shared" / "cards" / "sorcery-cards.json"))
    path = Path(args[0] if args else default)
    if not path.exists():
        print(f"card file not found: {path}", file=sys.stderr)
        return 2
    cards = [(c["name"], c["guardian"].get("rulesText") or "") for c in json.loads(path.read_text(encoding="utf-8"))]
    t0 = time.perf_counter()
    grammar()
    build_s = time.perf_counter() - t0
    probe_before = _reference_loop_ms()
    cold_runs = _cold_passes(cards, passes)
    validate_ms, validate_cpu = _validate_ms(cards)
    probe_after = _reference_loop_ms()
    warm = min(_pass_seconds(cards)[0] for _ in range(3))
    cold, cold_cpu = [w for w, _ in cold_runs], [c for _, c in cold_runs]
    best, median = min(cold), statistics.median(cold)
    k = min(len(validate_ms) - 1, int(len(validate_ms) * 0.99))
    p99 = validate_ms[k]
    print(f"cards: {len(cards)} ({path.name}); grammar build {build_s:.2f} s (first in this process)")
    print(f"cold pass (caches emptied): best {best:.3f} s ({len(cards) / best:,.0f} cards/s), "
          f"median {median:.3f} s ({len(cards) / median:,.0f} cards/s) over {passes} passes; "
          f"CPU time best {min(cold_cpu):.3f} s, median {statistics.median(cold_cpu):.3f} s")
    print(f"validate one card, cold: median {statistics.median(validate_ms):.2f} ms, p99 {p99:.2f} ms, "
          f"max {validate_ms[-1]:.2f} ms; CPU time p99 {validate_cpu[k]:.2f} ms")
    print(f"warm pass (sentence cache filled): {warm:.3f} s ({len(cards) / warm:,.0f} cards/s)")
    print(f"reference loop (1M additions): {probe_before:.1f} ms before, {probe_after:.1f} ms after "
          f"(lower is a faster machine right now)")
    print(f"goal cold pass < {GOAL_COLD_S} s: {'met' if median < GOAL_COLD_S else 'NOT met'} (median)")
    print(f"goal validate p99 <= {GOAL_VALIDATE_P99_MS} ms: {'met' if p99 <= GOAL_VALIDATE_P99_MS else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
