"""Golden tests from tests/grammar/*.txt (invented cards and sentences only).

Each block: ``name:``, optional ``card:`` (the card's name, for SELF), ``input:``, ``tree:`` (the expected
AST as the s-expression of :func:`codex.cardtext.sexpr.to_sexpr`, or ``UNPARSED``) and optional
``expect:`` (the printed text when it differs from the input). Every grammar rule (every alternative
name of ``grammar/sorcery.lark``) must be exercised by at least one golden case.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from lark import Tree

from codex.cardtext import normalize, parse_card_text, to_text
from codex.cardtext.normalize import split_sentences
from codex.cardtext.parser import segments, self_aliases, tree_parser
from codex.cardtext.sexpr import to_sexpr

GOLDEN = Path(__file__).parent / "grammar"


def load_cases() -> list[dict[str, str]]:
    """All golden blocks (blank-line separated ``key: value`` lines; ``#`` lines are comments)."""
    out = []
    for f in sorted(GOLDEN.glob("*.txt")):
        for block in f.read_text(encoding="utf-8").split("\n\n"):
            fields = dict(line.split(": ", 1) for line in block.splitlines()
                          if ": " in line and not line.startswith("#"))
            if "input" in fields:
                fields["id"] = f"{f.stem}:{fields['name']}"
                out.append(fields)
    return out


CASES = load_cases()


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_tree(case: dict[str, str]) -> None:
    card = parse_card_text(case["input"], case.get("card"))
    if case["tree"] == "UNPARSED":
        assert not card.fully_parsed
        return
    assert card.fully_parsed, card.unparsed
    assert to_sexpr(card) == case["tree"]


@pytest.mark.parametrize("case", [c for c in CASES if c["tree"] != "UNPARSED"],
                         ids=[c["id"] for c in CASES if c["tree"] != "UNPARSED"])
def test_golden_prints_back_and_reparses(case: dict[str, str]) -> None:
    card = parse_card_text(case["input"], case.get("card"))
    printed = to_text(card)
    assert printed == case.get("expect", normalize(case["input"]).text)
    assert parse_card_text(printed, case.get("card")) == card


def _rules_used(text: str, name: str | None) -> set[str]:
    used: set[str] = set()
    parser = tree_parser()
    for line in normalize(text).lines:
        for _off, sentence in split_sentences(line):
            for seg in segments(sentence, self_aliases(name))[1]:
                tree = parser.parse(seg.text, start=seg.start)
                used.update(t.data for t in tree.iter_subtrees() if isinstance(t, Tree))
    return {str(u) for u in used}


def grammar_rule_names() -> set[str]:
    """Every alternative's name in the card-text grammar (its alias, else its rule name)."""
    names = {str(r.alias or r.origin.name) for r in tree_parser().rules}
    return {n for n in names if not n.startswith("_")}


def test_every_grammar_rule_has_a_golden_case() -> None:
    used: set[str] = set()
    for case in CASES:
        if case["tree"] != "UNPARSED":
            used |= _rules_used(case["input"], case.get("card"))
    missing = sorted(grammar_rule_names() - used)
    assert not missing, f"grammar rules without a golden case: {missing}"
