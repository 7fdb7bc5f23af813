"""Cards per second parsed by the card-text grammar over a card JSON file, against a naive baseline
(regex sentence split only) in the same run. Usage: python scripts/bench_grammar.py [FILE.json]"""
from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from codex.cardtext.parser import grammar, parse_card_text  # noqa: E402
from codex.paths import PROJECT_ROOT  # noqa: E402


def main() -> int:
    default = os.environ.get("ARBITER_CARDS_JSON", str(PROJECT_ROOT.parent / "shared" / "cards" / "sorcery-cards.json"))
    path = Path(sys.argv[1] if len(sys.argv) > 1 else default)
    if not path.exists():
        print(f"card file not found: {path}", file=sys.stderr)
        return 2
    cards = [(c["name"], c["guardian"].get("rulesText") or "") for c in json.loads(path.read_text(encoding="utf-8"))]
    grammar()  # build the LALR tables outside the timing
    t0 = time.perf_counter()
    for name, text in cards:
        parse_card_text(text, name)
    grammar_s = time.perf_counter() - t0
    splitter = re.compile(r"(?<=[.!])\s+|\n+")
    t0 = time.perf_counter()
    for _, text in cards:
        splitter.split(text)
    naive_s = time.perf_counter() - t0
    g, n = len(cards) / grammar_s, len(cards) / naive_s
    print(f"grammar: {g:,.0f} cards/s ({len(cards)} cards in {grammar_s:.3f}s)")
    print(f"naive regex sentence split: {n:,.0f} cards/s (grammar is {n / g:,.0f}x slower)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
