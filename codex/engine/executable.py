"""How much of a card list the rules engine executes (``arbiter cards coverage FILE.json
--executable``).

A card counts as **executable** when the engine executes every ability its text gives: every
keyword it applies, every sentence the grammar reads, and every ability (static, triggered,
Genesis, Deathrite, activated, a magic's effect) that `effects.check.missing` finds nothing missing
in. That check walks the AST with the same tables the executor uses, so the share measured here is
what rulings really do. What is missing is counted once per card, most frequent first, with an
example card for each.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Iterable

from codex.engine.abilities import abilities_of
from codex.engine.effects.check import missing


def card_problems(card: dict[str, Any]) -> list[str]:
    """What keeps the engine from executing a card (official card API format); empty: nothing."""
    g = card.get("guardian") or {}
    name = card.get("name")
    text = g.get("rulesText") or ""
    kind = (g.get("type") or "").lower()
    abilities = abilities_of(text, name if isinstance(name, str) else None, spell=kind == "magic")
    problems = [f"the keyword {k}" for k in abilities.keywords.not_executed]
    problems += ["a sentence the card-text grammar cannot read"] * bool(set(abilities.unreadable) - set(dict(abilities.dropped)))
    problems += ["a phrase the card-text grammar did not read"] * bool(abilities.dropped)
    for ability in abilities.abilities:
        if not ability.executed:
            problems += missing(ability) or [f"a {ability.kind.value} ability the engine does not apply"]
    return list(dict.fromkeys(problems))


def _sets(card: dict[str, Any]) -> list[str]:
    return sorted({str(s["name"]) for s in card.get("sets") or [] if isinstance(s, dict) and s.get("name")})


def measure_executable(cards: Iterable[dict[str, Any]], by_set: bool = True) -> dict[str, Any]:
    """The executable share overall, per set (a card counts in every set it is printed in) and per
    card type, and the missing pieces most frequent first (JSON-ready)."""
    from codex.cardtext.coverage import catalog_names
    from codex.cardtext.parser import names_added
    cards = [c for c in cards if isinstance(c, dict)]
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    missing_pieces: Counter[str] = Counter()
    examples: dict[str, str] = {}
    with names_added(*catalog_names(cards)):
        for card in cards:
            problems = card_problems(card)
            kind = str((card.get("guardian") or {}).get("type") or "(none)")
            keys = ["overall", f"type:{kind}"] + ([f"set:{s}" for s in _sets(card)] if by_set else [])
            for key in keys:
                totals[key]["cards"] += 1
                totals[key]["executable"] += not problems
            for p in problems:
                missing_pieces[p] += 1
                examples.setdefault(p, str(card.get("name")))

    def share(c: Counter[str]) -> dict[str, Any]:
        return {"cards": c["cards"], "executable": c["executable"],
                "share": round(c["executable"] / (c["cards"] or 1), 4)}

    return {"overall": share(totals["overall"]),
            "sets": {k[4:]: share(v) for k, v in sorted(totals.items()) if k.startswith("set:")},
            "types": {k[5:]: share(v) for k, v in sorted(totals.items()) if k.startswith("type:")},
            "missing": [{"piece": p, "cards": n, "example": examples[p]} for p, n in missing_pieces.most_common()]}


__all__ = ["card_problems", "measure_executable"]
