"""Check a ruling against a scenario file's `expect` block.

`expect` = {"verdict": str, "reason": str|null, "facts": {dotted.path: value}, "cites": [rule ids],
"absent": [dotted.path], "events": [step kinds], "not_events": [step kinds], "quotes": [card names whose
own sentences a step quotes]}. Paths address `facts_view(ruling)`, e.g. "units.nomads.at",
"removed.troll" (how it left: died, banished, returned, broken), "zone_of_removed.troll" (where it went: cemetery,
banished, hand, spellbook, atlas), "players.p2.life", "sites.8.water", "answer", "winner", "artifacts.ruby.bearer",
"auras.mist.squares", "killed_by.troll".
"""
from __future__ import annotations

from typing import Any

_MISSING = object()


def facts_view(ruling: dict[str, Any]) -> dict[str, Any]:
    """A flat-ish view of a ruling's JSON, keyed for hand-written expectations (a Contracts ruling
    has its own, `codex.engine.contracts.expect.facts_view`)."""
    after = ruling["state_after"]
    if after.get("game") == "contracts":
        from codex.engine.contracts.expect import facts_view as contracts_view

        return contracts_view(ruling)
    outcome = after.get("outcome", {})
    return {
        "verdict": ruling["verdict"],
        "reason": outcome.get("reason"),
        "answer": outcome.get("answer"),
        "outcome": outcome,
        "units": {u["id"]: u for u in after["units"]},
        "removed": {r["id"]: r["fate"] for r in after["removed"]},
        "zone_of_removed": {r["id"]: r["zone"] for r in after["removed"]},
        "killed_by": {r["id"]: r.get("killed_by", []) for r in after["removed"]},
        "artifacts": {a["id"]: a for a in after.get("artifacts", [])},
        "auras": {a["id"]: a for a in after.get("auras", [])},
        "players": {p["id"]: p for p in after["players"]},
        "sites": {str(s["square"]): s for s in after["sites"]},
        "voids": after["voids"],
        "winner": after["winner"],
        "draw": after["draw"],
        "turn": after["turn"],
        "paths": {p["unit"]: p for p in after.get("paths", [])},
        "events": [s.get("kind") for s in ruling["steps"]],
        "rules": sorted({r for s in ruling["steps"] for r in s.get("rule_ids", [])}),
        "quoted": sorted({c["id"] for s in ruling["steps"] for c in s.get("citations", []) if c["source"] == "card"}),
    }


def lookup(view: Any, path: str) -> Any:
    cur = view
    for part in path.split("."):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, list) and part.isdecimal() and int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return _MISSING
    return cur


def check(ruling: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    """Every mismatch as a sentence; an empty list means the ruling meets the expectation."""
    view = facts_view(ruling)
    failures = []
    if "verdict" in expect and view["verdict"] != expect["verdict"]:
        failures.append(f"verdict: expected {expect['verdict']!r}, got {view['verdict']!r} ({ruling['summary']})")
    if "reason" in expect and view["reason"] != expect["reason"]:
        failures.append(f"reason: expected {expect['reason']!r}, got {view['reason']!r}")
    for path, want in expect.get("facts", {}).items():
        got = lookup(view, path)
        if got is _MISSING:
            failures.append(f"{path}: missing (expected {want!r})")
        elif got != want:
            failures.append(f"{path}: expected {want!r}, got {got!r}")
    for path in expect.get("absent", []):
        if lookup(view, path) is not _MISSING:
            failures.append(f"{path}: expected absent, got {lookup(view, path)!r}")
    for rid in expect.get("cites", []):
        if rid not in view["rules"]:
            failures.append(f"cites: rule {rid!r} not cited (cited: {view['rules']})")
    for kind in expect.get("events", []):
        if kind not in view["events"]:
            failures.append(f"events: no {kind!r} step")
    for kind in expect.get("not_events", []):
        if kind in view["events"]:
            failures.append(f"not_events: a {kind!r} step happened")
    for card in expect.get("quotes", []):
        if card not in view.get("quoted", []):
            failures.append(f"quotes: no step quotes {card!r} (quoted: {view.get('quoted')})")
    return failures
