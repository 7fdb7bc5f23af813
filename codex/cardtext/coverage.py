"""Measured coverage of the card-text grammar over a card list (``arbiter cards coverage FILE.json``).

Each card is one of:

- **mapped**: every sentence parsed and every effect is a typed primitive (no generic ``Action``) — the
  engine can execute it;
- **parsed** (not mapped): every sentence parsed, but some verb has no primitive yet (parsed, not
  executable);
- **unparsed**: some sentence did not parse;
- **overridden**: the AST comes from ``grammar/overrides.yaml``; reported apart, never counted as the
  grammar's.

``mapped`` ⊂ ``parsed`` in the shares below (``parsed_share`` counts mapped cards too). Failure
families group what is missing, most frequent first: for sentences that do not parse, the reason and the
word where they fail; for parsed cards that do not map, the verbs that have no primitive.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Any, Iterable

from codex.cardtext import ast as A
from codex.cardtext.normalize import normalize
from codex.cardtext.overrides import override_for, override_reason
from codex.cardtext.parser import names_added, parse_normalized

_KEYWORD_ITEM = re.compile(r"^(?:[A-Z][\w-]*(?: [A-Z][\w-]*)?(?: [+]?\d+)?)$")


def is_keyword_line(line: str) -> bool:
    """A line shaped like a keyword line: comma-separated capitalised items, no sentence verb."""
    items = [i.strip() for i in line.rstrip(".").split(",")]
    return all(_KEYWORD_ITEM.match(i) for i in items) and not line.endswith(":")


def card_sets(card: dict[str, Any]) -> list[str]:
    """The sets a card is printed in (each counts the card)."""
    return sorted({s.get("name") for s in card.get("sets") or [] if isinstance(s, dict) and s.get("name")})


def first_set(card: dict[str, Any]) -> str:
    """The set a card first appeared in (by release date), for the leave-one-set-out split."""
    sets = [s for s in card.get("sets") or [] if isinstance(s, dict) and s.get("name")]
    if not sets:
        return "(none)"
    return min(sets, key=lambda s: (s.get("releasedAt") or "", s["name"]))["name"]


def catalog_names(cards: Iterable[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The card names and subtypes of a card list (its own catalog), for the parser's name book."""
    cards = [c for c in cards if isinstance(c, dict)]
    names = [c["name"] for c in cards if isinstance(c.get("name"), str)]
    subtypes = sorted({s.strip() for c in cards for s in (c.get("subTypes") or "").split(",") if s.strip()})
    return names, subtypes


def card_status(card: dict[str, Any]) -> dict[str, Any]:
    """Parse one card (official card API format) and classify it."""
    from codex.cardtext.printer import PrintError, to_text

    g = card.get("guardian") or {}
    name = card.get("name")
    norm = normalize(g.get("rulesText"))
    out: dict[str, Any] = {"name": name, "failures": [], "actions": [], "keyword_lines": 0, "keyword_lines_parsed": 0,
                           "unknown": []}
    if override_for(name, norm.text) is not None:
        out["status"] = "overridden"
        out["reason"] = override_reason(name)
        return out
    ct, errors = parse_normalized(norm.text, name, norm.errata)
    for line, abilities in zip(norm.lines, ct.lines):
        if is_keyword_line(line):
            out["keyword_lines"] += 1
            out["keyword_lines_parsed"] += any(isinstance(a, A.KeywordLine) for a in abilities)
    out["unknown"] = sorted({w for e in errors for w in e.unknown})
    if ct.unparsed:
        out["status"] = "unparsed"
        out["failures"] = [_family(e) for e in errors if not e.parsed]
        return out
    actions = sorted({n.lemma for n in A.walk(ct) if isinstance(n, A.Action)})
    out["actions"] = actions
    out["status"] = "parsed" if actions else "mapped"
    try:
        out["roundtrip"] = parse_normalized(to_text(ct), name)[0].lines == ct.lines
    except PrintError:
        out["roundtrip"] = False
    return out


def _family(err: Any) -> str:
    """A failing sentence's family: why it failed and the word it failed at."""
    reason = re.sub(r"'[^']*'", "'…'", err.message)
    return f"{reason}: {err.found}" if err.found else reason


def measure(cards: list[dict[str, Any]], by_set: bool = True) -> dict[str, Any]:
    """Coverage report (JSON-ready) for cards in the official card API format (the file's card names and
    subtypes are known to the parser while it is measured)."""
    with names_added(*catalog_names(cards)):
        return _measure(cards, by_set)


def _measure(cards: list[dict[str, Any]], by_set: bool) -> dict[str, Any]:
    per_set: dict[str, Counter[str]] = defaultdict(Counter)
    totals: Counter[str] = Counter()
    families: Counter[str] = Counter()
    examples: dict[str, str] = {}
    verbs: Counter[str] = Counter()
    unknown: Counter[str] = Counter()
    overridden: list[dict[str, str]] = []
    for card in cards:
        st = card_status(card)
        status = st["status"]
        if status == "overridden":
            overridden.append({"name": str(st["name"]), "reason": str(st["reason"])})
        keys = ["overall"] + (card_sets(card) if by_set else [])
        for key in keys:
            c = totals if key == "overall" else per_set[key]
            c["cards"] += 1
            c[status] += 1
        totals["keyword_lines"] += st["keyword_lines"]
        totals["keyword_lines_parsed"] += st["keyword_lines_parsed"]
        if status in ("parsed", "mapped"):
            totals["roundtrip_ok"] += bool(st.get("roundtrip"))
        for f in st["failures"]:
            families[f] += 1
            examples.setdefault(f, str(st["name"]))
        for v in st["actions"]:
            verbs[v] += 1
        for w in st["unknown"]:
            unknown[w] += 1

    def shares(c: Counter[str]) -> dict[str, Any]:
        n = c["cards"] or 1
        parsed = c["parsed"] + c["mapped"]
        return {"cards": c["cards"], "mapped": c["mapped"], "parsed": parsed, "unparsed": c["unparsed"],
                "overridden": c["overridden"], "mapped_share": round(c["mapped"] / n, 4),
                "parsed_share": round(parsed / n, 4)}

    overall = shares(totals)
    parsed_total = totals["parsed"] + totals["mapped"]
    overall["roundtrip_share"] = round(totals["roundtrip_ok"] / (parsed_total or 1), 4)
    overall["keyword_lines"] = totals["keyword_lines"]
    overall["keyword_lines_parsed"] = totals["keyword_lines_parsed"]
    return {"overall": overall, "sets": {k: shares(v) for k, v in sorted(per_set.items())},
            "overridden_cards": overridden,
            "missing": [{"family": f, "count": n, "example": examples[f]} for f, n in families.most_common()],
            "verbs_without_primitive": [{"verb": v, "cards": n} for v, n in verbs.most_common()],
            "unknown_words": [{"word": w, "cards": n} for w, n in unknown.most_common()]}
