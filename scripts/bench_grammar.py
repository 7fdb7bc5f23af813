"""Cards per second parsed by the card-text grammar over a card JSON file, reported honestly:

- cold: every cache emptied before the pass (every sentence goes through the LALR parser), best of 5
  such passes (each pass starts from empty caches; the best filters out load from other processes);
- warm: the same cards again (repeated sentences are served from the sentence cache), best of 3;
- baseline: a naive regex sentence split in the same run, for scale.

Usage: python scripts/bench_grammar.py [FILE.json]
"""
from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from codex.cardtext.parser import grammar, parse_card_text, parse_sentence  # noqa: E402
from codex.paths import PROJECT_ROOT  # noqa: E402


GOAL_CARDS_PER_S = 10_000


def _rate(cards: list[tuple[str, str]]) -> float:
    t0 = time.perf_counter()
    for name, text in cards:
        parse_card_text(text, name)
    return len(cards) / (time.perf_counter() - t0)


def main() -> int:
    default = os.environ.get("ARBITER_CARDS_JSON", str(PROJECT_ROOT.parent / "shared" / "cards" / "sorcery-cards.json"))
    path = Path(sys.argv[1] if len(sys.argv) > 1 else default)
    if not path.exists():
        print(f"card file not found: {path}", file=sys.stderr)
        return 2
    cards = [(c["name"], c["guardian"].get("rulesText") or "") for c in json.loads(path.read_text(encoding="utf-8"))]
    t0 = time.perf_counter()
    grammar()  # build the LALR tables once, outside the parse timings
    build_s = time.perf_counter() - t0
    cold = 0.0
    for _ in range(5):
        parse_sentence.cache_clear()
        cold = max(cold, _rate(cards))
    warm = max(_rate(cards) for _ in range(3))
    splitter = re.compile(r"(?<=[.!])\s+|\n+")
    t0 = time.perf_counter()
    for _, text in cards:
        splitter.split(text)
    naive = len(cards) / (time.perf_counter() - t0)
    print(f"cards: {len(cards)}; grammar build: {build_s:.2f}s (once per process)")
    print(f"cold (empty sentence cache): {cold:,.0f} cards/s")
    print(f"warm (sentence cache filled): {warm:,.0f} cards/s")
    print(f"naive regex sentence split: {naive:,.0f} cards/s (cold grammar is {naive / cold:,.0f}x slower)")
    for label, rate in (("cold", cold), ("warm", warm)):
        print(f"goal {GOAL_CARDS_PER_S:,} cards/s {label}: {'met' if rate >= GOAL_CARDS_PER_S else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
