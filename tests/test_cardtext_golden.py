"""Golden tests from tests/grammar/*.txt (invented cards and sentences only).

Each block: ``name:``, optional ``card:`` (the card's name, for SELF), ``input:``, ``tree:`` (the expected
AST as the s-expression of :func:`codex.cardtext.sexpr.to_sexpr`, or ``UNPARSED`` for a sentence that
must not parse) and optional ``expect:`` (the canonical printed text, when it differs from the input);
in ``input:`` and ``expect:`` the two characters ``\\n`` break the card's text into lines.
Every grammar rule (every alternative name of ``grammar/sorcery.lark``) must be used by the accepted
parse of at least one golden case.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from codex.cardtext import normalize, parse_card_text, to_text
from codex.cardtext.parser import rule_names, rules_used
from codex.cardtext.sexpr import from_sexpr, to_sexpr

GOLDEN = Path(__file__).parent / "grammar"


def load_cases() -> list[dict[str, str]]:
    """All golden blocks (blank-line separated ``key: value`` lines; ``#`` lines are comments)."""
    out = []
    for f in sorted(GOLDEN.glob("*.txt")):
        for block in f.read_text(encoding="utf-8").split("\n\n"):
            fields = dict(line.split(": ", 1) for line in block.splitlines()
                          if ": " in line and not line.startswith("#"))
            for key in ("input", "expect"):   # a card of several lines: "\n" (two characters) breaks a line
                if key in fields:
                    fields[key] = fields[key].replace("\\n", "\n")
            if "input" in fields:
                fields["id"] = f"{f.stem}:{fields['name']}"
                out.append(fields)
    return out


CASES = load_cases()
PARSED = [c for c in CASES if c["tree"] != "UNPARSED"]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_tree(case: dict[str, str]) -> None:
    card = parse_card_text(case["input"], case.get("card"))
    if case["tree"] == "UNPARSED":
        assert not card.fully_parsed
        return
    assert card.fully_parsed, card.unparsed
    assert to_sexpr(card) == case["tree"]
    assert from_sexpr(case["tree"]) == card  # the file's tree is a well-formed AST, not just a string


@pytest.mark.parametrize("case", PARSED, ids=[c["id"] for c in PARSED])
def test_golden_prints_back_and_reparses(case: dict[str, str]) -> None:
    card = parse_card_text(case["input"], case.get("card"))
    printed = to_text(card)
    assert printed == case.get("expect", normalize(case["input"]).text)
    assert parse_card_text(printed, case.get("card")) == card


def test_every_grammar_rule_has_a_golden_case() -> None:
    used: set[str] = set()
    for case in PARSED:
        used |= rules_used(case["input"], case.get("card"))
    missing = sorted(rule_names() - used)
    assert not missing, f"grammar rules without a golden case: {missing}"


def test_golden_inputs_are_invented() -> None:
    """No golden input longer than a stock phrase is a real card's text (the project stores no card text)."""
    import json
    import os

    snapshot = Path(os.environ.get("ARBITER_CARDS_JSON", Path(__file__).parents[2] / "shared/cards/sorcery-cards.json"))
    if not snapshot.exists():
        pytest.skip(f"card snapshot not found at {snapshot}")
    cards = json.loads(snapshot.read_text(encoding="utf-8"))
    real = "\n".join(normalize((c.get("guardian") or {}).get("rulesText") or "").text for c in cards)
    copied = [c["id"] for c in CASES if len(c["input"]) > 25 and normalize(c["input"]).text in real]
    assert not copied, copied
