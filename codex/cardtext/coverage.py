"""Measured coverage of the grammar over a card list: per set and overall share of cards fully and
partly parsed, round-trip share, keyword lines parsed, and failures grouped by first failing phrase."""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Any

from codex.cardtext import ast as A
from codex.cardtext.normalize import normalize, split_sentences
from codex.cardtext.parser import SentenceError, parse_normalized
from codex.cardtext.printer import to_text

_KEYWORD_ITEM = re.compile(r"^(?:[A-Z][\w-]*(?: [A-Z][\w-]*)?(?: [+]?\d+)?)$")


def _is_keyword_line(line: str) -> bool:
    """A line shaped like a keyword line: comma-separated capitalised items, no sentence verb."""
    items = [i.strip() for i in line.rstrip(".").split(",")]
    return all(_KEYWORD_ITEM.match(i) for i in items) and not line.endswith(":")


def first_phrase(err: SentenceError) -> str:
    """The words around the first failing token (two before, the failing one): failures grouped by this
    phrase show which sentence shape the grammar lacks, most frequent first."""
    col = max(0, err.column - 1 - err.sentence_offset)
    head = err.sentence[:col].split()[-2:]
    return " ".join(head + err.sentence[col:].split()[:1]) or err.sentence[:20]


def measure(cards: list[dict[str, Any]]) -> dict[str, Any]:
    """Coverage report (JSON-ready) for cards in the official card API format."""
    per_set: dict[str, Counter[str]] = defaultdict(Counter)
    missing: Counter[str] = Counter()
    examples: dict[str, str] = {}
    totals: Counter[str] = Counter()
    for card in cards:
        g = card.get("guardian") or {}
        norm = normalize(g.get("rulesText"))
        ct, errors = parse_normalized(norm.text, card.get("name"), norm.errata)
        unparsed = ct.unparsed
        status = "full" if not unparsed else ("partial" if len(unparsed) < _count_sentences(norm.text) else "none")
        totals[status] += 1
        totals["cards"] += 1
        if status == "full":
            totals["roundtrip_ok"] += to_text(ct) == norm.text
        for line, abilities in zip(norm.lines, ct.lines):
            if _is_keyword_line(line):
                totals["keyword_lines"] += 1
                totals["keyword_lines_parsed"] += any(isinstance(a, A.KeywordLine) for a in abilities)
        for err in errors:
            phrase = first_phrase(err)
            missing[phrase] += 1
            examples.setdefault(phrase, err.message)
        for s in {s.get("name") for s in card.get("sets") or [] if isinstance(s, dict)}:
            per_set[s][status] += 1
            per_set[s]["cards"] += 1

    def shares(c: Counter[str]) -> dict[str, Any]:
        n = c["cards"] or 1
        return {"cards": c["cards"], "fully_parsed": c["full"], "partly_parsed": c["partial"],
                "not_parsed": c["none"], "fully_share": round(c["full"] / n, 4),
                "partly_share": round(c["partial"] / n, 4)}

    overall = shares(totals)
    overall["roundtrip_share"] = round(totals["roundtrip_ok"] / (totals["full"] or 1), 4)
    overall["keyword_lines"] = totals["keyword_lines"]
    overall["keyword_lines_parsed"] = totals["keyword_lines_parsed"]
    return {"overall": overall, "sets": {k: shares(v) for k, v in sorted(per_set.items())},
            "missing": [{"phrase": p, "count": n, "reason": examples[p]} for p, n in missing.most_common()]}


def _count_sentences(text: str) -> int:
    return sum(len(split_sentences(line)) for line in text.split("\n") if line)
