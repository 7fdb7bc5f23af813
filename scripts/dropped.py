#!/usr/bin/env python3
"""The guard against dropped phrases, run over a card file and the invented card texts of the engine's
scenarios: every sentence whose best reading lost words (``codex.cardtext.dropped``), grouped into
families by what was lost ("unique cases missing"), biggest first.

    python3 scripts/dropped.py [CARDS.json] [--scenarios] [--examples N]

A family is a time phrase when a lost noun names a time (``turn``, ``phase``: the meaning layer's noun
class), else the lost words themselves. Card text is printed only to the terminal, never stored.
"""
from __future__ import annotations

import argparse
import collections
import glob
import json
import os
import sys
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from codex.cardtext import ast as A  # noqa: E402
from codex.cardtext import lexicon as L  # noqa: E402
from codex.cardtext import parser as P  # noqa: E402
from codex.cardtext.coverage import catalog_names  # noqa: E402


def scenario_texts() -> Iterator[tuple[str | None, str]]:
    """Every invented card (name, text) of tests/scenarios*/."""
    seen: set[tuple[Any, str]] = set()

    def walk(o: Any) -> Iterator[tuple[Any, str]]:
        if isinstance(o, dict):
            if isinstance(o.get("text"), str) and o["text"].strip():
                yield o.get("name"), o["text"]
            for v in o.values():
                yield from walk(v)
        elif isinstance(o, list):
            for x in o:
                yield from walk(x)

    for f in sorted(glob.glob(str(ROOT / "tests" / "scenarios*" / "*.json"))):
        for pair in walk(json.loads(Path(f).read_text(encoding="utf-8"))):
            if pair not in seen:
                seen.add(pair)
                yield pair


def refused(name: str | None, text: str) -> list[tuple[str, str]]:
    """The sentences of a card reported because their reading lost words: (sentence, reason)."""
    card = P.parse_card_text(text, name)
    return [(a.text, a.reason) for a in card.unparsed if P.DROPPED_REASON in a.reason]


def family(reason: str) -> str:
    """The family of a refusal: a time phrase, or the words lost."""
    words = [w.strip("'") for w in reason.split(": ", 1)[1].split(" (the reading")[0].split(", ")]
    lex = L.load()
    if any(lex.noun_class.get(w.lower().rstrip("s")) == "time" for w in words):
        return "a time phrase"
    return "lost: " + " ".join(w.lower() for w in words)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cards", nargs="?", default=os.environ.get("ARBITER_CARDS_JSON",
                                                              str(ROOT.parents[0] / "shared/cards/sorcery-cards.json")))
    ap.add_argument("--scenarios", action="store_true", help="also the invented card texts of tests/scenarios*/")
    ap.add_argument("--examples", type=int, default=3)
    args = ap.parse_args()
    path = Path(args.cards)
    if not path.exists():
        print(f"card file not found: {path} (pass a path or set ARBITER_CARDS_JSON)", file=sys.stderr)
        return 2
    cards = json.loads(path.read_text(encoding="utf-8"))
    names, subtypes = catalog_names(cards)
    sources: list[tuple[str, list[tuple[str | None, str]]]] = [
        (path.name, [(c.get("name"), (c.get("guardian") or {}).get("rulesText") or "") for c in cards])]
    if args.scenarios:
        sources.append(("tests/scenarios*", list(scenario_texts())))
    with P.names_added(names, subtypes):
        for label, texts in sources:
            fams: dict[str, list[tuple[str | None, str]]] = collections.defaultdict(list)
            n = 0
            for name, text in texts:
                for sentence, reason in refused(name, text):
                    fams[family(reason)].append((name, sentence))
                    n += 1
            print(f"{label}: {len(texts)} texts, {n} sentences reported for a phrase the grammar did not read, "
                  f"{len({nm for f in fams.values() for nm, _ in f})} cards")
            for fam, hits in sorted(fams.items(), key=lambda kv: -len(kv[1])):
                print(f"  {len(hits):3d}  {fam}")
                for name, sentence in hits[:args.examples]:
                    print(f"         {name}: {sentence}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
